package dev.tobira.driver.postgres;

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
import dev.tobira.api.Value;
import dev.tobira.spi.Dsn;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.postgresql.core.BaseConnection;

/**
 * The guarded read with a row cap (issue 18; DESIGN.md, "Reads with a row cap"), counted on the
 * wire by {@link PgWire}, a loopback proxy between the driver and the server: one round trip, as
 * the raw client's, and the server still enforcing read-only for the call whatever earlier server
 * code did; nothing the driver adds swallowed by the caller's text; no transaction left behind by
 * a read that fails; larger caps and reads without one streaming as before. Sessions are looked at
 * in {@code pg_stat_activity} by their own backend pid only.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PgCappedReadTest {
    private static final String SCHEMA = "tobira_pg_capped_" + PgFixture.RUN;
    private static final String POINT = "select name from customers where id = 2";
    private static final int N = 20;

    private final PostgresDriver driver = new PostgresDriver();
    private PgFixture fixture;
    private PgWire wire;
    private Dsn.Url server;
    private String dsn;

    @BeforeAll
    void start() throws Exception {
        String url = PgServer.find();
        server = Dsn.parseUrl("postgres", url);
        fixture = new PgFixture(url, SCHEMA);
        fixture.seed();
        wire = new PgWire(server.host(), server.port().orElse(5432));
        dsn = "postgres://" + server.user().orElse("postgres")
                + server.password().map(p -> ":" + p).orElse("")
                + "@127.0.0.1:" + wire.port() + server.path() + "?sslmode=disable&search_path=" + SCHEMA
                + "&application_name=tobira-test-" + SCHEMA;
        try (Connection c = fixture.nativeConnection();
                Statement st = c.createStatement()) {
            // server code that lifts read-only for the session's later calls, as a function the read calls
            st.execute("CREATE OR REPLACE FUNCTION " + SCHEMA + ".lift_read_only() RETURNS text LANGUAGE plpgsql AS $$"
                    + " BEGIN PERFORM set_config('default_transaction_read_only', 'off', false);"
                    + " RETURN current_setting('default_transaction_read_only'); END $$");
            st.execute("CREATE OR REPLACE FUNCTION " + SCHEMA + ".take_lock() RETURNS int LANGUAGE plpgsql AS $$"
                    + " BEGIN PERFORM pg_advisory_lock(" + fixture.advisoryKey() + "); RETURN 1; END $$");
            st.execute(
                    "CREATE OR REPLACE FUNCTION " + SCHEMA + ".take_lock_and_fail() RETURNS int LANGUAGE plpgsql AS $$"
                            + " BEGIN PERFORM pg_advisory_lock(" + fixture.advisoryKey() + "); RETURN 1 / 0; END $$");
        }
    }

    @AfterAll
    void stop() {
        if (wire != null) {
            wire.close();
        }
        if (fixture != null) {
            fixture.close();
        }
    }

    private Conn open(boolean readOnly) {
        return driver.open(ConnConfig.of(dsn).withReadOnly(readOnly));
    }

    private static Query capped(String sql, long limit) {
        return limit > 0
                ? Query.of(sql).withReadOnly(true).withLimit(limit)
                : Query.of(sql).withReadOnly(true);
    }

    private static List<Value> column(Conn conn, Query q) {
        try (ResultSet rs = conn.query(q)) {
            return rs.toList(row -> row.get(0));
        }
    }

    private static Value first(Conn conn, Query q) {
        List<Value> values = column(conn, q);
        assertFalse(values.isEmpty(), "no row for " + q.text());
        return values.get(0);
    }

    /** What one call costs on the wire. */
    private PgWire.Counts cost(Runnable call) {
        PgWire.Counts before = wire.counts();
        call.run();
        return wire.counts().minus(before);
    }

    /** The session's own row of pg_stat_activity: its state and whether it holds a transaction, or empty once it is gone. */
    private Optional<String> activity(long pid) {
        try (PreparedStatement st = fixture.nativeConnection()
                .prepareStatement(
                        "SELECT state || ', xact_start ' || CASE WHEN xact_start IS NULL THEN 'none' ELSE 'set' END"
                                + " || ', backend_xid ' || coalesce(backend_xid::text, 'none') FROM pg_stat_activity WHERE pid = ?")) {
            st.setLong(1, pid);
            try (java.sql.ResultSet rs = st.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            } finally {
                st.getConnection().close();
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final String IDLE = "idle, xact_start none, backend_xid none";

    private static long pid(Conn conn) {
        return Long.parseLong(first(conn, capped("select pg_backend_pid()", 1)).toString());
    }

    // ---------------------------------------------------------------- one round trip

    /** N point reads with the raw client in autocommit through the same proxy: the baseline. */
    private PgWire.Counts raw() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", server.user().orElse("postgres"));
        server.password().ifPresent(pw -> p.setProperty("password", pw));
        p.setProperty("sslmode", "disable");
        String database = server.path().startsWith("/") ? server.path().substring(1) : server.path();
        try (Connection c =
                DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + wire.port() + "/" + database, p)) {
            try (Statement st = c.createStatement()) {
                st.execute("SET search_path = " + SCHEMA);
            }
            try (PreparedStatement st = c.prepareStatement(POINT)) {
                return cost(() -> {
                    for (int i = 0; i < N; i++) {
                        try (java.sql.ResultSet rs = st.executeQuery()) {
                            assertTrue(rs.next());
                            assertEquals("Grace Hopper", rs.getString(1));
                        } catch (SQLException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                });
            }
        }
    }

    private PgWire.Counts reads(Conn conn, long limit) {
        first(
                conn,
                limit == 0 ? Query.of(POINT).withReadOnly(true) : capped(POINT, limit)); // column descriptions cached
        return cost(() -> {
            for (int i = 0; i < N; i++) {
                assertEquals(
                        List.of(Value.of("Grace Hopper")),
                        column(conn, limit == 0 ? Query.of(POINT).withReadOnly(true) : capped(POINT, limit)));
            }
        });
    }

    @Test
    void aCappedPointReadCostsTheRoundTripsOfTheRawClient() throws SQLException {
        PgWire.Counts raw = raw();
        assertEquals(N, raw.exchanges(), "the raw client in autocommit: one round trip per read, " + raw);
        for (boolean readOnly : List.of(true, false)) {
            try (Conn conn = open(readOnly)) {
                PgWire.Counts one = reads(conn, 1);
                PgWire.Counts tenThousand = reads(conn, CappedRead.MAX_LIMIT);
                PgWire.Counts above = reads(conn, CappedRead.MAX_LIMIT + 1);
                PgWire.Counts none = reads(conn, 0);
                String where = readOnly ? "read-only connection" : "writable connection, Query.readOnly";
                System.out.println(
                        "postgres round trips per " + N + " point reads, " + where + ": raw " + raw + "; limit 1 " + one
                                + "; limit 10000 " + tenThousand + "; limit 10001 " + above + "; no limit " + none);
                // a count can only come out too large (PgWire), so "at most" is the claim and "at least" the counter's
                // check
                assertTrue(one.exchanges() <= raw.exchanges(), where + ", limit 1: " + one + ", raw " + raw);
                assertEquals(N, one.syncs(), where + ", limit 1: one Sync per read, " + one);
                assertTrue(
                        tenThousand.exchanges() <= raw.exchanges(),
                        where + ", limit 10000: " + tenThousand + ", raw " + raw);
                assertTrue(above.exchanges() >= 2L * N, where + ", limit 10001 streams as before: " + above);
                assertTrue(none.exchanges() >= 2L * N, where + ", no limit streams as before: " + none);
            }
        }
    }

    @Test
    void aCappedReadIsCutAtItsLimit() {
        try (Conn conn = open(true);
                ResultSet rs = conn.query(capped("select id from customers order by id", 2))) {
            assertEquals(List.of(Value.of(1), Value.of(2)), rs.toList(row -> row.get(0)));
            assertTrue(rs.stats().truncated());
        }
    }

    // ---------------------------------------------------------------- the caller's text cannot swallow the tail

    /**
     * Texts that end in constructs which would run on into anything appended to them on the same
     * line, all accepted by the guard: each must read its row, cost one round trip and leave the
     * session idle outside any transaction.
     */
    @Test
    void nothingTheDriverAddsIsSwallowedByTheText() {
        List<String> texts = List.of(
                "select 'x' as v -- a trailing comment",
                "select 'x' as v --",
                "select 'x' as v -- ;",
                "select 'x' as v -- comment\r",
                "select 'x' as v /* a block comment */",
                "select 'x' as v /* a /* nested */ one */",
                "select 'x' as v;",
                "select $$x$$ as v",
                "select $t$x$t$ as v",
                "select E'x' as v -- \\",
                "select 'x' as \"v\" -- \"");
        try (Conn conn = open(true)) {
            long pid = pid(conn);
            for (String text : texts) {
                PgWire.Counts c = cost(() -> assertEquals(List.of(Value.of("x")), column(conn, capped(text, 5)), text));
                assertTrue(c.exchanges() <= 1, "one round trip for " + text + ": " + c);
                assertEquals(Optional.of(IDLE), activity(pid), "after " + text);
            }
        }
    }

    /**
     * pgjdbc's reading of the whole text must end in the tail, or the read streams as one without a
     * cap: text that pgjdbc reads as running on into the tail (an unterminated comment, string or
     * dollar quote, which the guard refuses before this point) is never sent with the tail.
     */
    @Test
    void textPgjdbcReadsAsRunningOnIntoTheTailIsNotSentWithIt() throws SQLException {
        try (Connection c = fixture.nativeConnection()) {
            BaseConnection pg = c.unwrap(BaseConnection.class);
            for (String open : List.of(
                    "select 1 /* open",
                    "select 'open",
                    "select $$open",
                    "select $q$open",
                    "select \"open",
                    "select 1 /* a /* b */ still open",
                    "select E'open\\'")) {
                assertEquals(Optional.empty(), CappedRead.text(pg, open), open);
            }
            assertEquals(Optional.of("select 1 -- c" + CappedRead.TAIL), CappedRead.text(pg, "select 1 -- c"));
        }
    }

    // ---------------------------------------------------------------- read-only whatever earlier server code did

    /**
     * A function that lifts read-only for the session's later calls ({@code set_config(
     * 'default_transaction_read_only', 'off', false)}), created through the side channel, cannot
     * make a later capped read writable: neither {@code SELECT … FOR UPDATE}, a call of a function
     * that writes nor {@code SELECT … INTO} gets through, and the database is unchanged.
     */
    @Test
    void serverCodeThatLiftsReadOnlyCannotMakeALaterCappedReadWritable() {
        long orders = orders();
        for (boolean readOnly : List.of(true, false)) {
            try (Conn conn = open(readOnly)) {
                assertEquals(Value.of("off"), first(conn, capped("select lift_read_only()", 1)), "the function ran");
                DriverException forUpdate = assertThrows(
                        DriverException.class, () -> column(conn, capped("select id from orders for update", 100)));
                assertEquals(ErrorKind.READ_ONLY, forUpdate.kind(), forUpdate.getMessage());
                DriverException write = assertThrows(
                        DriverException.class, () -> column(conn, capped("select tobira_delete_orders()", 1)));
                assertEquals(ErrorKind.READ_ONLY, write.kind(), write.getMessage());
                DriverException into = assertThrows(
                        DriverException.class,
                        () -> column(conn, capped("select * into tobira_capped_copy from orders", 1)));
                assertEquals(ErrorKind.READ_ONLY, into.kind(), into.getMessage());
                if (readOnly) {
                    assertEquals(
                            Value.of("on"),
                            first(conn, capped("show default_transaction_read_only", 1)),
                            "the lift was rolled back with the read that made it");
                }
            }
        }
        assertEquals(orders, orders(), "no order was deleted");
        assertEquals(
                0,
                fixture.count(
                        "SELECT count(*) FROM pg_tables WHERE schemaname = ? AND tablename = 'tobira_capped_copy'",
                        SCHEMA),
                "SELECT … INTO made no table");
    }

    /** The class's orders, counted through the side channel (the fingerprint also sees other clients' schemas). */
    private long orders() {
        return fixture.count("SELECT count(*) FROM " + SCHEMA + ".orders WHERE ?::text IS NOT NULL", "x");
    }

    private long locksHeld() {
        return fixture.count(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = 0"
                        + " AND objsubid = 1 AND objid::bigint = ?::bigint",
                Long.toString(fixture.advisoryKey()));
    }

    /** A session advisory lock a function takes in a capped read is released in the same flight. */
    @Test
    void aLockTakenByServerCodeIsReleasedInTheSameFlight() {
        try (Conn conn = open(true)) {
            PgWire.Counts c = cost(() -> assertEquals(Value.of(1), first(conn, capped("select take_lock()", 1))));
            assertTrue(c.exchanges() <= 1, c.toString());
            assertEquals(0, locksHeld());
        }
    }

    // ---------------------------------------------------------------- a failed read leaves no transaction

    @Test
    void aFailedCappedReadLeavesNoTransactionAndAUsableConnection() {
        try (Conn conn = open(true)) {
            long pid = pid(conn);
            List<Query> failing = List.of(
                    capped("select 1 +", 1),
                    capped("select 1 / (id - id) from customers", 3),
                    capped("select * from tobira_no_such_table", 1),
                    capped("select take_lock_and_fail()", 1));
            for (Query q : failing) {
                assertThrows(DriverException.class, () -> column(conn, q), q.text());
                assertEquals(Optional.of(IDLE), activity(pid), "after " + q.text());
                assertEquals(0, locksHeld(), "no session lock left by " + q.text());
                assertEquals(
                        List.of(Value.of("Grace Hopper")), column(conn, capped(POINT, 1)), "usable after " + q.text());
                assertEquals(pid, pid(conn), "the same session after " + q.text());
            }
            DriverException timeout = assertThrows(
                    DriverException.class,
                    () -> column(conn, capped("select pg_sleep(5)", 1).withTimeout(Duration.ofMillis(300))));
            assertEquals(ErrorKind.TIMEOUT, timeout.kind(), timeout.getMessage());
            assertEquals(Optional.of(IDLE), activity(pid), "after a timeout");
            assertEquals(List.of(Value.of("Grace Hopper")), column(conn, capped(POINT, 1)), "usable after a timeout");
        }
    }

    /** A connection closed from another thread while a capped read runs: the read is cancelled, and the session ends. */
    @Test
    void aCappedReadCancelledByClosingTheConnectionLeavesNoSession() throws Exception {
        Conn conn = open(true);
        long pid = pid(conn);
        CompletableFuture<Throwable> read = CompletableFuture.supplyAsync(() -> {
            try {
                column(conn, capped("select pg_sleep(10)", 1));
                return null;
            } catch (Throwable t) {
                return t;
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!activity(pid).orElse("").startsWith("active") && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(activity(pid).orElse("").startsWith("active"), "the read runs: " + activity(pid));
        conn.close();
        Throwable t = read.get(5, TimeUnit.SECONDS);
        assertTrue(t instanceof DriverException d && d.kind() == ErrorKind.CANCELLED, String.valueOf(t));
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (activity(pid).isPresent() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(Optional.empty(), activity(pid), "the session is gone");
    }

    // ---------------------------------------------------------------- larger caps and no cap stream as before

    /**
     * Above 10,000 rows, and without a cap, the read streams in batches of the fetch size: when the
     * first row is in the caller's hands the server has sent at most one batch. A cap of 10,000 is
     * fetched whole: all of its rows, and the one that says it was cut, in the same flight.
     */
    @Test
    void largerCapsAndNoCapStreamAsBefore() {
        String rows = "select g from generate_series(1, 100000) g";
        try (Conn conn = open(true)) {
            for (long limit : List.of(0L, CappedRead.MAX_LIMIT + 1, 50_000L)) {
                PgWire.Counts before = wire.counts();
                try (ResultSet rs = conn.query(capped(rows, limit))) {
                    assertEquals(Value.of(1), rs.next().get(0));
                    PgWire.Counts firstRow = wire.counts().minus(before);
                    assertTrue(
                            firstRow.dataRows() <= 1000,
                            "limit " + limit + ": one batch before the first row, " + firstRow);
                    assertTrue(firstRow.exchanges() <= 1, "limit " + limit + ": " + firstRow);
                }
            }
            PgWire.Counts before = wire.counts();
            try (ResultSet rs = conn.query(capped(rows, CappedRead.MAX_LIMIT))) {
                assertEquals(Value.of(1), rs.next().get(0));
                PgWire.Counts firstRow = wire.counts().minus(before);
                assertEquals(
                        CappedRead.MAX_LIMIT + 1 + 1,
                        firstRow.dataRows(),
                        "the cap and one row more, and the unlock's row: " + firstRow);
                assertTrue(firstRow.exchanges() <= 1, firstRow.toString());
                int n = 1;
                while (rs.hasNext()) {
                    rs.next();
                    n++;
                }
                assertEquals(CappedRead.MAX_LIMIT, n);
                assertTrue(rs.stats().truncated());
            }
        }
    }
}
