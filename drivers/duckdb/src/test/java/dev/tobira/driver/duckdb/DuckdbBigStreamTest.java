package dev.tobira.driver.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Five million rows through a read-only connection in a JVM of 64 MB heap (the {@code bigstream}
 * execution in the POM), every value read: the result streams in chunks from the engine (with
 * {@code jdbc_stream_results}) and as the caller iterates, so the heap stays bounded whatever
 * the size of the result. Holding it would take well over a gigabyte.
 */
@Tag("bigstream")
class DuckdbBigStreamTest {
    private static final long ROWS = 5_000_000;

    @Test
    void fiveMillionRowsStreamInASmallHeap() {
        long maxHeap = Runtime.getRuntime().maxMemory();
        assertTrue(maxHeap <= 80L * 1024 * 1024, "run with -Xmx64m (the bigstream execution); max heap is " + maxHeap);
        Runtime runtime = Runtime.getRuntime();
        long peak = 0;
        long rows = 0;
        long sum = 0;
        long textLength = 0;
        long trues = 0;
        try (Conn conn =
                        new DuckdbDriver().open(ConnConfig.of("duckdb::memory:").withReadOnly(true));
                ResultSet rs = conn.query(Query.of("select i, i * 2 as twice, 'row ' || i as label, i % 3 = 0 as third,"
                        + " i::double / 4 as quarter from range(" + ROWS + ") t(i)"))) {
            while (rs.hasNext()) {
                Row row = rs.next();
                long i = ((Value.Int) row.get(0)).value();
                assertEquals(rows, i);
                sum += ((Value.Int) row.get(1)).value();
                textLength += ((Value.Text) row.get(2)).value().length();
                trues += ((Value.Bool) row.get(3)).value() ? 1 : 0;
                assertEquals(i / 4.0, ((Value.Float) row.get(4)).value());
                rows++;
                if (rows % 100_000 == 0) {
                    peak = Math.max(peak, runtime.totalMemory() - runtime.freeMemory());
                }
            }
            assertEquals(ROWS, rs.stats().rows());
        }
        assertEquals(ROWS, rows);
        assertEquals(ROWS * (ROWS - 1), sum);
        long expectedText = 0;
        for (long digits = 1, from = 0; from < ROWS; digits++, from = from == 0 ? 10 : from * 10) {
            long to = Math.min(ROWS, from == 0 ? 10 : from * 10);
            expectedText += (to - from) * (4 + digits);
        }
        assertEquals(expectedText, textLength);
        assertEquals((ROWS + 2) / 3, trues);
        System.err.println("[duckdb] bigstream: " + ROWS + " rows, highest heap in use " + peak / (1024 * 1024)
                + " MB of " + maxHeap / (1024 * 1024) + " MB");
        assertTrue(peak <= maxHeap, "peak heap " + peak + " exceeds the maximum " + maxHeap);
    }
}
