package dev.tobira.driver.sqlite;

import dev.tobira.jdbc.JdbcDriver;

/**
 * The SQLite driver: name {@code sqlite}, scheme {@code sqlite}, DSNs {@code sqlite:./shop.db},
 * {@code sqlite:/abs/path.db} and {@code sqlite::memory:}.
 *
 * <p>A connection opened read-only is guarded in layers: the file is opened read-only,
 * {@code PRAGMA query_only=1} is made sure of before every statement, attaching databases is
 * limited to none, extension loading is off, and a statement check in front allows only
 * {@code SELECT}, {@code WITH}, {@code VALUES}, {@code EXPLAIN} and read-only {@code PRAGMA}
 * statements, one per query. A read-only query on a writable connection gets the same check and
 * {@code query_only} for its statement. Connections offer the browser, mutator, explainer,
 * transactor and completer facets, and keep their last 32 prepared statements by text.
 *
 * <p>Options ({@link dev.tobira.api.ConnConfig#options()}): {@code busy_timeout}, in milliseconds
 * (5000 by default).
 *
 * @since 0.1
 */
public final class SqliteDriver extends JdbcDriver {
    /** Creates the driver; {@link java.util.ServiceLoader} calls this. */
    public SqliteDriver() {
        super(new SqliteDialect());
    }
}
