package dev.tobira.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Query;
import dev.tobira.api.Registry;
import dev.tobira.api.ResultSet;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The MCP server's cost: a {@code query} tool call over stdio (the SDK's Java client in this JVM,
 * tobira's MCP server in a child JVM, as an agent runs it, history recorded) against the same guarded
 * read made directly on a tobira connection, both on one SQLite file. {@code size} 100 is the
 * issue's 100-row call (target: at most 1 ms added at the median); 1000 is a result capped at
 * {@code max_rows} 1000 out of 5,000 rows, reported in rows per second. {@code pair} times both
 * sides by turns in one fork (see {@link Sides}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms256m", "-Xmx256m"})
public class McpQuery {
    private static final int TABLE_ROWS = 5000;

    @Param({"100", "1000"})
    public int size;

    /** Whether the server records each call in its history (as it does by default); {@code -p history=false} shows that cost. */
    @Param({"true"})
    public boolean history;

    private Conn direct;
    private Query query;
    private McpSyncClient client;
    private McpSchema.CallToolRequest call;
    private final ObjectMapper json = new ObjectMapper();

    /** Why this benchmark cannot run, or empty. */
    static Optional<String> unavailable() {
        if (Registry.discover().driver("sqlite").isEmpty()) {
            return Optional.of("the tobira sqlite driver is not on the class path");
        }
        try {
            Class.forName("dev.tobira.cli.Main");
            return Optional.empty();
        } catch (ClassNotFoundException e) {
            return Optional.of("the tobira command (tobira-cli) is not on the class path");
        }
    }

    @Setup(Level.Trial)
    public void open() throws IOException, SQLException {
        Path dir = Dataset.dir().resolve("mcp");
        Files.createDirectories(dir);
        Path db = dir.resolve("mcp-" + TABLE_ROWS + ".db");
        if (!Files.exists(db)) {
            seed(db);
        }
        Files.deleteIfExists(dir.resolve("tobira").resolve("history.db"));
        // 100 rows of 5,000 for size 100; for size 1000 every row is asked for and max_rows cuts at 1000
        String text = size == 100
                ? "select id, name, amount, created_at from items where id <= 100 order by id"
                : "select id, name, amount, created_at from items order by id";
        int cap = 1000;
        direct = Registry.discover()
                .open(ConnConfig.of("sqlite:" + db).withName("bench").withReadOnly(true));
        query = Query.of(text).withReadOnly(true).withLimit(cap).withTimeout(Duration.ofSeconds(30));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> args = new java.util.ArrayList<>(List.of(
                "-Xms128m",
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path"),
                "dev.tobira.cli.Main",
                "mcp",
                "--expose",
                "bench=sqlite:" + db,
                "--max-rows",
                String.valueOf(cap)));
        // the command's own settings: no user config, the history (or none) in the benchmark's directory
        Map<String, String> env = Map.of(
                "TOBIRA_HISTORY_ENABLED",
                history ? "1" : "0",
                "XDG_STATE_HOME",
                dir.toString(),
                "XDG_CONFIG_HOME",
                dir.resolve("config").toString());
        ServerParameters server =
                ServerParameters.builder(java).args(args).env(env).build();
        StdioClientTransport transport = new StdioClientTransport(server, new JacksonMcpJsonMapper(json));
        transport.setStdErrorHandler(line -> {});
        client = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(60))
                .initializationTimeout(Duration.ofSeconds(60))
                .clientInfo(
                        McpSchema.Implementation.builder("tobira-bench", "1").build())
                .build();
        client.initialize();
        call = McpSchema.CallToolRequest.builder("query")
                .arguments(Map.of("connection", "bench", "query", text))
                .build();
        // both sides must return what the other does
        int mcpRows = json.readTree(mcp()).get("rows").size();
        int directRows = direct();
        if (mcpRows != directRows || mcpRows != Math.min(size, cap)) {
            throw new IllegalStateException("the sides disagree: mcp " + mcpRows + " rows, direct " + directRows);
        }
    }

    private static void seed(Path db) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute(
                        "create table items (id integer primary key, name text not null, amount real not null, created_at text not null)");
            }
            try (PreparedStatement p = c.prepareStatement("insert into items values (?, ?, ?, ?)")) {
                for (int i = 1; i <= TABLE_ROWS; i++) {
                    p.setInt(1, i);
                    p.setString(2, "item-" + i);
                    p.setDouble(3, (i * 7919 % 100_000) / 100.0);
                    p.setString(
                            4,
                            java.time.LocalDateTime.of(2026, 1, 1, 0, 0)
                                    .plusSeconds(i)
                                    .toString());
                    p.addBatch();
                }
                p.executeBatch();
            }
            c.commit();
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        if (client != null) {
            client.closeGracefully();
        }
        if (direct != null) {
            direct.close();
        }
    }

    private String mcp() {
        McpSchema.CallToolResult r = client.callTool(call);
        if (Boolean.TRUE.equals(r.isError())) {
            throw new IllegalStateException(((McpSchema.TextContent) r.content().get(0)).text());
        }
        return ((McpSchema.TextContent) r.content().get(0)).text();
    }

    private int direct() {
        int n = 0;
        try (ResultSet rs = direct.query(query)) {
            while (rs.hasNext()) {
                rs.next();
                n++;
            }
        }
        return n;
    }

    @Benchmark
    public void pair(Sides sides, Blackhole bh) throws Exception {
        sides.run(() -> bh.consume(mcp()), () -> bh.consume(direct()));
    }

    @Benchmark
    public String tobira() {
        return mcp();
    }

    @Benchmark
    public int raw() {
        return direct();
    }
}
