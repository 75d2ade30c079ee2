package dev.tobira.driver.duckdb;

import dev.tobira.jdbc.Call;
import dev.tobira.jdbc.JdbcSession;
import dev.tobira.jdbc.ReadOnlyMode;
import dev.tobira.jdbc.StatementScope;
import java.sql.SQLException;

/**
 * DuckDB's read-only mode per statement, which DuckDB itself does not have. A read-only
 * connection needs nothing per statement: its database instance is read-only, external access is
 * off and the configuration locked from the open on. A read-only query on a writable connection
 * runs in a {@link RolledBackScope}, a transaction always rolled back. Inside a caller's
 * transaction it gets the statement check only: DuckDB has no savepoints to roll back to without
 * ending the caller's transaction.
 */
final class DuckdbReadOnlyMode implements ReadOnlyMode {
    @Override
    public StatementScope open(JdbcSession session, Call call) throws SQLException {
        if (call.guarded() && !call.readOnlyConnection() && !call.inTransaction()) {
            return RolledBackScope.begin(session);
        }
        return StatementScope.NONE;
    }
}
