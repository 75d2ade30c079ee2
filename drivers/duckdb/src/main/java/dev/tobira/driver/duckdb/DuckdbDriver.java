package dev.tobira.driver.duckdb;

import dev.tobira.api.ConnConfig;
import dev.tobira.jdbc.JdbcDriver;

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
 * <p>Opening fails with {@link dev.tobira.api.ErrorKind#INVALID_ARGUMENT} for a bad DSN or any
 * option in {@link ConnConfig#options()}, and {@link dev.tobira.api.ErrorKind#NOT_FOUND} for a
 * missing file opened read-only (no file is created).
 *
 * <p>Connections offer the browser, mutator, explainer, transactor, completer and exporter facets.
 * The exporter uses DuckDB's own {@code COPY (query) TO} on writable connections and the JDBC
 * base's CSV rows on read-only ones, where external access is off.
 *
 * @since 0.1
 */
public final class DuckdbDriver extends JdbcDriver {
    /** Creates the driver; {@link java.util.ServiceLoader} calls this. */
    public DuckdbDriver() {
        super(new DuckdbDialect());
    }
}
