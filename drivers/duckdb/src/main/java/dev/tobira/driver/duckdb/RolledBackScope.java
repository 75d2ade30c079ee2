package dev.tobira.driver.duckdb;

import dev.tobira.jdbc.JdbcSession;
import dev.tobira.jdbc.StatementScope;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * One statement inside a transaction that is rolled back when the statement is over, whether it
 * completed or not: what a write that got past the statement check did is undone (a sequence's
 * {@code nextval} excepted, which DuckDB never rolls back, so the check refuses it).
 */
final class RolledBackScope implements StatementScope {
    private final JdbcSession session;

    private RolledBackScope(JdbcSession session) {
        this.session = session;
    }

    /** Begins the transaction; nothing is left to undo when that fails. */
    static RolledBackScope begin(JdbcSession session) throws SQLException {
        execute(session, "BEGIN TRANSACTION");
        return new RolledBackScope(session);
    }

    @Override
    public void close(boolean completed) throws SQLException {
        execute(session, "ROLLBACK");
    }

    private static void execute(JdbcSession session, String sql) throws SQLException {
        try (Statement st = session.connection().createStatement()) {
            st.execute(sql);
        }
    }
}
