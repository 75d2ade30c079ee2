package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Value;

/**
 * How one column crosses into tobira: the {@link Value.Kind} its {@link dev.tobira.api.Column}
 * reports and the reader that turns each of its cells into a {@link Value}.
 *
 * @param kind the kind the column reports
 * @param reader the reader of its cells
 * @since 0.1
 */
public record ColumnMapping(Value.Kind kind, ColumnReader reader) {
    /**
     * Creates a mapping.
     *
     * @param kind the kind the column reports
     * @param reader the reader of its cells
     * @throws NullPointerException if an argument is null
     */
    public ColumnMapping {
        requireNonNull(kind, "kind is null");
        requireNonNull(reader, "reader is null");
    }

    /**
     * Returns a mapping.
     *
     * @param kind the kind the column reports
     * @param reader the reader of its cells
     * @return the mapping
     */
    public static ColumnMapping of(Value.Kind kind, ColumnReader reader) {
        return new ColumnMapping(kind, reader);
    }
}
