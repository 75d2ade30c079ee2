package dev.tobira.driver.mysql;

import static dev.tobira.driver.mysql.SessionStatements.run;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.jdbc.Call;
import dev.tobira.jdbc.JdbcSession;
import dev.tobira.jdbc.ReadOnlyMode;
import dev.tobira.jdbc.StatementScope;
import dev.tobira.spi.SqlScan;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * MySQL's read-only layers below the statement check. A read-only connection's session is
 * {@code TRANSACTION READ ONLY} from its open ({@link MysqlConnector#initialize}). Every guarded
 * statement outside a transaction gets the session's access mode set to read-only again, with the
 * SQL modes and the time zone, and then runs in autocommit mode as its own read-only transaction,
 * with no {@code ROLLBACK} after it: on a read-only MariaDB connection in a
 * {@code SET STATEMENT … FOR} prefix of its own, no round trip ({@link ReadOnlySession}); elsewhere
 * a session statement goes first, one round trip more than the raw client. A text that is not
 * {@linkplain OneRead one read}, which only comes with the statement check taken away, runs inside
 * a {@code START TRANSACTION READ ONLY} as well. The {@link MysqlStatementScope} post-checks, from
 * the status flags the server sends with every reply, that the statement returned rows and left
 * the session in autocommit mode.
 */
final class MysqlReadOnlyMode implements ReadOnlyMode {
    /**
     * Which of the layers stand: all of them, except in tests that take one away to prove the others.
     *
     * @param accessMode whether the session's access mode is set to read-only for each statement (a
     *     session statement first, or on MariaDB's read-only connections a {@code SET STATEMENT} prefix)
     * @param ownTransaction which texts run inside a read-only transaction of their own
     */
    record Layers(boolean accessMode, OwnTransaction ownTransaction) {
        static final Layers ALL = new Layers(true, OwnTransaction.UNLESS_ONE_READ);
    }

    /** Which guarded texts run inside a {@code START TRANSACTION READ ONLY} of their own. */
    enum OwnTransaction {
        UNLESS_ONE_READ,
        NEVER,
        ALWAYS
    }

    private final Layers layers;

    MysqlReadOnlyMode(Layers layers) {
        this.layers = layers;
    }

    /**
     * A guarded statement outside a transaction: the session's access mode set to read-only
     * again, with the SQL modes and the time zone. On MariaDB a read-only connection's read
     * carries them in its own text ({@link MysqlStatementScope#text}); otherwise one statement
     * sets them first (the one round trip more than the raw client). A stored function of an
     * earlier statement may have lifted the read-only default; from here the statement runs as
     * its own read-only transaction. On a writable connection the session stays read-only until
     * the next statement that is not guarded ({@link #leaveReadOnly}).
     */
    @Override
    public StatementScope open(JdbcSession session, Call call) throws SQLException {
        MysqlSession state = session.get(MysqlSession.KEY);
        Connection connection = session.connection();
        if (!call.guarded()) {
            forget(state, call);
            if (!call.readOnlyConnection()) {
                leaveReadOnly(connection, state);
            }
            return StatementScope.NONE;
        }
        if (call.inTransaction()) {
            forget(state, call);
            if (!call.readOnlyConnection()) {
                throw refusal(
                        ErrorKind.UNSUPPORTED,
                        "a read-only query inside a transaction of a writable connection is not supported;"
                                + " run it outside the transaction");
            }
            ServerStatus status = ConnectorJInternals.status(connection);
            if (!status.inReadOnlyTransaction()) {
                throw refusal(ErrorKind.READ_ONLY, "the transaction is not read-only");
            }
            checkSession(connection, status);
            return StatementScope.NONE;
        }
        ReadOnlySession scoped = prefixed(state, call);
        try {
            if (scoped == null || !state.known()) {
                enterReadOnly(connection, state, call);
                if (scoped != null) {
                    state.known(true);
                }
            }
            checkAutocommit(connection, call);
        } catch (SQLException | RuntimeException e) {
            if (scoped != null) {
                state.known(false); // the next call sets the session again instead of trusting it
            }
            throw e;
        }
        return new MysqlStatementScope(this, connection, state, call);
    }

    /** Before a guarded statement outside a transaction: autocommit on, no transaction open, and the text read as the guard reads it. */
    private static void checkAutocommit(Connection connection, Call call) throws SQLException {
        ServerStatus status = ConnectorJInternals.status(connection);
        if (status.outsideAutocommit()) {
            if (!call.readOnlyConnection()) {
                // the connection's own statements opened it; the session gets read-write back before the next of them
                throw refusal(
                        ErrorKind.UNSUPPORTED,
                        "a read-only query cannot run while a transaction is open on the connection; end it first");
            }
            // left by a statement whose error reply carried no status flags
            SessionStatements.restoreAutocommit(connection);
            status = ConnectorJInternals.status(connection);
            if (status.outsideAutocommit()) {
                throw refusal(ErrorKind.READ_ONLY, "the session did not return to autocommit mode");
            }
        }
        checkSession(connection, status);
    }

    /**
     * Before a guarded statement: the session reads text as the guard does. Its SQL mode has no
     * {@code NO_BACKSLASH_ESCAPES} (from the status flags), and its client character set is UTF-8,
     * as Connector/J's text is: in GBK, Big5 or SJIS a backslash may be the second byte of a
     * character, so {@code '丁\', get_lock(…) #'} would be one string to the guard and a call to
     * the server. The server reports the character set with every change (session tracking), so
     * both cost no round trip; a change by {@code SET NAMES} on a writable connection, or by
     * server code, is seen at the next call.
     */
    private static void checkSession(Connection connection, ServerStatus status) throws SQLException {
        if (status.noBackslashEscapes()) {
            throw refusal(
                    ErrorKind.READ_ONLY,
                    "the session's sql_mode has NO_BACKSLASH_ESCAPES, so the server would read the text differently from the guard");
        }
        String charset = ConnectorJInternals.charset(connection);
        if (charset != null && !charset.toLowerCase(Locale.ROOT).startsWith("utf8")) {
            throw refusal(
                    ErrorKind.READ_ONLY,
                    "the session's client character set is "
                            + (charset.matches("[A-Za-z0-9_]{1,32}") ? charset : "not UTF-8")
                            + ", so the server would read the text differently from the guard; read-only calls need utf8mb4");
        }
    }

    /**
     * The session of a read-only connection whose reads carry their settings in a
     * {@code SET STATEMENT} prefix (MariaDB), or null: a writable connection, MySQL, a session
     * whose sql_mode could not be taken as a literal, or the access mode layer taken away.
     */
    @Nullable
    ReadOnlySession prefixed(MysqlSession state, Call call) {
        if (!layers.accessMode() || !call.readOnlyConnection()) {
            return null;
        }
        return state.readOnlySession().filter(ReadOnlySession::prefixed).orElse(null);
    }

    /** Marks a read-only connection's session as no longer known: a statement without the prefix is about to run. */
    static void forget(MysqlSession state, Call call) {
        if (call.readOnlyConnection()) {
            state.known(false);
        }
    }

    /**
     * Sends the session statement: on a read-only connection the one taken at open (its sql_mode a
     * literal), else {@link SessionStatements#readOnlySession}. On a writable connection, remembers
     * that the session is read-only until {@link #leaveReadOnly}.
     */
    void enterReadOnly(Connection connection, MysqlSession state, Call call) throws SQLException {
        if (!layers.accessMode()) {
            return;
        }
        ReadOnlySession literal =
                call.readOnlyConnection() ? state.readOnlySession().orElse(null) : null;
        run(connection, literal != null ? literal.statement : SessionStatements.readOnlySession(connection));
        if (!call.readOnlyConnection()) {
            state.madeReadOnly(true);
        }
    }

    /** Gives a writable connection's session its read-write access mode back, if a guarded statement took it. */
    private static void leaveReadOnly(Connection connection, MysqlSession state) throws SQLException {
        if (state.madeReadOnly()) {
            run(connection, SessionStatements.readWriteSession(connection));
            state.madeReadOnly(false);
        }
    }

    /** Whether a guarded text runs inside a read-only transaction of its own: when it is not {@linkplain OneRead one read}. */
    boolean needsOwnTransaction(SqlScan scan) {
        return switch (layers.ownTransaction()) {
            case UNLESS_ONE_READ -> !OneRead.is(scan);
            case NEVER -> false;
            case ALWAYS -> true;
        };
    }

    @Override
    public void beginTransaction(JdbcSession session) throws SQLException {
        Connection connection = session.connection();
        MysqlSession state = session.get(MysqlSession.KEY);
        state.known(false);
        if (!session.readOnly()) {
            leaveReadOnly(connection, state);
        }
        connection.setAutoCommit(false);
        if (session.readOnly()) {
            run(connection, "START TRANSACTION READ ONLY");
        }
    }

    /**
     * After a read-only connection's transaction, every user-level lock its reads' stored functions
     * took is released (nothing else on that connection can have taken one); inside the
     * transaction, the reads keep their single round trip.
     */
    @Override
    public void endTransaction(JdbcSession session) throws SQLException {
        session.connection().setAutoCommit(true);
        if (session.readOnly()) {
            run(session.connection(), "DO RELEASE_ALL_LOCKS()");
        }
    }

    static DriverException refusal(ErrorKind kind, String detail) {
        return DriverException.of(kind, MysqlDialect.NAME, "query", detail);
    }
}
