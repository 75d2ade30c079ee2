package dev.tobira.mcp;

import io.modelcontextprotocol.server.McpSyncServer;
import org.jspecify.annotations.Nullable;

/**
 * A running MCP transport of a {@link TobiraMcpServer}: stdio or Streamable HTTP. Closing it stops
 * serving; the server and its connections stay open until the server is closed.
 *
 * @since 0.1
 */
public final class McpEndpoint implements AutoCloseable {
    private final McpSyncServer server;
    private final @Nullable StdioTransport input;
    private final @Nullable HttpEndpoint http;

    private McpEndpoint(McpSyncServer server, @Nullable StdioTransport input, @Nullable HttpEndpoint http) {
        this.server = server;
        this.input = input;
        this.http = http;
    }

    static McpEndpoint stdio(McpSyncServer server, StdioTransport input) {
        return new McpEndpoint(server, input, null);
    }

    static McpEndpoint http(McpSyncServer server, HttpEndpoint http) {
        return new McpEndpoint(server, null, http);
    }

    /**
     * Returns the TCP port of an HTTP endpoint.
     *
     * @return the bound port, or -1 for stdio
     */
    public int port() {
        return http == null ? -1 : http.port();
    }

    /**
     * Returns the URL clients connect to.
     *
     * @return such as {@code http://127.0.0.1:8765/mcp}; empty for stdio
     */
    public String url() {
        return http == null ? "" : http.url();
    }

    /**
     * Waits until the endpoint is closed: for stdio, until the client closed standard input and
     * the requests read before were answered (or the drain time, twice the policy's timeout and
     * five seconds, passed).
     *
     * @throws InterruptedException if interrupted while waiting
     */
    public void awaitClosed() throws InterruptedException {
        if (input != null) {
            input.await();
        } else {
            java.util.Objects.requireNonNull(http).await(); // one of the two is set
        }
    }

    /** Stops serving. Idempotent. */
    @Override
    public void close() {
        if (input != null) {
            input.end();
        }
        if (http != null) {
            http.stop();
        }
        server.closeGracefully();
    }
}
