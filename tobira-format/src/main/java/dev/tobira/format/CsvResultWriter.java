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
 * @since 0.1
 */
public final class CsvResultWriter implements ResultWriter {
    private static final CsvResultWriter INSTANCE = new CsvResultWriter();

    private CsvResultWriter() {}

    /**
     * Returns the writer.
     *
     * @return the writer
     */
    public static CsvResultWriter create() {
        return INSTANCE;
    }

    @Override
    public long write(ResultSet result, OutputStream out) throws IOException {
        return CsvRowWriter.writeAll(result, CsvRowWriter.csv(out));
    }
}
