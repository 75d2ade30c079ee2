package dev.tobira.bench;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Conn;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
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
 * Guarded point-read latency: {@code select … where id = ?} for one row, its five values to the
 * blackhole. {@code tobira} sends it read-only on a read-only connection (the guard, and on server
 * engines the read-only transaction); {@code raw} is what most JDBC code does in autocommit: prepare,
 * bind, execute, read, close. The ids come from a pinned seed, the same sequence on both sides.
 * {@code pair} runs both sides by turns in one fork (see {@link Sides}), plus a third side as the
 * anchor: on a server engine the raw read after one more round trip, on an embedded one the raw
 * read on one statement prepared once (tobira keeps SQLite's statements by text, so that is what
 * it competes with once it has run a text); {@code tobira} and {@code raw} one side per fork.
 *
 * <p>Each engine is measured twice: without a row cap ({@code PostgresPoint}, …), the read that
 * streams, and with {@code Query.limit(1)} ({@code PostgresPointCapped}, …), the read the MCP server
 * and the CLI send, which a driver may fetch whole in fewer round trips (DESIGN.md, "Reads with a
 * row cap"). The raw side is the same in both: the raw client in autocommit, no row cap.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public abstract class PointBench {
    private static final int KEYS = 4096;

    private @Nullable Conn tobira;
    private @Nullable Query query;
    private @Nullable Connection raw;
    private @Nullable PreparedStatement kept;
    private @Nullable Connection byHand;
    private long[] keys;
    private int next;

    /** The engine this subclass measures. */
    protected abstract SqlEngine engine();

    /**
     * The row cap of the tobira side's query, 0 for none.
     *
     * @return the cap
     */
    protected long limit() {
        return 0;
    }

    @Setup(Level.Trial)
    public void open(BenchmarkParams params) throws SQLException {
        SqlEngine engine = engine();
        engine.unavailable().ifPresent(why -> {
            throw new IllegalStateException("not run: " + why);
        });
        engine.ensureData();
        keys = Dataset.pointKeys(KEYS, Dataset.rows());
        String benchmark = params.getBenchmark();
        if (!benchmark.endsWith(".raw")) {
            tobira = engine.openTobira();
            query = Query.of(Dataset.pointSql()).withReadOnly(true);
            if (limit() > 0) {
                query = query.withLimit(limit());
            }
        }
        if (!benchmark.endsWith(".tobira")) {
            raw = engine.raw();
            if (!engine.server() && benchmark.endsWith(".pair")) {
                kept = raw.prepareStatement(Dataset.pointSql());
            }
            if (engine.server() && benchmark.endsWith(".pair")) {
                byHand = engine.raw();
            }
        }
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException {
        if (tobira != null) {
            tobira.close();
        }
        if (kept != null) {
            kept.close();
        }
        if (byHand != null) {
            byHand.close();
        }
        if (raw != null) {
            raw.close();
        }
    }

    private long key() {
        long k = keys[next];
        next = (next + 1) & (KEYS - 1);
        return k;
    }

    /**
     * Both sides by turns, and an anchor: on a server engine the floor of the read-only
     * transaction's budget, the raw read preceded by one more round trip ({@code select 1}), and a
     * fourth side, the raw read inside the driver's read-only mechanism done by hand; on an
     * embedded engine the raw read on a statement prepared once.
     */
    @Benchmark
    public void pair(Sides sides, Blackhole bh) throws Exception {
        if (engine().server()) {
            sides.run(() -> tobira(bh), () -> raw(bh), () -> rawAfterRoundTrip(bh), () -> rawGuardedByHand(bh));
        } else {
            sides.run(() -> tobira(bh), () -> raw(bh), () -> rawPreparedOnce(bh));
        }
    }

    /** The raw read inside what the tobira driver's read-only mechanism sends around it, on a connection of its own. */
    private void rawGuardedByHand(Blackhole bh) throws SQLException {
        long id = key();
        Connection byHand = requireNonNull(this.byHand);
        String sql = engine().beginGuardByHand(byHand, Dataset.pointSql(), limit());
        try (PreparedStatement ps = byHand.prepareStatement(sql)) {
            ps.setLong(1, id);
            if (!ps.execute()) { // the capped read's text has more results after the read's: take the first
                throw new IllegalStateException("no rows for id " + id);
            }
            read(ps.getResultSet(), id, bh);
        }
        engine().endGuardByHand(byHand);
    }

    private void rawPreparedOnce(Blackhole bh) throws SQLException {
        long id = key();
        PreparedStatement kept = requireNonNull(this.kept);
        kept.setLong(1, id);
        read(kept, id, bh);
    }

    private void rawAfterRoundTrip(Blackhole bh) throws SQLException {
        try (Statement st = requireNonNull(raw).createStatement()) {
            st.execute("select 1");
        }
        raw(bh);
    }

    @Benchmark
    public void tobira(Blackhole bh) {
        long id = key();
        try (ResultSet rs = requireNonNull(tobira).query(requireNonNull(query).withParams(Value.of(id)))) {
            Row row = rs.next();
            for (int i = 0; i < 5; i++) {
                bh.consume(row.get(i));
            }
            if (rs.hasNext()) {
                throw new IllegalStateException("more than one row for id " + id);
            }
        }
    }

    @Benchmark
    public void raw(Blackhole bh) throws SQLException {
        long id = key();
        try (PreparedStatement ps = requireNonNull(raw).prepareStatement(Dataset.pointSql())) {
            ps.setLong(1, id);
            read(ps, id, bh);
        }
    }

    private void read(PreparedStatement ps, long id, Blackhole bh) throws SQLException {
        read(ps.executeQuery(), id, bh);
    }

    private void read(java.sql.ResultSet result, long id, Blackhole bh) throws SQLException {
        try (java.sql.ResultSet rs = result) {
            if (!rs.next()) {
                throw new IllegalStateException("no row for id " + id);
            }
            engine().readRow(rs, bh);
            if (rs.next()) {
                throw new IllegalStateException("more than one row for id " + id);
            }
        }
    }
}
