package dev.tobira.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tobira.api.Column;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Value;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonResultWriterTest {
    static final List<Column> US = List.of(
            Column.of("id", Value.Kind.INT), Column.of("name", Value.Kind.TEXT), Column.of("country", Value.Kind.TEXT));
    static final List<List<Value>> US_ROWS = List.of(
            List.of(Value.of(2), Value.of("Grace Hopper"), Value.of("US")),
            List.of(Value.of(4), Value.of("Margaret Hamilton"), Value.of("US")),
            List.of(Value.of(5), Value.of("Ken Thompson"), Value.of("US")));

    @Test
    void theReferenceShapeByteForByte() throws IOException {
        assertEquals("""
                {
                  "columns": [{"name": "id", "type": "int"}, {"name": "name", "type": "string"}, {"name": "country", "type": "string"}],
                  "rows": [
                    {"id": 2, "name": "Grace Hopper", "country": "US"},
                    {"id": 4, "name": "Margaret Hamilton", "country": "US"},
                    {"id": 5, "name": "Ken Thompson", "country": "US"}
                  ],
                  "stats": {"rows_affected": -1, "duration_ms": 0, "truncated": false}
                }
                """, write(JsonResultWriter.pretty(), Results.of(US, US_ROWS, Results.stats(0, false))));
    }

    @Test
    void compactEmptyAndTruncated() throws IOException {
        assertEquals(
                "{\"columns\":[{\"name\":\"id\",\"type\":\"int\"}],\"rows\":[],"
                        + "\"stats\":{\"rows_affected\":-1,\"duration_ms\":12,\"truncated\":true}}\n",
                write(JsonResultWriter.compact(), Results.of(US.subList(0, 1), List.of(), Results.stats(12, true))));
        assertEquals("""
                {
                  "columns": [],
                  "rows": [],
                  "stats": {"rows_affected": -1, "duration_ms": 3, "truncated": false}
                }
                """, write(JsonResultWriter.pretty(), Results.of(List.of(), List.of(), Results.stats(3, false))));
    }

    @Test
    void ndjsonIsOneCompactObjectARow() throws IOException {
        assertEquals("""
                {"id":2,"name":"Grace Hopper","country":"US"}
                {"id":4,"name":"Margaret Hamilton","country":"US"}
                {"id":5,"name":"Ken Thompson","country":"US"}
                """, write(NdjsonResultWriter.create(), Results.of(US, US_ROWS, Results.stats(0, false))));
    }

    @Test
    void nestedValuesKeepTheirTypes() throws IOException {
        List<Column> cols = List.of(
                Column.of("b", Value.Kind.BYTES), Column.of("d", Value.Kind.DOC), Column.of("n", Value.Kind.NULL));
        String out = write(
                JsonResultWriter.pretty(),
                Results.of(
                        cols,
                        List.of(List.of(
                                Value.of(new byte[] {1, 2}),
                                new Value.Doc(java.util.Map.of("k", Value.of(new java.math.BigDecimal("1.50")))),
                                Value.NULL)),
                        Results.stats(0, false)));
        assertEquals(
                "    {\"b\": \"AQI=\", \"d\": {\"k\": 1.50}, \"n\": null}",
                out.lines().toList().get(3));
        assertEquals(
                "  \"columns\": [{\"name\": \"b\", \"type\": \"bytes\"}, {\"name\": \"d\", \"type\": \"object\"}, {\"name\": \"n\", \"type\": \"null\"}],",
                out.lines().toList().get(1));
    }

    static String write(ResultWriter writer, ResultSet result) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writer.write(result, out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
