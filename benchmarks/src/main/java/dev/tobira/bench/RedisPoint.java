package dev.tobira.bench;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Query;
import dev.tobira.api.Registry;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Guarded point read on Redis: {@code HGETALL} of one five-field hash, through tobira read-only (the
 * COMMAND INFO-checked allow-list) and through Lettuce's synchronous API, the keys from a pinned seed.
 * The hashes live in logical database {@link Servers#REDIS_DB} and are rewritten at every setup.
 * {@code pair} runs both sides by turns in one fork (see {@link Sides}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class RedisPoint {
    private static final int KEYS = 4096;
    private static final String PREFIX = "tobira-bench:";

    private RedisClient client;
    private @Nullable StatefulRedisConnection<String, String> lettuce;
    private @Nullable RedisCommands<String, String> sync;
    private @Nullable Conn tobira;
    private @Nullable Query query;
    private String[] keys;
    private int next;

    /** Why this benchmark cannot run, or empty. */
    static Optional<String> unavailable() {
        Optional<String> server = Servers.redis().absent();
        if (server.isPresent()) {
            return server;
        }
        return Registry.discover().driver("redis").isPresent()
                ? Optional.empty()
                : Optional.of("the tobira redis driver is not on the class path");
    }

    @Setup(Level.Trial)
    public void open(BenchmarkParams params) {
        unavailable().ifPresent(why -> {
            throw new IllegalStateException("not run: " + why);
        });
        Servers.Server s = Servers.redis();
        RedisURI.Builder uri =
                RedisURI.builder().withHost(s.host()).withPort(s.port()).withDatabase(Servers.REDIS_DB);
        if (!s.password().isEmpty()) {
            uri.withPassword(s.password().toCharArray());
        }
        client = RedisClient.create(uri.build());
        lettuce = client.connect();
        seed(lettuce);
        long[] ids = Dataset.pointKeys(KEYS, Dataset.REDIS_KEYS);
        keys = new String[KEYS];
        for (int i = 0; i < KEYS; i++) {
            keys[i] = PREFIX + ids[i];
        }
        String benchmark = params.getBenchmark();
        if (!benchmark.endsWith(".raw")) {
            tobira = Registry.discover()
                    .open(ConnConfig.of(s.dsn("redis", Integer.toString(Servers.REDIS_DB)))
                            .withName("bench")
                            .withReadOnly(true));
            query = Query.of("HGETALL").withReadOnly(true);
        }
        if (benchmark.endsWith(".tobira")) {
            lettuce.close();
            lettuce = null;
        } else {
            sync = lettuce.sync();
        }
    }

    private static void seed(StatefulRedisConnection<String, String> c) {
        RedisAsyncCommands<String, String> async = c.async();
        List<RedisFuture<?>> pending = new ArrayList<>();
        c.setAutoFlushCommands(false);
        try {
            for (int id = 1; id <= Dataset.REDIS_KEYS; id++) {
                Map<String, String> fields = new LinkedHashMap<>();
                fields.put("id", Integer.toString(id));
                fields.put("name", "customer-" + id);
                fields.put(
                        "amount",
                        java.math.BigDecimal.valueOf((id * 7919L) % 1_000_000, 2)
                                .toPlainString());
                fields.put(
                        "created_at",
                        java.time.LocalDateTime.of(2026, 1, 1, 0, 0)
                                .plusSeconds(id)
                                .toString());
                fields.put("active", Boolean.toString(id % 3 == 0));
                pending.add(async.hset(PREFIX + id, fields));
            }
            c.flushCommands();
        } finally {
            c.setAutoFlushCommands(true);
        }
        if (!LettuceFutures.awaitAll(Duration.ofSeconds(60), pending.toArray(new RedisFuture<?>[0]))) {
            throw new IllegalStateException("seeding the Redis hashes timed out");
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        if (tobira != null) {
            tobira.close();
        }
        if (lettuce != null) {
            lettuce.close();
        }
        if (client != null) {
            client.shutdown();
        }
    }

    private String key() {
        String k = keys[next];
        next = (next + 1) & (KEYS - 1);
        return k;
    }

    @Benchmark
    public void pair(Sides sides, Blackhole bh) throws Exception {
        sides.run(() -> tobira(bh), () -> raw(bh));
    }

    @Benchmark
    public void tobira(Blackhole bh) {
        String key = key();
        int n = 0;
        try (ResultSet rs = requireNonNull(tobira).query(requireNonNull(query).withParams(Value.of(key)))) {
            while (rs.hasNext()) {
                Row row = rs.next();
                for (int i = 0; i < row.size(); i++) {
                    bh.consume(row.get(i));
                }
                n++;
            }
        }
        if (n != 5) {
            throw new IllegalStateException(key + " has " + n + " fields, expected 5 (was the database flushed?)");
        }
    }

    @Benchmark
    public void raw(Blackhole bh) {
        String key = key();
        Map<String, String> hash = requireNonNull(sync).hgetall(key);
        for (Map.Entry<String, String> e : hash.entrySet()) {
            bh.consume(e.getKey());
            bh.consume(e.getValue());
        }
        if (hash.size() != 5) {
            throw new IllegalStateException(
                    key + " has " + hash.size() + " fields, expected 5 (was the database flushed?)");
        }
    }
}
