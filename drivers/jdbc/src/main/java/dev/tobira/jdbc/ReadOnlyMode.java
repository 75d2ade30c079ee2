package dev.tobira.jdbc;

import java.sql.SQLException;

/**
 * The database's own read-only mechanism, behind the statement check: how one statement enters it
 * and leaves it, and how a transaction does. The statement check has already accepted the text of
 * every guarded call; this is the second layer, which holds even for text the check misjudges.
 *
 * <p>For every statement, guarded or not, the base {@linkplain #open opens} a
 * {@link StatementScope} before anything is sent and closes it exactly once when the statement is
 * over, whatever happened. A scope owns what the read-only mode does around that statement: its
 * pre-check (here, in {@code open}), the text it puts around the statement, its post-checks and
 * its cleanup.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface ReadOnlyMode {
    /**
     * The statement check alone: every scope is {@link StatementScope#NONE}. For engines whose
     * read-only connection is already read-only underneath (a read-only file handle) and which
     * have nothing to enter per statement.
     */
    ReadOnlyMode NONE = (session, call) -> StatementScope.NONE;

    /**
     * Enters the read-only mode for one statement, when {@link Call#guarded()}: SQLite re-asserts
     * {@code PRAGMA query_only=1}, PostgreSQL begins a {@code READ ONLY} transaction, MySQL sets
     * the session's access mode. A mode whose streaming needs a transaction (pgjdbc's fetch size)
     * may also begin one for an unguarded call here. If it throws, the statement does not run and
     * no scope is closed: undo what was done before throwing.
     *
     * @param session the session
     * @param call the kind of call
     * @return the scope, closed by the base once the statement is over
     * @throws SQLException when the database fails
     * @throws dev.tobira.api.DriverException of kind {@link dev.tobira.api.ErrorKind#READ_ONLY} to
     *     refuse the call (the session could not be made read-only)
     */
    StatementScope open(JdbcSession session, Call call) throws SQLException;

    /**
     * Begins a {@link dev.tobira.api.Transactor.Tx}; by default {@code setAutoCommit(false)}. On a
     * read-only connection the statements of the transaction still go through the guard and
     * {@link #open} (with {@link Call#inTransaction()} set); a mode whose read-only state is a
     * transaction begins it read-only here.
     *
     * @param session the session
     * @throws SQLException when the database fails
     */
    default void beginTransaction(JdbcSession session) throws SQLException {
        session.connection().setAutoCommit(false);
    }

    /**
     * Ends a transaction after its commit or rollback; by default {@code setAutoCommit(true)}.
     *
     * @param session the session
     * @throws SQLException when the database fails
     */
    default void endTransaction(JdbcSession session) throws SQLException {
        session.connection().setAutoCommit(true);
    }
}
