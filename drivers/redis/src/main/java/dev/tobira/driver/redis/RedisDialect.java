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
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

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
    private @Nullable Shared shared;
    private int users;

    /** Lettuce's client and its threads, made for the first open connection and shut with the last. */
    private record Shared(ClientResources resources, RedisClient client) {
        /**
         * Waits for the client and then its threads to stop, each within a bound: whoever closes the
         * last connection gets the threads back before its close returns, and a shutdown that hangs
         * holds it no longer than the bound.
         */
        void shutdown() {
            RedisSession.awaitQuietly(client.shutdownAsync(0, SHUTDOWN_SECONDS, TimeUnit.SECONDS), SHUTDOWN_BOUND);
            RedisSession.awaitQuietly(resources.shutdown(0, SHUTDOWN_SECONDS, TimeUnit.SECONDS), SHUTDOWN_BOUND);
        }
    }

    /** Lettuce's own timeout for a shutdown, and how long a close waits for it (a little longer). */
    private static final long SHUTDOWN_SECONDS = 2;

    private static final Duration SHUTDOWN_BOUND = Duration.ofSeconds(SHUTDOWN_SECONDS + 1);

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
        return new RedisSession(Target.of(config), acquire(), guard, this::release);
    }

    /** Connects now, so that open fails early on a bad address or password. */
    @Override
    protected void verify(RedisSession session) {
        session.open();
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
            Shared s = shared;
            if (s == null) {
                ClientResources resources = DefaultClientResources.builder()
                        .ioThreadPoolSize(2)
                        .computationThreadPoolSize(2)
                        .build();
                RedisClient client = RedisClient.create(resources);
                client.setOptions(ClientOptions.builder()
                        .autoReconnect(false)
                        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                        .timeoutOptions(TimeoutOptions.create())
                        .build());
                s = new Shared(resources, client);
                shared = s;
            }
            users++;
            return s.client();
        }
    }

    /** Called once per session, on the thread that closes it, never on one of Lettuce's. */
    private void release() {
        Shared s;
        synchronized (lock) {
            if (--users > 0 || shared == null) {
                return;
            }
            s = shared;
            shared = null;
        }
        s.shutdown();
    }

    // the server may not say its version: then the information has none
    private static ConnInfo withVersion(ConnInfo info, String version) {
        return version.isEmpty() ? info : info.withServerVersion(version);
    }
}
