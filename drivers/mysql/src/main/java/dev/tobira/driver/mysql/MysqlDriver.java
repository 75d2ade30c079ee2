package dev.tobira.driver.mysql;

import dev.tobira.jdbc.JdbcDriver;

/**
 * The MySQL and MariaDB driver: name {@code mysql}, schemes {@code mysql} and {@code mariadb},
 * DSNs {@code mysql://user[:password]@host[:port][/database]} (port 3306 by default). It speaks
 * to MySQL 8.0 to 8.4 and MariaDB 10.6 and later through MariaDB Connector/J;
 * {@link dev.tobira.api.ConnInfo#dialect()} says which of the two answered ({@code mysql} or
 * {@code mariadb}). The password comes from {@link dev.tobira.api.ConnConfig#password()} when set,
 * else from the DSN, and is redacted from every message.
 *
 * <p>A connection opened read-only, and a read-only query on any connection, is guarded in
 * layers: a statement check that allows only {@code SELECT}, {@code WITH}, {@code VALUES},
 * {@code TABLE}, {@code SHOW}, {@code DESCRIBE}/{@code DESC} and {@code EXPLAIN} (without
 * {@code ANALYZE}), one statement per query, and refuses executable comments, {@code INTO},
 * {@code LOAD_FILE}, the lock functions, {@code SLEEP}, {@code BENCHMARK} and locking reads; then
 * the session's access mode is set to read-only again for the statement, which then runs in
 * autocommit mode as its own read-only transaction (on a read-only MariaDB connection in a
 * {@code SET STATEMENT … FOR} in front of the read, no round trip of its own; elsewhere a session
 * statement first, one round trip more than the raw client);
 * a read-only connection's session is read-only from the start as well; then a post-check reads
 * the server's status flags to make sure the statement returned rows and left the session in
 * autocommit mode. Stored functions and triggers already on the server run inside the read-only
 * transaction, which refuses their writes; what they do outside the database is beyond any guard.
 *
 * <p>Sessions run with {@code time_zone = '+00:00'}, so TIMESTAMP columns come back as exact
 * instants, and without the {@code ANSI_QUOTES} and {@code NO_BACKSLASH_ESCAPES} SQL modes, so
 * the server reads query text the way the guard does. Results stream, 1000 rows per fetch.
 *
 * <p>Options ({@link dev.tobira.api.ConnConfig#options()} or DSN query parameters):
 * {@code sslMode} ({@code disable}, the default, {@code trust}, {@code verify-ca},
 * {@code verify-full}) and {@code serverSslCert}. Connections offer the browser, mutator,
 * explainer ({@code EXPLAIN FORMAT=JSON}), transactor and completer facets.
 *
 * @since 0.1
 */
public final class MysqlDriver extends JdbcDriver {
    /** Creates the driver; {@link java.util.ServiceLoader} calls this. */
    public MysqlDriver() {
        super(new MysqlDialect());
    }
}
