package dev.tobira.bench;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Conn;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
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
 * Streaming throughput: one operation reads every row of the {@link Dataset} (1,000,000 rows of five
 * columns) and hands every value to the blackhole, through tobira and through the raw JDBC driver.
 * The row count of each pass is checked.
 *
 * <p>tobira is measured twice: {@code tobira} reads with {@link ResultSet#forEachRow} and the typed
 * getters of {@link dev.tobira.api.RowView}, the counterpart of the raw side's {@code getXxx} into
 * locals; {@code rows} iterates {@link Row}s of {@link dev.tobira.api.Value}s with
 * {@code hasNext()/next()}, which builds a row and a value per cell.
 *
 * <p>{@code pair}, what run.sh measures, runs the three sides in each invocation, the order rotating,
 * and times them separately in {@link Sides} (the iterator as its third side); {@code tobira},
 * {@code rows} and {@code raw} run one side per fork (run.sh {@code --separate}), for profiling one
 * side alone.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 8, time = 4)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public abstract class StreamBench {
    private @Nullable Conn tobira;
    private @Nullable Query query;
    private @Nullable Connection raw;

    /** The engine this subclass measures. */
    protected abstract SqlEngine engine();

    @Setup(Level.Trial)
    public void open(BenchmarkParams params) throws SQLException {
        SqlEngine engine = engine();
        engine.unavailable().ifPresent(why -> {
            throw new IllegalStateException("not run: " + why);
        });
        engine.ensureData();
        String benchmark = params.getBenchmark();
        if (!benchmark.endsWith(".raw")) {
            tobira = engine.openTobira();
            query = Query.of(Dataset.streamSql()).withReadOnly(true);
        }
        if (benchmark.endsWith(".pair") || benchmark.endsWith(".raw")) {
            raw = engine.raw();
        }
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException {
        if (tobira != null) {
            tobira.close();
        }
        if (raw != null) {
            raw.close();
        }
    }

    @Benchmark
    public void pair(Sides sides, Blackhole bh) throws Exception {
        sides.run(() -> tobira(bh), () -> raw(bh), () -> rows(bh));
    }

    @Benchmark
    public long tobira(Blackhole bh) {
        SqlEngine engine = engine();
        long n;
        try (ResultSet rs = requireNonNull(tobira).query(requireNonNull(query))) {
            n = rs.forEachRow(row -> engine.readView(row, bh));
        }
        return checked(n);
    }

    @Benchmark
    public long rows(Blackhole bh) {
        long n = 0;
        try (ResultSet rs = requireNonNull(tobira).query(requireNonNull(query))) {
            while (rs.hasNext()) {
                Row row = rs.next();
                for (int i = 0; i < 5; i++) {
                    bh.consume(row.get(i));
                }
                n++;
            }
        }
        return checked(n);
    }

    @Benchmark
    public long raw(Blackhole bh) throws SQLException {
        SqlEngine engine = engine();
        Connection raw = requireNonNull(this.raw);
        long n = 0;
        engine.beginStream(raw);
        try (PreparedStatement ps = engine.prepareStream(raw);
                java.sql.ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                engine.readRow(rs, bh);
                n++;
            }
        } finally {
            engine.endStream(raw);
        }
        return checked(n);
    }

    private static long checked(long n) {
        if (n != Dataset.rows()) {
            throw new IllegalStateException("read " + n + " rows, expected " + Dataset.rows());
        }
        return n;
    }
}
