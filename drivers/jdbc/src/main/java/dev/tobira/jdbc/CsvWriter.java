package dev.tobira.jdbc;

import dev.tobira.api.Column;
import dev.tobira.api.Exporter;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The base's export of rows: RFC 4180 CSV with a header line for {@link Exporter.Format#CSV}, the
 * same with a tab for {@link Exporter.Format#TEXT}. A field is quoted with {@code "} when it holds
 * the delimiter, a quote or a line break (quotes doubled); NULL is an empty field and the empty
 * string {@code ""}, so the two stay apart; lines end in a line feed; values are written in their
 * display form ({@link Value#toString()}), in UTF-8. This is what DuckDB's {@code COPY … (FORMAT
 * CSV, HEADER)} writes for text and numbers.
 */
final class CsvWriter {
    private final Writer out;
    private final char delimiter;

    CsvWriter(OutputStream out, Exporter.Format format) {
        this.out = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        this.delimiter = format == Exporter.Format.TEXT ? '\t' : ',';
    }

    void header(List<Column> columns) throws IOException {
        for (int i = 0; i < columns.size(); i++) {
            if (i > 0) {
                out.write(delimiter);
            }
            field(columns.get(i).name());
        }
        out.write('\n');
    }

    void row(Row row) throws IOException {
        List<Value> values = row.values();
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                out.write(delimiter);
            }
            Value v = values.get(i);
            if (!v.isNull()) {
                field(v.toString());
            }
        }
        out.write('\n');
    }

    private void field(String s) throws IOException {
        boolean quote = s.isEmpty();
        for (int i = 0; i < s.length() && !quote; i++) {
            char c = s.charAt(i);
            quote = c == delimiter || c == '"' || c == '\n' || c == '\r';
        }
        if (!quote) {
            out.write(s);
            return;
        }
        out.write('"');
        out.write(s.replace("\"", "\"\""));
        out.write('"');
    }

    /** Flushes to the stream, which stays open. */
    void flush() throws IOException {
        out.flush();
    }
}
