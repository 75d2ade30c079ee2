package dev.tobira.driver.postgres;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.jdbc.Call;
import dev.tobira.jdbc.JdbcSession;
import dev.tobira.jdbc.StatementScope;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.StatementGuard;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.Set;

/**
 * One statement inside {@link PgReadOnlyMode}, and how it ends:
 * <ul>
 *   <li>a guarded call's own read-only transaction ends in {@code ROLLBACK}, in the flight of a
 *       capped read ({@link CappedRead}) or as a statement of its own, with every session advisory
 *       lock released; if that fails the connection is closed, which ends the server's transaction;</li>
 *   <li>a guarded call in a writable transaction rolls its savepoint back;</li>
 *   <li>an unguarded call outside a transaction: a statement that returns rows runs in a
 *       transaction (pgjdbc streams with a fetch size only inside one), committed when the result
 *       is released normally and rolled back otherwise; any other runs in autocommit, so VACUUM or
 *       CREATE DATABASE work as in psql, and a session left inside a transaction is rolled back.</li>
 * </ul>
 * Every text is split by pgjdbc's own parser first, which must find exactly one statement, and
 * transaction-control text is refused (the Transactor facet does that).
 */
final class PgStatementScope implements StatementScope {
    private static final Set<String> ROWS = Set.of("SELECT", "WITH", "VALUES", "TABLE", "EXPLAIN", "SHOW", "FETCH");
    private static final Set<String> TRANSACTION_CONTROL =
            Set.of("BEGIN", "START", "COMMIT", "END", "ROLLBACK", "ABORT", "SAVEPOINT", "RELEASE");

    /** Which transaction the statement runs in. */
    enum Kind {
        /** Guarded, outside a transaction of the Transactor: a {@code BEGIN READ ONLY} of its own. */
        READ_ONLY_TRANSACTION,
        /** Guarded, in a transaction of the Transactor on a writable connection: a read-only savepoint. */
        READ_ONLY_SAVEPOINT,
        /** In a transaction of the Transactor, which ends it: unguarded, or on a read-only connection. */
        IN_TRANSACTION,
        /** Unguarded, outside a transaction: one of its own only to stream rows. */
        UNGUARDED
    }

    private final JdbcSession session;
    private final Call call;
    private final Kind kind;

    PgStatementScope(JdbcSession session, Call call, Kind kind) {
        this.session = session;
        this.call = call;
        this.kind = kind;
    }

    @Override
    public String text(String text) throws SQLException {
        Connection connection = session.connection();
        if (PgjdbcInternals.statements(connection, text).size() > 1) {
            throw StatementGuard.multipleStatements(
                    PostgresDialect.NAME); // pgjdbc would split it where the guard saw one
        }
        SqlScan scan = call.scanOf(text, SqlDialect.POSTGRES);
        if (TRANSACTION_CONTROL.contains(scan.firstKeyword().orElse(""))) {
            throw DriverException.of(
                    ErrorKind.UNSUPPORTED,
                    PostgresDialect.NAME,
                    "query",
                    "transaction control statements are not supported; use the transactor facet (Conn.as(Transactor.class))");
        }
        if (kind == Kind.UNGUARDED
                && (ROWS.contains(scan.firstKeyword().orElse("")) || scan.containsWord("RETURNING"))) {
            connection.setAutoCommit(false); // pgjdbc streams with a fetch size only inside a transaction
        }
        if (kind == Kind.READ_ONLY_TRANSACTION && CappedRead.applies(call)) {
            Optional<String> capped = CappedRead.text(connection, text);
            if (capped.isPresent()) {
                return capped.get();
            }
        }
        return text;
    }

    @Override
    public void close(boolean completed) throws SQLException {
        Connection connection = session.connection();
        switch (kind) {
            case READ_ONLY_SAVEPOINT -> {
                try (Statement st = connection.createStatement()) {
                    st.execute("ROLLBACK TO SAVEPOINT " + PgReadOnlyMode.SAVEPOINT + "; RELEASE SAVEPOINT "
                            + PgReadOnlyMode.SAVEPOINT);
                }
            }
            case IN_TRANSACTION -> {
                // the transaction's own end decides
            }
            case READ_ONLY_TRANSACTION -> {
                if (CappedRead.applies(call) && CappedRead.ended(connection, completed)) {
                    connection.setAutoCommit(
                            true); // the flight rolled back and unlocked: pgjdbc sends nothing for an idle session
                } else {
                    endReadOnly(connection);
                }
                if (!call.readOnlyConnection() && !connection.isClosed()) {
                    connection.setReadOnly(false);
                }
            }
            case UNGUARDED -> {
                if (!connection.getAutoCommit()) {
                    end(connection, completed);
                } else if (!PgjdbcInternals.idle(connection)) {
                    // something opened a transaction behind pgjdbc's back; no call leaves one open
                    try (Statement st = connection.createStatement()) {
                        st.execute(CappedRead.ROLLBACK);
                    } catch (SQLException e) {
                        abandon(connection, e);
                        throw e;
                    }
                }
            }
        }
    }

    /**
     * Ends a guarded call's read-only transaction, and releases in the same flight every session
     * advisory lock: a server function the read called may have taken one ({@code pg_advisory_lock}),
     * which the rollback does not release and which would block other sessions. The statement
     * check refuses the advisory functions in the text itself; this covers the code it cannot see.
     * A connection that cannot do both is closed, which ends the transaction and the locks on the server.
     */
    private static void endReadOnly(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute(CappedRead.ROLLBACK + "; " + CappedRead.UNLOCK);
        } catch (SQLException e) {
            abandon(connection, e);
            throw e;
        }
        connection.setAutoCommit(true);
    }

    /** Ends the call's own transaction; a connection that cannot roll back is closed, which ends it on the server. */
    private static void end(Connection connection, boolean commit) throws SQLException {
        try {
            if (commit) {
                connection.commit();
            } else {
                connection.rollback();
            }
        } catch (SQLException e) {
            if (commit) {
                try {
                    connection.rollback();
                } catch (SQLException rollback) {
                    e.addSuppressed(rollback);
                    abandon(connection, e);
                    throw e;
                }
                connection.setAutoCommit(true);
                throw e;
            }
            abandon(connection, e);
            throw e;
        }
        connection.setAutoCommit(true);
    }

    private static void abandon(Connection connection, SQLException failure) {
        try {
            connection.close();
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
    }

    @Override
    public String toString() {
        return "PgStatementScope[" + kind + "]";
    }
}
