package dev.tobira.driver.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Transactor;
import dev.tobira.api.Value;
import dev.tobira.jdbc.JdbcDriver;
import dev.tobira.jdbc.ReadOnlyMode;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.StatementGuard;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The SQLite guard layer by layer: the exact refusals of the reference, the PRAGMA and WITH rules,
 * and each database layer holding on its own with the statement check switched off.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqliteGuardTest {
    private static final String REFUSAL =
            "sqlite: query: only SELECT, WITH, VALUES, EXPLAIN and read-only PRAGMA statements"
                    + " are allowed on a read-only connection: read-only violation";

    /** Texts whose mere compilation lifts query_only: SQLite applies flag pragmas while compiling. */
    private static final List<String> LIFTING = List.of(
            "PRAGMA query_only=0",
            "pragma query_only(0)",
            "PRAGMA main.query_only = false",
            "pragma query_only = off",
            "explain pragma query_only=0",
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

    private static List<Row> rows(Conn conn, Query q) {
        List<Row> rows = new ArrayList<>();
        try (ResultSet rs = conn.query(q)) {
            rs.forEachRemaining(rows::add);
        }
        return rows;
    }

    private static DriverException refused(Conn conn, String sql) {
        return assertThrows(
                DriverException.class,
                () -> conn.query(Query.of(sql).withReadOnly(true)).close(),
                sql);
    }

    @Test
    void theReferenceMessages() {
        try (Conn ro = driver.open(readOnly());
                Conn rw = driver.open(ConnConfig.of(fixture.dsn()))) {
            DriverException delete =
                    assertThrows(DriverException.class, () -> ro.query(Query.of("delete from customers")));
            assertEquals(REFUSAL, delete.getMessage());
            assertTrue(delete.is(ErrorKind.READ_ONLY));
            DriverException stacked =
                    assertThrows(DriverException.class, () -> rw.query(Query.of("delete from orders; select 1")));
            assertEquals(
                    "sqlite: query: multiple statements are not supported yet: invalid query", stacked.getMessage());
            assertEquals(ErrorKind.SYNTAX, stacked.kind());
            DriverException stackedReads =
                    assertThrows(DriverException.class, () -> ro.query(Query.of("select 1; select 2")));
            assertEquals(
                    "sqlite: query: multiple statements are not supported yet: invalid query",
                    stackedReads.getMessage());
        }
        assertEquals(7, countOrders(), "a refused multi-statement text ran in part");
    }

    private long countOrders() {
        try (Connection c = fixture.nativeConnection();
                Statement st = c.createStatement();
                java.sql.ResultSet rs = st.executeQuery("select count(*) from orders")) {
            rs.next();
            return rs.getLong(1);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "pragma query_only=0",
                "pragma query_only = false",
                "pragma query_only(0)",
                "pragma main.query_only=0",
                "pragma trusted_schema=1",
                "pragma writable_schema=1",
                "explain pragma query_only=0",
                "explain query plan pragma query_only=0",
                "pragma 'query_only'=0",
                "pragma \"query_only\"=0",
                "pragma user_version(7)",
                "pragma optimize",
                "pragma wal_checkpoint",
                "pragma incremental_vacuum",
                "pragma",
                "pragma table_info(customers) x",
                "with x as (select 1) replace into orders select * from orders",
                "with x as (select 1) insert or ignore into orders select * from orders",
                "select load_extension('/nonexistent')",
                "select LOAD_EXTENSION ('x')",
                "attach ':memory:' as m",
                "detach main",
                "reindex",
                "vacuum",
                "vacuum into '/tmp/x.db'",
                "begin",
                "commit",
                "savepoint s",
                "release s",
                "rollback"
            })
    void refusedOnBothReadOnlyPaths(String sql) {
        String before = fixture.fingerprint();
        try (Conn ro = driver.open(readOnly());
                Conn rw = driver.open(ConnConfig.of(fixture.dsn()))) {
            assertEquals(
                    ErrorKind.READ_ONLY,
                    assertThrows(
                                    DriverException.class,
                                    () -> ro.query(Query.of(sql)).close(),
                                    sql)
                            .kind());
            assertEquals(ErrorKind.READ_ONLY, refused(rw, sql).kind());
            assertEquals(
                    List.of(Value.of(1)),
                    rows(ro, Query.of("pragma query_only")).get(0).values(),
                    "query_only is still on after " + sql);
        }
        assertEquals(before, fixture.fingerprint());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "pragma user_version",
                "pragma query_only",
                "pragma table_info(customers)",
                "pragma main.table_xinfo(orders)",
                "pragma foreign_key_list(orders)",
                "pragma index_list(orders)",
                "pragma integrity_check",
                "pragma quick_check(1)",
                "pragma database_list",
                "pragma compile_options",
                "explain pragma user_version",
                "explain delete from orders",
                "explain query plan update customers set name = 'x'",
                "values (1), (2)",
                "with x as (select 'delete' as w) select w from x",
                "select replace('abc', 'b', 'x')",
                "select * from pragma_table_info('customers')",
                "select sqlite_version()"
            })
    void readsPassOnBothReadOnlyPaths(String sql) {
        String before = fixture.fingerprint();
        try (Conn ro = driver.open(readOnly());
                Conn rw = driver.open(ConnConfig.of(fixture.dsn()))) {
            rows(ro, Query.of(sql));
            rows(rw, Query.of(sql).withReadOnly(true));
            assertEquals(
                    List.of(Value.of(0)),
                    rows(rw, Query.of("pragma query_only")).get(0).values(),
                    "a read-only query must not leave query_only on for the writable connection's next query");
        }
        assertEquals(before, fixture.fingerprint());
    }

    @Test
    void aReadOnlyQueryOnAWritableConnectionLeavesItWritable() {
        try (Conn rw = driver.open(ConnConfig.of(fixture.dsn()))) {
            assertEquals(ErrorKind.READ_ONLY, refused(rw, "delete from orders").kind());
            try (ResultSet rs = rw.query(Query.of("delete from orders where id = 7"))) {
                assertEquals(1, rs.stats().rowsAffected().orElseThrow());
            }
        }
        assertEquals(6, countOrders());
    }

    @Test
    void transactionsOnAReadOnlyConnectionStayGuarded() {
        String before = fixture.fingerprint();
        try (Conn ro = driver.open(readOnly());
                Transactor.Tx tx = ro.as(Transactor.class).orElseThrow().begin()) {
            assertEquals(5, drain(tx.query(Query.of("select * from customers"))));
            assertEquals(
                    ErrorKind.READ_ONLY,
                    assertThrows(DriverException.class, () -> tx.query(Query.of("delete from orders")))
                            .kind());
            assertEquals(
                    ErrorKind.READ_ONLY,
                    assertThrows(DriverException.class, () -> tx.query(Query.of("pragma query_only=0")))
                            .kind());
            tx.commit();
        }
        assertEquals(before, fixture.fingerprint());
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

    @Test
    void reindexIsAWriteTheGuardRefuses() throws Exception {
        try (Connection c = fixture.nativeConnection();
                Statement st = c.createStatement()) {
            st.execute("create index orders_status on orders(status)");
        }
        long counter = fixture.changeCounter();
        try (Conn ro = driver.open(readOnly());
                Conn rw = driver.open(ConnConfig.of(fixture.dsn()))) {
            assertEquals(
                    ErrorKind.READ_ONLY,
                    assertThrows(DriverException.class, () -> ro.query(Query.of("reindex")))
                            .kind());
            assertEquals(
                    ErrorKind.READ_ONLY, refused(rw, "reindex orders_status").kind());
            assertEquals(counter, fixture.changeCounter(), "a refused REINDEX committed a write");
            drain(rw.query(Query.of("reindex orders_status")));
            assertTrue(fixture.changeCounter() != counter, "REINDEX on a writable connection is a real write");
        }
    }

    /** The statement check switched off, everything else as in SqliteDriver: each database layer must hold alone. */
    static JdbcDriver withoutStatementCheck() {
        return withoutStatementCheck(true);
    }

    /** The statement check and the query_only assertion both off: the read-only handle alone, as a control. */
    static JdbcDriver withoutStatementCheckOrQueryOnly() {
        return withoutStatementCheck(false);
    }

    private static JdbcDriver withoutStatementCheck(boolean assertQueryOnly) {
        return new JdbcDriver(new SqliteDialect() {
            private final StatementGuard open =
                    StatementGuard.builder("sqlite").dialect(SqlDialect.SQLITE).build();

            @Override
            public StatementGuard guard() {
                return open;
            }

            @Override
            protected ReadOnlyMode readOnlyMode() {
                return assertQueryOnly ? super.readOnlyMode() : ReadOnlyMode.NONE;
            }
        }) {};
    }

    @Test
    void theReadOnlyHandleHoldsWithoutTheStatementCheck() {
        String before = fixture.fingerprint();
        try (Conn ro = withoutStatementCheck().open(readOnly())) {
            for (String sql : List.of("delete from orders", "pragma user_version=7", "create table t (x)", "analyze")) {
                DriverException e = assertThrows(
                        DriverException.class, () -> ro.query(Query.of(sql)).close(), sql);
                assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
                assertTrue(
                        e.getMessage().startsWith("sqlite: query: attempt to write a readonly database"),
                        e.getMessage());
            }
            drain(ro.query(Query.of("pragma query_only=0")));
            assertEquals(
                    ErrorKind.READ_ONLY,
                    assertThrows(DriverException.class, () -> ro.query(Query.of("delete from orders")))
                            .kind());
        }
        assertEquals(before, fixture.fingerprint());
    }

    @Test
    void queryOnlyIsReassertedBeforeEveryStatement() {
        String before = fixture.fingerprint();
        try (Conn rw = withoutStatementCheck().open(ConnConfig.of(fixture.dsn()))) {
            // earlier text lifts query_only, also while merely being compiled by EXPLAIN...
            drain(rw.query(Query.of("pragma query_only=0").withReadOnly(true)));
            drain(rw.query(Query.of("explain pragma query_only=0").withReadOnly(true)));
            // ...and the next read-only statement gets it back before it runs
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> rw.query(Query.of("delete from orders").withReadOnly(true)));
            assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
        }
        // on a read-only connection, after every form that lifts it, a temporary table (which the
        // read-only handle alone lets through) is refused
        try (Conn ro = withoutStatementCheck().open(readOnly())) {
            for (String sql : LIFTING) {
                drain(ro.query(Query.of("select * from customers where id = ?").withParams(Value.of(1))));
                drain(ro.query(Query.of(sql)));
                DriverException e = assertThrows(
                        DriverException.class,
                        () -> ro.query(Query.of("create temp table t (x)")).close(),
                        sql);
                assertEquals(ErrorKind.READ_ONLY, e.kind(), sql + ": " + e.getMessage());
            }
            // compiled but never run: the parameter it does not have fails the bind, after the compile lifted the flag
            drain(ro.query(Query.of("select 1")));
            DriverException bind = assertThrows(
                    DriverException.class,
                    () -> ro.query(Query.of("pragma query_only=0").withParams(Value.of(1)))
                            .close());
            assertEquals(ErrorKind.INVALID_ARGUMENT, bind.kind(), bind.getMessage());
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> ro.query(Query.of("create temp table t (x)")).close());
            assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
            assertEquals(
                    0, drain(ro.query(Query.of("select * from temp.sqlite_master"))), "a temporary table was made");
        }
        assertEquals(before, fixture.fingerprint());
    }

    @Test
    void attachIsLimitedToNoneWithoutTheStatementCheck() {
        java.nio.file.Path target = fixture.file("attached-by-guard-test.db");
        try (Conn ro = withoutStatementCheck().open(readOnly())) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> ro.query(Query.of("attach database '" + target + "' as x"))
                            .close());
            assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
            assertTrue(e.getMessage().contains("too many attached databases - max 0"), e.getMessage());
        }
        assertFalse(Files.exists(target), "a refused ATTACH created its file");
    }

    @Test
    void extensionsStayOffEvenOnWritableConnections() {
        try (Conn rw = driver.open(ConnConfig.of(fixture.dsn()))) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> rw.query(Query.of("select load_extension('/nonexistent')"))
                            .close());
            assertEquals(ErrorKind.PERMISSION, e.kind(), e.getMessage());
            assertEquals("sqlite: query: not authorized: permission denied", e.getMessage());
        }
    }

    @Test
    void queryOnlyIsTheLayerThatStopsTemporaryTables() {
        // the control for the test above: with no assertion at all, the read-only handle alone lets a temporary table
        // through
        JdbcDriver unasserted = withoutStatementCheckOrQueryOnly();
        try (Conn ro = unasserted.open(readOnly())) {
            drain(ro.query(Query.of("pragma query_only=0")));
            drain(ro.query(Query.of("create temp table t (x)")));
            assertEquals(1, drain(ro.query(Query.of("select * from temp.sqlite_master"))));
        }
    }

    @Test
    void aCachedVerdictNeverLetsAWriteThrough() {
        String before = fixture.fingerprint();
        String delete = "delete from orders where id = -1";
        try (Conn rw = driver.open(ConnConfig.of(fixture.dsn()))) {
            for (int i = 0; i < 3; i++) {
                drain(rw.query(Query.of(delete))); // accepted as one statement on the writable path
                DriverException e = assertThrows(
                        DriverException.class,
                        () -> rw.query(Query.of(delete).withReadOnly(true)).close());
                assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
            }
        }
        try (Conn ro = driver.open(readOnly())) {
            for (int i = 0; i < 3; i++) {
                assertEquals(1, drain(ro.query(Query.of("select 1"))));
                for (String sql : List.of(
                        "delete from orders", "select 1; delete from orders", "select 1 ", "pragma query_only=0")) {
                    if (sql.equals("select 1 ")) {
                        assertEquals(1, drain(ro.query(Query.of(sql))));
                        continue;
                    }
                    DriverException e = assertThrows(
                            DriverException.class, () -> ro.query(Query.of(sql)).close(), sql);
                    assertTrue(
                            e.kind() == ErrorKind.READ_ONLY || e.kind() == ErrorKind.SYNTAX,
                            sql + ": " + e.getMessage());
                }
            }
        }
        assertEquals(before, fixture.fingerprint());
    }
}
