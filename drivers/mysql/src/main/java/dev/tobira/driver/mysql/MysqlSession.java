package dev.tobira.driver.mysql;

import dev.tobira.jdbc.JdbcSession;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * What the read-only mode remembers about one connection's session between statements, kept in
 * its {@link JdbcSession} under {@link #KEY}. {@link MysqlConnector#initialize} creates it right
 * after a read-only connection's session is set read-only, so the literal session statement is
 * taken from the sql_mode of that moment.
 */
final class MysqlSession {
    static final JdbcSession.Key<MysqlSession> KEY =
            JdbcSession.Key.of("mysql session", MysqlSession.class, MysqlSession::open);

    private final Optional<ReadOnlySession> readOnlySession;
    /**
     * Whether a read-only connection's session is as its {@link ReadOnlySession} left it; volatile,
     * since a close on another thread may end a statement.
     */
    private volatile boolean known = true;
    /**
     * Whether a guarded statement made a writable connection's session read-only; the next
     * unguarded one makes it read-write again. Kept here rather than in
     * {@code Connection.setReadOnly}, which Connector/J only records as a hint (no statement, no
     * round trip) and which would mark the connection for code that is not ours.
     */
    private volatile boolean madeReadOnly;

    private MysqlSession(Optional<ReadOnlySession> readOnlySession) {
        this.readOnlySession = readOnlySession;
    }

    private static MysqlSession open(JdbcSession session) throws SQLException {
        if (!session.readOnly()) {
            return new MysqlSession(Optional.empty());
        }
        Connection c = session.connection();
        try (Statement st = c.createStatement()) {
            return new MysqlSession(ReadOnlySession.read(
                    st, SessionStatements.accessModeVariable(c), ConnectorJInternals.isMariaDb(c)));
        }
    }

    /** The literal session statement of a read-only connection, empty on a writable one or one whose sql_mode is no plain literal. */
    Optional<ReadOnlySession> readOnlySession() {
        return readOnlySession;
    }

    boolean known() {
        return known;
    }

    void known(boolean on) {
        known = on;
    }

    boolean madeReadOnly() {
        return madeReadOnly;
    }

    void madeReadOnly(boolean on) {
        madeReadOnly = on;
    }
}
