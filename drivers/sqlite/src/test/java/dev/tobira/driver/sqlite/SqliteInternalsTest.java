package dev.tobira.driver.sqlite;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Value;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConnection;
import org.sqlite.core.Codes;

/**
 * What the driver relies on in sqlite-jdbc's internals, on a real connection: a failure here after
 * a sqlite-jdbc upgrade names the guarantee that broke (see {@link SqliteInternals}).
 */
class SqliteInternalsTest {
    @TempDir
    Path dir;

    private Connection open(String name) throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + dir.resolve(name));
    }

    @Test
    void execSetsTheReadOnlyFlagThatStopsWrites() throws SQLException {
        try (Connection c = open("a.db");
                Statement st = c.createStatement()) {
            st.execute("create table t (x integer)");
            SqliteInternals.exec(c, "PRAGMA query_only=1");
            SQLException e = assertThrows(
                    SQLException.class,
                    () -> st.execute("insert into t values (1)"),
                    "sqlite3_exec of PRAGMA query_only=1 no longer makes the connection read-only");
            assertEquals(Codes.SQLITE_READONLY, e.getErrorCode() & 0xff, e.getMessage());
            try (PreparedStatement flag = c.prepareStatement("PRAGMA query_only")) {
                assertEquals(1, SqliteInternals.readInt(flag), "the kept pragma no longer reads the flag as it is now");
                SqliteInternals.exec(c, "PRAGMA query_only=0");
                assertEquals(0, SqliteInternals.readInt(flag), "a kept PRAGMA query_only reads a stale flag");
            }
            st.execute("insert into t values (1)");
            assertThrows(SQLException.class, () -> SqliteInternals.exec(c, "not sql"), "a failed exec must throw");
        }
    }

    @Test
    void totalChangesCountsWritesAloneAndTheJdbcCountOutlivesTheWrite() throws SQLException {
        try (Connection c = open("changes.db");
                Statement st = c.createStatement()) {
            st.execute("create table t (x integer)");
            long before = SqliteInternals.totalChanges(c);
            st.execute("insert into t values (1), (2), (3)");
            assertEquals(before + 3, SqliteInternals.totalChanges(c), "total_changes no longer counts a write's rows");
            st.execute("create table u (y integer)");
            assertEquals(before + 3, SqliteInternals.totalChanges(c), "total_changes now counts a DDL statement");
            // the reason for SqliteReadOnlyMode's count: when this fails, sqlite-jdbc counts a DDL
            // statement itself and the correction may go
            assertEquals(3, st.getUpdateCount(), "sqlite-jdbc no longer hands the last write's count on to a DDL");
        }
    }

    @Test
    void aLockedSchemaCookieIsNotWaitedFor() throws SQLException {
        try (Connection writer = open("b.db");
                Connection reader = open("b.db");
                Statement w = writer.createStatement();
                PreparedStatement cookie = reader.prepareStatement("PRAGMA schema_version")) {
            w.execute("create table t (x integer)");
            int version = SqliteInternals.readIntWithoutWaiting(reader, cookie);
            assertTrue(version > 0, "schema cookie " + version);
            int busy = reader.unwrap(SQLiteConnection.class).getBusyTimeout();
            w.execute("begin exclusive");
            try {
                assertEquals(
                        -1,
                        SqliteInternals.readIntWithoutWaiting(reader, cookie),
                        "a cookie behind a lock is waited for");
            } finally {
                w.execute("rollback");
            }
            assertEquals(
                    busy, reader.unwrap(SQLiteConnection.class).getBusyTimeout(), "the busy timeout is not restored");
            assertEquals(version, SqliteInternals.readIntWithoutWaiting(reader, cookie));
        }
    }

    @Test
    void cellsAreReadByTheirStorageClassFromTheStatement() throws SQLException {
        try (Connection c = open("c.db");
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("select 7, 2.5, 'x', x'0102', null")) {
            assertTrue(rs.next());
            assertEquals(Value.of(7L), SqliteInternals.cell(rs, 1));
            assertEquals(Value.of(2.5), SqliteInternals.cell(rs, 2));
            assertEquals(Value.of("x"), SqliteInternals.cell(rs, 3));
            assertEquals(new Value.Bytes(new byte[] {1, 2}), SqliteInternals.cell(rs, 4));
            assertEquals(Value.NULL, SqliteInternals.cell(rs, 5));
        }
    }

    @Test
    void theShapeOfAnOpenedResultIsItsLabelsStorageAndDeclaredTypes() throws SQLException {
        try (Connection c = open("d.db");
                Statement st = c.createStatement()) {
            st.execute("create table t (a integer, b text)");
            st.execute("insert into t values (1, 'one')");
            try (ResultSet rs = st.executeQuery("select a, b as label, 1.5 from t")) {
                assertEquals(Optional.of(true), SqliteInternals.hasRow(rs));
                SqliteInternals.Shape shape = SqliteInternals.shape(rs, true).orElseThrow();
                assertArrayEquals(new String[] {"a", "label", "1.5"}, shape.labels());
                assertArrayEquals(
                        new int[] {Codes.SQLITE_INTEGER, Codes.SQLITE_TEXT, Codes.SQLITE_FLOAT}, shape.storage());
                assertArrayEquals(new String[] {"INTEGER", "TEXT", null}, shape.declared());
            }
            try (ResultSet rs = st.executeQuery("select a from t where a < 0")) {
                assertEquals(Optional.of(false), SqliteInternals.hasRow(rs), "an empty result reads as having a row");
                assertFalse(SqliteInternals.shape(rs, false).orElseThrow().hasRow());
            }
        }
    }
}
