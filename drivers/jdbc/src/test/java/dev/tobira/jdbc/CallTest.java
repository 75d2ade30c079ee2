package dev.tobira.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CallTest {
    private static final String SQL = "select name from customers where id = ?";

    @Test
    void theGuardsScanIsReusedForItsOwnTextAndDialect() {
        SqlScan scan = SqlScan.of(SQL, SqlDialect.POSTGRES);
        Call call = new Call(true, false, true, Optional.of(scan));
        assertSame(scan, call.scanOf(new String(SQL.toCharArray()), SqlDialect.POSTGRES), "an equal text");
    }

    @Test
    void anotherTextOrDialectIsScannedAfresh() {
        Call call = new Call(true, false, true, Optional.of(SqlScan.of(SQL, SqlDialect.POSTGRES)));
        SqlScan explain = call.scanOf("EXPLAIN " + SQL, SqlDialect.POSTGRES);
        assertEquals("EXPLAIN " + SQL, explain.sql());
        assertEquals(Optional.of("EXPLAIN"), explain.firstKeyword());
        SqlScan mysql = call.scanOf(SQL, SqlDialect.MYSQL);
        assertNotSame(call.scan().orElseThrow(), mysql);
        assertEquals(SqlDialect.MYSQL, mysql.dialect());
    }

    @Test
    void aCallWithoutAScanScans() {
        Call call = new Call(false, false, false);
        assertEquals(Optional.empty(), call.scan());
        assertEquals(Optional.of("SELECT"), call.scanOf(SQL, SqlDialect.SQLITE).firstKeyword());
    }

    @Test
    void theStringLeavesTheScanOut() {
        Call call = new Call(true, false, true, Optional.of(SqlScan.of(SQL, SqlDialect.SQLITE)));
        assertEquals("Call[guarded=true, inTransaction=false, readOnlyConnection=true]", call.toString());
        assertThrows(NullPointerException.class, () -> new Call(true, false, true, null));
    }
}
