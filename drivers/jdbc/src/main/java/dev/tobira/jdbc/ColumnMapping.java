package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Value;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * How one column crosses into tobira: the {@link Value.Kind} its {@link dev.tobira.api.Column}
 * reports, the reader that turns each of its cells into a {@link Value}, and the kinds those cells
 * may have. The base checks every cell a dialect's reader returns against {@link #admits}: a
 * mapping that declares {@code DECIMAL} and reads an {@code Int} fails the read, naming the column.
 *
 * @param kind the kind the column reports
 * @param reader the reader of its cells
 * @param cellKinds the kinds its cells may have besides NULL; holds {@code kind}
 * @since 0.1
 */
public record ColumnMapping(Value.Kind kind, ColumnReader reader, Set<Value.Kind> cellKinds) {
    /**
     * Checks and copies the parts.
     *
     * @param kind see {@link #kind()}
     * @param reader see {@link #reader()}
     * @param cellKinds see {@link #cellKinds()}
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code cellKinds} does not hold {@code kind}
     */
    public ColumnMapping {
        requireNonNull(kind, "kind is null");
        requireNonNull(reader, "reader is null");
        // an EnumSet: admits() runs for every cell a dialect's reader returns
        cellKinds = Collections.unmodifiableSet(
                cellKinds.isEmpty() ? EnumSet.noneOf(Value.Kind.class) : EnumSet.copyOf(cellKinds));
        if (!cellKinds.contains(kind)) {
            throw new IllegalArgumentException(
                    "the cell kinds " + cellKinds + " do not hold the column's kind " + kind);
        }
    }

    /**
     * Returns a mapping whose cells are NULL or of the column's kind.
     *
     * @param kind the kind the column reports
     * @param reader the reader of its cells
     * @return the mapping
     */
    public static ColumnMapping of(Value.Kind kind, ColumnReader reader) {
        return new ColumnMapping(kind, reader, EnumSet.of(kind));
    }

    /**
     * Returns a mapping whose cells each carry a kind of their own, whatever the column reports:
     * engines that type values rather than columns (SQLite's storage classes).
     *
     * @param kind the kind the column reports
     * @param reader the reader of its cells
     * @return the mapping
     */
    public static ColumnMapping perCell(Value.Kind kind, ColumnReader reader) {
        return new ColumnMapping(kind, reader, EnumSet.allOf(Value.Kind.class));
    }

    /**
     * Returns this mapping with cells also of other kinds: MySQL's {@code TIME}, a time of day that
     * may also hold a duration, which stays text.
     *
     * @param others the other kinds
     * @return the mapping
     */
    public ColumnMapping orAlso(Value.Kind... others) {
        EnumSet<Value.Kind> kinds = EnumSet.copyOf(cellKinds);
        for (Value.Kind k : others) {
            kinds.add(requireNonNull(k, "kind is null"));
        }
        return new ColumnMapping(kind, reader, kinds);
    }

    /**
     * Tells whether a cell this mapping read is one its column describes: NULL, or of one of the
     * {@link #cellKinds()}.
     *
     * @param cell the value read
     * @return whether the column admits it
     */
    public boolean admits(Value cell) {
        return cell.isNull() || cellKinds.contains(cell.kind());
    }

    /**
     * Tells whether every cell is admitted, whatever its kind, so there is nothing to check.
     *
     * @return whether the cells may be of any kind
     */
    public boolean admitsAll() {
        return cellKinds.size() == Value.Kind.values().length;
    }
}
