package dev.tobira.driver.mysql;

import dev.tobira.spi.SqlDialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The session statements that make the server read text the way the guard's lexer does, in UTC,
 * and read-only: what every session gets at open and what every guarded statement outside a
 * transaction starts from.
 */
final class SessionStatements {
    /**
     * The sql_mode names that make the server read text differently from {@link SqlDialect#MYSQL}:
     * ANSI_QUOTES and NO_BACKSLASH_ESCAPES, and the combination modes that turn ANSI_QUOTES on
     * again whenever the mode is assigned (ANSI; on MariaDB also DB2, MAXDB, MSSQL, ORACLE and
     * POSTGRESQL). A session in ANSI mode lists both ANSI and ANSI_QUOTES, so dropping ANSI_QUOTES
     * alone would leave it on.
     */
    static final List<String> QUOTING_MODES =
            List.of("ANSI_QUOTES", "NO_BACKSLASH_ESCAPES", "ANSI", "DB2", "MAXDB", "MSSQL", "ORACLE", "POSTGRESQL");

    /** Drops {@link #QUOTING_MODES} from the session's sql_mode and keeps the rest. */
    static final String NORMALIZE_SQL_MODE = normalizeSqlMode();

    /** What every session runs with from its open: the normalized SQL modes and UTC. */
    static final String SESSION_DEFAULTS = NORMALIZE_SQL_MODE + ", time_zone = '+00:00'";

    private static final String ACCESS_MODE = "transaction_read_only";
    private static final String OLD_ACCESS_MODE = "tx_read_only";
    private static final String READ_ONLY_SESSION = readOnlySession(ACCESS_MODE);
    private static final String OLD_READ_ONLY_SESSION = readOnlySession(OLD_ACCESS_MODE);

    private SessionStatements() {}

    /**
     * The session variable of the transaction access mode: {@code tx_read_only} on MariaDB before
     * 11.1, {@code transaction_read_only} on MariaDB 11.1 and later and on MySQL 8.
     */
    static String accessModeVariable(Connection connection) throws SQLException {
        return oldAccessMode(connection) ? OLD_ACCESS_MODE : ACCESS_MODE;
    }

    /**
     * The one statement that puts a session back into the state every guarded statement starts
     * from: the SQL modes the guard's lexer assumes, UTC, and read-only as its access mode.
     */
    static String readOnlySession(Connection connection) throws SQLException {
        return oldAccessMode(connection) ? OLD_READ_ONLY_SESSION : READ_ONLY_SESSION;
    }

    /** Gives the session its read-write access mode back. */
    static String readWriteSession(Connection connection) throws SQLException {
        return "SET SESSION " + accessModeVariable(connection) + " = 0";
    }

    /** Ends what a guarded statement may have left: an open transaction (rolled back), autocommit off. */
    static void restoreAutocommit(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute("ROLLBACK");
            if (!ConnectorJInternals.status(connection).autocommit()) {
                st.execute("SET autocommit = 1");
            }
        }
    }

    /** Runs one session statement, which returns no rows. */
    static void run(Connection connection, String sql) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute(sql);
        }
    }

    private static boolean oldAccessMode(Connection connection) throws SQLException {
        return ConnectorJInternals.mariaDbBefore(connection, 11, 1, 0);
    }

    private static String readOnlySession(String accessMode) {
        return NORMALIZE_SQL_MODE + ", SESSION time_zone = '+00:00', SESSION " + accessMode + " = 1";
    }

    private static String normalizeSqlMode() {
        String modes = "CONCAT(',', @@SESSION.sql_mode, ',')";
        for (String mode : QUOTING_MODES) {
            modes = "REPLACE(" + modes + ", '," + mode + ",', ',')";
        }
        return "SET SESSION sql_mode = TRIM(BOTH ',' FROM " + modes + ")";
    }
}
