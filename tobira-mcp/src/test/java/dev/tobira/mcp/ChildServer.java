package dev.tobira.mcp;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.Registry;
import dev.tobira.api.Secret;
import dev.tobira.history.History;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A {@link TobiraMcpServer} over this process's standard input and output, started by the tests
 * that need the server in a process of its own, as an agent starts one: the library's stdio
 * endpoint as it is embedded, not a command (that is {@code tobira mcp}). Arguments as
 * {@link Session.Spec#args()} writes them: {@code --expose NAME=DSN}, {@code --allow-writes NAME},
 * {@code --max-rows N}, {@code --timeout SECONDS}, {@code --history FILE} or {@code --no-history}.
 */
final class ChildServer {
    private ChildServer() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> dsns = new LinkedHashMap<>();
        Set<String> writes = new LinkedHashSet<>();
        int maxRows = McpPolicy.DEFAULT_MAX_ROWS;
        Duration timeout = McpPolicy.DEFAULT_TIMEOUT;
        Path historyFile = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--expose" -> {
                    String v = args[++i];
                    dsns.put(v.substring(0, v.indexOf('=')), v.substring(v.indexOf('=') + 1));
                }
                case "--allow-writes" -> writes.add(args[++i]);
                case "--max-rows" -> maxRows = Integer.parseInt(args[++i]);
                case "--timeout" -> timeout = Duration.ofSeconds(Long.parseLong(args[++i]));
                case "--history" -> historyFile = Path.of(args[++i]);
                case "--no-history" -> historyFile = null;
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        McpPolicy policy = new McpPolicy(new ArrayList<>(dsns.keySet()), writes, maxRows, timeout, Secret.none());
        TobiraMcpServer.Builder b = TobiraMcpServer.builder(Registry.discover()).policy(policy);
        dsns.forEach((name, dsn) -> b.connection(name, ConnConfig.of(dsn).withReadOnly(!writes.contains(name))));
        History history = historyFile == null ? null : History.open(historyFile);
        if (history != null) {
            b.history(history);
        }
        try (history;
                TobiraMcpServer server = b.build();
                McpEndpoint endpoint = server.serveStdio(System.in, System.out)) {
            endpoint.awaitClosed();
        }
        // the SDK's schedulers may hold threads after the client has gone
        System.exit(0);
    }

    /** The command line that runs this class in a child JVM on the test's class path. */
    static List<String> command(List<String> args) {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                ChildServer.class.getName()));
        cmd.addAll(args);
        return cmd;
    }
}
