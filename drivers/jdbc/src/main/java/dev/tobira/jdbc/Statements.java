package dev.tobira.jdbc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * How the vendor driver's statements are made, set up for streaming, kept and cancelled. Every
 * method has a default for a standard JDBC driver.
 *
 * @since 0.1
 */
public interface Statements {
    /** Forward-only, read-only statements, 1000 rows a fetch, none kept, {@link Statement#cancel()}. */
    Statements STANDARD = new Statements() {};

    /**
     * Prepares the statement of one call, after the read-only mode's scope is open; by default
     * forward-only and read-only. Override where the statement depends on the kind of call, or to
     * refuse a text the vendor driver would read differently from the guard.
     *
     * @param session the session
     * @param sql the text to run: accepted by the guard, as the scope's {@link StatementScope#text} gave it
     * @param call the kind of call
     * @return the statement
     * @throws SQLException when the database refuses it
     */
    default PreparedStatement prepare(JdbcSession session, String sql, Call call) throws SQLException {
        return session.connection().prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
    }

    /**
     * Returns how this session's parameter values reach the database: empty (the default) when
     * the vendor driver binds them and they never become part of any text it parses; present for a
     * driver that would paste them into the text at the positions its own parser finds, whose
     * reading of comments and strings may differ from the server's and the guard's (MariaDB
     * Connector/J's client-side prepared statements). Then the base places each value as a literal
     * at the placeholders tobira's lexer finds, refuses a text whose placeholders and parameters do
     * not match one to one, checks a guarded text again with the values in place, and runs it on
     * {@link #plain}; {@link #prepare} and {@link TypeMapping#bind} are not used.
     *
     * @param session the session, whose settings may decide how text is read
     * @return the literals, or empty to bind
     * @throws SQLException when the driver cannot say
     */
    default Optional<Literals> literals(JdbcSession session) throws SQLException {
        return Optional.empty();
    }

    /**
     * Creates the plain statement of one call of a dialect with {@link #literals}: by default with
     * the JDBC escape processing off, so the driver sends the text as it is.
     *
     * @param session the session
     * @param call the kind of call
     * @return the statement, owned and closed by the base
     * @throws SQLException when the database refuses it
     */
    default Statement plain(JdbcSession session, Call call) throws SQLException {
        Statement st = session.connection().createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
        try {
            st.setEscapeProcessing(false);
        } catch (SQLException | RuntimeException e) {
            st.close();
            throw e;
        }
        return st;
    }

    /**
     * Sets up a statement for streaming, before parameters are bound: by default a fetch size of
     * {@link #fetchSize()}. MySQL's drivers override this for their streaming mode.
     *
     * @param statement the statement
     * @param call the kind of call
     * @throws SQLException when the driver refuses a setting
     */
    default void configure(Statement statement, Call call) throws SQLException {
        statement.setFetchSize(fetchSize());
    }

    /**
     * Gives a statement of a call with a deadline the driver's own timeout, which backs the base's
     * watchdog up: by default {@code setQueryTimeout} with {@link Call#queryTimeoutSeconds()}. A
     * driver whose query timeout does something else (sqlite-jdbc turns it into the connection's
     * busy timeout, rounded up to whole seconds, and so stretches every lock wait past the
     * deadline) bounds the call its own way instead. Called only for a call with a deadline.
     *
     * @param statement the statement
     * @param call the call, whose {@link Call#timeout()} is not zero
     * @throws SQLException when the driver refuses the setting
     */
    default void timeout(Statement statement, Call call) throws SQLException {
        statement.setQueryTimeout(call.queryTimeoutSeconds());
    }

    /**
     * Returns how many parameters a prepared statement takes, as the driver counts them, when it
     * can say so without a round trip; empty by default, for a driver that refuses a wrong count
     * itself. The base refuses a call whose parameters are more or fewer with
     * {@link dev.tobira.api.ErrorKind#INVALID_ARGUMENT}, before binding: a driver that would bind
     * the missing ones as NULL (sqlite-jdbc) never runs such a call.
     *
     * @param statement the prepared statement
     * @return the number of parameters, or empty when the driver checks the count itself
     * @throws SQLException when the driver fails
     */
    default OptionalInt parameterCount(PreparedStatement statement) throws SQLException {
        return OptionalInt.empty();
    }

    /**
     * Returns how many rows a fetch asks the server for; 1000 by default.
     *
     * @return the fetch size, at least 1
     */
    default int fetchSize() {
        return 1000;
    }

    /**
     * Returns how many idle prepared statements a connection keeps, by text, for calls that run
     * the same text again; 0 (none) by default. Worth it for a driver that compiles a statement on
     * the client at every prepare and keeps no cache of its own (sqlite-jdbc). Statements are kept
     * by text alone, so a dialect that keeps them must prepare the same statement for the same text
     * whatever the call and whatever namespace it runs in (names must not be resolved at prepare
     * time), and its driver must compile a kept statement again when the schema changes under it.
     *
     * @return the number of statements kept per connection, 0 for none
     */
    default int keptStatements() {
        return 0;
    }

    /**
     * Cancels a statement from another thread, when its deadline passes or its result or
     * connection is closed: while it executes, and while a fetch of its rows waits on the server.
     * By default {@link Statement#cancel()}; a driver whose {@code cancel()} does nothing once
     * {@code execute()} has returned (pgjdbc, MariaDB Connector/J) cancels on the connection
     * instead. Must not block for long.
     *
     * @param session the session
     * @param statement the statement
     * @throws SQLException when the cancel fails; it is logged and ignored
     */
    default void cancel(JdbcSession session, Statement statement) throws SQLException {
        statement.cancel();
    }

    /**
     * Runs before a result that was not read to its end (closed early, failed, cancelled) is
     * closed; not for one cut by the limit. For drivers whose close of a streamed result reads and
     * discards the rest of it (MariaDB Connector/J), this is where to kill the statement instead.
     * Nothing by default; a failure is logged and ignored.
     *
     * @param session the session
     * @param statement the statement whose result is abandoned
     * @throws SQLException when the driver fails
     */
    default void abandon(JdbcSession session, Statement statement) throws SQLException {}
}
