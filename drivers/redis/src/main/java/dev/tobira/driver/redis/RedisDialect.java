package dev.tobira.driver.redis;

import static dev.tobira.driver.redis.RedisDriver.NAME;

import dev.tobira.api.Capability;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.ConnInfo;
import dev.tobira.spi.base.ConnParts;
import dev.tobira.spi.base.Dialect;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Redis's identity, how a session opens, and what each connection is made of. The driver's
 * connections share Lettuce's threads (released when the last one closes) and the guard's cache
 * of the server's command flags.
 */
final class RedisDialect extends Dialect<RedisSession> {
    private final ReadOnlyGuard guard = new ReadOnlyGuard();
    /** Off only in the conformance kit's layer check (RedisDriver's package-private constructor); no config reaches it. */
    private final boolean statementCheck;

    private final Object lock = new Object();
    private ClientResources resources;
    private RedisClient client;
    private int users;

    RedisDialect(boolean statementCheck) {
        super(
                NAME,
                Set.of("redis", "rediss"),
                EnumSet.of(
                        Capability.READ_ONLY,
                        Capability.BROWSER,
                        Capability.MUTATOR,
                        Capability.COMPLETER,
                        Capability.CHANGE_FEED));
        this.statementCheck = statementCheck;
    }

    @Override
    protected RedisSession openSession(ConnConfig config) {
        Target target = Target.of(config);
        RedisSession session = new RedisSession(target, acquire(), guard, this::release);
        try {
            session.open();
            return session;
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
    }

    @Override
    protected void assemble(RedisSession session, ConnConfig config, ConnParts parts) {
        RedisCatalog catalog = new RedisCatalog(session, guard);
        parts.info(withVersion(ConnInfo.of(NAME, ConnInfo.Model.KV, "redis"), session.version()))
                .catalog(catalog)
                .queries(new RedisQueries(session, catalog, guard, statementCheck))
                .facet(Capability.BROWSER, () -> new RedisBrowser(catalog))
                .facet(Capability.MUTATOR, () -> new RedisMutator(session, catalog))
                .facet(Capability.COMPLETER, () -> new RedisCompleter(catalog, parts.readOnly()))
                // offered only where the server publishes keyspace notifications, asked the first time it matters
                .facet(
                        Capability.CHANGE_FEED,
                        () -> new RedisChangeFeed(session, catalog, parts.results()),
                        () -> KeyspaceFeed.enabled(catalog));
    }

    private RedisClient acquire() {
        synchronized (lock) {
            if (client == null) {
                resources = DefaultClientResources.builder()
                        .ioThreadPoolSize(2)
                        .computationThreadPoolSize(2)
                        .build();
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

    // the server may not say its version: then the information has none
    private static ConnInfo withVersion(ConnInfo info, String version) {
        return version.isEmpty() ? info : info.withServerVersion(version);
    }
}
