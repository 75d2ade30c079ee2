package dev.tobira.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Secret;
import dev.tobira.history.History;
import dev.tobira.history.HistoryException;
import dev.tobira.mcp.HttpOptions;
import dev.tobira.mcp.McpEndpoint;
import dev.tobira.mcp.McpPolicy;
import dev.tobira.mcp.TobiraMcpServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code tobira mcp}: the MCP server over the config's connections, serving only those named by
 * {@code --expose} or {@code mcp.expose}, each read-only unless it is in {@code allow_writes}.
 * Over standard input and output by default, Streamable HTTP with {@code --http}. Exits 1 when
 * nothing is exposed, a name is unknown or the policy is invalid; 0 when the client ends the session.
 */
@Command(name = "mcp", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Serve the exposed connections to an MCP client (stdio, or Streamable HTTP with --http).")
final class McpCommand implements Callable<Integer> {
    @ParentCommand
    TobiraCommand root;

    @Spec
    CommandSpec spec;

    @Option(names = "--expose", split = ",", paramLabel = "NAME",
            description = "the connections a client can see (default: mcp.expose of the config)")
    List<String> expose;

    @Option(names = "--allow-writes", split = ",", paramLabel = "NAME",
            description = "exposed connections that get the execute tool (default: mcp.allow_writes)")
    List<String> allowWrites;

    @Option(names = "--max-rows", paramLabel = "N", description = "rows per tool result, 1 to 1000 (default: mcp.max_rows, else 200)")
    Integer maxRows;

    @Option(names = "--max-result-bytes", paramLabel = "N",
            description = "bytes per tool result, 1024 to 67108864 (default: mcp.max_result_bytes, else 1048576)")
    Integer maxResultBytes;

    @Option(names = "--timeout", paramLabel = "DURATION", description = "per tool call, such as 30s (default: mcp.timeout, else 30s)")
    String timeout;

    @Option(names = "--http", paramLabel = "[HOST:]PORT", description = "serve Streamable HTTP at /mcp instead of stdio; needs mcp.token")
    String http;

    @Option(names = "--insecure-bind", description = "allow --http on an address that is not loopback")
    boolean insecureBind;

    @Override
    public Integer call() throws InterruptedException {
        Io io = root.io;
        Config config = root.loadConfig(spec);
        JsonNode section = config.mcp();
        List<String> names = expose != null ? expose : strings(section.path("expose"));
        if (names.isEmpty()) {
            throw CliException.usage("nothing is exposed: name connections with --expose or mcp.expose"
                    + (config.file() == null ? "" : " in " + config.file()));
        }
        Set<String> writes = new LinkedHashSet<>(allowWrites != null ? allowWrites : strings(section.path("allow_writes")));
        JsonNode configured = section.path("max_rows");
        if (maxRows == null && !configured.isMissingNode() && !configured.isIntegralNumber()) {
            throw CliException.usage("mcp.max_rows must be a whole number from 1 to 1000, not " + configured);
        }
        int rows = maxRows != null ? maxRows : configured.asInt(McpPolicy.DEFAULT_MAX_ROWS);
        int bytes = maxResultBytes != null ? maxResultBytes
                : section.path("max_result_bytes").asInt(McpPolicy.DEFAULT_MAX_RESULT_BYTES);
        Duration perCall;
        try {
            perCall = timeout != null ? Durations.parse(timeout)
                    : section.hasNonNull("timeout") ? Durations.parse(section.get("timeout").asText()) : McpPolicy.DEFAULT_TIMEOUT;
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--timeout: " + e.getMessage());
        }
        Connections connections = new Connections(io, config);
        Secret token = token(io, config, section);
        McpPolicy policy;
        try {
            policy = new McpPolicy(names, writes, rows, bytes, perCall, token);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("mcp: " + e.getMessage());
        }
        TobiraMcpServer.Builder server = TobiraMcpServer.builder(connections.registry()).policy(policy);
        for (String name : names) {
            Config.Conn c = config.connection(name).orElseThrow(() -> CliException.usage("mcp: unknown connection \"" + name
                    + "\" (known: " + String.join(", ", config.connections().stream().map(Config.Conn::name).toList()) + ")"));
            ConnConfig cc = connections.resolve(c);
            requireServedBy(connections, c, cc);
            server.connection(name, writes.contains(name) ? cc : cc.withReadOnly(true));
        }
        History history = null;
        try {
            if (config.history().enabled()) {
                history = Recorder.open(io, config);
                server.history(history);
            }
            serve(io, server.build(), names);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw CliException.usage("mcp: " + io.redactor().redact(String.valueOf(e.getMessage())));
        } catch (HistoryException e) {
            throw CliException.usage("mcp: history: " + io.redactor().redact(String.valueOf(e.getMessage())));
        } finally {
            if (history != null) {
                history.close(); // after the server, which drains its last calls into it on close
            }
        }
        return 0;
    }

    private void serve(Io io, TobiraMcpServer server, List<String> names) throws InterruptedException {
        // a client that ends the process (SIGTERM) still gets its last calls recorded
        Thread flush = new Thread(server::close, "tobira-mcp-shutdown");
        Runtime.getRuntime().addShutdownHook(flush);
        try (server; McpEndpoint endpoint = http == null ? server.serveStdio(io.in, io.out) : server.serveHttp(httpOptions())) {
            if (http != null) {
                io.err.println("tobira mcp: serving " + String.join(", ", names) + " at " + endpoint.url());
                io.err.flush();
            }
            endpoint.awaitClosed();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(flush);
            } catch (IllegalStateException e) {
                // the JVM is shutting down: the hook runs
            }
        }
    }

    /**
     * The server opens a connection by its scheme; a {@code driver:} the entry names must be the one
     * that scheme opens, or the server would run another driver (and its guard) than {@code tobira query}.
     */
    private static void requireServedBy(Connections connections, Config.Conn c, ConnConfig cc) {
        if (c.driver().isEmpty()) {
            return;
        }
        Optional<String> byScheme = connections.registry().drivers().stream()
                .filter(d -> d.schemes().contains(cc.scheme())).map(d -> d.name()).findFirst();
        if (byScheme.isEmpty() || !byScheme.get().equals(c.driver())) {
            throw CliException.usage("mcp: connection \"" + c.name() + "\" names driver " + c.driver() + ", but its "
                    + cc.scheme() + ": DSN is served by " + byScheme.orElse("no driver"));
        }
    }

    /** The bearer token of HTTP mode, from the {@code mcp.token} reference; none for stdio. */
    private Secret token(Io io, Config config, JsonNode section) {
        if (http == null || !section.hasNonNull("token")) {
            return Secret.none();
        }
        String text = section.get("token").asText();
        Optional<SecretRef> ref = SecretRef.parse(text);
        if (ref.isEmpty()) {
            throw CliException.usage("mcp.token must be a reference (env:NAME, file:PATH, dotenv:PATH#KEY)");
        }
        Secret s = ref.get().resolve(io.env, Config.base(config.file()));
        io.addSecret(s.reveal());
        return s;
    }

    private HttpOptions httpOptions() {
        int colon = http.lastIndexOf(':');
        String host = colon < 0 ? "127.0.0.1" : http.substring(0, colon);
        int port;
        try {
            port = Integer.parseInt(colon < 0 ? http : http.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw CliException.usage("--http takes [HOST:]PORT, not " + http);
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return new HttpOptions(host, port, insecureBind, List.of());
    }

    private static List<String> strings(JsonNode n) {
        List<String> out = new ArrayList<>();
        if (n.isArray()) {
            n.forEach(x -> out.add(x.asText()));
        } else if (n.isTextual()) {
            out.add(n.asText());
        }
        return out;
    }
}
