package dev.tobira.mcp;

import dev.tobira.api.Secret;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import jakarta.servlet.DispatcherType;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/** The SDK's Streamable HTTP servlet in an embedded Jetty, behind {@link HttpGuard}. */
final class HttpEndpoint {
    static final String PATH = "/mcp";
    /** How long a connection may stay silent. */
    static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);
    /** How long a new connection may take to send its first request's headers. */
    static final Duration HEAD_DEADLINE = Duration.ofSeconds(10);

    private final Server jetty;
    private final ServerConnector connector;
    private final String host;

    private HttpEndpoint(Server jetty, ServerConnector connector, String host) {
        this.jetty = jetty;
        this.connector = connector;
        this.host = host;
    }

    static McpEndpoint start(
            HttpOptions options,
            Secret token,
            McpJsonMapper mapper,
            Function<HttpServletStreamableServerTransportProvider, McpSyncServer> server) {
        InetAddress address = bindAddress(options);
        HttpServletStreamableServerTransportProvider provider = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(mapper)
                .mcpEndpoint(PATH)
                .build();
        McpSyncServer mcp = server.apply(provider);
        QueuedThreadPool threads = new QueuedThreadPool(32, 2);
        threads.setName("tobira-mcp-http");
        threads.setDaemon(true);
        Server jetty = new Server(threads);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        ServerConnector connector = new ServerConnector(jetty, 1, 1, new HttpConnectionFactory(http));
        connector.setIdleTimeout(IDLE_TIMEOUT.toMillis());
        HeadDeadline heads = new HeadDeadline(connector);
        connector.addBean(heads);
        connector.setHost(address.getHostAddress());
        connector.setPort(options.port());
        jetty.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        FilterHolder guard = new FilterHolder(
                new HttpGuard(token, connector::getLocalPort, options.insecureBind(), options.allowedOrigins()));
        guard.setAsyncSupported(true);
        context.addFilter(guard, "/*", EnumSet.of(DispatcherType.REQUEST));
        FilterHolder body = new FilterHolder(new BoundedBody());
        body.setAsyncSupported(true);
        context.addFilter(body, "/*", EnumSet.of(DispatcherType.REQUEST, DispatcherType.ASYNC));
        FilterHolder shortErrors = new FilterHolder(new ShortErrors());
        shortErrors.setAsyncSupported(true);
        context.addFilter(shortErrors, "/*", EnumSet.of(DispatcherType.REQUEST, DispatcherType.ASYNC));
        context.setErrorHandler(ShortErrors.contextErrorHandler());
        jetty.setErrorHandler(ShortErrors.errorHandler());
        ServletHolder servlet = new ServletHolder(provider);
        servlet.setAsyncSupported(true);
        context.addServlet(servlet, PATH);
        heads.setHandler(context);
        jetty.setHandler(heads);
        jetty.setStopAtShutdown(false);
        try {
            jetty.start();
        } catch (Exception e) {
            mcp.closeGracefully();
            throw new IllegalStateException(
                    "cannot serve HTTP on " + options.host() + ":" + options.port() + ": " + e.getMessage(), e);
        }
        String shown = address.getHostAddress().contains(":")
                ? "[" + address.getHostAddress() + "]"
                : address.getHostAddress();
        return McpEndpoint.http(mcp, new HttpEndpoint(jetty, connector, shown));
    }

    /** The address to bind: a loopback one, or any with insecureBind. */
    static InetAddress bindAddress(HttpOptions options) {
        InetAddress address;
        try {
            address = InetAddress.getByName(options.host());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("cannot bind " + options.host() + ": unknown host");
        }
        if (!address.isLoopbackAddress() && !options.insecureBind()) {
            throw new IllegalArgumentException(
                    "refusing to bind " + options.host()
                            + ": not a loopback address, so other machines could reach the server; pass --insecure-bind to allow it");
        }
        return address;
    }

    int port() {
        return connector.getLocalPort();
    }

    String url() {
        return "http://" + host + ":" + port() + PATH;
    }

    void await() throws InterruptedException {
        jetty.join();
    }

    void stop() {
        try {
            jetty.stop();
        } catch (Exception e) {
            // stopping is best effort: the process is going away or the test is over
        }
    }

    /**
     * Closes a connection whose first request's headers are not all in within {@link #HEAD_DEADLINE}
     * of its opening. Jetty reads headers without holding a thread, but a client trickling them
     * would otherwise keep its connection for as long as each byte comes before the idle timeout.
     */
    static final class HeadDeadline extends Handler.Wrapper implements Connection.Listener {
        private final ServerConnector connector;
        private final Set<Connection> served = ConcurrentHashMap.newKeySet();

        HeadDeadline(ServerConnector connector) {
            this.connector = connector;
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) throws Exception {
            served.add(request.getConnectionMetaData().getConnection());
            return super.handle(request, response, callback);
        }

        @Override
        public void onOpened(Connection connection) {
            connector
                    .getScheduler()
                    .schedule(
                            () -> {
                                if (!served.contains(connection)) {
                                    connection.getEndPoint().close();
                                }
                            },
                            HEAD_DEADLINE.toMillis(),
                            TimeUnit.MILLISECONDS);
        }

        @Override
        public void onClosed(Connection connection) {
            served.remove(connection);
        }
    }
}
