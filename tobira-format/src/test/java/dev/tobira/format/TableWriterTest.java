package dev.tobira.format;

import static dev.tobira.format.JsonResultWriterTest.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Column;
import dev.tobira.api.QueryStats;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class TableWriterTest {
    static final List<Column> TOTALS = List.of(
            Column.of("name", Value.Kind.TEXT),
            Column.of("orders", Value.Kind.INT),
            Column.of("total", Value.Kind.FLOAT));

    @Test
    void theReferenceTableExactly() throws IOException {
        List<List<Value>> rows = List.of(
                List.of(Value.of("Margaret Hamilton"), Value.of(1), Value.of(150.0)),
                List.of(Value.of("Grace Hopper"), Value.of(2), Value.of(96.2)),
                List.of(Value.of("Ada Lovelace"), Value.of(2), Value.of(62.49)),
                List.of(Value.of("Ken Thompson"), Value.of(1), Value.of(31.0)),
                List.of(Value.of("Linus Torvalds"), Value.of(1), Value.of(23.0)));
        assertEquals("""
                name               orders  total
                ─────────────────  ──────  ─────
                Margaret Hamilton  1       150
                Grace Hopper       2       96.2
                Ada Lovelace       2       62.49
                Ken Thompson       1       31
                Linus Torvalds     1       23

                5 rows · <1ms
                """, write(TableWriter.create(), Results.of(TOTALS, rows, Results.stats(0, false))));
    }

    @Test
    void oneRowNullsTruncationAndDurations() throws IOException {
        List<Column> cols = List.of(Column.of("email", Value.Kind.TEXT));
        assertEquals(
                """
                email
                ─────
                NULL

                1 row · truncated · 12ms
                """,
                write(TableWriter.create(), Results.of(cols, List.of(List.of(Value.NULL)), Results.stats(12, true))));
        assertEquals("<1ms", TableWriter.duration(Duration.ofNanos(999_999)));
        assertEquals("1.25s", TableWriter.duration(Duration.ofMillis(1250)));
        assertEquals("2s", TableWriter.duration(Duration.ofMillis(2000)));
        assertEquals("2m5s", TableWriter.duration(Duration.ofSeconds(125)));
    }

    @Test
    void theLastColumnsRuleStopsAtThirty() throws IOException {
        List<Column> cols = List.of(Column.of("ms", Value.Kind.INT), Column.of("query", Value.Kind.TEXT));
        String q = "DELETE FROM orders WHERE status='refunded'";
        assertEquals(
                "ms  query\n──  " + "─".repeat(30) + "\n0   " + q + "\n",
                write(
                        TableWriter.create().withoutFooter(),
                        Results.of(cols, List.of(List.of(Value.of(0), Value.of(q))), Results.stats(0, false))));
    }

    @Test
    void aWriteShowsTheRowsItAffected() throws IOException {
        assertEquals(
                "3 rows affected · 4ms\n",
                write(
                        TableWriter.create(),
                        Results.of(
                                List.of(),
                                List.of(),
                                QueryStats.of(0, Duration.ofMillis(4), false).withRowsAffected(3))));
    }

    @Test
    void rowsAfterTheWindowKeepItsWidthsAndAreNeverCut() throws IOException {
        List<Column> cols = List.of(Column.of("k", Value.Kind.TEXT), Column.of("v", Value.Kind.INT));
        List<List<Value>> rows = List.of(
                List.of(Value.of("a"), Value.of(1)),
                List.of(Value.of("bb"), Value.of(2)),
                List.of(Value.of("a much longer key"), Value.of(3)));
        assertEquals("""
                k   v
                ──  ─
                a   1
                bb  2
                a much longer key  3

                3 rows · <1ms
                """, write(TableWriter.withWindow(2), Results.of(cols, rows, Results.stats(0, false))));
    }

    @Test
    void controlCharactersAreEscapedAndWideCharactersCountTwice() throws IOException {
        List<Column> cols = List.of(Column.of("t", Value.Kind.TEXT), Column.of("n", Value.Kind.INT));
        String out = write(
                TableWriter.create(),
                Results.of(
                        cols,
                        List.of(List.of(Value.of("扉x"), Value.of(1)), List.of(Value.of("a\nb\t\u001b"), Value.of(2))),
                        Results.stats(0, false)));
        assertEquals("""
                t           n
                ──────────  ─
                扉x         1
                a\\nb\\t\\x1b  2

                2 rows · <1ms
                """, out);
        assertEquals(3, TableWriter.width("扉x"));
        assertEquals(1, TableWriter.width("e\u0301"));
    }

    @Test
    void aMillionRowsStreamWithoutBeingHeld() throws IOException {
        long[] bytes = {0};
        java.io.OutputStream counting = new java.io.OutputStream() {
            @Override
            public void write(int b) {
                bytes[0]++;
            }

            @Override
            public void write(byte[] b, int off, int len) {
                bytes[0] += len;
            }
        };
        List<Column> cols = List.of(Column.of("id", Value.Kind.INT));
        long n = TableWriter.create()
                .write(
                        Results.generated(cols, 1_000_000, i -> Row.of(cols, Value.of(i)), Results.stats(0, false)),
                        counting);
        assertEquals(1_000_000, n);
        // the digits of 0..999999 and their line feeds alone are 6,888,890 bytes
        assertTrue(bytes[0] > 6_888_890, "every row reached the stream: " + bytes[0]);
    }
}
