package dev.tobira.bench;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlLexer;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.StatementGuard;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The guard's cost alone, no database: tobira-spi's {@link SqlLexer} ({@code lexer}) and a
 * {@link StatementGuard} configured like a PostgreSQL driver's ({@code guard}: lexing, the
 * allow-list, forbidden words and functions, one statement) on accepted SELECTs of exactly 100 B,
 * 1 KB and 100 KB, full of what makes lexing hard: quoted strings with doubled quotes, escape
 * strings, dollar quotes, nested block comments, line comments and quoted identifiers, several of
 * them holding write keywords. One operation is a pass over the three sizes, about 100 KB of text
 * each (1024 × 100 B, 100 × 1 KB, 1 × 100 KB), each size timed into its own counter of
 * {@link Sizes}, so the per-byte rates are compared within the same seconds. The report gives MB/s
 * (10^6 bytes per second).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 6, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class GuardBench {
    private static final String HEAD = "select id, name";
    private static final String TAIL = "\nfrom customers where id = 1";
    private static final List<String> PIECES = List.of(
            ", 'it''s only a delete from customers in a string' as s%d",
            "\n  -- drop table customers; update orders set total_cents = 0\n",
            ", $q$ insert into orders values (1); truncate customers $q$ as d%d",
            " /* a block comment /* nested: delete from x */ still comment; grant all */ ",
            ", \"Quoted \"\"Col\"\" %d\" ",
            ", E'escaped \\' quote, then ; and -- not a comment' as e%d",
            ", lower(name) || upper(email) as f%d",
            ", 12345.678e-3 + %d as n%d",
            ", $body$ $$ nested dollars $$ and 'quotes' $body$ as b%d",
            ", case when id > %d then 'a;b' else \"weird;name\" end as c%d");

    /** The sizes measured, and how many statements of each make one pass of about 100 KB. */
    static final int[] SIZES = {100, 1024, 102400};

    static final int[] REPEATS = {1024, 100, 1};

    private static final StatementGuard GUARD = StatementGuard.builder("bench")
            .dialect(SqlDialect.POSTGRES)
            .allow("SELECT", "WITH", "VALUES", "TABLE", "EXPLAIN", "SHOW")
            .forbidWords("COPY", "NOTIFY", "LISTEN", "CALL", "DO", "INTO", "LOCK")
            .forbidFunctions(
                    "set_config",
                    "nextval",
                    "setval",
                    "pg_notify",
                    "pg_terminate_backend",
                    "pg_cancel_backend",
                    "pg_reload_conf",
                    "pg_read_file",
                    "pg_read_binary_file",
                    "pg_ls_dir",
                    "pg_stat_file",
                    "lo_import",
                    "lo_export",
                    "lo_unlink",
                    "dblink",
                    "dblink_exec",
                    "dblink_connect",
                    "pg_advisory_lock",
                    "pg_try_advisory_lock",
                    "query_to_xml")
            .build();
    private static final SqlLexer LEXER = SqlLexer.of(SqlDialect.POSTGRES);

    private final String[] sql = new String[SIZES.length];

    @Setup(Level.Trial)
    public void build() {
        for (int i = 0; i < SIZES.length; i++) {
            sql[i] = statement(SIZES[i]);
            SqlScan scan = GUARD.check(sql[i]); // must be accepted: the benchmark measures the full accepting path
            if (scan.statementCount() != 1 || sql[i].length() != SIZES[i]) {
                throw new IllegalStateException(
                        "bad statement of " + sql[i].length() + " chars, " + scan.statementCount() + " statements");
            }
        }
    }

    /** A statement of exactly {@code size} ASCII characters, the same for every run. */
    static String statement(int size) {
        StringBuilder sb = new StringBuilder(size).append(HEAD);
        int budget = size - TAIL.length();
        for (int i = 0; ; i++) {
            String piece = String.format(java.util.Locale.ROOT, PIECES.get(i % PIECES.size()), i, i);
            if (sb.length() + piece.length() > budget) {
                break;
            }
            sb.append(piece);
        }
        while (sb.length() < budget) {
            sb.append(' ');
        }
        return sb.append(TAIL).toString();
    }

    /**
     * The clocks of one pass: each size's statements (about 100 KB of text each) timed on their own,
     * the order rotating, so the sizes share the machine's load and the per-byte rates compare.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Sizes {
        /** Nanoseconds on the 100-byte statements this iteration. */
        public long nanos100;
        /** Nanoseconds on the 1 KB statements this iteration. */
        public long nanos1k;
        /** Nanoseconds on the 100 KB statement this iteration. */
        public long nanos100k;
        /** This thread's CPU nanoseconds on the 100-byte statements (load-independent; GC threads excluded). */
        public long cpu100;
        /** This thread's CPU nanoseconds on the 1 KB statements. */
        public long cpu1k;
        /** This thread's CPU nanoseconds on the 100 KB statement. */
        public long cpu100k;
        /** Passes this iteration. */
        public long ops;

        private final java.lang.management.ThreadMXBean threads =
                java.lang.management.ManagementFactory.getThreadMXBean();
        private int turn;

        /** Counters start at zero each iteration. */
        @Setup(Level.Iteration)
        public void reset() {
            nanos100 = 0;
            nanos1k = 0;
            nanos100k = 0;
            cpu100 = 0;
            cpu1k = 0;
            cpu100k = 0;
            ops = 0;
        }

        void pass(String[] sql, java.util.function.Function<String, SqlScan> work, Blackhole bh) {
            int first = turn++ % SIZES.length;
            for (int k = 0; k < SIZES.length; k++) {
                int size = (first + k) % SIZES.length;
                long cpuStart = threads.getCurrentThreadCpuTime();
                long start = System.nanoTime();
                for (int r = 0; r < REPEATS[size]; r++) {
                    bh.consume(work.apply(sql[size]));
                }
                long nanos = System.nanoTime() - start;
                long cpu = threads.getCurrentThreadCpuTime() - cpuStart;
                switch (size) {
                    case 0 -> {
                        nanos100 += nanos;
                        cpu100 += cpu;
                    }
                    case 1 -> {
                        nanos1k += nanos;
                        cpu1k += cpu;
                    }
                    default -> {
                        nanos100k += nanos;
                        cpu100k += cpu;
                    }
                }
            }
            ops++;
        }
    }

    /** The lexer alone over the three sizes. */
    @Benchmark
    public void lexer(Sizes sizes, Blackhole bh) {
        sizes.pass(sql, LEXER::scan, bh);
    }

    /** The whole guard over the three sizes. */
    @Benchmark
    public void guard(Sizes sizes, Blackhole bh) {
        sizes.pass(sql, GUARD::check, bh);
    }
}
