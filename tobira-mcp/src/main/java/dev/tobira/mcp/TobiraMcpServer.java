package dev.tobira.mcp;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.Registry;
import dev.tobira.history.History;
import dev.tobira.spi.Redactor;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * An MCP server over named tobira connections: an agent sees the connections the
 * {@link McpPolicy} exposes and nothing else, every reading tool call is sent read-only with a
 * timeout and a row cap, and {@code execute} exists only for connections in allow_writes.
 *
 * <p>Tools: {@code list_connections}, {@code list_namespaces}, {@code list_collections},
 * {@code describe}, {@code sample}, {@code query}, {@code explain}; {@code similar} when an exposed
 * driver declares vector search; {@code execute} when allow_writes names a connection. Every
 * collection is also a resource at {@code tobira://<connection>/<namespace>/<collection>/schema}.
 *
 * <pre>{@code
 * TobiraMcpServer server = TobiraMcpServer.builder(Registry.discover())
 *         .connection("shop", ConnConfig.of("sqlite:./shop.db").withReadOnly(true))
 *         .policy(McpPolicy.exposing("shop"))
 *         .build();
 * try (McpEndpoint endpoint = server.serveStdio(System.in, System.out)) {
 *     endpoint.awaitClosed();
 * }
 * }</pre>
 *
 * <p>The server owns the connections it opens (lazily, on first use) and closes them in
 * {@link #close()}. Thread-safe: each connection serves one call at a time.
 *
 * @since 0.1
 */
public final class TobiraMcpServer implements AutoCloseable {
    /** The name this server gives in its {@code initialize} answer. */
    public static final String SERVER_NAME = "tobira";
    /** The version this server gives in its {@code initialize} answer. */
    public static final String SERVER_VERSION = "0.1.0";

    private final McpPolicy policy;
    private final Map<String, Exposed> exposed;
    private final Tools tools;
    private final Redactor redactor;
    private final ScheduledExecutorService watchdog;
    private final ExecutorService opener;
    private final CallLog log;
    private final McpJsonMapper mapper = new JacksonMcpJsonMapper(new ObjectMapper());
    private final AtomicBoolean closed = new AtomicBoolean();

    private TobiraMcpServer(Builder b) {
        this.policy = requireNonNull(b.policy, "policy is null"); // build() checked it
        ScheduledThreadPoolExecutor alarms = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "tobira-mcp-watchdog");
            t.setDaemon(true);
            return t;
        });
        // every call schedules its deadline and cancels it when done: drop cancelled ones at once,
        // or a busy server would keep 30 s of them queued
        alarms.setRemoveOnCancelPolicy(true);
        this.watchdog = alarms;
        // connections open on a thread of their own, so that a call waits no longer than its timeout
        this.opener = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "tobira-mcp-open");
            t.setDaemon(true);
            return t;
        });
        this.log = b.log;
        Map<String, Exposed> map = new LinkedHashMap<>();
        List<String> secrets = new ArrayList<>();
        secrets.add(policy.token().reveal());
        for (String name : policy.expose()) {
            ConnConfig config = requireNonNull(b.connections.get(name)); // build() checked every name
            secrets.add(config.password().reveal());
            map.put(name, new Exposed(name, config, b.registry, policy.writable(name), watchdog, opener));
        }
        this.exposed = map;
        this.redactor = Redactor.standard().withSecrets(secrets);
        this.tools = new Tools(exposed, policy, redactor, log);
    }

    /**
     * Starts a builder.
     *
     * @param registry the drivers that open the connections
     * @return the builder
     */
    public static Builder builder(Registry registry) {
        return new Builder(requireNonNull(registry, "registry is null"));
    }

    /**
     * Returns the policy the server enforces.
     *
     * @return the policy
     */
    public McpPolicy policy() {
        return policy;
    }

    /**
     * Serves one client over standard input and output, the way an agent starts a local MCP server:
     * one JSON-RPC message per line, at most {@value StdioTransport#MAX_LINE_BYTES} bytes. A line that
     * is not a valid message gets a JSON-RPC error and the server reads on; a request before
     * {@code initialize} gets an error. Nothing else may write to the output stream. Returns at
     * once; when the input ends, the endpoint answers the requests it read and then ends
     * ({@link McpEndpoint#awaitClosed()} returns), and the caller closes the server.
     *
     * @param in where the client's messages arrive, normally {@code System.in}
     * @param out where the answers go, normally {@code System.out}
     * @return the running endpoint
     * @throws IllegalStateException if the server is closed
     */
    public McpEndpoint serveStdio(InputStream in, OutputStream out) {
        requireOpen();
        // a call may wait a timeout for its connection, then run a timeout
        StdioTransport transport = new StdioTransport(
                requireNonNull(in, "in is null"),
                requireNonNull(out, "out is null"),
                mapper,
                policy.timeout().multipliedBy(2).plusSeconds(5));
        McpSyncServer server = configure(McpServer.sync(transport));
        return McpEndpoint.stdio(server, transport);
    }

    /**
     * Serves clients over Streamable HTTP at {@code /mcp}, in an embedded Jetty. Requires the
     * policy's bearer token on every request, refuses a {@code Host} or {@code Origin} that is not
     * the server's own (DNS rebinding), and binds to a loopback address unless the options say
     * {@code insecureBind}.
     *
     * @param options where to listen
     * @return the running endpoint; {@link McpEndpoint#port()} is the bound port
     * @throws IllegalArgumentException if the policy has no token, or the address is not a loopback
     *     one and {@code insecureBind} is off
     * @throws IllegalStateException if the server is closed or the port cannot be bound
     */
    public McpEndpoint serveHttp(HttpOptions options) {
        requireOpen();
        requireNonNull(options, "options is null");
        HttpEndpoint.bindAddress(options);
        if (policy.token().isEmpty()) {
            throw new IllegalArgumentException(
                    "HTTP mode needs a bearer token (mcp.token): every request must carry it");
        }
        return HttpEndpoint.start(options, policy.token(), mapper, provider -> configure(McpServer.sync(provider)));
    }

    McpSyncServer configure(McpServer.SyncSpecification<?> spec) {
        return spec.serverInfo(SERVER_NAME, SERVER_VERSION)
                .jsonMapper(mapper)
                .instructions("tobira serves the database connections " + String.join(", ", policy.expose())
                        + ". Every read is read-only, capped at " + policy.maxRows() + " rows and "
                        + policy.timeout().toSeconds() + " seconds. Start with list_connections.")
                .capabilities(McpSchema.ServerCapabilities.builder()
                        .tools(false)
                        .resources(false, false)
                        .build())
                .tools(tools.specifications())
                .resourceTemplates(schemaTemplate())
                .build();
    }

    private SyncResourceTemplateSpecification schemaTemplate() {
        McpSchema.ResourceTemplate template = McpSchema.ResourceTemplate.builder(
                        SchemaResource.TEMPLATE, "collection schema")
                .description("The fields, keys and indexes of a collection, as describe returns them")
                .mimeType("application/json")
                .build();
        return new SyncResourceTemplateSpecification(template, (exchange, request) -> {
            SchemaResource.Target target = SchemaResource.parse(request.uri())
                    .orElseThrow(() -> McpError.builder(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND)
                            .message("not a schema resource: " + request.uri() + " (expected " + SchemaResource.TEMPLATE
                                    + ")")
                            .build());
            Exposed e = exposed.get(target.connection());
            if (e == null) {
                throw McpError.builder(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND)
                        .message(
                                ToolError.unknownConnection(target.connection()).getMessage())
                        .build();
            }
            CollectionInfo info;
            try {
                info = e.call("resource", policy.timeout(), c -> c.describe(target.ref()));
            } catch (DriverException ex) {
                throw McpError.builder(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND)
                        .message(redactor.redact(String.valueOf(ex.getMessage())))
                        .build();
            }
            return McpSchema.ReadResourceResult.builder(
                            List.of(McpSchema.TextResourceContents.builder(request.uri(), tools.describeJson(info))
                                    .mimeType("application/json")
                                    .build()))
                    .build();
        });
    }

    private void requireOpen() {
        if (closed.get()) {
            throw new IllegalStateException("the MCP server is closed");
        }
    }

    /** Closes every connection the server opened and writes the history entries still queued. Idempotent. */
    @Override
    public void close() {
        if (closed.getAndSet(true)) {
            return;
        }
        for (Exposed e : exposed.values()) {
            e.close();
        }
        watchdog.shutdownNow();
        opener.shutdown();
        log.close();
    }

    /**
     * Builds a {@link TobiraMcpServer}.
     *
     * @since 0.1
     */
    public static final class Builder {
        private final Registry registry;
        private final Map<String, ConnConfig> connections = new LinkedHashMap<>();
        private @Nullable McpPolicy policy;
        private CallLog log = CallLog.NONE;

        private Builder(Registry registry) {
            this.registry = registry;
        }

        /**
         * Names a connection the policy may expose. A connection not named in the policy's
         * {@code expose} is never opened nor shown.
         *
         * @param name the name clients use
         * @param config how to open it; opened read-only if {@code config.readOnly()}
         * @return this builder
         * @throws IllegalArgumentException if the name is blank or already given
         */
        public Builder connection(String name, ConnConfig config) {
            requireNonNull(name, "name is null");
            requireNonNull(config, "config is null");
            if (name.isBlank()) {
                throw new IllegalArgumentException("a connection name is blank");
            }
            if (connections.putIfAbsent(name, config) != null) {
                throw new IllegalArgumentException("connection \"" + name + "\" is given twice");
            }
            return this;
        }

        /**
         * Sets what clients may see and do.
         *
         * @param policy the policy
         * @return this builder
         */
        public Builder policy(McpPolicy policy) {
            this.policy = requireNonNull(policy, "policy is null");
            return this;
        }

        /**
         * Records every tool call in a history store (the one the {@code tobira} command keeps):
         * the client's name and version from its {@code initialize} request, the tool, the
         * connection, the query, whether it succeeded, the rows and the duration. Entries are
         * written by a thread of their own, after the answer (a SQLite commit costs milliseconds);
         * {@link TobiraMcpServer#close()} writes those still queued. A failing store never fails a
         * call. The caller owns the store and closes it after the server.
         *
         * @param history the store
         * @return this builder
         */
        public Builder history(History history) {
            requireNonNull(history, "history is null");
            this.log = new QueuedCallLog(history);
            return this;
        }

        /**
         * Builds the server. Opens nothing yet.
         *
         * @return the server
         * @throws IllegalArgumentException if no policy was set, nothing is exposed, or an exposed
         *     name has no connection
         */
        public TobiraMcpServer build() {
            if (policy == null || policy.expose().isEmpty()) {
                throw new IllegalArgumentException(
                        "nothing is exposed: name at least one connection in mcp.expose (or --expose)");
            }
            List<String> missing = policy.expose().stream()
                    .filter(n -> !connections.containsKey(n))
                    .toList();
            if (!missing.isEmpty()) {
                throw new IllegalArgumentException("exposed but not configured: " + String.join(", ", missing));
            }
            return new TobiraMcpServer(this);
        }
    }
}
