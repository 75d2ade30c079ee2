package dev.tobira.driver.sqlite;

import dev.tobira.jdbc.Call;
import dev.tobira.jdbc.JdbcSession;
import dev.tobira.jdbc.ReadOnlyMode;
import dev.tobira.jdbc.StatementScope;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * {@code PRAGMA query_only=1} made sure of before every guarded statement: earlier text, or a flag
 * pragma applied while compiling, could have lifted it. On a read-only connection, where it was set
 * at open, it is read back first and set again only if something lifted it: setting it
 * unconditionally would expire every kept statement of the connection, each run. On a writable
 * connection it is set for the one statement and lifted after it.
 *
 * <p>An unguarded statement, the only kind that can write, reads {@code sqlite3_total_changes}
 * before it runs (one native call), so that its count is its own ({@link Scope#updateCount}).
 *
 * <p>Every statement of a call with a deadline also waits for another connection's lock no longer
 * than the deadline: SQLite waits in its busy handler, which no interrupt reaches, so the busy
 * timeout of the connection is lowered to the time left for the statement and put back after it.
 */
final class SqliteReadOnlyMode implements ReadOnlyMode {
    /**
     * How long the busy handler waits past the deadline, so that the watchdog has fired when the
     * wait ends and the call is a TIMEOUT rather than a lock conflict.
     */
    private static final long PAST_DEADLINE_MILLIS = 50;

    @Override
    public StatementScope open(JdbcSession session, Call call) throws SQLException {
        Connection connection = session.connection();
        boolean bounded = boundLockWaits(connection, call);
        boolean lift = false;
        long changesBefore = GUARDED;
        try {
            if (call.guarded()) {
                if (!(call.readOnlyConnection()
                        && session.get(SqlitePragmas.KEY).queryOnly())) {
                    queryOnly(connection, true);
                }
                lift = !call.readOnlyConnection();
            } else {
                changesBefore = SqliteInternals.totalChanges(connection);
            }
        } catch (SQLException | RuntimeException e) {
            if (bounded) {
                SqliteInternals.restoreBusyTimeout(connection);
            }
            throw e;
        }
        if (!bounded && !lift && changesBefore == GUARDED) {
            // a guarded call on a read-only connection: changes() is 0 there, no write ever ran
            return StatementScope.NONE;
        }
        return new Scope(connection, bounded, lift, changesBefore);
    }

    /** {@link Scope#changesBefore} of a guarded call: {@code query_only} refuses every write. */
    private static final long GUARDED = -1;

    /** The scope of one statement: what it puts back after it, and its count of rows. */
    private static final class Scope implements StatementScope {
        private final Connection connection;
        private final boolean bounded;
        private final boolean lift;
        /** {@code sqlite3_total_changes} before an unguarded statement, {@link #GUARDED} for a guarded one. */
        private final long changesBefore;

        Scope(Connection connection, boolean bounded, boolean lift, long changesBefore) {
            this.connection = connection;
            this.bounded = bounded;
            this.lift = lift;
            this.changesBefore = changesBefore;
        }

        /**
         * sqlite-jdbc's count is SQLite's {@code changes()}: the rows of the last INSERT, UPDATE or
         * DELETE to complete, whichever statement ran since (DDL, a pragma, BEGIN). A statement
         * that left {@code total_changes()} as it was wrote no row, so its count is 0; one that
         * changed it was a write, whose own count {@code changes()} is (its triggers' rows count in
         * the total alone). Only a statement without rows gets here, and a guarded call reads no
         * total at all.
         */
        @Override
        public long updateCount(Statement statement, long count) throws SQLException {
            if (count <= 0) {
                return count;
            }
            if (changesBefore == GUARDED) {
                return 0;
            }
            return SqliteInternals.totalChanges(connection) == changesBefore ? 0 : count;
        }

        @Override
        public void close(boolean completed) throws SQLException {
            try {
                if (lift) {
                    queryOnly(connection, false);
                }
            } finally {
                if (bounded) {
                    SqliteInternals.restoreBusyTimeout(connection);
                }
            }
        }
    }

    /** Lowers the busy timeout to the call's deadline when that is the shorter; tells whether it did. */
    private static boolean boundLockWaits(Connection connection, Call call) throws SQLException {
        if (call.timeout().isZero()) {
            return false;
        }
        long millis = Math.min(Integer.MAX_VALUE, call.timeout().toMillis() + PAST_DEADLINE_MILLIS);
        return SqliteInternals.lowerBusyTimeout(connection, (int) millis);
    }

    /**
     * Sets {@code query_only} with {@code sqlite3_exec}. Keeping the assignment prepared would not
     * save its compilation: SQLite applies a flag pragma while compiling it and expires every
     * statement of the connection when it runs, itself included, so each run of a kept one compiles
     * it again.
     */
    private static void queryOnly(Connection connection, boolean on) throws SQLException {
        SqliteInternals.exec(connection, on ? "PRAGMA query_only=1" : "PRAGMA query_only=0");
    }
}
