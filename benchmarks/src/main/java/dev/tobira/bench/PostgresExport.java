package dev.tobira.bench;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Conn;
import dev.tobira.api.Exporter;
import dev.tobira.api.Query;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
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

/**
 * Bulk export of the whole {@link Dataset} as CSV from PostgreSQL, written to a sink that counts
 * bytes and drops them:
 * <ul>
 *   <li>{@code tobira}: the driver's {@link Exporter} (COPY … TO STDOUT), read-only;
 *   <li>{@code psql}: the physical anchor, {@code psql -c "\copy (…) to stdout csv"} run as a process
 *       per operation with its output sent to /dev/null (its start-up and connection are included);
 *   <li>{@code jdbc}: a plain JDBC loop (autocommit off, fetch size 1000, {@code getString} per
 *       column, CSV quoting where needed) into a buffered writer.
 * </ul>
 * {@code trio} runs the three by turns in one fork (see {@link Sides}); the others one per fork.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class PostgresExport {
    private @Nullable Conn tobira;
    private @Nullable Exporter exporter;
    private @Nullable Query query;
    private @Nullable Connection raw;
    private @Nullable List<String> psql;

    /** Why the tobira side cannot run, or empty. */
    static Optional<String> unavailable() {
        Optional<String> why = SqlEngine.POSTGRES.unavailable();
        if (why.isPresent()) {
            return why;
        }
        boolean exports = dev.tobira.api.Registry.discover()
                .driver("postgres")
                .map(d -> d.declared().contains(dev.tobira.api.Capability.EXPORTER))
                .orElse(false);
        return exports
                ? Optional.empty()
                : Optional.of("the tobira postgres driver does not declare the Exporter capability yet");
    }

    /** Why the psql anchor cannot run, or empty. */
    static Optional<String> psqlAbsent() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator, -1)) {
            if (!dir.isEmpty() && java.nio.file.Files.isExecutable(java.nio.file.Path.of(dir, "psql"))) {
                return Optional.empty();
            }
        }
        return Optional.of("psql is not on the PATH");
    }

    @Setup(Level.Trial)
    public void open(BenchmarkParams params) throws SQLException {
        SqlEngine.POSTGRES.serverAbsent().ifPresent(why -> {
            throw new IllegalStateException("not run: " + why);
        });
        SqlEngine.POSTGRES.ensureData();
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        boolean all = method.equals("trio");
        if (all || method.equals("tobira")) {
            unavailable().ifPresent(why -> {
                throw new IllegalStateException("not run: " + why);
            });
            tobira = SqlEngine.POSTGRES.openTobira();
            exporter = tobira.as(Exporter.class)
                    .orElseThrow(
                            () -> new IllegalStateException("not run: the postgres connection offers no Exporter"));
            query = Query.of(Dataset.streamSql()).withReadOnly(true);
        }
        if (all || method.equals("psql")) {
            psqlAbsent().ifPresent(why -> {
                throw new IllegalStateException("not run: " + why);
            });
            Servers.Server s = Servers.postgres();
            psql = new ArrayList<>(List.of(
                    "psql",
                    "-X",
                    "-q",
                    "-v",
                    "ON_ERROR_STOP=1",
                    "-h",
                    s.host(),
                    "-p",
                    Integer.toString(s.port()),
                    "-U",
                    s.user().isEmpty() ? "postgres" : s.user(),
                    "-d",
                    Servers.DATABASE,
                    "-c",
                    "\\copy (" + Dataset.streamSql() + ") to stdout with (format csv)"));
        }
        if (all || method.equals("jdbc")) {
            raw = SqlEngine.POSTGRES.raw();
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

    /** All three by turns in one fork, each timed in {@link Sides} (the JDBC loop as raw, psql as the anchor). */
    @Benchmark
    public void trio(Sides sides) throws Exception {
        sides.run(this::tobira, this::jdbc, this::psql);
    }

    @Benchmark
    public long tobira() {
        CountingSink sink = new CountingSink();
        long rows = requireNonNull(exporter).export(requireNonNull(query), Exporter.Format.CSV, sink);
        if (rows != Dataset.rows()) {
            throw new IllegalStateException("exported " + rows + " rows, expected " + Dataset.rows());
        }
        return sink.bytes;
    }

    @Benchmark
    public int psql() throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(psql)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        String password = Servers.postgres().password();
        if (!password.isEmpty()) {
            pb.environment().put("PGPASSWORD", password);
        }
        int exit = pb.start().waitFor();
        if (exit != 0) {
            throw new IllegalStateException("psql exited with " + exit);
        }
        return exit;
    }

    @Benchmark
    public long jdbc() throws SQLException, IOException {
        CountingSink sink = new CountingSink();
        Connection raw = requireNonNull(this.raw);
        long n = 0;
        raw.setAutoCommit(false);
        try (PreparedStatement ps =
                raw.prepareStatement(Dataset.streamSql(), ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY)) {
            ps.setFetchSize(SqlEngine.FETCH_SIZE);
            try (ResultSet rs = ps.executeQuery();
                    Writer w = new BufferedWriter(new OutputStreamWriter(sink, StandardCharsets.UTF_8), 65536)) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    for (int i = 1; i <= columns; i++) {
                        if (i > 1) {
                            w.write(',');
                        }
                        String v = rs.getString(i);
                        if (v != null) {
                            csv(w, v);
                        }
                    }
                    w.write('\n');
                    n++;
                }
            }
        } finally {
            raw.rollback();
            raw.setAutoCommit(true);
        }
        if (n != Dataset.rows()) {
            throw new IllegalStateException("wrote " + n + " rows, expected " + Dataset.rows());
        }
        return sink.bytes;
    }

    private static void csv(Writer w, String v) throws IOException {
        boolean quote = v.isEmpty();
        for (int i = 0; i < v.length() && !quote; i++) {
            char c = v.charAt(i);
            quote = c == ',' || c == '"' || c == '\n' || c == '\r';
        }
        if (!quote) {
            w.write(v);
            return;
        }
        w.write('"');
        w.write(v.replace("\"", "\"\""));
        w.write('"');
    }

    /** Counts what is written and keeps none of it, so no benchmark pays for a disk. */
    static final class CountingSink extends OutputStream {
        long bytes;

        @Override
        public void write(int b) {
            bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
        }
    }
}
