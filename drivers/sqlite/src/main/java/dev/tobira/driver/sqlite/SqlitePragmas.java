package dev.tobira.driver.sqlite;

import dev.tobira.jdbc.JdbcSession;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.jspecify.annotations.Nullable;

/**
 * One session's two kept pragmas, read around its statements and closed with it. SQLite compiles
 * {@code PRAGMA schema_version} once; {@code PRAGMA query_only} it compiles again at every step
 * (its program expires itself), which is what keeps the value it reads current.
 */
final class SqlitePragmas implements AutoCloseable {
    static final JdbcSession.Key<SqlitePragmas> KEY =
            JdbcSession.Key.of("sqlite pragmas", SqlitePragmas.class, SqlitePragmas::new);

    private final JdbcSession session;
    private @Nullable PreparedStatement queryOnly;
    private @Nullable PreparedStatement schemaVersion;

    private SqlitePragmas(JdbcSession session) {
        this.session = session;
    }

    /** Whether {@code query_only} is on now, as SQLite has it. */
    boolean queryOnly() throws SQLException {
        if (queryOnly == null) {
            queryOnly = session.connection().prepareStatement("PRAGMA query_only");
        }
        return SqliteInternals.readInt(queryOnly) == 1;
    }

    /**
     * The main database's schema cookie, which SQLite raises on every schema change, or -1 when
     * reading it would have to wait for a lock. Read while a statement of this connection that
     * reads the database has a row, it comes from that statement's own read transaction: the
     * schema the statement was compiled against. A statement that reads no table holds no
     * transaction, so the read takes a lock of its own; it is not worth waiting for (behind a
     * writer's exclusive lock, for the whole busy timeout), since such a statement's columns do not
     * depend on the schema.
     */
    int schemaVersionWithoutWaiting() throws SQLException {
        if (schemaVersion == null) {
            schemaVersion = session.connection().prepareStatement("PRAGMA schema_version");
        }
        return SqliteInternals.readIntWithoutWaiting(session.connection(), schemaVersion);
    }

    @Override
    public void close() throws SQLException {
        try {
            if (queryOnly != null) {
                queryOnly.close();
            }
        } finally {
            if (schemaVersion != null) {
                schemaVersion.close();
            }
        }
    }
}
