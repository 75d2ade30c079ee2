package dev.tobira.bench;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlLexer;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.StatementGuard;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The guard's cost alone, no database: tobira-spi's {@link SqlLexer} ({@code lexer}) and a
 * {@link StatementGuard} configured like a PostgreSQL driver's ({@code guard}: lexing, the
 * allow-list, forbidden words and functions, one statement) on one accepted SELECT of exactly
 * {@code size} bytes, full of what makes lexing hard: quoted strings with doubled quotes, escape
 * strings, dollar quotes, nested block comments, line comments and quoted identifiers, several of
 * them holding write keywords. The report turns operations per second into MB/s (10^6 bytes).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 6, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
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

    private static final StatementGuard GUARD = StatementGuard.builder("bench")
            .dialect(SqlDialect.POSTGRES)
            .allow("SELECT", "WITH", "VALUES", "TABLE", "EXPLAIN", "SHOW")
            .forbidWords("COPY", "NOTIFY", "LISTEN", "CALL", "DO", "INTO", "LOCK")
            .forbidFunctions("set_config", "nextval", "setval", "pg_notify", "pg_terminate_backend", "pg_cancel_backend",
                    "pg_reload_conf", "pg_read_file", "pg_read_binary_file", "pg_ls_dir", "pg_stat_file", "lo_import",
                    "lo_export", "lo_unlink", "dblink", "dblink_exec", "dblink_connect", "pg_advisory_lock",
                    "pg_try_advisory_lock", "query_to_xml")
            .build();
    private static final SqlLexer LEXER = SqlLexer.of(SqlDialect.POSTGRES);

    @Param({"100", "1024", "102400"})
    public int size;

    private String sql;

    @Setup(Level.Trial)
    public void build() {
        sql = statement(size);
        SqlScan scan = GUARD.check(sql); // must be accepted: the benchmark measures the full accepting path
        if (scan.statementCount() != 1 || sql.length() != size) {
            throw new IllegalStateException("bad statement of " + sql.length() + " chars, " + scan.statementCount() + " statements");
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

    @Benchmark
    public SqlScan lexer() {
        return LEXER.scan(sql);
    }

    @Benchmark
    public SqlScan guard() {
        return GUARD.check(sql);
    }
}
