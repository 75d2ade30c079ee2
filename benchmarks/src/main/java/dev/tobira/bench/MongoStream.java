package dev.tobira.bench;

import static java.util.Objects.requireNonNull;

import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.reactivestreams.client.MongoClient;
import com.mongodb.reactivestreams.client.MongoClients;
import com.mongodb.reactivestreams.client.MongoCollection;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Query;
import dev.tobira.api.Registry;
import dev.tobira.api.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
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
import org.openjdk.jmh.infra.Blackhole;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * Streaming throughput on MongoDB: one operation reads every document of a collection of
 * {@link Dataset#rows()} documents of five fields ({@code _id} int32, {@code k} int64, {@code name}
 * string, {@code score} double, {@code at} date) and hands every field to the blackhole: through
 * tobira read-only (a {@code find} command document with {@code batchSize} 10,000, its rows
 * iterated) and through the raw reactive-streams driver ({@code find().batchSize(10000)}, a
 * subscriber requesting one batch at a time, every field read from its {@code Document}). The
 * documents live in database {@code tobira_bench}, rewritten when their count is wrong.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 4)
@Measurement(iterations = 6, time = 6)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class MongoStream {
    static final int BATCH = 10_000;
    private static final String COLLECTION = "bench_docs_" + Dataset.rows();
    private static final String[] FIELDS = {"_id", "k", "name", "score", "at"};

    private MongoClient client;
    private MongoCollection<Document> collection;
    private Conn tobira;
    private Query query;

    /** Why this benchmark cannot run, or empty. */
    static Optional<String> unavailable() {
        Optional<String> server = Servers.mongodb().absent();
        if (server.isPresent()) {
            return server;
        }
        return Registry.discover().driver("mongodb").isPresent()
                ? Optional.empty()
                : Optional.of("the tobira mongodb driver is not on the class path");
    }

    @Setup(Level.Trial)
    public void open() throws Exception {
        unavailable().ifPresent(why -> {
            throw new IllegalStateException("not run: " + why);
        });
        Servers.Server s = Servers.mongodb();
        String base = "mongodb://" + s.host() + ":" + s.port();
        client = MongoClients.create(base);
        collection = client.getDatabase(Servers.DATABASE).getCollection(COLLECTION);
        ensureData();
        tobira = Registry.discover()
                .open(ConnConfig.of(base + "/" + Servers.DATABASE).withReadOnly(true));
        query = Query.of("{\"find\": \"" + COLLECTION + "\", \"batchSize\": " + BATCH + "}")
                .withReadOnly(true);
    }

    private void ensureData() throws Exception {
        Long count = one(collection.countDocuments());
        if (count != null && count == Dataset.rows()) {
            return;
        }
        one(collection.drop());
        List<Document> batch = new ArrayList<>(BATCH);
        long epoch = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
        for (int i = 0; i < Dataset.rows(); i++) {
            batch.add(new Document("_id", i)
                    .append("k", (long) i * 7919)
                    .append("name", "name " + i)
                    .append("score", i / 7.0)
                    .append("at", Instant.ofEpochMilli(epoch + i * 1000L)));
            if (batch.size() == BATCH) {
                one(collection.insertMany(batch, new InsertManyOptions().ordered(true)));
                batch = new ArrayList<>(BATCH);
            }
        }
        if (!batch.isEmpty()) {
            one(collection.insertMany(batch));
        }
    }

    private static <T> T one(org.reactivestreams.Publisher<T> p) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        p.subscribe(new Subscriber<T>() {
            private @Nullable T value;

            @Override
            public void onSubscribe(Subscription sub) {
                sub.request(1);
            }

            @Override
            public void onNext(T t) {
                value = t;
            }

            @Override
            public void onError(Throwable t) {
                f.completeExceptionally(t);
            }

            @Override
            public void onComplete() {
                if (value == null) {
                    f.completeExceptionally(new IllegalStateException("the publisher completed without a result"));
                } else {
                    f.complete(value);
                }
            }
        });
        return f.get(10, TimeUnit.MINUTES);
    }

    @TearDown(Level.Trial)
    public void close() {
        if (tobira != null) {
            tobira.close();
        }
        if (client != null) {
            client.close();
        }
    }

    @Benchmark
    public void pair(Sides sides, Blackhole bh) throws Exception {
        sides.run(() -> tobira(bh), () -> raw(bh));
    }

    @Benchmark
    public long tobira(Blackhole bh) {
        long n = 0;
        try (ResultSet rs = tobira.query(query)) {
            int width = rs.columns().size();
            while (rs.hasNext()) {
                dev.tobira.api.Row row = rs.next();
                for (int i = 0; i < width; i++) {
                    bh.consume(row.get(i));
                }
                n++;
            }
        }
        return checked(n);
    }

    @Benchmark
    public long raw(Blackhole bh) throws Exception {
        CompletableFuture<Long> done = new CompletableFuture<>();
        collection.find().batchSize(BATCH).subscribe(new Subscriber<Document>() {
            /** Set by onSubscribe, which Reactive Streams (rule 1.9) calls before any onNext. */
            private @Nullable Subscription sub;

            private long n;
            private int left;

            @Override
            public void onSubscribe(Subscription s) {
                sub = s;
                left = BATCH;
                s.request(BATCH);
            }

            @Override
            public void onNext(Document d) {
                for (String f : FIELDS) {
                    bh.consume(d.get(f));
                }
                n++;
                if (--left == 0) {
                    left = BATCH;
                    requireNonNull(sub).request(BATCH);
                }
            }

            @Override
            public void onError(Throwable t) {
                done.completeExceptionally(t);
            }

            @Override
            public void onComplete() {
                done.complete(n);
            }
        });
        return checked(done.get(10, TimeUnit.MINUTES));
    }

    private static long checked(long n) {
        if (n != Dataset.rows()) {
            throw new IllegalStateException("read " + n + " documents, expected " + Dataset.rows());
        }
        return n;
    }
}
