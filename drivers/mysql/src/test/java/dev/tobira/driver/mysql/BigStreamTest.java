package dev.tobira.driver.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.time.LocalDateTime;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Five million rows through a read-only connection in a JVM with a 64 MB heap (its own Surefire
 * execution, {@code -Xmx64m}), every value read and checked: the rows stream from the server, or
 * the heap would not hold them.
 */
@Tag("bigstream")
class BigStreamTest {
    private static final long ROWS = 5_000_000;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void fiveMillionRowsStreamThroughASmallHeap() {
        long maxHeap = Runtime.getRuntime().maxMemory();
        assertTrue(
                maxHeap <= 80L * 1024 * 1024,
                "this test must run with -Xmx64m (its own Surefire execution); the heap is " + maxHeap + " bytes");
        ConnConfig config = MysqlServer.find().config("information_schema", true);
        String sql =
                "select n, concat('row-', n) as label, timestamp '2026-01-01 00:00:00' + interval (n % 86400) second as at"
                        + " from (" + Rows.query(ROWS) + ") t";
        long rows = 0;
        long sum = 0;
        long labelLength = 0;
        LocalDateTime start = LocalDateTime.of(2026, 1, 1, 0, 0);
        try (Conn conn = new MysqlDriver().open(config);
                ResultSet rs = conn.query(Query.of(sql))) {
            while (rs.hasNext()) {
                Row row = rs.next();
                long n = ((Value.Int) row.get(0)).value();
                String label = ((Value.Text) row.get(1)).value();
                LocalDateTime at = ((Value.DateTime) row.get(2)).value();
                if (!label.equals("row-" + n) || !at.equals(start.plusSeconds(n % 86400))) {
                    throw new AssertionError("row " + rows + " is wrong: " + row);
                }
                sum += n;
                labelLength += label.length();
                rows++;
            }
            assertEquals(ROWS, rs.stats().rows());
            assertFalse(rs.stats().truncated());
        }
        assertEquals(ROWS, rows);
        assertEquals(ROWS * (ROWS - 1) / 2, sum, "every number from 0 to 4,999,999 exactly once");
        long expectedLength = 0;
        for (long n = 0; n < ROWS; n++) {
            expectedLength += 4 + digits(n);
        }
        assertEquals(expectedLength, labelLength, "the length of every label");
    }

    private static int digits(long n) {
        int d = 1;
        while (n >= 10) {
            n /= 10;
            d++;
        }
        return d;
    }
}
