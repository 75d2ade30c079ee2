package dev.tobira.mcp;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.Registry;
import dev.tobira.api.Secret;
import dev.tobira.history.History;
import dev.tobira.history.HistoryException;
import dev.tobira.history.Retention;
import dev.tobira.spi.Redactor;
import java.nio.file.Path;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * TEMPORARY command line, until {@code tobira mcp} of tobira-cli serves the same server from its
 * YAML config: connections are given as arguments.
 *
 * <pre>
 * java -jar tobira-mcp.jar --expose shop=sqlite:./shop.db [--allow-writes NAME] [--max-rows N]
 *      [--max-result-bytes N] [--timeout SECONDS] [--http [HOST:]PORT [--insecure-bind] --token-env NAME]
 *      [--history FILE | --no-history]
 * </pre>
 *
 * <p>A connection is opened read-only unless it is named by {@code --allow-writes}. Every tool call
 * is recorded in the history ({@link History#defaultFile()} unless {@code --history} names another). Exit codes:
 * 0 when the client closed the session, 1 for a usage error (nothing exposed, bad arguments).
 *
 * @since 0.1
 */
public final class Main {
    private Main() {}

    /**
     * Runs the server until standard input ends (stdio) or the process is stopped (HTTP).
     *
     * @param args the arguments above
     */
    public static void main(String[] args) {
        // exit explicitly: the SDK's schedulers may hold threads after the client has gone
        System.exit(run(args, System.err));
    }

    static int run(String[] args, PrintStream err) {
        Map<String, String> dsns = new LinkedHashMap<>();
        Set<String> writes = new LinkedHashSet<>();
        int maxRows = McpPolicy.DEFAULT_MAX_ROWS;
        int maxResultBytes = McpPolicy.DEFAULT_MAX_RESULT_BYTES;
        Duration timeout = McpPolicy.DEFAULT_TIMEOUT;
        String http = null;
        boolean insecure = false;
        String tokenEnv = null;
        Path historyFile = History.defaultFile();
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--expose" -> {
                        String v = value(args, ++i, a);
                        int eq = v.indexOf('=');
                        if (eq <= 0) {
                            throw new IllegalArgumentException("--expose takes NAME=DSN, not " + v);
                        }
                        if (dsns.putIfAbsent(v.substring(0, eq), v.substring(eq + 1)) != null) {
                            throw new IllegalArgumentException("connection \"" + v.substring(0, eq) + "\" is exposed twice");
                        }
                    }
                    case "--allow-writes" -> writes.add(value(args, ++i, a));
                    case "--max-rows" -> maxRows = Integer.parseInt(value(args, ++i, a));
                    case "--max-result-bytes" -> maxResultBytes = Integer.parseInt(value(args, ++i, a));
                    case "--timeout" -> timeout = Duration.ofSeconds(Long.parseLong(value(args, ++i, a)));
                    case "--http" -> http = value(args, ++i, a);
                    case "--insecure-bind" -> insecure = true;
                    case "--token-env" -> tokenEnv = value(args, ++i, a);
                    case "--history" -> historyFile = Path.of(value(args, ++i, a));
                    case "--no-history" -> historyFile = null;
                    default -> throw new IllegalArgumentException("unknown argument " + a);
                }
            }
            if (dsns.isEmpty()) {
                throw new IllegalArgumentException("nothing is exposed: name a connection with --expose NAME=DSN");
            }
            Secret token = Secret.none();
            if (tokenEnv != null) {
                String t = System.getenv(tokenEnv);
                if (t == null || t.isEmpty()) {
                    throw new IllegalArgumentException("environment variable " + tokenEnv + " (--token-env) is not set");
                }
                token = Secret.of(t);
            }
            McpPolicy policy = new McpPolicy(new ArrayList<>(dsns.keySet()), writes, maxRows, maxResultBytes, timeout, token);
            TobiraMcpServer.Builder b = TobiraMcpServer.builder(Registry.discover()).policy(policy);
            dsns.forEach((name, dsn) -> b.connection(name, ConnConfig.of(dsn).withReadOnly(!writes.contains(name))));
            History history = historyFile == null ? null
                    : History.open(historyFile, Retention.DEFAULT, Redactor.standard().withSecret(token.reveal()));
            if (history != null) {
                b.history(history);
            }
            try (history; TobiraMcpServer server = b.build()) {
                // a client that ends the process (SIGTERM) still gets its last calls recorded
                Thread flush = new Thread(server::close, "tobira-mcp-shutdown");
                Runtime.getRuntime().addShutdownHook(flush);
                McpEndpoint endpoint = http == null ? server.serveStdio(System.in, System.out) : server.serveHttp(httpOptions(http, insecure));
                if (http != null) {
                    err.println("tobira mcp: serving " + String.join(", ", policy.expose()) + " at " + endpoint.url());
                }
                endpoint.awaitClosed();
                endpoint.close();
            }
            return 0;
        } catch (IllegalArgumentException | DriverException | HistoryException e) {
            err.println("error: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    private static HttpOptions httpOptions(String spec, boolean insecure) {
        int colon = spec.lastIndexOf(':');
        String host = colon < 0 ? "127.0.0.1" : spec.substring(0, colon);
        int port = Integer.parseInt(colon < 0 ? spec : spec.substring(colon + 1));
        return new HttpOptions(host.startsWith("[") ? host.substring(1, host.length() - 1) : host, port, insecure, List.of());
    }

    private static String value(String[] args, int i, String flag) {
        if (i >= args.length) {
            throw new IllegalArgumentException(flag + " needs a value");
        }
        return args[i];
    }
}
