package dev.tobira.driver.duckdb;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.jdbc.Connector;
import dev.tobira.jdbc.DatabaseFile;
import dev.tobira.jdbc.JdbcSession;
import dev.tobira.spi.Dsn;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.Set;
import org.duckdb.DuckDBDriver;

/**
 * Opens DuckDB databases. A read-only connection's engine layers are all in the configuration it
 * opens with ({@link #readOnlyProperties}); {@link #initialize} reads them back and fails closed
 * unless every one took. Files are opened by their real path: duckdb_jdbc shares one database
 * instance per path string in a process, so two spellings of one file would otherwise become two
 * instances of it.
 */
final class DuckdbConnector implements Connector {
    private static final String USAGE = "use duckdb:./shop.duckdb, duckdb:/abs/path.duckdb or duckdb::memory:";

    /**
     * The configuration of a read-only database instance. External access goes off in the same
     * configuration that locks it, so no statement can turn it back on; {@link #initialize} checks
     * that all of it took. The tests' native side channel opens read-only files with exactly this,
     * so that it shares the driver's instance rather than conflicting with it.
     *
     * @param file whether a file is opened, rather than an in-memory database (which DuckDB cannot
     *     open read-only)
     */
    static Properties readOnlyProperties(boolean file) {
        Properties p = new Properties();
        if (file) {
            p.setProperty("duckdb.read_only", "true");
        }
        p.setProperty("enable_external_access", "false");
        p.setProperty("autoinstall_known_extensions", "false");
        p.setProperty("autoload_known_extensions", "false");
        p.setProperty("lock_configuration", "true");
        p.setProperty("jdbc_stream_results", "true");
        return p;
    }

    @Override
    public Connection connect(ConnConfig config) throws SQLException {
        Dsn.options(DuckdbDialect.NAME, config.options(), Set.of());
        String target = target(config);
        boolean file = isFile(target);
        // by its real path: duckdb_jdbc shares one instance per path string, so two spellings would be two instances
        String path = file
                ? DatabaseFile.resolve(DuckdbDialect.NAME, Path.of(target), config.readOnly())
                        .toString()
                : "";
        Properties props = config.readOnly() ? readOnlyProperties(file) : new Properties();
        return new DuckDBDriver().connect("jdbc:duckdb:" + path, props);
    }

    @Override
    public void initialize(JdbcSession session) throws SQLException {
        try (Statement st = session.connection().createStatement()) {
            if (session.readOnly()) {
                checkReadOnly(st, isFile(target(session.config())));
                return;
            }
            // results stream from the engine instead of being materialized in native memory first
            st.execute("SET SESSION jdbc_stream_results = true");
            // nothing this driver opens reaches the network to fetch an extension
            st.execute("SET autoinstall_known_extensions = false");
        }
    }

    /** The file (or {@code :memory:}) a DSN names; a {@code ;} would start duckdb_jdbc's URL options. */
    private static String target(ConnConfig config) {
        return DatabaseFile.target(DuckdbDialect.NAME, config.dsn(), USAGE, ";");
    }

    private static boolean isFile(String target) {
        return !target.equals(DatabaseFile.MEMORY);
    }

    /** Fails closed unless the engine reports every read-only setting the configuration asked for. */
    private static void checkReadOnly(Statement st, boolean file) throws SQLException {
        try (ResultSet rs =
                st.executeQuery("SELECT current_setting('access_mode'), current_setting('enable_external_access'),"
                        + " current_setting('lock_configuration'), current_setting('autoinstall_known_extensions')")) {
            boolean ok = rs.next()
                    && (!file || "read_only".equalsIgnoreCase(rs.getString(1)))
                    && !rs.getBoolean(2)
                    && rs.getBoolean(3)
                    && !rs.getBoolean(4);
            if (!ok) {
                throw DriverException.of(
                        ErrorKind.INTERNAL,
                        DuckdbDialect.NAME,
                        "open",
                        "DuckDB did not take the read-only configuration (access_mode, enable_external_access, lock_configuration)");
            }
        }
    }
}
