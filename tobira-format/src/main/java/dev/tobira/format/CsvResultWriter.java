package dev.tobira.format;

import dev.tobira.api.ResultSet;
import dev.tobira.csv.CsvRowWriter;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The {@code csv} format: RFC 4180 with a header line, through the project's one CSV writer
 * ({@code dev.tobira.csv.CsvRowWriter}): a field is quoted when it holds a comma, a quote or a line
 * break, NULL is an empty field and the empty string {@code ""}, lines end in a line feed, values
 * are in their display form ({@code Value.toString()}: ISO dates, {@code \x…} bytes). The same
 * bytes a JDBC driver's {@code Exporter} writes when it has no faster path.
 *
 * <p>{@link #create()} writes the data exactly, control characters included: it is the format for
 * files and programs. {@link #forTerminal()} writes every field through {@link TerminalText#escape}
 * first, for CSV a person reads on a terminal (quoting still applies to what the escaping leaves).
 *
 * @since 0.1
 */
public final class CsvResultWriter implements ResultWriter {
    private static final CsvResultWriter INSTANCE = new CsvResultWriter(false);
    private static final CsvResultWriter TERMINAL = new CsvResultWriter(true);

    private final boolean terminal;

    private CsvResultWriter(boolean terminal) {
        this.terminal = terminal;
    }

    /**
     * Returns the writer.
     *
     * @return the writer
     */
    public static CsvResultWriter create() {
        return INSTANCE;
    }

    /**
     * Returns the writer whose fields pass {@link TerminalText#escape}: no value drives the
     * terminal that shows it, at the cost of exactness.
     *
     * @return the writer
     */
    public static CsvResultWriter forTerminal() {
        return TERMINAL;
    }

    @Override
    public long write(ResultSet result, OutputStream out) throws IOException {
        return CsvRowWriter.writeAll(
                result, terminal ? CsvRowWriter.csv(out, TerminalText::escape) : CsvRowWriter.csv(out));
    }
}
