package dev.tobira.driver.postgres;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.jdbc.Call;
import dev.tobira.jdbc.JdbcSession;
import dev.tobira.jdbc.ReadOnlyMode;
import dev.tobira.jdbc.StatementScope;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * PostgreSQL's read-only transaction behind the statement check. A guarded call outside a
 * transaction of the Transactor runs in a {@code BEGIN READ ONLY} of its own; inside one on a
 * writable connection, in a savepoint made read-only with {@code SET LOCAL transaction_read_only};
 * inside one on a read-only connection, in that transaction, which began read-only by the session's
 * default. {@link PgStatementScope} ends each of them.
 */
final class PgReadOnlyMode implements ReadOnlyMode {
    static final String SAVEPOINT = "tobira_guard";

    @Override
    public StatementScope open(JdbcSession session, Call call) throws SQLException {
        Connection connection = session.connection();
        if (!call.guarded()) {
            // the scope's text decides whether the statement needs a transaction to stream
            return new PgStatementScope(
                    session,
                    call,
                    call.inTransaction() ? PgStatementScope.Kind.IN_TRANSACTION : PgStatementScope.Kind.UNGUARDED);
        }
        requireStandardStrings(connection);
        if (call.inTransaction()) {
            if (call.readOnlyConnection()) {
                return new PgStatementScope(session, call, PgStatementScope.Kind.IN_TRANSACTION);
            }
            try (Statement st = connection.createStatement()) {
                st.execute("SAVEPOINT " + SAVEPOINT + "; SET LOCAL transaction_read_only = on");
            }
            return new PgStatementScope(session, call, PgStatementScope.Kind.READ_ONLY_SAVEPOINT);
        }
        // client-side flags only, and not a marker: pgjdbc acts on setReadOnly(true) with autocommit
        // off (readOnlyMode=transaction) by sending BEGIN READ ONLY in the statement's own round trip
        connection.setReadOnly(true);
        try {
            connection.setAutoCommit(false);
        } catch (SQLException | RuntimeException e) {
            if (!call.readOnlyConnection()) {
                connection.setReadOnly(false);
            }
            throw e;
        }
        return new PgStatementScope(session, call, PgStatementScope.Kind.READ_ONLY_TRANSACTION);
    }

    /** The guard reads '…' strings as PostgreSQL does only with standard_conforming_strings on. */
    private static void requireStandardStrings(Connection connection) throws SQLException {
        if (!PgjdbcInternals.standardConformingStrings(connection)) {
            throw DriverException.of(
                    ErrorKind.READ_ONLY,
                    PostgresDialect.NAME,
                    "query",
                    "standard_conforming_strings is off for this session, so the guard cannot read its strings;"
                            + " read-only calls are refused");
        }
    }

    @Override
    public void endTransaction(JdbcSession session) throws SQLException {
        ReadOnlyMode.super.endTransaction(session);
        if (session.readOnly()) {
            // the reads of a read-only connection's transaction may have called a function that took
            // a session advisory lock; nothing else on that connection can have taken one
            try (Statement st = session.connection().createStatement()) {
                st.execute(CappedRead.UNLOCK);
            }
        }
    }
}
