package dev.tobira.bench;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Query;
import dev.tobira.api.Registry;
import dev.tobira.api.ResultSet;
import io.qdrant.client.QdrantClient;
import io.qdrant.client.grpc.JsonWithInt;
import io.qdrant.client.grpc.Points.RetrievedPoint;
import io.qdrant.client.grpc.Points.ScrollPoints;
import io.qdrant.client.grpc.Points.ScrollResponse;
import io.qdrant.client.grpc.Points.WithPayloadSelector;
import java.util.Map;
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
 * A scroll of all {@value QdrantBench#POINTS} points of {@value QdrantBench#SCROLL}, payload included,
 * every payload value handed to the blackhole: through tobira read-only ({@code {"scroll": …}} with
 * pages of 1,000, streamed by {@code next_page_offset}) and through the raw client's own scroll loop
 * with the same page size on the same server. The raw side consumes each {@code JsonWithInt.Value} as
 * the client gives it; tobira also turns each into a {@code Value}, which is the work it adds.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 8)
@Measurement(iterations = 6, time = 8)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-Dtobira.bench.rows=200000"})
public class QdrantScroll {
    private static final int PAGE = 1000;

    private QdrantClient raw;
    private @Nullable Conn tobira;
    private @Nullable Query query;

    @Setup(Level.Trial)
    public void open(BenchmarkParams params) {
        QdrantBench.unavailable().ifPresent(why -> {
            throw new IllegalStateException("not run: " + why);
        });
        raw = QdrantBench.raw();
        QdrantBench.seedScroll(raw);
        if (!params.getBenchmark().endsWith(".raw")) {
            tobira = Registry.discover()
                    .open(ConnConfig.of(QdrantBench.dsn()).withName("bench").withReadOnly(true));
            query = Query.of("{\"scroll\": {\"collection\": \"" + QdrantBench.SCROLL + "\", \"limit\": " + PAGE + "}}")
                    .withReadOnly(true);
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
        try (ResultSet rs = requireNonNull(tobira).query(requireNonNull(query))) {
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
        long n = 0;
        ScrollPoints.Builder req = ScrollPoints.newBuilder()
                .setCollectionName(QdrantBench.SCROLL)
                .setLimit(PAGE)
                .setWithPayload(WithPayloadSelector.newBuilder().setEnable(true));
        while (true) {
            ScrollResponse page = QdrantBench.get(raw.scrollAsync(req.build()));
            for (RetrievedPoint p : page.getResultList()) {
                bh.consume(p.getId().getNum());
                for (Map.Entry<String, JsonWithInt.Value> e : p.getPayloadMap().entrySet()) {
                    bh.consume(e.getKey());
                    JsonWithInt.Value v = e.getValue();
                    switch (v.getKindCase()) {
                        case STRING_VALUE -> bh.consume(v.getStringValue());
                        case INTEGER_VALUE -> bh.consume(v.getIntegerValue());
                        case DOUBLE_VALUE -> bh.consume(v.getDoubleValue());
                        case BOOL_VALUE -> bh.consume(v.getBoolValue());
                        default -> bh.consume(v);
                    }
                }
                n++;
            }
            if (!page.hasNextPageOffset()) {
                break;
            }
            req.setOffset(page.getNextPageOffset());
        }
        return checked(n);
    }

    private static long checked(long n) {
        if (n != QdrantBench.POINTS) {
            throw new IllegalStateException("read " + n + " points, expected " + QdrantBench.POINTS);
        }
        return n;
    }
}
