package dev.tobira.driver.sqlite;

import dev.tobira.jdbc.Call;
import dev.tobira.jdbc.JdbcSession;
import dev.tobira.jdbc.ReadOnlyMode;
import dev.tobira.jdbc.StatementScope;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * {@code PRAGMA query_only=1} made sure of before every guarded statement: earlier text, or a flag
 * pragma applied while compiling, could have lifted it. On a read-only connection, where it was set
 * at open, it is read back first and set again only if something lifted it: setting it
 * unconditionally would expire every kept statement of the connection, each run. On a writable
 * connection it is set for the one statement and lifted after it.
 */
final class SqliteReadOnlyMode implements ReadOnlyMode {
    /** The scope of a guarded statement on a writable connection: query_only lifted after it. */
    private static StatementScope lift(Connection connection) {
        return new StatementScope() {
            @Override
            public void close(boolean completed) throws SQLException {
                queryOnly(connection, false);
            }
        };
    }

    @Override
    public StatementScope open(JdbcSession session, Call call) throws SQLException {
        if (!call.guarded()) {
            return StatementScope.NONE;
        }
        if (!(call.readOnlyConnection() && session.get(SqlitePragmas.KEY).queryOnly())) {
            queryOnly(session.connection(), true);
        }
        return call.readOnlyConnection() ? StatementScope.NONE : lift(session.connection());
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
