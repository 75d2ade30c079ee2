package dev.tobira.driver.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Conn;
import dev.tobira.api.DriverException;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What a guarded read costs in round trips and rows, counted by the server itself. Every command a
 * client sends is one round trip here (Connector/J sends one and waits for its answer), and the
 * server counts each in the session's {@code Questions} and in one {@code Com_*} counter. The
 * counters are read on the measured session itself, with {@code SHOW SESSION STATUS}: MariaDB keeps
 * other sessions' counters out of reach unless performance_schema is on, and a session's own counts
 * are exact whatever else the server is doing. The counting statement's own cost is measured the
 * same way (N reads and none) and taken out.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MysqlRoundTripTest {
    private static final String DATABASE = "tobira_mysql_rt_" + MysqlFixture.RUN;
    private static final List<String> COUNTERS = List.of(
            "Questions", "Com_select", "Com_set_option", "Com_begin", "Com_rollback", "Rows_sent", "Bytes_sent");
    private static final String SHOW =
            "show session status where Variable_name in ('" + String.join("', '", COUNTERS) + "')";
    private static final String READ = "select name from customers where id = 2";
    private static final int N = 20;
    private static final long MILLION = 1_000_000;

    private final MysqlDriver driver = new MysqlDriver();
    private MysqlFixture fixture;

    @BeforeAll
    void prepare() {
        fixture = new MysqlFixture(MysqlServer.find(), DATABASE);
        fixture.seed();
    }

    @AfterAll
    void cleanUp() {
        if (fixture != null) {
            fixture.drop();
        }
    }

    /** The session counters, as the session itself sees them. */
    private record Counts(Map<String, Long> values) {
        long get(String name) {
            return values.getOrDefault(name, 0L);
        }

        Counts minus(Counts earlier) {
            Map<String, Long> d = new HashMap<>();
            for (String c : COUNTERS) {
                d.put(c, get(c) - earlier.get(c));
            }
            return new Counts(d);
        }
    }

    private static Counts counts(Conn conn, boolean guarded) {
        Map<String, Long> values = new HashMap<>();
        try (ResultSet rs = conn.query(Query.of(SHOW).withReadOnly(guarded))) {
            while (rs.hasNext()) {
                Row row = rs.next();
                values.put(row.get(0).toString(), Long.parseLong(row.get(1).toString()));
            }
        }
        return new Counts(values);
    }

    private static Counts counts(Connection c) throws SQLException {
        Map<String, Long> values = new HashMap<>();
        try (Statement st = c.createStatement();
                java.sql.ResultSet rs = st.executeQuery(SHOW)) {
            while (rs.next()) {
                values.put(rs.getString(1), rs.getLong(2));
            }
        }
        return new Counts(values);
    }

    private static void read(Conn conn, boolean guarded) {
        read(conn, guarded, 0);
    }

    /** Limit 0 is no limit here. */
    private static Query capped(Query q, long limit) {
        return limit > 0 ? q.withLimit(limit) : q;
    }

    private static void read(Conn conn, boolean guarded, long limit) {
        try (ResultSet rs = conn.query(capped(Query.of(READ).withReadOnly(guarded), limit))) {
            assertEquals(Value.of("Grace Hopper"), rs.next().get(0));
        }
    }

    /** What n reads cost on a tobira connection, the counting statement's own cost taken out. */
    private static Counts perReads(Conn conn, boolean guarded, int n) {
        return perReads(conn, guarded, n, 0);
    }

    private static Counts perReads(Conn conn, boolean guarded, int n, long limit) {
        Counts a = counts(conn, guarded);
        Counts b = counts(conn, guarded);
        Counts show = b.minus(a);
        for (int i = 0; i < n; i++) {
            read(conn, guarded, limit);
        }
        Counts c = counts(conn, guarded);
        return c.minus(b).minus(show);
    }

    /** What n reads cost with the raw client: one prepared statement, executed n times. */
    private Counts rawReads(int n) throws SQLException {
        try (Connection c = fixture.connect();
                PreparedStatement st = c.prepareStatement(READ)) {
            Counts a = counts(c);
            Counts b = counts(c);
            Counts show = b.minus(a);
            for (int i = 0; i < n; i++) {
                try (java.sql.ResultSet rs = st.executeQuery()) {
                    rs.next();
                    assertEquals("Grace Hopper", rs.getString(1));
                }
            }
            return counts(c).minus(b).minus(show);
        }
    }

    private static String perRead(Counts d) {
        return String.format(
                "%.2f round trips (Com_select %.2f, Com_set_option %.2f, Com_begin %.2f, Com_rollback %.2f)",
                d.get("Questions") / (double) N,
                d.get("Com_select") / (double) N,
                d.get("Com_set_option") / (double) N,
                d.get("Com_begin") / (double) N,
                d.get("Com_rollback") / (double) N);
    }

    @Test
    void aGuardedReadCostsAtMostOneRoundTripMoreThanTheRawClient() throws SQLException {
        Counts raw = rawReads(N);
        assertEquals(N, raw.get("Questions"), "the raw client: one round trip per read");
        Counts readOnly;
        try (Conn conn = driver.open(fixture.server.config(DATABASE, true))) {
            readOnly = perReads(conn, true, N);
        }
        Counts writable;
        try (Conn conn = driver.open(fixture.server.config(DATABASE, false))) {
            writable = perReads(conn, true, N);
        }
        System.out.println("mysql round trips per read on " + fixture.version + ": raw " + perRead(raw)
                + "; guarded, read-only connection " + perRead(readOnly)
                + "; guarded (Query.readOnly), writable connection " + perRead(writable));
        assertTrue(
                readOnly.get("Questions") <= raw.get("Questions") + N,
                "read-only connection: " + perRead(readOnly) + ", raw " + perRead(raw));
        assertTrue(
                writable.get("Questions") <= raw.get("Questions") + N,
                "writable connection: " + perRead(writable) + ", raw " + perRead(raw));
        assertEquals(N, readOnly.get("Com_select"), "one SELECT per read");
        assertEquals(N, writable.get("Com_select"), "one SELECT per read");
        assertEquals(
                0,
                readOnly.get("Com_begin") + readOnly.get("Com_rollback"),
                "no transaction of its own: " + perRead(readOnly));
        assertEquals(
                0,
                writable.get("Com_begin") + writable.get("Com_rollback"),
                "no transaction of its own: " + perRead(writable));
        if (fixture.mariaDb) {
            assertEquals(
                    raw.get("Questions"),
                    readOnly.get("Questions"),
                    "MariaDB, read-only connection: the settings travel in the read's own SET STATEMENT: "
                            + perRead(readOnly));
            assertEquals(0, readOnly.get("Com_set_option"), perRead(readOnly));
        }
    }

    /**
     * Issue 18: a guarded read with a row cap ({@code Query.limit(1)}, what the MCP server and the
     * CLI send) costs what one without a cap costs, which on a read-only MariaDB connection is the
     * raw client's one round trip: the cap travels in the read's own {@code SET STATEMENT}
     * ({@code sql_select_limit}), so MariaDB needs no capped path of its own.
     */
    @Test
    void aCappedGuardedReadCostsWhatAnUncappedOneCosts() throws SQLException {
        Counts raw = rawReads(N);
        for (boolean readOnlyConnection : List.of(true, false)) {
            try (Conn conn = driver.open(fixture.server.config(DATABASE, readOnlyConnection))) {
                Counts capped = perReads(conn, true, N, 1);
                Counts uncapped = perReads(conn, true, N);
                System.out.println("mysql round trips per read on " + fixture.version + ", "
                        + (readOnlyConnection ? "read-only" : "writable") + " connection: raw " + perRead(raw)
                        + "; guarded, Query.limit(1) " + perRead(capped)
                        + "; guarded, no limit " + perRead(uncapped));
                assertEquals(
                        uncapped.get("Questions"),
                        capped.get("Questions"),
                        "the cap costs no round trip: " + perRead(capped));
                assertEquals(N, capped.get("Com_select"), "one SELECT per read");
                assertEquals(0, capped.get("Com_begin") + capped.get("Com_rollback"), perRead(capped));
                if (fixture.mariaDb && readOnlyConnection) {
                    assertEquals(
                            raw.get("Questions"),
                            capped.get("Questions"),
                            "MariaDB, read-only connection: " + perRead(capped));
                }
            }
        }
    }

    /**
     * A guarded read that fails costs no more: no transaction to roll back after it. On MariaDB's
     * read-only connections the read after a failed one sets the session first, since an error
     * reply carries no status flags to check it by.
     */
    @Test
    void aFailedGuardedReadCostsOneRoundTripMoreThanTheRawClient() {
        for (boolean readOnlyConnection : List.of(true, false)) {
            try (Conn conn = driver.open(fixture.server.config(DATABASE, readOnlyConnection))) {
                Counts a = counts(conn, true);
                Counts b = counts(conn, true);
                Counts show = b.minus(a);
                for (int i = 0; i < N; i++) {
                    assertThrows(
                            DriverException.class,
                            () -> conn.query(Query.of("select * from tobira_no_such_table")
                                            .withReadOnly(true))
                                    .close());
                }
                Counts failed = counts(conn, true).minus(b).minus(show);
                assertEquals(2L * N, failed.get("Questions"), "the access mode and the read: " + perRead(failed));
                assertEquals(0, failed.get("Com_rollback"), perRead(failed));
            }
        }
    }

    /**
     * A guarded read leaves a writable connection's session read-only; the statement after it that
     * is not guarded gives the session its read-write access mode back first, once.
     */
    @Test
    void theNextStatementThatIsNotGuardedGivesTheAccessModeBackOnce() {
        try (Conn conn = driver.open(fixture.server.config(DATABASE, false))) {
            Counts unguarded = perReads(conn, false, N);
            assertEquals(
                    N, unguarded.get("Questions"), "a statement that is not guarded costs what the raw client pays");
            Counts start = counts(conn, false);
            read(conn, true);
            Counts next = counts(conn, false);
            Counts again = counts(conn, false);
            long show = again.minus(next).get("Questions");
            assertEquals(
                    1,
                    show,
                    "a statement that is not guarded, after one that is not guarded either: no extra round trip");
            assertEquals(
                    2 + 1 + show,
                    next.minus(start).get("Questions"),
                    "the guarded read (the access mode, the read), then the access mode given back before the next statement");
            assertEquals(2, next.minus(start).get("Com_set_option"), "one SET before the guarded read, one after it");
        }
    }

    /** What one query of a million rows costs the server when the caller takes three rows, counted on the session. */
    private static Counts million(Conn conn, boolean guarded, long limit, boolean closeEarly) {
        Counts a = counts(conn, guarded);
        Counts b = counts(conn, guarded);
        Counts show = b.minus(a);
        try (ResultSet rs = conn.query(capped(Query.of(Rows.query(MILLION)).withReadOnly(guarded), limit))) {
            int n = 0;
            while (rs.hasNext() && !(closeEarly && n == 3)) {
                rs.next();
                n++;
            }
            assertEquals(3, n);
            if (!closeEarly) {
                assertTrue(rs.stats().truncated());
            }
        }
        return counts(conn, guarded).minus(b).minus(show);
    }

    private static Value count(Conn conn) {
        try (ResultSet rs =
                conn.query(Query.of("select count(*) from customers").withReadOnly(true))) {
            return rs.next().get(0);
        }
    }

    @Test
    void aMillionRowsReadThreeAtATimeStopTheServer() {
        for (boolean readOnlyConnection : List.of(true, false)) {
            try (Conn conn = driver.open(fixture.server.config(DATABASE, readOnlyConnection))) {
                Counts limited = million(conn, true, 3, false);
                Counts closed = million(conn, true, 0, true);
                System.out.println("mysql limit 3 over " + MILLION + " rows, "
                        + (readOnlyConnection ? "read-only" : "writable")
                        + " connection: Rows_sent " + limited.get("Rows_sent") + ", Bytes_sent "
                        + limited.get("Bytes_sent")
                        + "; 3 rows then close without a limit: Rows_sent " + closed.get("Rows_sent") + ", Bytes_sent "
                        + closed.get("Bytes_sent"));
                assertTrue(
                        limited.get("Rows_sent") <= 4,
                        "the server sends the limit and one row more: " + limited.values());
                assertTrue(
                        limited.get("Bytes_sent") < 10_000,
                        "the server sends no more than those rows: " + limited.values());
                // a drain sends all million; how many leave before the kill lands depends on the machine's
                // load (131,072 seen on a busy 2-core one), so the bound is half, not a tenth
                assertTrue(
                        closed.get("Rows_sent") < MILLION / 2,
                        "closed early, the query is killed, not drained: " + closed.values());
                assertEquals(Value.of(5), count(conn), "the connection still works");
            }
        }
    }
}
