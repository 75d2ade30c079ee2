package dev.tobira.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.Column;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvRowWriterTest {
    private static final List<Column> COLS =
            List.of(Column.of("code", Value.Kind.TEXT), Column.of("note", Value.Kind.TEXT));

    @Test
    void quotingNullAndEmpty() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CsvRowWriter w = CsvRowWriter.csv(out);
        w.header(COLS);
        for (String[] r : new String[][] {
            {"a", "plain"},
            {"b", "a,b"},
            {"c", "say \"hi\""},
            {"d", ""},
            {"e", null},
            {"f", "two\nlines"},
            {"g", "tab\there"},
            {"#h", " padded "},
            {"i", "cr\rx"}
        }) {
            w.row(Row.of(COLS, Value.of(r[0]), r[1] == null ? Value.NULL : Value.of(r[1])));
        }
        w.flush();
        assertEquals("""
                code,note
                a,plain
                b,"a,b"
                c,"say ""hi\"""
                d,""
                e,
                f,"two
                lines"
                g,tab\there
                "#h", padded\s
                i,"cr\rx"
                """, out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void tabSeparatedQuotesTheTab() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CsvRowWriter w = CsvRowWriter.tsv(out);
        w.header(COLS);
        w.row(Row.of(COLS, Value.of("a,b"), Value.of("tab\there")));
        w.flush();
        assertEquals("code\tnote\na,b\t\"tab\there\"\n", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void valuesInTheirDisplayFormInUtf8() throws IOException {
        List<Column> cols = List.of(
                Column.of("n", Value.Kind.INT),
                Column.of("d", Value.Kind.DECIMAL),
                Column.of("day", Value.Kind.DATE),
                Column.of("t", Value.Kind.TEXT),
                Column.of("b", Value.Kind.BYTES));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CsvRowWriter w = CsvRowWriter.csv(out);
        w.row(Row.of(
                cols,
                Value.of(-7),
                Value.of(new BigDecimal("96.20")),
                Value.of(LocalDate.of(2026, 10, 21)),
                Value.of("扉 ✓"),
                Value.of(new byte[] {1, (byte) 0xab})));
        w.flush();
        assertEquals("-7,96.20,2026-10-21,扉 ✓,\\x01ab\n", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aFailingStreamIsAnIOException() {
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        CsvRowWriter w = CsvRowWriter.csv(broken);
        assertThrows(IOException.class, () -> {
            w.header(COLS);
            w.flush();
        });
    }
}
