package dev.tobira.format;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import dev.tobira.api.Column;
import dev.tobira.api.QueryStats;
import dev.tobira.api.ResultSet;
import dev.tobira.api.RowView;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The {@code json} format: one document holding the columns, the rows as objects keyed by column
 * name, and the statistics, written as the rows arrive.
 *
 * <pre>{@code
 * {
 *   "columns": [{"name": "id", "type": "int"}, {"name": "name", "type": "string"}],
 *   "rows": [
 *     {"id": 2, "name": "Grace Hopper"},
 *     {"id": 4, "name": "Margaret Hamilton"}
 *   ],
 *   "stats": {"rows_affected": -1, "duration_ms": 0, "truncated": false}
 * }
 * }</pre>
 *
 * {@link #pretty()} writes this layout, one row a line; {@link #compact()} the same document on one
 * line without spaces. Column types are {@link JsonValues#typeName(dev.tobira.api.Value.Kind)};
 * values are typed JSON ({@link JsonValues}). Two columns of one name give an object with that
 * key twice, as the database returned them.
 *
 * @since 0.1
 */
public final class JsonResultWriter implements ResultWriter {
    private static final JsonResultWriter PRETTY = new JsonResultWriter(true);
    private static final JsonResultWriter COMPACT = new JsonResultWriter(false);

    private final boolean pretty;

    private JsonResultWriter(boolean pretty) {
        this.pretty = pretty;
    }

    /**
     * Returns the writer of the layout above, one row a line.
     *
     * @return the writer
     */
    public static JsonResultWriter pretty() {
        return PRETTY;
    }

    /**
     * Returns the writer of the same document on one line, without spaces.
     *
     * @return the writer
     */
    public static JsonResultWriter compact() {
        return COMPACT;
    }

    @Override
    public long write(ResultSet result, OutputStream out) throws IOException {
        try (result;
                JsonGenerator g = JsonValues.FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.setCharacterEscapes(
                    TerminalJsonEscapes
                            .INSTANCE); // C1 and bidi controls as JSON escapes: exact, and inert on a terminal
            g.setPrettyPrinter(pretty ? InlinePrinter.INSTANCE : new MinimalPrettyPrinter(""));
            String indent = pretty ? "\n  " : "";
            String rowIndent = pretty ? "\n    " : "";
            String colon = pretty ? ": " : ":";

            g.writeRaw("{" + indent + "\"columns\"" + colon);
            List<Column> columns = result.columns();
            g.writeStartArray();
            for (Column c : columns) {
                g.writeStartObject();
                g.writeStringField("name", c.name());
                g.writeStringField("type", JsonValues.typeName(c.kind()));
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeRaw("," + indent + "\"rows\"" + colon + "[");
            long[] n = {0};
            String[] names = columns.stream().map(Column::name).toArray(String[]::new);
            try {
                result.forEachRow(row -> {
                    try {
                        g.writeRaw(n[0] == 0 ? rowIndent : "," + rowIndent);
                        writeRow(g, names, row);
                        n[0]++;
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            g.writeRaw(n[0] > 0 ? indent + "]" : "]");
            g.writeRaw("," + indent + "\"stats\"" + colon);
            QueryStats stats = result.stats();
            g.writeStartObject();
            g.writeNumberField(
                    "rows_affected", stats.rowsAffected().orElse(-1)); // the format's -1 for "not told" stays
            g.writeNumberField("duration_ms", stats.duration().toMillis());
            g.writeBooleanField("truncated", stats.truncated());
            g.writeEndObject();
            g.writeRaw(pretty ? "\n}\n" : "}\n");
            g.flush();
            return n[0];
        }
    }

    static void writeRow(JsonGenerator g, String[] names, RowView row) throws IOException {
        g.writeStartObject();
        for (int i = 0; i < names.length; i++) {
            g.writeFieldName(names[i]);
            JsonValues.write(g, row.get(i));
        }
        g.writeEndObject();
    }
}
