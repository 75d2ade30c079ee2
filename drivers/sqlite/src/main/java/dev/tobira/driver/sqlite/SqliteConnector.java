package dev.tobira.driver.sqlite;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.jdbc.Connector;
import dev.tobira.jdbc.DatabaseFile;
import dev.tobira.jdbc.JdbcSession;
import dev.tobira.spi.Dsn;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Set;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteLimits;
import org.sqlite.jdbc4.JDBC4Connection;

/**
 * Opens a database file: only the DSN forms the README lists, the file resolved and checked first,
 * and sqlite-jdbc given a {@code Properties} object of tobira's own, never DSN text as URL options.
 * A read-only connection is read-only from the start: the handle, {@code query_only}, no ATTACH, no
 * untrusted schema.
 */
final class SqliteConnector implements Connector {
    private static final String NAME = SqliteDialect.NAME;
    private static final String USAGE = "use sqlite:./shop.db, sqlite:/abs/path.db or sqlite::memory:";
    private static final int DEFAULT_BUSY_TIMEOUT_MS = 5000;
    private static final Set<String> OPTIONS = Set.of("busy_timeout");

    @Override
    public Connection connect(ConnConfig config) throws SQLException {
        // only the forms the README lists, so nothing reaches sqlite-jdbc's own URL options ('?')
        String target = DatabaseFile.target(NAME, config.dsn(), USAGE, "?");
        int busy = busyTimeout(config.options());
        String file = target.equals(DatabaseFile.MEMORY)
                ? target
                : DatabaseFile.resolve(NAME, Path.of(target), config.readOnly()).toString();
        SQLiteConfig sqlite = new SQLiteConfig();
        sqlite.setReadOnly(config.readOnly());
        sqlite.enableLoadExtension(false);
        sqlite.setBusyTimeout(busy);
        // tobira reads no generated keys; sqlite-jdbc would otherwise match every statement it executes
        // against an INSERT pattern, and follow each insert with a SELECT last_insert_rowid()
        sqlite.setGetGeneratedKeys(false);
        return new JDBC4Connection("jdbc:sqlite:" + file, file, sqlite.toProperties());
    }

    private static int busyTimeout(Map<String, String> options) {
        Dsn.options(NAME, options, OPTIONS);
        String value = options.get("busy_timeout");
        if (value == null) {
            return DEFAULT_BUSY_TIMEOUT_MS;
        }
        try {
            // digits only: no sign, no white space for parseInt to forgive
            int ms = value.chars().allMatch(c -> c >= '0' && c <= '9') ? Integer.parseInt(value) : -1;
            if (ms >= 0) {
                return ms;
            }
        } catch (NumberFormatException e) {
            // fall through to the refusal
        }
        throw DriverException.of(
                ErrorKind.INVALID_ARGUMENT, NAME, "open", "option busy_timeout must be a whole number of milliseconds");
    }

    @Override
    public void initialize(JdbcSession session) throws SQLException {
        Connection connection = session.connection();
        try (Statement st = connection.createStatement()) {
            if (session.readOnly()) {
                connection.unwrap(SQLiteConnection.class).setLimit(SQLiteLimits.SQLITE_LIMIT_ATTACHED, 0);
                st.execute("PRAGMA query_only=1");
                st.execute("PRAGMA trusted_schema=0");
            }
            // reads the schema now, so a file that is not a database fails the open, not the first query
            st.executeQuery("SELECT count(*) FROM sqlite_master").close();
        }
    }
}
