package dev.tobira.driver.redis;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Capability;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Driver;
import dev.tobira.api.DriverException;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The tobira driver for Redis 6.2 and later, through Lettuce.
 *
 * <p>DSNs: {@code redis://[user:password@]host:port/db} and {@code rediss://…} for TLS (option
 * {@code verifyPeer=full|ca|none}). The password may come from the DSN or from
 * {@link ConnConfig#password()}, which wins; it never appears in a message.
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
 * <p>Instances are thread-safe. Connections of one driver share Lettuce's threads (released when the
 * last connection closes) and the guard's cache of the server's command flags.
 *
 * @since 0.1
 */
public final class RedisDriver implements Driver {
    static final String NAME = "redis";
    static final String CLIENT_NAME = "tobira";

    private static final Set<Capability> DECLARED = Collections.unmodifiableSet(EnumSet.of(Capability.READ_ONLY,
            Capability.BROWSER, Capability.MUTATOR, Capability.COMPLETER, Capability.CHANGE_FEED));

    private final ReadOnlyGuard guard = new ReadOnlyGuard();
    private final boolean statementCheck;
    private final Object lock = new Object();
    private ClientResources resources;
    private RedisClient client;
    private int users;

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
        this.statementCheck = statementCheck;
    }

    /** Returns {@code redis}. */
    @Override
    public String name() {
        return NAME;
    }

    /** Returns {@code redis} and {@code rediss}. */
    @Override
    public Set<String> schemes() {
        return Set.of("redis", "rediss");
    }

    /**
     * Returns read-only, browser, mutator, completer and change feed. A connection offers the change
     * feed only when its server publishes keyspace notifications ({@code notify-keyspace-events}).
     */
    @Override
    public Set<Capability> declared() {
        return DECLARED;
    }

    /**
     * Opens a connection and checks that the server answers.
     *
     * @throws DriverException INVALID_ARGUMENT for a bad DSN, CONNECTION, AUTH or TIMEOUT when the
     *     server cannot be reached or refuses the credentials
     */
    @Override
    public Conn open(ConnConfig config) {
        requireNonNull(config, "config is null");
        Target target = Target.of(config);
        RedisClient c = acquire();
        Session session = new Session(target, c, guard, this::release);
        try {
            session.open();
            return new RedisConn(session, guard, config.readOnly(), statementCheck);
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
    }

    private RedisClient acquire() {
        synchronized (lock) {
            if (client == null) {
                resources = DefaultClientResources.builder().ioThreadPoolSize(2).computationThreadPoolSize(2).build();
                client = RedisClient.create(resources);
                client.setOptions(ClientOptions.builder()
                        .autoReconnect(false)
                        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                        .timeoutOptions(TimeoutOptions.create())
                        .build());
            }
            users++;
            return client;
        }
    }

    private void release() {
        RedisClient c;
        ClientResources r;
        synchronized (lock) {
            if (--users > 0) {
                return;
            }
            c = client;
            r = resources;
            client = null;
            resources = null;
        }
        c.shutdownAsync(0, 2, TimeUnit.SECONDS).whenComplete((v, t) -> r.shutdown(0, 2, TimeUnit.SECONDS));
    }

    @Override
    public String toString() {
        return "RedisDriver[" + NAME + "]";
    }
}
