package dev.tobira.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Secret;
import dev.tobira.format.TerminalText;
import dev.tobira.history.History;
import dev.tobira.history.HistoryException;
import dev.tobira.mcp.HttpOptions;
import dev.tobira.mcp.McpEndpoint;
import dev.tobira.mcp.McpPolicy;
import dev.tobira.mcp.TobiraMcpServer;
import dev.tobira.spi.Redactor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code tobira mcp}: the MCP server over the config's connections, serving only those named by
 * {@code --expose} or {@code mcp.expose}, each read-only unless it is in {@code allow_writes}.
 * {@code --expose NAME=DSN} serves a DSN that has no config entry (with no config file at all);
 * {@code --expose} replaces {@code mcp.expose}, while the config's other settings still apply.
 * Over standard input and output by default, Streamable HTTP with {@code --http}. Exits 1 (usage)
 * when nothing is exposed, a name is unknown, given twice or taken by the config, a DSN is
 * malformed, holds a password or has no driver, or the policy is invalid; 0 when the client ends
 * the session. The server's log lines go to standard error as {@code tobira mcp: ...} lines.
 */
// picocli sets the @Spec, @ParentCommand and @Option fields by reflection before call() runs
@SuppressWarnings("NullAway.Init")
@Command(
        name = "mcp",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = "Serve the exposed connections to an MCP client (stdio, or Streamable HTTP with --http).")
final class McpCommand implements Callable<Integer> {
    @ParentCommand
    TobiraCommand root;

    @Spec
    CommandSpec spec;

    /** What a connection's name may be: as in the config file. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]*");
    /** A DSN: a scheme, then anything its driver reads. */
    private static final Pattern DSN = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:.*");
    /** The logger every class of tobira-mcp logs under; held here, as java.util.logging keeps loggers weakly. */
    private static final java.util.logging.Logger SERVER_LOG = java.util.logging.Logger.getLogger("dev.tobira.mcp");

    @Option(
            names = "--expose",
            paramLabel = "NAME|NAME=DSN",
            description =
                    "a connection a client can see, repeatable: a name from the config (or several, comma-separated),"
                            + " or NAME=DSN for a DSN with no config entry, read-only unless in --allow-writes; a DSN here holds no"
                            + " password (such a connection goes in the config, its password a reference such as env:NAME)."
                            + " Replaces mcp.expose of the config.")
    List<String> expose;

    @Option(
            names = "--allow-writes",
            split = ",",
            paramLabel = "NAME",
            description = "exposed connections that get the execute tool (default: mcp.allow_writes)")
    List<String> allowWrites;

    @Option(
            names = "--max-rows",
            paramLabel = "N",
            description = "rows per tool result, 1 to 1000 (default: mcp.max_rows, else 200)")
    Integer maxRows;

    @Option(
            names = "--max-result-bytes",
            paramLabel = "N",
            description = "bytes per tool result, 1024 to 67108864 (default: mcp.max_result_bytes, else 1048576)")
    Integer maxResultBytes;

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            description = "per tool call, such as 30s (default: mcp.timeout, else 30s)")
    String timeout;

    @Option(
            names = "--http",
            paramLabel = "[HOST:]PORT",
            description = "serve Streamable HTTP at /mcp instead of stdio; needs mcp.token")
    String http;

    @Option(names = "--insecure-bind", description = "allow --http on an address that is not loopback")
    boolean insecureBind;

    @Override
    public Integer call() throws InterruptedException {
        Io io = root.io;
        Config config = root.loadConfig(spec);
        JsonNode section = config.mcp();
        Connections connections = new Connections(io, config);
        Map<String, Optional<String>> exposed = expose != null
                ? exposed(expose, "--expose", true)
                : exposed(strings(section.path("expose")), "mcp.expose", false);
        List<String> names = List.copyOf(exposed.keySet());
        if (names.isEmpty()) {
            throw CliException.usage("nothing is exposed: name connections with --expose or mcp.expose"
                    + (config.file() == null ? "" : " in " + config.file()));
        }
        Set<String> writes =
                new LinkedHashSet<>(allowWrites != null ? allowWrites : strings(section.path("allow_writes")));
        JsonNode configured = section.path("max_rows");
        if (maxRows == null && !configured.isMissingNode() && !configured.isIntegralNumber()) {
            throw CliException.usage("mcp.max_rows must be a whole number from 1 to 1000, not " + configured);
        }
        int rows = maxRows != null ? maxRows : configured.asInt(McpPolicy.DEFAULT_MAX_ROWS);
        int bytes = maxResultBytes != null
                ? maxResultBytes
                : section.path("max_result_bytes").asInt(McpPolicy.DEFAULT_MAX_RESULT_BYTES);
        Duration perCall;
        try {
            perCall = timeout != null
                    ? Durations.parse(timeout)
                    : section.hasNonNull("timeout")
                            ? Durations.parse(section.get("timeout").asText())
                            : McpPolicy.DEFAULT_TIMEOUT;
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--timeout: " + e.getMessage());
        }
        Secret token = token(io, config, section);
        McpPolicy policy;
        try {
            policy = new McpPolicy(names, writes, rows, bytes, perCall, token);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("mcp: " + e.getMessage());
        }
        TobiraMcpServer.Builder server =
                TobiraMcpServer.builder(connections.registry()).policy(policy);
        for (Map.Entry<String, Optional<String>> e : exposed.entrySet()) {
            String name = e.getKey();
            ConnConfig cc;
            if (e.getValue().isPresent()) {
                cc = commandLineConnection(
                        config, connections, name, e.getValue().get());
            } else {
                Config.Conn c = config.connection(name).orElseThrow(() -> unknown(config, name));
                cc = connections.resolve(c);
                requireServedBy(connections, c, cc);
            }
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
        Runnable unlog = logTo(io);
        try (server;
                McpEndpoint endpoint =
                        http == null ? server.serveStdio(io.in, io.out) : server.serveHttp(httpOptions())) {
            if (http != null) {
                io.err.println("tobira mcp: serving " + String.join(", ", names) + " at " + endpoint.url());
                io.err.flush();
            }
            endpoint.awaitClosed();
        } finally {
            unlog.run();
            try {
                Runtime.getRuntime().removeShutdownHook(flush);
            } catch (IllegalStateException e) {
                // the JVM is shutting down: the hook runs
            }
        }
    }

    /**
     * The names to serve, in order, each with the DSN it was given on the command line or none (a
     * config connection). Names are the config's ({@code [A-Za-z0-9_][A-Za-z0-9_.-]*}), so an entry
     * with a comma before its {@code =} is a bad name, not two of them: a DSN may hold commas.
     */
    static Map<String, Optional<String>> exposed(List<String> values, String source, boolean dsnAllowed) {
        Map<String, Optional<String>> out = new LinkedHashMap<>();
        for (String v : values) {
            int eq = v.indexOf('=');
            if (eq < 0) {
                for (String name : v.split(",", -1)) {
                    add(out, source, name.strip(), Optional.empty());
                }
                continue;
            }
            String name = v.substring(0, eq);
            if (!dsnAllowed) {
                throw CliException.usage(
                        source + ": \"" + name + "=...\" is not a connection name (NAME=DSN is for --expose)");
            }
            if (name.isEmpty()) {
                throw CliException.usage(source + " =...: the name before '=' is empty; write " + source + " NAME=DSN");
            }
            add(out, source, name, Optional.of(v.substring(eq + 1)));
        }
        return out;
    }

    private static void add(Map<String, Optional<String>> out, String source, String name, Optional<String> dsn) {
        if (name.isEmpty()) {
            throw CliException.usage(source + ": a connection name is empty");
        }
        if (!NAME.matcher(name).matches()) {
            throw CliException.usage(source + " " + name + (dsn.isPresent() ? "=..." : "")
                    + ": a connection name is letters, digits, '_', '.' or '-'");
        }
        if (out.putIfAbsent(name, dsn) != null) {
            throw CliException.usage(source + ": connection \"" + name + "\" is exposed twice");
        }
    }

    /**
     * A connection given as {@code NAME=DSN}: checked here, not at the first tool call, for what a
     * command line must not hold (a password: other users see it in {@code ps}, a shell keeps it in
     * its history; the same rule as a DSN in the config file), for a name the config already uses,
     * and for a scheme no driver opens.
     */
    private static ConnConfig commandLineConnection(Config config, Connections connections, String name, String dsn) {
        String label = "--expose " + name + "=";
        if (dsn.isEmpty()) {
            throw CliException.usage(label + ": the DSN after '=' is empty");
        }
        if (!Redactor.standard().redact(dsn).equals(dsn)) {
            throw CliException.usage(
                    label + "...: the DSN holds a password, which a command line shows to every user of the"
                            + " machine; put the connection in the config file, its password a reference (env:NAME, file:PATH"
                            + " or dotenv:PATH#KEY), and expose it by name (--expose " + name + ")");
        }
        if (config.connection(name).isPresent()) {
            throw CliException.usage(label + "...: the config " + config.file() + " already has a connection named \""
                    + name + "\"; choose another name, or expose the config's with --expose " + name);
        }
        if (!DSN.matcher(dsn).matches()) {
            throw CliException.usage(label + dsn + ": not a DSN (scheme:..., such as sqlite:./shop.db)");
        }
        ConnConfig cc = ConnConfig.of(dsn).withName(name);
        Set<String> schemes = new TreeSet<>();
        connections.registry().drivers().forEach(d -> schemes.addAll(d.schemes()));
        if (!schemes.contains(cc.scheme())) {
            throw CliException.usage(label + dsn + ": no driver opens " + cc.scheme() + ": DSNs (known: "
                    + String.join(", ", schemes) + ")");
        }
        return cc;
    }

    private static CliException unknown(Config config, String name) {
        String known = String.join(
                ", ", config.connections().stream().map(Config.Conn::name).toList());
        return CliException.usage("mcp: unknown connection \"" + name + "\" ("
                + (config.file() == null
                        ? "no config file"
                        : known.isEmpty() ? "no connections in " + config.file() : "known: " + known)
                + "); to serve a DSN without a config entry, write --expose " + name + "=DSN");
    }

    /**
     * Prints the server's log lines on standard error, one {@code tobira mcp: ...} line each (agents
     * show a server's standard error as its log). tobira-mcp logs through {@link System.Logger},
     * which the JDK backs with java.util.logging, and {@link Main} switched that off for the drivers'
     * clients; the lines arrive escaped, and are redacted again with the config's secrets. Returns
     * what stops the printing.
     */
    static Runnable logTo(Io io) {
        java.util.logging.Handler handler = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                if (r.getLevel().intValue() >= java.util.logging.Level.INFO.intValue()) {
                    synchronized (io.err) {
                        io.err.println("tobira mcp: "
                                + TerminalText.escape(io.redactor().redact(String.valueOf(r.getMessage()))));
                        io.err.flush();
                    }
                }
            }

            @Override
            public void flush() {
                io.err.flush();
            }

            @Override
            public void close() {}
        };
        SERVER_LOG.setLevel(java.util.logging.Level.INFO);
        SERVER_LOG.setUseParentHandlers(false);
        SERVER_LOG.addHandler(handler);
        return () -> SERVER_LOG.removeHandler(handler);
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
                .filter(d -> d.schemes().contains(cc.scheme()))
                .map(d -> d.name())
                .findFirst();
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
