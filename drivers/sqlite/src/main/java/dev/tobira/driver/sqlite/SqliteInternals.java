package dev.tobira.driver.sqlite;

import dev.tobira.api.Value;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteException;
import org.sqlite.core.Codes;
import org.sqlite.core.CoreResultSet;
import org.sqlite.core.CoreStatement;
import org.sqlite.core.DB;

/**
 * Every use of sqlite-jdbc's internals ({@code org.sqlite.core}), each for a guarantee or a cost
 * its public API cannot give; {@code SqliteInternalsTest} fails loudly when an upgrade changes one.
 *
 * <ul>
 *   <li>{@link #exec}: {@code PRAGMA query_only} set with {@code sqlite3_exec}, prepared, stepped
 *       and finalized in one native call, so the read-only flag costs no prepared statement that a
 *       flag pragma would expire with every other.
 *   <li>{@link #readInt}: a kept pragma stepped on its native statement, so the flag read before
 *       each guarded statement is the flag as SQLite has it now, at the cost of one step.
 *   <li>{@link #cell}: a cell by its storage class straight from the statement, where
 *       {@code getObject} takes a lock and checks the column for each of its two or three calls.
 *   <li>{@link #shape}: the labels, storage classes and declared types of a result that just
 *       opened, the cheap key of the base's column cache.
 *   <li>{@link #totalChanges}: {@code sqlite3_total_changes}, which tells whether a statement
 *       without rows wrote anything, where sqlite-jdbc's count is the last write's.
 * </ul>
 */
final class SqliteInternals {
    private SqliteInternals() {}

    /**
     * {@code sqlite3_total_changes}: the rows every INSERT, UPDATE and DELETE of the connection
     * changed since it opened, triggers' included. One native call, no statement.
     */
    static long totalChanges(Connection connection) throws SQLException {
        return connection.unwrap(SQLiteConnection.class).getDatabase().total_changes();
    }

    /** Runs one statement with {@code sqlite3_exec}, for the flag pragmas. */
    static void exec(Connection connection, String sql) throws SQLException {
        DB db = connection.unwrap(SQLiteConnection.class).getDatabase();
        int rc = db._exec(sql);
        if (rc != Codes.SQLITE_OK) {
            db.throwex(rc);
        }
    }

    /** Steps a prepared one-row statement on its native statement and reads its first column as an int. */
    static int readInt(PreparedStatement statement) throws SQLException {
        return ((CoreStatement) statement).pointer.safeRunInt((db, ptr) -> {
            int rc = db.step(ptr);
            try {
                if (rc != Codes.SQLITE_ROW) {
                    db.throwex(rc);
                }
                return db.column_int(ptr, 0);
            } finally {
                db.reset(ptr);
            }
        });
    }

    /**
     * Sets the busy timeout of the native handle to {@code millis} when that is shorter than the
     * connection's own, which stays as configured for {@link #restoreBusyTimeout}.
     *
     * @return whether it was lowered
     */
    static boolean lowerBusyTimeout(Connection connection, int millis) throws SQLException {
        SQLiteConnection c = connection.unwrap(SQLiteConnection.class);
        if (millis >= c.getBusyTimeout()) {
            return false;
        }
        c.getDatabase().busy_timeout(millis);
        return true;
    }

    /** Puts the connection's configured busy timeout back on the native handle. */
    static void restoreBusyTimeout(Connection connection) throws SQLException {
        SQLiteConnection c = connection.unwrap(SQLiteConnection.class);
        c.getDatabase().busy_timeout(c.getBusyTimeout());
    }

    /** {@link #readInt} without waiting for a lock: -1 when the read would have to wait. */
    static int readIntWithoutWaiting(Connection connection, PreparedStatement statement) throws SQLException {
        SQLiteConnection c = connection.unwrap(SQLiteConnection.class);
        DB db = c.getDatabase();
        db.busy_timeout(0);
        try {
            return readInt(statement);
        } catch (SQLiteException e) {
            int code = e.getResultCode().code & 0xff;
            if (code == Codes.SQLITE_BUSY || code == Codes.SQLITE_LOCKED) {
                return -1;
            }
            throw e;
        } finally {
            db.busy_timeout(c.getBusyTimeout());
        }
    }

    /**
     * The cell of the current row by its storage class: INTEGER Int, REAL Float, TEXT Text, BLOB
     * Bytes, NULL; null (no allocation, it runs for every cell) when the result is not sqlite-jdbc's.
     */
    static @Nullable Value cell(ResultSet rs, int index) throws SQLException {
        if (!(rs.getStatement() instanceof CoreStatement statement)) {
            return null;
        }
        return statement.pointer.safeRun((db, ptr) -> cell(db, ptr, index - 1));
    }

    private static Value cell(DB db, long ptr, int column) throws SQLException {
        switch (db.column_type(ptr, column)) {
            case Codes.SQLITE_INTEGER:
                return Value.of(db.column_long(ptr, column));
            case Codes.SQLITE_FLOAT:
                return Value.of(db.column_double(ptr, column));
            case Codes.SQLITE_BLOB:
                byte[] b = db.column_blob(ptr, column);
                return b == null ? Value.NULL : new Value.Bytes(b);
            case Codes.SQLITE_NULL:
                return Value.NULL;
            default:
                return Value.of(db.column_text(ptr, column));
        }
    }

    /**
     * The declared type of a result's column ({@code sqlite3_column_decltype}): the table column's
     * type as written, through views and subqueries; null for an expression, and for metadata that
     * is not sqlite-jdbc's result. Unlike {@code getColumnTypeName}, never a name made up from the
     * first row's storage class, nor read from a {@code cast(… as …)} in the column's label.
     */
    static @Nullable String declaredType(java.sql.ResultSetMetaData md, int index) throws SQLException {
        if (!(md instanceof CoreResultSet)
                || !(md instanceof ResultSet rs)
                || !(rs.getStatement() instanceof CoreStatement statement)) {
            return null;
        }
        return statement.pointer.safeRun((db, ptr) -> db.column_decltype(ptr, index - 1));
    }

    /**
     * What sqlite-jdbc knows of a result that just opened, read from its native statement.
     *
     * @param labels the column labels
     * @param storage each column's storage class in the first row
     * @param declared each column's declared type (null where none), or null when not asked for
     * @param hasRow whether the result has a first row
     */
    // arrays on purpose: one result's shape, read once, never compared (equals is not used)
    @SuppressWarnings("ArrayRecordComponent")
    record Shape(String[] labels, int[] storage, String @Nullable [] declared, boolean hasRow) {}

    /** Whether a result of sqlite-jdbc's that just opened has a first row; empty for any other result. */
    static Optional<Boolean> hasRow(ResultSet rs) throws SQLException {
        if (!(rs instanceof CoreResultSet result)
                || !(rs.getStatement() instanceof CoreStatement)
                || result.cols == null) {
            return Optional.empty();
        }
        return Optional.of(!result.emptyResultSet);
    }

    /** The shape of a result of sqlite-jdbc's, or empty for any other result. */
    static Optional<Shape> shape(ResultSet rs, boolean declaredTypes) throws SQLException {
        if (!(rs instanceof CoreResultSet result)
                || !(rs.getStatement() instanceof CoreStatement statement)
                || result.cols == null) {
            return Optional.empty();
        }
        String[] labels = result.cols;
        int[] storage = new int[labels.length];
        String[] declared = declaredTypes ? new String[labels.length] : null;
        statement.pointer.safeRunConsume((db, ptr) -> {
            for (int i = 0; i < labels.length; i++) {
                storage[i] = db.column_type(ptr, i);
                if (declared != null) {
                    declared[i] = db.column_decltype(ptr, i);
                }
            }
        });
        return Optional.of(new Shape(labels, storage, declared, !result.emptyResultSet));
    }
}
