package dev.tobira.driver.duckdb;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Capability;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Driver;
import dev.tobira.jdbc.JdbcDriver;
import java.util.Set;

/**
 * The DuckDB driver: name {@code duckdb}, scheme {@code duckdb}, DSNs {@code duckdb:./shop.duckdb},
 * {@code duckdb:/abs/path.duckdb} and {@code duckdb::memory:}. DuckDB runs embedded, in this
 * process.
 *
 * <p>A connection opened read-only is guarded in layers: the file is opened with
 * {@code access_mode=READ_ONLY}, {@code enable_external_access=false} and
 * {@code lock_configuration=true} (so no file outside the database can be read or written, and no
 * statement can change a setting back), extension auto-install and auto-load are off, and a
 * statement check in front allows only {@code SELECT}, {@code WITH}, {@code VALUES}, FROM-first
 * queries, {@code TABLE}, {@code PIVOT}, {@code UNPIVOT}, {@code EXPLAIN} without {@code ANALYZE},
 * {@code DESCRIBE}, {@code SHOW}, {@code SUMMARIZE} and read-only {@code PRAGMA} and {@code CALL}
 * statements, one per query, and refuses the table functions that read files. A read-only query on
 * a writable connection gets the same check and runs inside a transaction that is always rolled
 * back.
 *
 * <p>DuckDB lets one process hold a file with one configuration only: while a writable connection
 * to a file is open in this process, opening the same file read-only fails with
 * {@link dev.tobira.api.ErrorKind#CONFLICT}, and the other way round.
 *
 * <p>Connections offer the browser, mutator, explainer, transactor, completer and exporter facets.
 * The exporter uses DuckDB's own {@code COPY (query) TO} on writable connections and streams rows
 * as CSV on read-only ones, where external access is off. No option is accepted in
 * {@link ConnConfig#options()}.
 *
 * @since 0.1
 */
public final class DuckdbDriver implements Driver {
    private final DuckdbDialect dialect = new DuckdbDialect();
    private final Inner inner = new Inner(dialect);

    /** Creates the driver; {@link java.util.ServiceLoader} calls this. */
    public DuckdbDriver() {}

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public Set<String> schemes() {
        return inner.schemes();
    }

    @Override
    public Set<Capability> declared() {
        return inner.declared();
    }

    /**
     * Opens a connection.
     *
     * @param config where and how to connect
     * @return the open connection; the caller closes it
     * @throws NullPointerException if config is null
     * @throws dev.tobira.api.DriverException INVALID_ARGUMENT for a bad DSN, NOT_FOUND for a missing
     *     file opened read-only, CONFLICT when the file is open in this process with the other mode,
     *     or what DuckDB reports
     */
    @Override
    public Conn open(ConnConfig config) {
        requireNonNull(config, "config is null");
        return new DuckdbConn(inner.open(config), dialect);
    }

    @Override
    public String toString() {
        return "DuckdbDriver[duckdb]";
    }

    /** The JDBC base's driver; {@link DuckdbConn} adds the exporter it lacks. */
    private static final class Inner extends JdbcDriver {
        Inner(DuckdbDialect dialect) {
            super(dialect);
        }
    }
}
