package dev.tobira.bench;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Registry;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Value;
import dev.tobira.api.VectorSearcher;
import io.qdrant.client.QdrantClient;
import io.qdrant.client.QueryFactory;
import io.qdrant.client.grpc.JsonWithInt;
import io.qdrant.client.grpc.Points.QueryPoints;
import io.qdrant.client.grpc.Points.ScoredPoint;
import io.qdrant.client.grpc.Points.WithPayloadSelector;
import java.util.List;
import java.util.Map;
import java.util.Random;
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
 * The ten nearest neighbours of a vector among {@value QdrantBench#NEIGHBOURS}, payload included:
 * tobira's {@link VectorSearcher#search} on a read-only connection against the raw client's
 * {@code query} with the same nearest input, limit and payload selector, on the same server. Both read
 * every row's id, score and payload.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class QdrantSimilar {
    private QdrantClient raw;
    private @Nullable Conn tobira;
    private @Nullable VectorSearcher searcher;
    private float[] vector;
    private Value.Vector value;
    private final CollectionRef collection = CollectionRef.of(QdrantBench.VECTORS);

    @Setup(Level.Trial)
    public void open(BenchmarkParams params) {
        QdrantBench.unavailable().ifPresent(why -> {
            throw new IllegalStateException("not run: " + why);
        });
        raw = QdrantBench.raw();
        QdrantBench.seedVectors(raw);
        vector = QdrantBench.vector(new Random(11));
        value = new Value.Vector(vector);
        if (!params.getBenchmark().endsWith(".raw")) {
            tobira = Registry.discover()
                    .open(ConnConfig.of(QdrantBench.dsn()).withName("bench").withReadOnly(true));
            searcher = tobira.as(VectorSearcher.class).orElseThrow();
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        if (tobira != null) {
            tobira.close();
        }
        if (raw != null) {
            raw.close();
        }
    }

    @Benchmark
    public void pair(Sides sides, Blackhole bh) throws Exception {
        sides.run(() -> tobira(bh), () -> raw(bh));
    }

    @Benchmark
    public long tobira(Blackhole bh) {
        long n;
        try (ResultSet rs = requireNonNull(searcher).search(collection, value, 10)) {
            int width = rs.columns().size();
            n = rs.forEachRow(row -> {
                for (int i = 0; i < width; i++) {
                    bh.consume(row.get(i));
                }
            });
        }
        return checked(n);
    }

    @Benchmark
    public long raw(Blackhole bh) {
        List<ScoredPoint> hits = QdrantBench.get(raw.queryAsync(QueryPoints.newBuilder()
                .setCollectionName(QdrantBench.VECTORS)
                .setQuery(QueryFactory.nearest(vector))
                .setLimit(10)
                .setWithPayload(WithPayloadSelector.newBuilder().setEnable(true))
                .build()));
        for (ScoredPoint p : hits) {
            bh.consume(p.getId().getNum());
            bh.consume(p.getScore());
            for (Map.Entry<String, JsonWithInt.Value> e : p.getPayloadMap().entrySet()) {
                bh.consume(e.getKey());
                JsonWithInt.Value v = e.getValue();
                bh.consume(v.hasStringValue() ? v.getStringValue() : v.getIntegerValue());
            }
        }
        return checked(hits.size());
    }

    private static long checked(long n) {
        if (n != 10) {
            throw new IllegalStateException("read " + n + " neighbours, expected 10");
        }
        return n;
    }
}
