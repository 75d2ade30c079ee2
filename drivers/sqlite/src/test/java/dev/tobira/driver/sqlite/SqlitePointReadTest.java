package dev.tobira.driver.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.sqlite.SQLiteConfig;

/**
 * What makes a repeated point read cheap must not weaken it: the verdicts a connection keeps, the
 * {@code query_only} assertion skipped while it provably holds, and the schema cookie standing in
 * for declared types in a result's shape. On real SQLite.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlitePointReadTest {
    /** Texts whose mere compilation lifts query_only: SQLite applies flag pragmas while compiling. */
    private static final List<String> LIFTING = List.of("PRAGMA query_only=0", "pragma query_only(0)",
            "PRAGMA main.query_only = false", "pragma query_only = off", "explain pragma query_only=0",
            "explain query plan pragma query_only=0");
    private static final List<String> READS = List.of("select 1", "select * from customers where id = ?",
            "pragma query_only", "select * from pragma_query_only", "values (1)", "with x as (select 1) select * from x",
            "pragma table_info(customers)");
    private static final Call READ_ONLY_CALL = new Call(true, false, true);

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

    private SqliteConnection nativeConnection() throws Exception {
        return new SqliteConnection(fixture.db.toString(), new SQLiteConfig().toProperties());
    }

    private static boolean queryOnly(Connection c) throws Exception {
        try (Statement st = c.createStatement(); java.sql.ResultSet rs = st.executeQuery("pragma query_only")) {
            assertTrue(rs.next());
            return rs.getInt(1) == 1;
        }
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

    /** The statement check switched off, every other layer as shipped. */
    private static JdbcDriver withoutStatementCheck() {
        return new JdbcDriver(new SqliteDialect() {
            private final StatementGuard open = StatementGuard.builder("sqlite").dialect(SqlDialect.SQLITE).build();

            @Override
            public StatementGuard guard() {
                return open;
            }
        }) { };
    }

    // ---------------------------------------------------------------- query_only

    @Test
    void sqliteShowsEveryTextThatLiftsQueryOnly() throws Exception {
        try (SqliteConnection c = nativeConnection()) {
            for (String sql : LIFTING) {
                try (Statement st = c.createStatement()) {
                    st.execute("pragma query_only=1");
                }
                try (PreparedStatement ps = c.prepareStatement(sql)) {
                    assertFalse(SqliteDialect.keepsQueryOnly(ps), sql);
                }
                // the rule matters: compiling the text, without running it, lifted the flag
                assertFalse(queryOnly(c), sql + " did not lift query_only; the case proves nothing");
            }
            for (String sql : READS) {
                try (Statement st = c.createStatement()) {
                    st.execute("pragma query_only=1");
                }
                try (PreparedStatement ps = c.prepareStatement(sql)) {
                    assertTrue(SqliteDialect.keepsQueryOnly(ps), sql);
                }
                assertTrue(queryOnly(c), sql);
            }
        }
    }

    @Test
    void queryOnlyIsHeldAcrossReadsAndDroppedByAnyOtherCompile() throws Exception {
        SqliteDialect dialect = new SqliteDialect();
        try (SqliteConnection c = nativeConnection()) {
            assertFalse(c.queryOnlyHeld(), "nothing asserted yet");
            dialect.beforeStatement(c, READ_ONLY_CALL);
            assertTrue(c.queryOnlyHeld());
            assertTrue(queryOnly(c));
            assertFalse(c.queryOnlyHeld(), "a statement of anyone else's drops it");

            dialect.beforeStatement(c, READ_ONLY_CALL);
            dialect.prepare(c, "select * from customers where id = ?", READ_ONLY_CALL).close();
            assertTrue(c.queryOnlyHeld(), "a read keeps it");

            for (String sql : LIFTING) {
                dialect.beforeStatement(c, READ_ONLY_CALL);
                assertTrue(c.queryOnlyHeld());
                dialect.prepare(c, sql, READ_ONLY_CALL).close();
                assertFalse(c.queryOnlyHeld(), sql);
                assertFalse(queryOnly(c), sql);
                dialect.beforeStatement(c, READ_ONLY_CALL);
                assertTrue(queryOnly(c), "the next guarded statement asserts it again after " + sql);
            }

            dialect.beforeStatement(c, READ_ONLY_CALL);
            assertThrows(Exception.class, () -> dialect.prepare(c, "select from where", READ_ONLY_CALL));
            assertFalse(c.queryOnlyHeld(), "a compile that failed part way may have changed it");

            dialect.beforeStatement(c, READ_ONLY_CALL);
            c.setAutoCommit(false);
            assertFalse(c.queryOnlyHeld(), "sqlite-jdbc's own statements drop it");
            c.setAutoCommit(true);

            dialect.beforeStatement(c, new Call(true, false, false));
            assertFalse(c.queryOnlyHeld(), "only a read-only connection holds it; a writable one lifts it after each statement");
        }
    }

    @Test
    void aLiftedQueryOnlyIsRefusedAtRunTime() {
        String before = fixture.fingerprint();
        try (Conn ro = withoutStatementCheck().open(readOnly())) {
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
