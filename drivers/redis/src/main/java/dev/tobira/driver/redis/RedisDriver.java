package dev.tobira.driver.redis;

import dev.tobira.spi.base.BaseDriver;

/**
 * The tobira driver for Redis 6.2 and later, through Lettuce.
 *
 * <p>DSNs: {@code redis://[user:password@]host:port/db} and {@code rediss://…} for TLS (option
 * {@code verifyPeer=full|ca|none}). The password may come from the DSN or from
 * {@link dev.tobira.api.ConnConfig#password()}, which wins; it never appears in a message.
 *
 * <p>A query is one Redis command line, split as redis-cli splits it; {@code Query.params()} are
 * appended as further arguments. Replies become rows: a scalar is one row with one column
 * {@code value}, an array or set one row per element, a map one {@code field}/{@code value} row per
 * entry, SCAN and its kin one row per key or member, following the cursor as the caller iterates.
 * Bulk strings that are not UTF-8 arrive as {@code Bytes}.
 *
 * <p>Read-only: a guarded query must be on an allow-list of read commands that the server, asked
 * with {@code COMMAND INFO}, confirms under the same name, so commands renamed in redis.conf stay
 * refused. Namespaces are the logical databases; collections are key prefixes ({@code customer} for
 * {@code customer:1}).
 *
 * <p>Declares read-only, browser, mutator, completer and change feed. A connection offers the change
 * feed only when its server publishes keyspace notifications ({@code notify-keyspace-events}), and
 * the mutator only when it is writable.
 *
 * <p>Instances are thread-safe. Connections of one driver share Lettuce's threads (released when the
 * last connection closes) and the guard's cache of the server's command flags.
 *
 * @since 0.1
 */
public final class RedisDriver extends BaseDriver {
    static final String NAME = "redis";
    static final String CLIENT_NAME = "tobira";

    /** Creates the driver; {@link java.util.ServiceLoader} calls this. */
    public RedisDriver() {
        this(true);
    }

    /**
     * The conformance kit's seam: false turns the allow-list of read commands off, so the kit can
     * show what is left of the guard without it. Package-private, reached only from the tests in
     * this package; no {@code ConnConfig}, DSN or option turns it off.
     */
    RedisDriver(boolean statementCheck) {
        super(new RedisDialect(statementCheck));
    }
}
