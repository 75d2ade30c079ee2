package dev.tobira.driver.postgres;

import dev.tobira.jdbc.JdbcDriver;

/**
 * The PostgreSQL driver: name {@code postgres}, schemes {@code postgres} and {@code postgresql},
 * DSNs {@code postgres://user[:password]@host[:port]/database[?param=value&…]}.
 *
 * <p>DSN parameters: {@code sslmode} ({@code disable}, {@code allow}, {@code prefer},
 * {@code require}, {@code verify-ca}, {@code verify-full}), {@code sslrootcert},
 * {@code application_name}, {@code connect_timeout} (seconds, used when the configuration sets no
 * connect timeout) and {@code search_path} (the schema unqualified names resolve in). Any other
 * parameter is refused, so nothing reaches pgjdbc's own options (some of which load classes). The
 * password comes from the DSN or from {@link dev.tobira.api.ConnConfig#password()}, which wins; it
 * never appears in a message.
 *
 * <p>The read-only guard, in layers: every read-only call runs in its own {@code BEGIN READ ONLY}
 * transaction that always ends in {@code ROLLBACK} (on a cancel, a timeout or a failure too); a
 * read-only connection also has {@code default_transaction_read_only} on for its session; in front,
 * a statement check allows one {@code SELECT}, {@code WITH}, {@code VALUES}, {@code TABLE},
 * {@code EXPLAIN} or {@code SHOW} statement and refuses what a read-only transaction does not stop:
 * calls of large-object, server-file, advisory-lock, signalling, replication, {@code dblink} and
 * query-running functions, {@code set_config}, {@code nextval}/{@code setval},
 * {@code EXPLAIN ANALYZE} of a write, and Unicode-escaped identifiers that could hide a function's
 * name. Results stream with autocommit off and a fetch size. Connections offer the browser,
 * mutator, explainer ({@code EXPLAIN (FORMAT JSON)}), transactor, completer and exporter
 * ({@code COPY (query) TO STDOUT}, CSV or text, for queries the guard admits) facets.
 *
 * @since 0.1
 */
public final class PostgresDriver extends JdbcDriver {
    /** Creates the driver; {@link java.util.ServiceLoader} calls this. */
    public PostgresDriver() {
        super(new PostgresDialect());
    }
}
