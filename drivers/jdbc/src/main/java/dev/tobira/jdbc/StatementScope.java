package dev.tobira.jdbc;

import java.sql.SQLException;
import java.sql.Statement;

/**
 * The read-only mode around one statement, from {@link ReadOnlyMode#open} to {@link #close}: the
 * text it puts around the statement, its post-checks, and its cleanup. Every method has a default
 * that does nothing, so a scope implements only what its mode needs.
 *
 * <p>The base calls, in this order: {@link #text} once the text to run is final, then after
 * {@code execute()} {@link #checkExecuted} (and {@link #updateCount} for a statement without
 * rows), when the rows ran out {@link #checkRowsEnded}, and
 * {@link #close} exactly once, also after a failure at any step.
 *
 * @since 0.1
 */
public interface StatementScope {
    /** A scope that does nothing. */
    StatementScope NONE = new StatementScope() {};

    /**
     * Returns the text the statement runs: the text accepted by the guard (with parameters in
     * place for a dialect that places them itself), with what the mode puts around it, such as a
     * {@code SET STATEMENT … FOR} prefix or a rollback in the same flight. The text itself by
     * default. May also send what must precede the statement (a read-only transaction of its own).
     *
     * @param text the final text, already accepted by the guard on a guarded call
     * @return the text to send
     * @throws SQLException when the database fails
     */
    default String text(String text) throws SQLException {
        return text;
    }

    /**
     * Checks, right after {@code execute()} returned and before the first row is read, that the
     * statement stayed inside the read-only mode (still in the read-only transaction, nothing
     * committed). Throw a {@link dev.tobira.api.DriverException} of kind
     * {@link dev.tobira.api.ErrorKind#READ_ONLY} to refuse. Nothing by default.
     *
     * @param statement the statement that ran
     * @throws SQLException when the check fails
     */
    default void checkExecuted(Statement statement) throws SQLException {}

    /**
     * Returns the count of rows a statement without rows changed, as the call reports it, from the
     * count the JDBC driver gave ({@code getLargeUpdateCount}, -1 for none). A dialect whose driver
     * hands on a count that outlives its statement corrects it here: sqlite-jdbc gives SQLite's
     * {@code changes()}, the last INSERT, UPDATE or DELETE's, for a DDL statement too. Called after
     * {@link #checkExecuted}, only for a statement without rows. The driver's count by default.
     *
     * @param statement the statement that ran
     * @param count the JDBC driver's count, -1 when it has none
     * @return the count to report, -1 for none
     * @throws SQLException when the database fails
     */
    default long updateCount(Statement statement, long count) throws SQLException {
        return count;
    }

    /**
     * Checks, when a result has been read to its end and before {@code hasNext()} reports the end,
     * what the database says only after the last row (MySQL's final status flags). Not called for
     * a result cut by the limit, closed early, or without rows. Nothing by default.
     *
     * @param statement the statement whose rows ended
     * @throws SQLException when the check fails
     */
    default void checkRowsEnded(Statement statement) throws SQLException {}

    /**
     * Leaves the mode: SQLite lifts {@code query_only} again on a writable connection, PostgreSQL
     * rolls the read-only transaction back (always, even when {@code completed}). Must leave the
     * session ready for the next call. Nothing by default.
     *
     * @param completed whether the statement ran and its result was released without an error
     * @throws SQLException when the database fails; added to the error being thrown, or dropped
     *     when the call succeeded and its result is already in the caller's hands
     */
    default void close(boolean completed) throws SQLException {}
}
