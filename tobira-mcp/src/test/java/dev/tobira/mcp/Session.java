package dev.tobira.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Registry;
import dev.tobira.history.History;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A client of the MCP SDK connected to a tobira MCP server over one transport: a child JVM running
 * {@link ChildServer} for stdio, an in-process {@link TobiraMcpServer} for HTTP. Both get the same policy.
 */
final class Session implements AutoCloseable {
    static final String TOKEN = "test-token-" + Long.toHexString(System.nanoTime());
    static final ObjectMapper JSON = new ObjectMapper();

    final McpSyncClient client;
    private final TobiraMcpServer server;
    private final McpEndpoint endpoint;

    private final History store;

    private Session(McpSyncClient client, TobiraMcpServer server, McpEndpoint endpoint, History store) {
        this.client = client;
        this.server = server;
        this.endpoint = endpoint;
        this.store = store;
    }

    /** What the server serves: connections by name (all exposed), those writable, the caps. */
    record Spec(Map<String, String> dsns, Set<String> allowWrites, int maxRows, Duration timeout, Path history) {
        static Spec of(String name, String dsn) {
            return new Spec(Map.of(name, dsn), Set.of(), McpPolicy.DEFAULT_MAX_ROWS, McpPolicy.DEFAULT_TIMEOUT, null);
        }

        /** Records the calls in a history file; without it, nothing is recorded. */
        Spec history(Path file) {
            return new Spec(dsns, allowWrites, maxRows, timeout, file);
        }

        Spec with(String name, String dsn) {
            Map<String, String> m = new LinkedHashMap<>(dsns);
            m.put(name, dsn);
            return new Spec(m, allowWrites, maxRows, timeout, history);
        }

        Spec allowWrites(String... names) {
            return new Spec(dsns, Set.of(names), maxRows, timeout, history);
        }

        Spec maxRows(int n) {
            return new Spec(dsns, allowWrites, n, timeout, history);
        }

        Spec timeout(Duration t) {
            return new Spec(dsns, allowWrites, maxRows, t, history);
        }

        McpPolicy policy() {
            return new McpPolicy(
                    new ArrayList<>(dsns.keySet()), allowWrites, maxRows, timeout, dev.tobira.api.Secret.of(TOKEN));
        }

        TobiraMcpServer server() {
            return server(null);
        }

        TobiraMcpServer server(History store) {
            TobiraMcpServer.Builder b =
                    TobiraMcpServer.builder(Registry.discover()).policy(policy());
            dsns.forEach((n, d) -> b.connection(n, ConnConfig.of(d).withReadOnly(!allowWrites.contains(n))));
            if (store != null) {
                b.history(store);
            }
            return b.build();
        }

        List<String> args() {
            List<String> args = new ArrayList<>();
            dsns.forEach((n, d) -> {
                args.add("--expose");
                args.add(n + "=" + d);
            });
            for (String w : allowWrites) {
                args.add("--allow-writes");
                args.add(w);
            }
            args.addAll(
                    List.of("--max-rows", String.valueOf(maxRows), "--timeout", String.valueOf(timeout.toSeconds())));
            if (history == null) {
                args.add("--no-history");
            } else {
                args.addAll(List.of("--history", history.toString()));
            }
            return args;
        }
    }

    static Session open(Transport transport, Spec spec) {
        McpSchema.Implementation me =
                McpSchema.Implementation.builder("tobira-test", "1.0").build();
        JacksonMcpJsonMapper mapper = new JacksonMcpJsonMapper(new ObjectMapper());
        if (transport == Transport.STDIO) {
            List<String> command = ChildServer.command(spec.args());
            ServerParameters params = ServerParameters.builder(command.get(0))
                    .args(command.subList(1, command.size()))
                    .build();
            StdioClientTransport t = new StdioClientTransport(params, mapper);
            t.setStdErrorHandler(line -> System.err.println("[server] " + line));
            McpSyncClient c = McpClient.sync(t)
                    .clientInfo(me)
                    .requestTimeout(Duration.ofSeconds(60))
                    .initializationTimeout(Duration.ofSeconds(60))
                    .build();
            c.initialize();
            return new Session(c, null, null, null);
        }
        History store = spec.history() == null ? null : History.open(spec.history());
        TobiraMcpServer server = spec.server(store);
        Session s = attach(server);
        return new Session(s.client, server, s.endpoint, store);
    }

    /** A client over HTTP to a server the caller owns and closes. */
    static Session attach(TobiraMcpServer server) {
        McpSchema.Implementation me =
                McpSchema.Implementation.builder("tobira-test", "1.0").build();
        JacksonMcpJsonMapper mapper = new JacksonMcpJsonMapper(new ObjectMapper());
        McpEndpoint endpoint = server.serveHttp(HttpOptions.loopback(0));
        HttpClientStreamableHttpTransport t = HttpClientStreamableHttpTransport.builder(
                        "http://127.0.0.1:" + endpoint.port())
                .endpoint("/mcp")
                .jsonMapper(mapper)
                .requestBuilder(java.net.http.HttpRequest.newBuilder().header("Authorization", "Bearer " + TOKEN))
                .build();
        McpSyncClient c = McpClient.sync(t)
                .clientInfo(me)
                .requestTimeout(Duration.ofSeconds(60))
                .build();
        c.initialize();
        return new Session(c, null, endpoint, null);
    }

    McpSchema.CallToolResult call(String tool, Map<String, Object> args) {
        return client.callTool(
                McpSchema.CallToolRequest.builder(tool).arguments(args).build());
    }

    /** Calls a tool that must succeed and returns its JSON. */
    JsonNode ok(String tool, Map<String, Object> args) {
        McpSchema.CallToolResult r = call(tool, args);
        assertEquals(Boolean.FALSE, r.isError(), () -> tool + " " + args + " failed: " + text(r));
        try {
            return JSON.readTree(text(r));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Calls a tool that must fail and returns its message. */
    String error(String tool, Map<String, Object> args) {
        McpSchema.CallToolResult r = call(tool, args);
        assertEquals(Boolean.TRUE, r.isError(), () -> tool + " " + args + " should have failed: " + text(r));
        return text(r);
    }

    static String text(McpSchema.CallToolResult r) {
        assertNotNull(r.content());
        assertEquals(1, r.content().size(), "one content item");
        return ((McpSchema.TextContent) r.content().get(0)).text();
    }

    @Override
    public void close() {
        client.closeGracefully();
        if (endpoint != null) {
            endpoint.close();
        }
        if (server != null) {
            server.close();
        }
        if (store != null) {
            store.close();
        }
    }
}
