package dev.tobira.driver.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Explainer;
import dev.tobira.api.Query;
import dev.tobira.api.Registry;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Secret;
import dev.tobira.api.Transactor;
import dev.tobira.api.Value;
import dev.tobira.drivertest.SilentServer;
import dev.tobira.jdbc.JdbcDriver;
import dev.tobira.jdbc.ReadOnlyMode;
import dev.tobira.spi.StatementGuard;
import java.io.IOException;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * What the kit does not check, against the test server: credentials and unreachable servers,
 * which server answered, MySQL's types, describe, the read-only transaction and post-check on
 * their own (with the statement check taken away), and the session settings that keep the
 * server reading text the way the guard does.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MysqlDriverTest {
    private static final String DATABASE = "tobira_mysql_it_" + MysqlFixture.RUN;
    private static final String USER = "tobira_auth_" + MysqlFixture.RUN;
    private static final String PASSWORD = "Pa55-w0rd-7f3c91";

    private final MysqlDriver driver = new MysqlDriver();
    private MysqlFixture fixture;

    @BeforeAll
    void prepare() {
        fixture = new MysqlFixture(MysqlServer.find(), DATABASE);
    }

    @AfterAll
    void cleanUp() {
        if (fixture != null) {
            fixture.execute("drop user if exists " + USER + "@'localhost', " + USER + "@'127.0.0.1', " + USER + "@'%'");
            fixture.drop();
        }
    }

    @BeforeEach
    void seed() {
        fixture.seed();
    }

    private ConnConfig writable() {
        return fixture.server.config(DATABASE, false);
    }

    private ConnConfig readOnly() {
        return fixture.server.config(DATABASE, true);
    }

    private static List<Row> rows(Conn conn, Query query) {
        List<Row> rows = new ArrayList<>();
        try (ResultSet rs = conn.query(query)) {
            rs.forEachRemaining(rows::add);
        }
        return rows;
    }

    // ---------------------------------------------------------------- opening

    @Test
    void infoSaysWhichServerAnswered() {
        try (Conn conn = driver.open(writable())) {
            assertEquals("mysql", conn.info().driver());
            assertEquals(fixture.mariaDb ? "mariadb" : "mysql", conn.info().dialect());
            assertEquals(Optional.of(fixture.version), conn.info().serverVersion());
        }
        try (Conn conn = driver.open(writable())) {
            assertEquals(
                    fixture.mariaDb ? "mariadb" : "mysql", conn.info().dialect(), "a second open on the same thread");
        }
    }

    @Test
    void theMariadbSchemeOpensToo() {
        ConnConfig config = ConnConfig.of(writable().dsn().replaceFirst("^mysql:", "mariadb:"))
                .withName("m")
                .withPassword(writable().password())
                .withConnectTimeout(Duration.ofSeconds(10));
        Registry registry = Registry.discover();
        try (Conn conn = registry.open(config)) {
            assertEquals(Value.of(1), conn.query(Query.of("select 1")).one(r -> r.get(0)));
        }
    }

    private void createUser() {
        fixture.execute("drop user if exists " + USER + "@'localhost', " + USER + "@'127.0.0.1', " + USER + "@'%'");
        for (String host : List.of("localhost", "127.0.0.1", "%")) {
            fixture.execute("create user " + USER + "@'" + host + "' identified by '" + PASSWORD + "'");
            fixture.execute("grant select on " + DATABASE + ".* to " + USER + "@'" + host + "'");
        }
    }

    private String userDsn(String password) {
        MysqlServer s = fixture.server;
        return "mysql://" + USER + (password == null ? "" : ":" + password) + "@" + s.host() + ":" + s.port() + "/"
                + DATABASE;
    }

    @Test
    void badCredentialsAreAuthAndNeverShowThePassword() {
        createUser();
        String wrong = "Wr0ng-pass-4d2e88";
        for (ConnConfig config : List.of(
                ConnConfig.of(userDsn(wrong)),
                ConnConfig.of(userDsn(null)).withPassword(Secret.of(wrong)),
                ConnConfig.of(userDsn(PASSWORD)).withPassword(Secret.of(wrong)))) {
            DriverException e = assertThrows(
                    DriverException.class, () -> driver.open(config).close());
            assertEquals(ErrorKind.AUTH, e.kind(), e.getMessage());
            assertTrue(e.getMessage().startsWith("mysql: open: "), e.getMessage());
            assertFalse(e.getMessage().contains(wrong), e.getMessage());
            assertFalse(e.getMessage().contains(PASSWORD), e.getMessage());
        }
        try (Conn conn = driver.open(ConnConfig.of(userDsn(PASSWORD)))) {
            assertEquals(
                    Value.of(5),
                    conn.query(Query.of("select count(*) from customers")).one(r -> r.get(0)),
                    "the right password from the DSN");
            DriverException denied =
                    assertThrows(DriverException.class, () -> rows(conn, Query.of("delete from orders")));
            assertEquals(ErrorKind.PERMISSION, denied.kind(), denied.getMessage());
            assertFalse(denied.getMessage().contains(PASSWORD), denied.getMessage());
        }
        try (Conn conn = driver.open(ConnConfig.of(userDsn(null)).withPassword(Secret.of(PASSWORD)))) {
            assertEquals(
                    Value.of(5),
                    conn.query(Query.of("select count(*) from customers")).one(r -> r.get(0)),
                    "the right password from the config");
        }
        MysqlServer s = fixture.server;
        DriverException noDb = assertThrows(
                DriverException.class,
                () -> driver.open(ConnConfig.of("mysql://" + USER + ":" + PASSWORD + "@" + s.host() + ":" + s.port()
                                + "/tobira_no_such_db"))
                        .close());
        assertTrue(noDb.kind() == ErrorKind.NOT_FOUND || noDb.kind() == ErrorKind.PERMISSION, noDb.getMessage());
        assertFalse(noDb.getMessage().contains(PASSWORD), noDb.getMessage());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aClosedPortIsConnection() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        ConnConfig config =
                ConnConfig.of("mysql://root@127.0.0.1:" + port + "/test").withConnectTimeout(Duration.ofSeconds(2));
        DriverException e =
                assertThrows(DriverException.class, () -> driver.open(config).close());
        assertEquals(ErrorKind.CONNECTION, e.kind(), e.getMessage());
        assertTrue(e.getMessage().startsWith("mysql: open: "), e.getMessage());
    }

    /** A server that accepts the connection and never says a word: the connect timeout ends the open, as TIMEOUT (issue 15). */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aSilentServerIsATimeoutWithinTheConnectTimeout() {
        try (SilentServer silent = SilentServer.start()) {
            ConnConfig config = ConnConfig.of("mysql://root@127.0.0.1:" + silent.port() + "/test")
                    .withConnectTimeout(Duration.ofSeconds(1));
            DriverException e = assertThrows(
                    DriverException.class, () -> driver.open(config).close());
            assertEquals(ErrorKind.TIMEOUT, e.kind(), e.getMessage());
            assertTrue(e.getMessage().startsWith("mysql: open: "), e.getMessage());
        }
    }

    // ---------------------------------------------------------------- the read-only layers below the statement check

    /** Which read-only transaction a guarded text gets in a variant of the dialect. */
    private enum Transaction {
        AS_THE_DIALECT_DECIDES,
        NEVER,
        ALWAYS
    }

    /**
     * The driver with its statement check reduced to "one statement", and optionally database
     * layers taken away as well, so each remaining one can be proven on its own.
     */
    private static final class Unchecked extends JdbcDriver {
        /** The statement check alone taken away: every database layer stands. */
        Unchecked() {
            this(true, Transaction.AS_THE_DIALECT_DECIDES);
        }

        /**
         * @param accessMode whether the session's access mode is set to read-only for each statement
         *     (a session statement first, or on MariaDB's read-only connections a {@code SET STATEMENT} prefix)
         * @param transaction which texts run inside a read-only transaction of their own
         */
        Unchecked(boolean accessMode, Transaction transaction) {
            super(new MysqlDialect() {
                private final StatementGuard none =
                        StatementGuard.builder(NAME).dialect(sqlDialect()).build();

                @Override
                public StatementGuard guard() {
                    return none;
                }

                @Override
                protected ReadOnlyMode readOnlyMode() {
                    return new MysqlReadOnlyMode(new MysqlReadOnlyMode.Layers(
                            accessMode,
                            switch (transaction) {
                                case AS_THE_DIALECT_DECIDES -> MysqlReadOnlyMode.OwnTransaction.UNLESS_ONE_READ;
                                case NEVER -> MysqlReadOnlyMode.OwnTransaction.NEVER;
                                case ALWAYS -> MysqlReadOnlyMode.OwnTransaction.ALWAYS;
                            }));
                }
            });
        }
    }

    /** The session variable of the access mode on the test server. */
    private String accessMode() {
        return fixture.mariaDb && !fixture.atLeast(11, 1) ? "tx_read_only" : "transaction_read_only";
    }

    /**
     * Code on the server that lifts the session's read-only default from inside a read the
     * allow-list passes: one function plainly, one after turning off the session-state tracking
     * whose flag would have told the client, and a procedure that lifts and then writes.
     */
    private void createLifters() {
        fixture.execute("create function tobira_lift() returns integer not deterministic" + " begin set @@session."
                + accessMode() + " = 0; return 1; end");
        fixture.execute("create function tobira_lift_quietly() returns integer not deterministic"
                + " begin set @@session.session_track_state_change = 0; set @@session." + accessMode()
                + " = 0; return 1; end");
        fixture.execute("create procedure tobira_lift_and_delete() modifies sql data" + " begin set @@session."
                + accessMode() + " = 0; delete from orders; end");
    }

    /** Writes the statement check would refuse; each must fail on its own with READ_ONLY. */
    private List<String> writes() {
        List<String> writes = new ArrayList<>(List.of(
                "select probe_write()",
                "delete from orders",
                "insert into orders values (99, 1, 1, 'x', '2026-01-01')",
                "update customers set name = 'x'",
                "select * from orders for update",
                "create temporary table tobira_tmp (x int)",
                "create table tobira_escaped (x int)",
                "call probe_proc()",
                "do probe_write()"));
        if (fixture.mariaDb) {
            writes.addAll(List.of("select nextval(probe_seq)", "select setval(probe_seq, 77)"));
        }
        return writes;
    }

    /**
     * Texts that change the session first, each followed by a plain write, which must still be
     * refused: the changes are lifted access modes, statement-scoped settings, transactions
     * opened and autocommit turned off. The first text may run (a read) or be refused.
     */
    private List<List<String>> liftsThenWrites() {
        List<List<String>> cases = new ArrayList<>(List.of(
                List.of("select tobira_lift()", "delete from orders"),
                List.of("select tobira_lift_quietly()", "delete from orders"),
                List.of("call tobira_lift_and_delete()", "delete from orders"),
                List.of("set session transaction read write", "delete from orders"),
                List.of("set session " + accessMode() + " = 0", "delete from orders"),
                List.of("start transaction", "delete from orders"),
                List.of("start transaction read write", "delete from orders"),
                List.of("set autocommit = 0", "delete from orders")));
        if (fixture.mariaDb) {
            cases.add(List.of("set statement " + accessMode() + " = 0 for delete from orders", "delete from orders"));
        }
        return cases;
    }

    private void assertEveryWriteRefused(Conn conn, boolean readOnlyQuery) {
        assertEveryWriteRefused(conn, readOnlyQuery, false);
    }

    /**
     * @param limited whether each text also has a row limit and a deadline, for which Connector/J
     *     puts a {@code SET STATEMENT} of its own in front of the driver's
     */
    private void assertEveryWriteRefused(Conn conn, boolean readOnlyQuery, boolean limited) {
        String before = fixture.fingerprint();
        java.util.function.Function<String, Query> query = sql -> {
            Query q = Query.of(sql).withReadOnly(readOnlyQuery);
            return limited ? q.withLimit(1).withTimeout(Duration.ofSeconds(30)) : q;
        };
        for (String sql : writes()) {
            DriverException e = assertThrows(DriverException.class, () -> rows(conn, query.apply(sql)), sql);
            assertEquals(ErrorKind.READ_ONLY, e.kind(), sql + ": " + e.getMessage());
            assertEquals(before, fixture.fingerprint(), sql + " changed the database");
        }
        for (List<String> texts : liftsThenWrites()) {
            try {
                rows(conn, query.apply(texts.get(0)));
            } catch (DriverException refused) {
                assertEquals(ErrorKind.READ_ONLY, refused.kind(), texts.get(0) + ": " + refused.getMessage());
            }
            assertEquals(before, fixture.fingerprint(), texts.get(0) + " changed the database");
            DriverException e =
                    assertThrows(DriverException.class, () -> rows(conn, query.apply(texts.get(1))), texts.toString());
            assertEquals(ErrorKind.READ_ONLY, e.kind(), texts + ": " + e.getMessage());
            assertEquals(before, fixture.fingerprint(), texts + " changed the database");
        }
        assertEquals(
                Value.of(5),
                rows(conn, Query.of("select count(*) from customers").withReadOnly(readOnlyQuery))
                        .get(0)
                        .get(0),
                "the connection still works");
    }

    /** The statement check taken away: the read-only session, the access mode set before each statement and the post-check stop every write. */
    @Test
    void theDatabaseLayersStopWritesTheAllowListWouldLetThrough() {
        createLifters();
        try (Conn conn = new Unchecked().open(readOnly())) {
            assertEveryWriteRefused(conn, false);
            assertEveryWriteRefused(conn, false, true);
        }
        try (Conn conn = new Unchecked().open(writable())) {
            assertEveryWriteRefused(conn, true);
            try (ResultSet rs = conn.query(Query.of("delete from orders where id = 7"))) {
                assertEquals(
                        1,
                        rs.stats().rowsAffected().orElseThrow(),
                        "the writable connection writes again once a guarded statement is over");
            }
        }
    }

    /**
     * The access mode set before each statement on its own, on a writable connection (no
     * read-only session, no read-only transaction): every statement runs as its own read-only
     * autocommit transaction, DDL included, and a function that lifted the access mode during one
     * statement does not outlive it.
     */
    @Test
    void theAccessModeAloneStopsWrites() {
        createLifters();
        String before = fixture.fingerprint();
        try (Conn conn = new Unchecked(true, Transaction.NEVER).open(writable())) {
            for (String sql : writes()) {
                DriverException e = assertThrows(
                        DriverException.class, () -> rows(conn, Query.of(sql).withReadOnly(true)), sql);
                assertEquals(ErrorKind.READ_ONLY, e.kind(), sql + ": " + e.getMessage());
            }
            for (String lift : List.of("select tobira_lift()", "select tobira_lift_quietly()")) {
                rows(conn, Query.of(lift).withReadOnly(true));
                DriverException e = assertThrows(
                        DriverException.class,
                        () -> rows(conn, Query.of("delete from orders").withReadOnly(true)),
                        lift);
                assertEquals(ErrorKind.READ_ONLY, e.kind(), lift + ": " + e.getMessage());
            }
            assertEquals(before, fixture.fingerprint());
        }
    }

    /**
     * The read-only session of a read-only connection on its own (the access mode not set again
     * before each statement, no read-only transaction): it refuses writes and DDL, but a function
     * the allow-list would let through can lift it for the statements after, which is why the
     * access mode is set again before every statement.
     */
    @Test
    void theReadOnlySessionAloneStopsWritesUntilSomethingLiftsIt() {
        createLifters();
        String before = fixture.fingerprint();
        try (Conn conn = new Unchecked(false, Transaction.NEVER).open(readOnly())) {
            for (String sql : writes()) {
                DriverException e = assertThrows(DriverException.class, () -> rows(conn, Query.of(sql)), sql);
                assertEquals(ErrorKind.READ_ONLY, e.kind(), sql + ": " + e.getMessage());
            }
            assertEquals(before, fixture.fingerprint());
            rows(conn, Query.of("select tobira_lift_quietly()"));
            DriverException e =
                    assertThrows(DriverException.class, () -> rows(conn, Query.of("delete from orders where id = 7")));
            assertTrue(e.getMessage().contains("not a read; refused after it ran"), e.getMessage());
        }
        assertEquals(
                6L, fixture.count("orders"), "the lifted session let the delete run: only the post-check reported it");
    }

    /**
     * The read-only transaction on its own (the access mode not set before each statement), on a
     * writable connection: it stops writes, statement-scoped settings and procedures that lift the
     * access mode, but DDL commits implicitly and escapes it. The post-check then sees the
     * transaction gone and refuses; the change is made. The access mode set before each statement
     * refuses that DDL before it runs (see {@link #theAccessModeAloneStopsWrites}), and the
     * allow-list never lets it through at all.
     */
    @Test
    void theTransactionAloneLetsDdlEscapeAndThePostCheckSeesIt() {
        createLifters();
        String before = fixture.fingerprint();
        try (Conn conn = new Unchecked(false, Transaction.ALWAYS).open(writable())) {
            List<String> stopped = new ArrayList<>(List.of(
                    "delete from orders",
                    "select probe_write()",
                    "call tobira_lift_and_delete()",
                    "call probe_proc()"));
            if (fixture.mariaDb) {
                stopped.add("set statement " + accessMode() + " = 0 for delete from orders");
            }
            for (String sql : stopped) {
                DriverException e = assertThrows(
                        DriverException.class, () -> rows(conn, Query.of(sql).withReadOnly(true)), sql);
                assertEquals(ErrorKind.READ_ONLY, e.kind(), sql + ": " + e.getMessage());
                assertEquals(before, fixture.fingerprint(), sql);
            }
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> rows(
                            conn,
                            Query.of("create table tobira_escaped (x int)").withReadOnly(true)));
            assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
            assertTrue(e.getMessage().contains("not a read; refused after it ran"), e.getMessage());
            assertNotEquals(before, fixture.fingerprint(), "the DDL ran: the post-check reports, it cannot undo");
            assertEquals(
                    Value.of(5),
                    rows(conn, Query.of("select count(*) from customers").withReadOnly(true))
                            .get(0)
                            .get(0),
                    "the connection still works");
        }
        try (Conn conn = driver.open(writable())) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> rows(
                            conn,
                            Query.of("create table tobira_escaped2 (x int)").withReadOnly(true)));
            assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
            assertTrue(
                    e.getMessage()
                            .startsWith("mysql: query: only SELECT, WITH, VALUES, TABLE, SHOW, DESCRIBE, DESC and"
                                    + " EXPLAIN statements are allowed on a read-only connection"),
                    e.getMessage());
        }
    }

    /**
     * The post-check on its own (writable connection, no access mode, no transaction): a guarded
     * statement that returns no rows is refused after it ran, and one that left autocommit off or
     * a transaction open is undone, so the connection's next statement runs as before.
     */
    @Test
    void thePostCheckAloneRefusesWhatReturnedNoRowsAndRestoresAutocommit() {
        String before = fixture.fingerprint();
        try (Conn conn = new Unchecked(false, Transaction.NEVER).open(writable())) {
            for (String sql :
                    List.of("set autocommit = 0", "start transaction", "create table tobira_escaped (x int)")) {
                DriverException e = assertThrows(
                        DriverException.class, () -> rows(conn, Query.of(sql).withReadOnly(true)), sql);
                assertEquals(ErrorKind.READ_ONLY, e.kind(), sql + ": " + e.getMessage());
                assertTrue(e.getMessage().contains("not a read"), e.getMessage());
            }
            assertNotEquals(before, fixture.fingerprint(), "the DDL ran: the post-check reports, it cannot undo");
            try (ResultSet rs = conn.query(Query.of("delete from orders where id = 7"))) {
                assertEquals(1, rs.stats().rowsAffected().orElseThrow());
            }
        }
        assertEquals(6L, fixture.count("orders"), "the delete was committed: autocommit is back on");
    }

    /** A guarded statement on a writable connection, whatever its end, leaves the connection writing as before. */
    @Test
    void aWritableConnectionWritesAgainAfterGuardedStatements() {
        try (Conn conn = driver.open(writable())) {
            List<Query> guarded = List.of(
                    Query.of("select count(*) from customers"),
                    Query.of("select * from tobira_no_such_table"),
                    Query.of("selec 1"),
                    Query.of(Rows.query(100_000)).withLimit(3),
                    Query.of(Rows.query(100_000)));
            long orders = 7;
            for (Query q : guarded) {
                try (ResultSet rs = conn.query(q.withReadOnly(true))) {
                    if (rs.hasNext()) {
                        rs.next();
                    }
                } catch (DriverException expected) {
                    // a failed read must not leave the session read-only either
                }
                try (ResultSet rs = conn.query(Query.of("delete from orders where id = " + orders))) {
                    assertEquals(1, rs.stats().rowsAffected().orElseThrow(), q.text());
                }
                orders--;
                assertEquals(orders, fixture.count("orders"), "committed after " + q.text());
            }
        }
    }

    /**
     * Connector/J marks a transaction after every error reply, since the reply does not say; a
     * failed statement must not make the next guarded read look like one inside a transaction.
     */
    @Test
    void aFailedStatementDoesNotLookLikeAnOpenTransaction() {
        try (Conn conn = driver.open(writable());
                Conn ro = driver.open(readOnly())) {
            for (Query failing : List.of(
                    Query.of("selec 1"),
                    Query.of("selec 1").withReadOnly(true),
                    Query.of("select * from tobira_no_such_table").withReadOnly(true))) {
                for (Conn c : List.of(conn, ro)) {
                    assertThrows(DriverException.class, () -> rows(c, failing), failing.text());
                    assertEquals(
                            Value.of(5),
                            rows(c, Query.of("select count(*) from customers").withReadOnly(true))
                                    .get(0)
                                    .get(0),
                            "a guarded read after " + failing);
                }
            }
        }
    }

    /** A read-only query while the connection's own statements hold a transaction open: refused, the transaction left alone. */
    @Test
    void aReadOnlyQueryNeverEndsTheConnectionsOwnTransaction() {
        try (Conn conn = driver.open(writable())) {
            rows(conn, Query.of("start transaction"));
            rows(conn, Query.of("delete from orders where id = 7"));
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> rows(conn, Query.of("select count(*) from orders").withReadOnly(true)));
            assertEquals(ErrorKind.UNSUPPORTED, e.kind(), e.getMessage());
            assertEquals(
                    Value.of(6),
                    conn.query(Query.of("select count(*) from orders")).one(r -> r.get(0)),
                    "the transaction is still open, its delete in it");
            rows(conn, Query.of("rollback"));
            assertEquals(
                    Value.of(7),
                    conn.query(Query.of("select count(*) from orders")).one(r -> r.get(0)));
        }
    }

    @Test
    void readOnlyFileAndLockFunctionsAreRefused() {
        try (Conn conn = driver.open(readOnly());
                Conn rw = driver.open(writable())) {
            for (String sql : List.of(
                    "select load_file('/etc/hostname')",
                    "select get_lock('tobira_x', 0)",
                    "select sleep(0)",
                    "handler orders open",
                    "set session transaction read write",
                    "select 1 into @v")) {
                for (Conn c : List.of(conn, rw)) {
                    Query q = Query.of(sql).withReadOnly(true);
                    DriverException e = assertThrows(DriverException.class, () -> rows(c, q), sql);
                    assertEquals(ErrorKind.READ_ONLY, e.kind(), sql + ": " + e.getMessage());
                }
            }
            assertEquals(
                    Value.of(0),
                    rw.query(Query.of("select sleep(0)")).one(r -> r.get(0)),
                    "a writable connection's own query may sleep");
        }
    }

    /** A writable connection may change sql_mode; a read-only query on it puts back the reading the guard assumed. */
    @Test
    void readOnlyQueriesUndoSqlModesThatChangeHowTextReads() {
        try (Conn conn = driver.open(writable())) {
            // ANSI (and, on MariaDB, ORACLE, DB2, MAXDB, MSSQL, POSTGRESQL) turn ANSI_QUOTES on by
            // themselves: removing ANSI_QUOTES alone would leave it on once the mode is set again
            List<String> modes =
                    new ArrayList<>(List.of("ANSI_QUOTES,NO_BACKSLASH_ESCAPES", "ANSI", "ANSI,NO_BACKSLASH_ESCAPES"));
            if (fixture.mariaDb) {
                modes.addAll(List.of("ORACLE", "DB2", "MAXDB", "MSSQL", "POSTGRESQL"));
            }
            for (String mode : modes) {
                // to the guard's lexer this is one string; a server reading "…" as an identifier would run INTO @v
                rows(conn, Query.of("set @v = null"));
                rows(conn, Query.of("set session sql_mode = '" + mode + "'"));
                rows(conn, Query.of("select 1 as \"a\\\" into @v -- \"").withReadOnly(true));
                assertEquals(
                        Value.NULL, rows(conn, Query.of("select @v")).get(0).get(0), mode + ": INTO @v ran");
                rows(conn, Query.of("set session sql_mode = '" + mode + "'"));
                assertEquals(
                        Value.of("it's"),
                        rows(conn, Query.of("select 'it\\'s' as s").withReadOnly(true))
                                .get(0)
                                .get(0),
                        mode);
                assertEquals(
                        Value.of("dq"),
                        rows(conn, Query.of("select \"dq\" as s").withReadOnly(true))
                                .get(0)
                                .get(0),
                        mode);
                Value left = rows(conn, Query.of("select @@session.sql_mode").withReadOnly(true))
                        .get(0)
                        .get(0);
                for (String quoting : List.of("ANSI_QUOTES", "NO_BACKSLASH_ESCAPES")) {
                    assertFalse(
                            ("," + ((Value.Text) left).value() + ",").contains("," + quoting + ","),
                            mode + " left " + left);
                }
            }
        }
    }

    /**
     * A read-only connection sends its sql_mode as a literal taken at open. A function that changes
     * the session's modes or time zone is undone before the next statement either way.
     */
    @Test
    void aReadOnlyConnectionPutsItsSessionBackAfterAFunctionChangedIt() throws Exception {
        try (Connection c = fixture.connect();
                Statement st = c.createStatement()) {
            st.execute("drop function if exists probe_session");
            st.execute("create function probe_session() returns integer deterministic"
                    + " begin set session sql_mode = 'ANSI'; set session time_zone = '+05:00';"
                    + (fixture.mariaDb
                            ? " set session sql_select_limit = 2; set session max_statement_time = 0.001;"
                            : "")
                    + " return 1; end");
        }
        try (Conn conn = driver.open(readOnly())) {
            Value modes = conn.query(Query.of("select @@session.sql_mode")).one(r -> r.get(0));
            for (String quoting : SessionStatements.QUOTING_MODES) {
                assertFalse(
                        ("," + ((Value.Text) modes).value() + ",").contains("," + quoting + ","),
                        quoting + " in " + modes);
            }
            for (int i = 0; i < 2; i++) {
                assertEquals(
                        Value.of(1),
                        conn.query(Query.of("select probe_session()")).one(r -> r.get(0)));
                List<Value> after = rows(conn, Query.of("select \"dq\", @@session.time_zone, @@session.sql_mode"))
                        .get(0)
                        .values();
                assertEquals(List.of(Value.of("dq"), Value.of("+00:00"), modes), after);
                assertEquals(
                        5,
                        rows(conn, Query.of("select id from customers")).size(),
                        "no row limit left by the function");
                if (fixture.mariaDb) {
                    assertEquals(
                            Value.of(428_571),
                            conn.query(Query.of("select count(*) from seq_1_to_3000000 where seq % 7 = 0"))
                                    .one(r -> r.get(0)),
                            "no statement time left by the function");
                }
            }
        } finally {
            try (Connection c = fixture.connect();
                    Statement st = c.createStatement()) {
                st.execute("drop function if exists probe_session");
            }
        }
    }

    /**
     * A statement without the prefix may leave the session's sql_mode changed, and the server
     * parses a prefixed text under the session's mode; so the read after such a statement sets
     * the session again first. Shown with the statement check taken away, the only way a text
     * can change the mode: once inside a read-only transaction of the Transactor, once as a text
     * that is not a read (refused by the post-check after it ran).
     */
    @Test
    void aReadAfterAStatementWithoutThePrefixSetsTheSessionAgain() {
        try (Conn conn = new Unchecked().open(readOnly())) {
            try (Transactor.Tx tx = conn.as(Transactor.class).orElseThrow().begin()) {
                try (ResultSet rs = tx.query(Query.of("set session sql_mode = 'ANSI'"))) {
                    assertFalse(rs.hasNext());
                }
                tx.rollback();
            }
            assertEquals(
                    Value.of("dq"),
                    conn.query(Query.of("select \"dq\"")).one(r -> r.get(0)),
                    "read in ANSI mode after the transaction");
            DriverException e =
                    assertThrows(DriverException.class, () -> rows(conn, Query.of("set session sql_mode = 'ANSI'")));
            assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
            assertEquals(
                    Value.of("dq"),
                    conn.query(Query.of("select \"dq\"")).one(r -> r.get(0)),
                    "read in ANSI mode after the refused text");
        }
    }

    @Test
    void aWritableTransactionRefusesReadOnlyQueries() {
        try (Conn conn = driver.open(writable());
                Transactor.Tx tx = conn.as(Transactor.class).orElseThrow().begin()) {
            DriverException e = assertThrows(DriverException.class, () -> {
                try (ResultSet rs = tx.query(Query.of("select 1").withReadOnly(true))) {
                    rs.forEachRemaining(r -> {});
                }
            });
            assertEquals(ErrorKind.UNSUPPORTED, e.kind(), e.getMessage());
            try (ResultSet rs = tx.query(Query.of("select count(*) from customers"))) {
                assertEquals(Value.of(5), rs.next().get(0));
            }
        }
    }

    @Test
    void aReadOnlyTransactionReadsAndRefusesWrites() {
        String before = fixture.fingerprint();
        try (Conn conn = driver.open(readOnly());
                Transactor.Tx tx = conn.as(Transactor.class).orElseThrow().begin()) {
            try (ResultSet rs = tx.query(Query.of("select count(*) from orders"))) {
                assertEquals(Value.of(7), rs.next().get(0));
            }
            for (String sql : List.of("delete from orders", "select probe_write()")) {
                DriverException e = assertThrows(
                        DriverException.class,
                        () -> {
                            try (ResultSet rs = tx.query(Query.of(sql))) {
                                rs.forEachRemaining(r -> {});
                            }
                        },
                        sql);
                assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
            }
            tx.commit();
        }
        assertEquals(before, fixture.fingerprint());
    }

    // ---------------------------------------------------------------- types and metadata

    @Test
    void describeMapsMysqlTypes() {
        try (Conn conn = driver.open(writable())) {
            CollectionInfo info = conn.describe(CollectionRef.of(fixture.kinds, "kinds"));
            Map<String, Value.Kind> kinds =
                    info.fields().stream().collect(Collectors.toMap(Column::name, Column::kind));
            assertEquals(Value.Kind.BOOL, kinds.get("b1"));
            assertEquals(Value.Kind.INT, kinds.get("b5"));
            assertEquals(Value.Kind.BOOL, kinds.get("ti1"));
            assertEquals(Value.Kind.BOOL, kinds.get("bo"));
            assertEquals(Value.Kind.INT, kinds.get("tiu"));
            assertEquals(Value.Kind.INT, kinds.get("iu"));
            assertEquals(Value.Kind.DECIMAL, kinds.get("bu"));
            assertEquals(Value.Kind.INT, kinds.get("y"));
            assertEquals(
                    Value.Kind.JSON,
                    kinds.get("j"),
                    "JSON, also where MariaDB stores it as LONGTEXT with a json_valid check");
            assertEquals(Value.Kind.TIMESTAMP, kinds.get("ts"));
            assertEquals(Value.Kind.DATETIME, kinds.get("dt"));
            assertEquals(Value.Kind.TIME, kinds.get("tm"));
            assertEquals(Value.Kind.TEXT, kinds.get("e"));
            assertEquals(Value.Kind.TEXT, kinds.get("st"));
            assertEquals(Value.Kind.FLOAT, kinds.get("f"));
            assertEquals(Value.Kind.FLOAT, kinds.get("d"));
            assertEquals(Value.Kind.DECIMAL, kinds.get("dc"));
            assertEquals(Value.Kind.BYTES, kinds.get("bl"));
            assertEquals(Value.Kind.TEXT, kinds.get("tx"));
            if (kinds.containsKey("u")) {
                assertEquals(Value.Kind.UUID, kinds.get("u"));
            }
        }
    }

    @Test
    void timeBeyondADayStaysText() {
        try (Conn conn = driver.open(readOnly())) {
            assertEquals(
                    Value.of("838:59:59"),
                    conn.query(Query.of("select dur from " + fixture.kinds + ".kinds"))
                            .one(r -> r.get(0)));
            assertEquals(
                    Value.of("-01:00:00"),
                    conn.query(Query.of("select cast('-01:00:00' as time)")).one(r -> r.get(0)));
        }
    }

    @Test
    void describeReportsKeysForeignKeysAndIndexes() {
        fixture.execute("create index orders_status on orders (status(10), created_at(10))");
        try (Conn conn = driver.open(readOnly())) {
            CollectionInfo orders = conn.describe(CollectionRef.of("orders"));
            assertEquals(List.of("id"), orders.primaryKey());
            assertEquals(1, orders.foreignKeys().size(), orders.foreignKeys().toString());
            CollectionInfo.ForeignKey fk = orders.foreignKeys().get(0);
            assertEquals(Optional.of("orders_customer_fk"), fk.name());
            assertEquals(List.of("customer_id"), fk.fields());
            assertEquals("customers", fk.target().name());
            assertEquals(List.of("id"), fk.targetFields());
            assertTrue(
                    orders.indexes().stream()
                            .anyMatch(i -> i.name().equals("orders_status")
                                    && i.fields().equals(List.of("status", "created_at"))
                                    && !i.unique()),
                    orders.indexes().toString());
            assertEquals("table", orders.type());
            DriverException e = assertThrows(
                    DriverException.class, () -> conn.describe(CollectionRef.of("tobira_no_such_db", "x")));
            assertEquals(ErrorKind.NOT_FOUND, e.kind(), e.getMessage());
        }
    }

    @Test
    void parametersRoundTrip() {
        Instant instant = Instant.parse("2025-03-04T05:06:07Z");
        try (Conn conn = driver.open(writable())) {
            rows(conn, Query.of("create table tobira_params (ts timestamp null, j json, b bool, u varchar(36))"));
            rows(
                    conn,
                    Query.of("insert into tobira_params values (?, ?, ?, ?)")
                            .withParams(
                                    new Value.Timestamp(instant),
                                    new Value.Json("{\"k\": [1]}"),
                                    Value.of(true),
                                    new Value.Uuid(java.util.UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"))));
            Row row = rows(
                            conn,
                            Query.of("select ts, j, b, u from tobira_params where ts = ?")
                                    .withParams(new Value.Timestamp(instant))
                                    .withReadOnly(true))
                    .get(0);
            assertEquals(new Value.Timestamp(instant), row.get(0));
            assertEquals(new Value.Json("{\"k\":[1]}"), row.get(1));
            assertEquals(Value.of(true), row.get(2));
            assertEquals(Value.of("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"), row.get(3));
        }
    }

    @Test
    void explainIsJson() {
        try (Conn conn = driver.open(readOnly())) {
            Explainer.Plan plan =
                    conn.as(Explainer.class).orElseThrow().explain(Query.of("select * from customers where id = 1"));
            assertEquals("json", plan.format());
            assertTrue(plan.text().startsWith("{"), plan.text());
            assertTrue(plan.text().contains("customers"), plan.text());
        }
    }

    @Test
    void queriesRunInANamedNamespaceAndComeBack() {
        try (Conn conn = driver.open(readOnly())) {
            assertEquals(
                    Value.of(1),
                    rows(conn, Query.of("select count(*) from kinds").withNamespace(fixture.kinds))
                            .get(0)
                            .get(0));
            assertEquals(
                    Value.of(5),
                    conn.query(Query.of("select count(*) from customers")).one(r -> r.get(0)),
                    "back in the connection's database");
            DriverException e = assertThrows(
                    DriverException.class, () -> rows(conn, Query.of("select 1").withNamespace("tobira_no_such_db")));
            assertEquals(ErrorKind.NOT_FOUND, e.kind(), e.getMessage());
            assertTrue(conn.namespaces().contains(DATABASE), conn.namespaces().toString());
        }
    }

    @Test
    void aLimitedResultLeavesTheConnectionUsable() {
        try (Conn conn = driver.open(readOnly())) {
            try (ResultSet rs = conn.query(Query.of(Rows.query(100_000)).withLimit(3))) {
                int n = 0;
                while (rs.hasNext()) {
                    rs.next();
                    n++;
                }
                assertEquals(3, n);
                assertTrue(rs.stats().truncated());
            }
            assertEquals(
                    Value.of(5),
                    conn.query(Query.of("select count(*) from customers")).one(r -> r.get(0)));
        }
    }

    @Test
    void nativeSideChannelSeesCommittedWritesOnly() throws SQLException {
        try (Conn conn = driver.open(writable());
                Transactor.Tx tx = conn.as(Transactor.class).orElseThrow().begin()) {
            try (ResultSet rs = tx.query(Query.of("delete from orders where id = 7"))) {
                assertEquals(1, rs.stats().rowsAffected().orElseThrow());
            }
            try (Connection c = fixture.connect();
                    Statement st = c.createStatement();
                    java.sql.ResultSet rs = st.executeQuery("select count(*) from orders")) {
                rs.next();
                assertEquals(7, rs.getInt(1), "an open transaction's delete is not visible outside it");
            }
            tx.rollback();
        }
    }
}
