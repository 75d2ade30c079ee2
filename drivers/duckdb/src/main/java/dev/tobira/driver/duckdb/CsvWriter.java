package dev.tobira.driver.duckdb;

import dev.tobira.api.Column;
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
 * Writes rows as DuckDB's CSV writer does: a header line, fields separated by the delimiter, a
 * field quoted with {@code "} when it holds the delimiter, a quote or a line break (quotes
 * doubled), NULL as an empty field and the empty string as {@code ""}, lines ending in a line
 * feed. Values are written in their display form ({@link Value#toString()}).
 */
final class CsvWriter {
    private final Writer out;
    private final char delimiter;

    CsvWriter(OutputStream out, char delimiter) {
        this.out = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        this.delimiter = delimiter;
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
