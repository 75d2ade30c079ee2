package dev.tobira.driver.postgres;

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
 * Five million rows through a JVM whose heap (-Xmx64m, its own Surefire execution) could not hold
 * them: the result must stream, on the read-only path and on the writable one.
 */
@Tag("bigstream")
class BigStreamTest {
    private static final long ROWS = 5_000_000;
    private static final java.math.BigDecimal TWO = java.math.BigDecimal.valueOf(2);

    @Test
    void fiveMillionRowsInSixtyFourMegabytes() {
        long max = Runtime.getRuntime().maxMemory();
        assertTrue(
                max <= 96L * 1024 * 1024, "this test runs with -Xmx64m (the bigstream execution); max heap is " + max);
        PgFixture fixture = new PgFixture(PgServer.find(), "tobira_pg_bigstream_" + PgFixture.RUN);
        try (fixture;
                Conn conn =
                        new PostgresDriver().open(ConnConfig.of(fixture.dsn()).withReadOnly(true))) {
            String sql =
                    "select g, 'row number ' || g, g * 0.5, g % 2 = 0, now() from generate_series(1, " + ROWS + ") g";
            long rows = 0;
            long sum = 0;
            long chars = 0;
            long evens = 0;
            try (ResultSet rs = conn.query(Query.of(sql))) {
                while (rs.hasNext()) {
                    Row row = rs.next();
                    long id = ((Value.Int) row.get(0)).value();
                    sum += id;
                    chars += ((Value.Text) row.get(1)).value().length();
                    if (((Value.Decimal) row.get(2)).value().multiply(TWO).longValueExact() != id) {
                        throw new AssertionError("row " + id + ": " + row);
                    }
                    evens += ((Value.Bool) row.get(3)).value() ? 1 : 0;
                    assertEquals(Value.Kind.TIMESTAMP, row.get(4).kind());
                    rows++;
                }
                assertEquals(ROWS, rs.stats().rows());
            }
            assertEquals(ROWS, rows);
            assertEquals(ROWS / 2, evens);
            assertEquals(ROWS * (ROWS + 1) / 2, sum, "the sum of every id");
            assertTrue(chars > ROWS * 11, "every label was read: " + chars);
            assertEquals(0, fixture.idleInTransaction());
        }
    }
}
