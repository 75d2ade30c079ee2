package dev.tobira.driver.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Column;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Value;
import dev.tobira.jdbc.Call;
import dev.tobira.jdbc.JdbcDriver;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.StatementGuard;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What makes a repeated point read cheap must not weaken it: the guard verdicts a connection keeps
 * never let a write through, the cached result columns follow another connection's schema change,
 * and the run-time layer under the statement check, {@code query_only} asserted before every guarded
 * statement, holds with the check switched off. On real SQLite.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlitePointReadTest {
    /** Texts whose mere compilation lifts query_only: SQLite applies flag pragmas while compiling. */
    private static final List<String> LIFTING = List.of("PRAGMA query_only=0", "pragma query_only(0)",
            "PRAGMA main.query_only = false", "pragma query_only = off", "explain pragma query_only=0",
            "explain query plan pragma query_only=0");

    private final SqliteFixture fixture = new SqliteFixture();
    private final SqliteDriver driver = new SqliteDriver();

    @BeforeEach
    void seed() {
        fixture.seed();
    }

    @AfterAll
    void removeFiles() {
        fixture.delete();
    }

    private ConnConfig readOnly() {
        return ConnConfig.of(fixture.dsn()).withReadOnly(true);
    }

    private static long drain(ResultSet rs) {
        try (rs) {
            long n = 0;
            while (rs.hasNext()) {
                rs.next();
                n++;
            }
            return n;
        }
    }

    // ---------------------------------------------------------------- query_only

    @Test
    void aLiftedQueryOnlyIsRefusedAtRunTime() {
        String before = fixture.fingerprint();
        try (Conn ro = SqliteGuardTest.withoutStatementCheck().open(readOnly())) {
            for (String sql : LIFTING) {
                drain(ro.query(Query.of("select * from customers where id = ?").withParams(Value.of(1))));
                drain(ro.query(Query.of(sql)));
                DriverException e = assertThrows(DriverException.class, () -> ro.query(Query.of("create temp table t (x)")).close(), sql);
                assertEquals(ErrorKind.READ_ONLY, e.kind(), sql + ": " + e.getMessage());
            }
            // compiled but never run: the parameter it does not have fails the bind, after the compile lifted the flag
            drain(ro.query(Query.of("select 1")));
            DriverException bind = assertThrows(DriverException.class,
                    () -> ro.query(Query.of("pragma query_only=0").withParams(Value.of(1))).close());
            assertEquals(ErrorKind.INVALID_ARGUMENT, bind.kind(), bind.getMessage());
            DriverException e = assertThrows(DriverException.class, () -> ro.query(Query.of("create temp table t (x)")).close());
            assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
            assertEquals(0, drain(ro.query(Query.of("select * from temp.sqlite_master"))), "a temporary table was made");
        }
        assertEquals(before, fixture.fingerprint());
    }

    @Test
    void queryOnlyIsTheLayerThatStopsTemporaryTables() {
        // the control for the test above: with no assertion at all, the read-only handle alone lets a temporary table through
        JdbcDriver unasserted = new JdbcDriver(new SqliteDialect() {
            private final StatementGuard open = StatementGuard.builder("sqlite").dialect(SqlDialect.SQLITE).build();

            @Override
            public StatementGuard guard() {
                return open;
            }

            @Override
            protected void beforeStatement(Connection connection, Call call) {
                // no assertion
            }
        }) { };
        try (Conn ro = unasserted.open(readOnly())) {
            drain(ro.query(Query.of("pragma query_only=0")));
            drain(ro.query(Query.of("create temp table t (x)")));
            assertEquals(1, drain(ro.query(Query.of("select * from temp.sqlite_master"))));
        }
    }

    // ---------------------------------------------------------------- cached verdicts

    @Test
    void aCachedVerdictNeverLetsAWriteThrough() {
        String before = fixture.fingerprint();
        String delete = "delete from orders where id = -1";
        try (Conn rw = driver.open(ConnConfig.of(fixture.dsn()))) {
            for (int i = 0; i < 3; i++) {
                drain(rw.query(Query.of(delete))); // accepted as one statement on the writable path
                DriverException e = assertThrows(DriverException.class, () -> rw.query(Query.of(delete).withReadOnly(true)).close());
                assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
            }
        }
        try (Conn ro = driver.open(readOnly())) {
            for (int i = 0; i < 3; i++) {
                assertEquals(1, drain(ro.query(Query.of("select 1"))));
                for (String sql : List.of("delete from orders", "select 1; delete from orders", "select 1 ", "pragma query_only=0")) {
                    if (sql.equals("select 1 ")) {
                        assertEquals(1, drain(ro.query(Query.of(sql))));
                        continue;
                    }
                    DriverException e = assertThrows(DriverException.class, () -> ro.query(Query.of(sql)).close(), sql);
                    assertTrue(e.kind() == ErrorKind.READ_ONLY || e.kind() == ErrorKind.SYNTAX, sql + ": " + e.getMessage());
                }
            }
        }
        assertEquals(before, fixture.fingerprint());
    }

    // ---------------------------------------------------------------- result columns

    @Test
    void anotherConnectionsSchemaChangeReachesTheColumns() throws Exception {
        String sql = "select a, b from shape_probe where a = ?";
        try (Connection n = fixture.nativeConnection(); Statement st = n.createStatement()) {
            st.execute("create table shape_probe (a INT, b TEXT)");
            st.execute("insert into shape_probe values (1, 'x')");
            try (Conn ro = driver.open(readOnly())) {
                assertEquals(List.of("INT", "TEXT"), nativeTypes(ro, sql));
                assertEquals(List.of("INT", "TEXT"), nativeTypes(ro, sql));
                // same labels, same storage classes: only the declared types tell the tables apart
                st.execute("drop table shape_probe");
                st.execute("create table shape_probe (a BIGINT, b VARCHAR(9))");
                st.execute("insert into shape_probe values (1, 'x')");
                assertEquals(List.of("BIGINT", "VARCHAR"), nativeTypes(ro, sql)); // sqlite-jdbc drops the length
                st.execute("alter table shape_probe rename column b to c");
                st.execute("alter table shape_probe add column b NUMERIC");
                st.execute("update shape_probe set b = 'x'");
                assertEquals(List.of("BIGINT", "NUMERIC"), nativeTypes(ro, sql));
            }
        }
    }

    private static List<String> nativeTypes(Conn conn, String sql) {
        try (ResultSet rs = conn.query(Query.of(sql).withParams(Value.of(1)))) {
            assertTrue(rs.hasNext());
            rs.next();
            return rs.columns().stream().map(Column::nativeType).toList();
        }
    }
}
