package dev.tobira.driver.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * What the read-only layers take from Connector/J beyond JDBC ({@link ConnectorJInternals}), on a
 * real server: each test states the guarantee that rests on the answer, so a Connector/J upgrade
 * that changes one fails here, by name, rather than weakening the guard unseen.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConnectorJInternalsTest {
    private MysqlServer server;

    @BeforeAll
    void find() {
        server = MysqlServer.find();
    }

    private Connection connect() throws SQLException {
        return server.connect("", false);
    }

    private static void run(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    /** The post-check and the own transaction of a text that is not one read rest on these flags, read with no round trip. */
    @Test
    void theStatusFlagsFollowAutocommitAndTheReadOnlyTransaction() throws SQLException {
        try (Connection c = connect()) {
            run(c, "SELECT 1");
            ServerStatus idle = ConnectorJInternals.status(c);
            assertTrue(
                    idle.autocommit() && !idle.inTransaction() && !idle.outsideAutocommit(),
                    "after a read in autocommit mode the flags must say autocommit, no transaction: " + idle);

            run(c, "START TRANSACTION READ ONLY");
            ServerStatus readOnly = ConnectorJInternals.status(c);
            assertTrue(
                    readOnly.inReadOnlyTransaction(),
                    "START TRANSACTION READ ONLY must show in the flags at once; the own transaction's check needs it: "
                            + readOnly);
            assertTrue(readOnly.outsideAutocommit(), readOnly.toString());
            run(c, "ROLLBACK");
            assertFalse(ConnectorJInternals.status(c).inTransaction(), "a ROLLBACK must clear the transaction flag");

            run(c, "START TRANSACTION");
            ServerStatus readWrite = ConnectorJInternals.status(c);
            assertTrue(
                    readWrite.inTransaction() && !readWrite.inReadOnlyTransaction(),
                    "a read-write transaction must not look read-only: " + readWrite);
            run(c, "ROLLBACK");

            run(c, "SET autocommit = 0");
            assertTrue(ConnectorJInternals.status(c).outsideAutocommit(), "autocommit off must show in the flags");
            run(c, "SET autocommit = 1");
            assertFalse(
                    ConnectorJInternals.status(c).outsideAutocommit(), "autocommit on again must show in the flags");
        }
    }

    /** A guarded statement is refused in a session whose text the server would read without backslash escapes. */
    @Test
    void theStatusFlagsShowNoBackslashEscapes() throws SQLException {
        try (Connection c = connect()) {
            run(c, "SET SESSION sql_mode = CONCAT(@@SESSION.sql_mode, ',NO_BACKSLASH_ESCAPES')");
            assertTrue(
                    ConnectorJInternals.status(c).noBackslashEscapes(),
                    "NO_BACKSLASH_ESCAPES must show in the flags; the guard's reading of strings depends on it");
            run(c, SessionStatements.NORMALIZE_SQL_MODE);
            assertFalse(ConnectorJInternals.status(c).noBackslashEscapes(), "the normalization must clear the flag");
        }
    }

    /** A guarded statement is refused in a client character set where a backslash may end a character. */
    @Test
    void theCharsetFollowsSetNamesWithoutAQuery() throws SQLException {
        try (Connection c = connect()) {
            String initial = ConnectorJInternals.charset(c);
            assertNotNull(initial, "Connector/J must know the client character set from the handshake");
            assertTrue(initial.toLowerCase(java.util.Locale.ROOT).startsWith("utf8"), initial);
            run(c, "SET NAMES gbk");
            assertEquals(
                    "gbk",
                    ConnectorJInternals.charset(c),
                    "a SET NAMES must reach the context through session tracking; the charset check relies on it");
            run(c, "SET NAMES utf8mb4");
            assertEquals("utf8mb4", ConnectorJInternals.charset(c));
        }
    }

    /** The SET STATEMENT prefix and the access mode variable's name are chosen by the handshake's version. */
    @Test
    void theVersionSaysWhichServerAnswered() throws SQLException {
        try (Connection c = connect();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT VERSION()")) {
            assertTrue(rs.next());
            String version = rs.getString(1);
            boolean mariaDb = version.toLowerCase(java.util.Locale.ROOT).contains("mariadb");
            assertEquals(mariaDb, ConnectorJInternals.isMariaDb(c), version);
            String[] parts = version.split("[.-]");
            int major = Integer.parseInt(parts[0]);
            int minor = Integer.parseInt(parts[1]);
            assertEquals(mariaDb, ConnectorJInternals.mariaDbBefore(c, major, minor + 1, 0), version);
            assertFalse(ConnectorJInternals.mariaDbBefore(c, major, minor, 0), version);
        }
    }

    /**
     * An abandoned result is ended by killing its query from a side connection, since
     * Connector/J's close would read every row left; the kill must reach the query that runs.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void killingTheRunningQueryEndsIt() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Connection c = connect();
                Connection side = connect()) {
            long id;
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT CONNECTION_ID()")) {
                assertTrue(rs.next());
                id = rs.getLong(1);
            }
            Future<?> sleeping = pool.submit(() -> {
                try (Statement st = c.createStatement();
                        ResultSet rs = st.executeQuery("SELECT SLEEP(40)")) {
                    rs.next();
                }
                return null;
            });
            waitUntilRunning(side, id);
            ConnectorJInternals.killRunningQuery(c);
            try {
                sleeping.get(20, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                throw new AssertionError(
                        "the kill did not end the running query; abandoning a result would read all its rows", e);
            } catch (java.util.concurrent.ExecutionException e) {
                // interrupted with an error: the query ended, which is what counts
            }
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT 1")) {
                assertTrue(rs.next(), "the connection must stay usable after its query was killed");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void waitUntilRunning(Connection side, long id) throws SQLException, InterruptedException {
        try (PreparedStatement st = side.prepareStatement(
                "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = ? AND INFO LIKE 'SELECT SLEEP%'")) {
            st.setLong(1, id);
            for (int i = 0; i < 200; i++) {
                try (ResultSet rs = st.executeQuery()) {
                    if (rs.next() && rs.getLong(1) > 0) {
                        return;
                    }
                }
                Thread.sleep(50);
            }
        }
        throw new AssertionError("the query did not start");
    }
}
