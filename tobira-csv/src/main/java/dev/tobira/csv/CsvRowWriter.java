package dev.tobira.csv;

import static java.util.Objects.requireNonNull;

import de.siegmar.fastcsv.writer.CsvWriter;
import de.siegmar.fastcsv.writer.LineDelimiter;
import de.siegmar.fastcsv.writer.QuoteStrategies;
import dev.tobira.api.Column;
import dev.tobira.api.ResultSet;
import dev.tobira.api.RowView;
import dev.tobira.api.Value;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Rows as CSV, the one CSV writer of the project (the JDBC base's exporter and tobira-format's
 * {@code csv} format both write through it), on FastCSV.
 *
 * <p>RFC 4180 with a header line of column names, or the same with a tab between fields
 * ({@link #tsv}). A field is quoted with {@code "} when it holds the delimiter, a quote or a line
 * break (quotes doubled), and the empty string is {@code ""}, so that it stays apart from NULL,
 * which is an empty field; a line's first field that begins with {@code #} is quoted too, so a
 * reader that takes {@code #} for a comment does not skip the row; lines end in a line feed; values are written in their display form
 * ({@code Value.toString()}), in UTF-8. This is what PostgreSQL's and DuckDB's {@code COPY … (FORMAT
 * CSV, HEADER)} write for text and numbers.
 *
 * <p>Nothing is held but FastCSV's buffer: memory is constant whatever the number of rows. Not
 * thread-safe. The stream is flushed by {@link #flush()}, never closed.
 *
 * @since 0.1
 */
public final class CsvRowWriter implements Flushable {
    private final CsvWriter csv;
    private final UnaryOperator<String> fieldText;

    private CsvRowWriter(OutputStream out, char delimiter, UnaryOperator<String> fieldText) {
        requireNonNull(out, "out is null");
        this.fieldText = requireNonNull(fieldText, "fieldText is null");
        this.csv = CsvWriter.builder()
                .fieldSeparator(delimiter)
                .quoteCharacter('"')
                .quoteStrategy(QuoteStrategies.EMPTY)
                .lineDelimiter(LineDelimiter.LF)
                .build(new OutputStreamWriter(out, StandardCharsets.UTF_8));
    }

    /**
     * Returns a writer of comma-separated values.
     *
     * @param out where to write
     * @return the writer
     */
    public static CsvRowWriter csv(OutputStream out) {
        return new CsvRowWriter(out, ',', UnaryOperator.identity());
    }

    /**
     * Returns a writer of comma-separated values whose every field, header included, is first
     * passed through a function: the {@code tobira} command's terminal-safe escaping, for CSV shown
     * to a person rather than written for a program. NULL stays an empty field.
     *
     * @param out where to write
     * @param fieldText what each field's text becomes before it is quoted
     * @return the writer
     */
    public static CsvRowWriter csv(OutputStream out, UnaryOperator<String> fieldText) {
        return new CsvRowWriter(out, ',', fieldText);
    }

    /**
     * Returns a writer of tab-separated values, quoted as CSV is.
     *
     * @param out where to write
     * @return the writer
     */
    public static CsvRowWriter tsv(OutputStream out) {
        return new CsvRowWriter(out, '\t', UnaryOperator.identity());
    }

    /**
     * Writes the header line: the column names.
     *
     * @param columns the columns
     * @throws IOException if the stream fails
     */
    public void header(List<Column> columns) throws IOException {
        try {
            CsvWriter.CsvWriterRecord record = csv.writeRecord();
            for (Column c : columns) {
                record.writeField(fieldText.apply(c.name()));
            }
            record.endRecord();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /**
     * Writes one row.
     *
     * @param row the row
     * @throws IOException if the stream fails
     */
    public void row(RowView row) throws IOException {
        try {
            CsvWriter.CsvWriterRecord record = csv.writeRecord();
            for (int i = 0, n = row.size(); i < n; i++) {
                Value v = row.get(i);
                record.writeField(v.isNull() ? null : fieldText.apply(v.toString()));
            }
            record.endRecord();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /**
     * Writes what is buffered to the stream and flushes it; the stream stays open.
     *
     * @throws IOException if the stream fails
     */
    @Override
    public void flush() throws IOException {
        csv.flush();
    }

    /**
     * Writes a whole result, header first, then closes it and flushes the stream.
     *
     * @param result the rows; closed on return, normal or not
     * @param writer the writer
     * @return the number of rows written
     * @throws IOException if the stream fails
     */
    public static long writeAll(ResultSet result, CsvRowWriter writer) throws IOException {
        try (result) {
            writer.header(result.columns());
            long n;
            try {
                n = result.forEachRow(row -> {
                    try {
                        writer.row(row);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            writer.flush();
            return n;
        }
    }
}
