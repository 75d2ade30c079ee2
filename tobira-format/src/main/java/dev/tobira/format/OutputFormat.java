package dev.tobira.format;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The formats a result can be written in, by the name a user types ({@code --format json}).
 *
 * @since 0.1
 */
public enum OutputFormat {
    /** {@link TableWriter}: aligned columns for a terminal. */
    TABLE,
    /** {@link JsonResultWriter#pretty()}. */
    JSON,
    /** {@link NdjsonResultWriter}. */
    NDJSON,
    /** {@link CsvResultWriter}. */
    CSV;

    /**
     * Returns the name a user types: {@code json}, {@code ndjson}, ….
     *
     * @return the lower-case name
     */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Returns the writer of this format with its default settings.
     *
     * @return the writer
     */
    public ResultWriter writer() {
        return switch (this) {
            case TABLE -> TableWriter.create();
            case JSON -> JsonResultWriter.pretty();
            case NDJSON -> NdjsonResultWriter.create();
            case CSV -> CsvResultWriter.create();
        };
    }

    /**
     * Returns the writer of this format for output a terminal shows: no value's text can drive the
     * terminal. {@code table} escapes every cell ({@link TerminalText}); {@code json} and
     * {@code ndjson} escape control and bidirectional characters as JSON escapes, exactly, whatever
     * the destination, so this is {@link #writer()}; {@code csv}, which has no escapes, is
     * {@link CsvResultWriter#forTerminal()}, its fields escaped as a table's cells.
     *
     * @return the writer
     */
    public ResultWriter terminalWriter() {
        return this == CSV ? CsvResultWriter.forTerminal() : writer();
    }

    /**
     * Returns the format of a name, in any case.
     *
     * @param id the name, such as {@code json}
     * @return the format
     * @throws IllegalArgumentException if no format has that name; the message lists the names
     */
    public static OutputFormat of(String id) {
        requireNonNull(id, "id is null");
        for (OutputFormat f : values()) {
            if (f.id().equalsIgnoreCase(id.trim())) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown format \"" + id + "\" (known: "
                + Arrays.stream(values()).map(OutputFormat::id).collect(Collectors.joining(", ")) + ")");
    }
}
