package dev.tobira.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CallTest {
    private static final String SQL = "select name from customers where id = ?";

    @Test
    void theGuardsScanIsReusedForItsOwnTextAndDialect() {
        SqlScan scan = SqlScan.of(SQL, SqlDialect.POSTGRES);
        Call call =
                Call.builder().guarded(true).readOnlyConnection(true).scan(scan).build();
        assertSame(scan, call.scanOf(new String(SQL.toCharArray()), SqlDialect.POSTGRES), "an equal text");
    }

    @Test
    void anotherTextOrDialectIsScannedAfresh() {
        Call call = Call.builder()
                .guarded(true)
                .readOnlyConnection(true)
                .scan(SqlScan.of(SQL, SqlDialect.POSTGRES))
                .build();
        SqlScan explain = call.scanOf("EXPLAIN " + SQL, SqlDialect.POSTGRES);
        assertEquals("EXPLAIN " + SQL, explain.sql());
        assertEquals(Optional.of("EXPLAIN"), explain.firstKeyword());
        SqlScan mysql = call.scanOf(SQL, SqlDialect.MYSQL);
        assertNotSame(call.scan().orElseThrow(), mysql);
        assertEquals(SqlDialect.MYSQL, mysql.dialect());
    }

    @Test
    void aCallWithoutAScanScans() {
        Call call = Call.builder().build();
        assertEquals(Optional.empty(), call.scan());
        assertEquals(Optional.of("SELECT"), call.scanOf(SQL, SqlDialect.SQLITE).firstKeyword());
    }

    @Test
    void theStringLeavesTheScanOut() {
        Call call = Call.builder()
                .guarded(true)
                .readOnlyConnection(true)
                .scan(SqlScan.of(SQL, SqlDialect.SQLITE))
                .build();
        assertEquals("Call[guarded=true, inTransaction=false, readOnlyConnection=true]", call.toString());
        assertThrows(NullPointerException.class, () -> Call.builder().scan(null));
    }

    @Test
    void theDriversRowLimitIsOneRowMoreThanTheCallsLimit() {
        assertEquals(
                0, Call.builder().guarded(true).readOnlyConnection(true).build().maxRows());
        assertEquals(4, call(3, Duration.ZERO).maxRows());
        assertEquals(
                Integer.MAX_VALUE, call(Integer.MAX_VALUE - 1, Duration.ZERO).maxRows());
        assertEquals(
                0,
                call(Integer.MAX_VALUE, Duration.ZERO).maxRows(),
                "a limit the driver's int cannot hold is left to the result");
        assertEquals(0, call(Long.MAX_VALUE, Duration.ZERO).maxRows());
    }

    @Test
    void theDriversQueryTimeoutBacksTheDeadlineUpASecondLater() {
        assertEquals(0, call(0, Duration.ZERO).queryTimeoutSeconds());
        assertEquals(2, call(0, Duration.ofMillis(1)).queryTimeoutSeconds());
        assertEquals(2, call(0, Duration.ofSeconds(1)).queryTimeoutSeconds());
        assertEquals(3, call(0, Duration.ofMillis(1001)).queryTimeoutSeconds());
        assertEquals(Integer.MAX_VALUE, call(0, Duration.ofDays(365L * 1000)).queryTimeoutSeconds());
        assertEquals(
                Integer.MAX_VALUE,
                call(0, Duration.ofSeconds(Long.MAX_VALUE, 999_999_999)).queryTimeoutSeconds());
    }

    @Test
    void aNegativeLimitOrTimeoutIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> call(-1, Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> call(0, Duration.ofSeconds(-1)));
        assertThrows(NullPointerException.class, () -> call(0, null));
    }

    @Test
    void theStringShowsALimitAndADeadline() {
        assertEquals(
                "Call[guarded=true, inTransaction=false, readOnlyConnection=true, limit=3, timeout=PT2S]",
                call(3, Duration.ofSeconds(2)).toString());
    }

    @Test
    void theBuilderNamesWhatItSetsAndWithScanKeepsTheRest() {
        Call call = Call.builder()
                .inTransaction(true)
                .limit(7)
                .timeout(Duration.ofSeconds(3))
                .build();
        assertFalse(call.guarded() || call.readOnlyConnection());
        assertTrue(call.inTransaction());
        SqlScan scan = SqlScan.of(SQL, SqlDialect.SQLITE);
        Call scanned = call.withScan(scan);
        assertEquals(Optional.of(scan), scanned.scan());
        assertEquals(call.toString(), scanned.toString());
        assertEquals(scanned, call.withScan(scan));
        assertEquals(scanned.hashCode(), call.withScan(scan).hashCode());
        assertNotEquals(call, scanned);
    }

    private static Call call(long limit, Duration timeout) {
        return Call.builder()
                .guarded(true)
                .readOnlyConnection(true)
                .limit(limit)
                .timeout(timeout)
                .build();
    }
}
