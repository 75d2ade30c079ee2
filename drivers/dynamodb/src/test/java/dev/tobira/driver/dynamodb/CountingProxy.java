package dev.tobira.driver.dynamodb;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * A loopback HTTP proxy in front of the test server that records the operation ({@code X-Amz-Target})
 * of every request it forwards, and answers chosen operations itself with an error of the service
 * ({@code ProvisionedThroughputExceededException}), which dynalite never sends. It tells a test
 * what reached the server, so "refused before any request" is counted, not assumed.
 */
final class CountingProxy implements AutoCloseable {
    private static final Set<String> HOP =
            Set.of("host", "connection", "content-length", "expect", "upgrade", "transfer-encoding", "keep-alive");

    private final URI target;
    private final HttpServer server;
    private final HttpClient client =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final List<String> operations = new CopyOnWriteArrayList<>();
    private final Map<String, String> failing = new ConcurrentHashMap<>();
    private final java.util.concurrent.ExecutorService pool = Executors.newFixedThreadPool(4);

    CountingProxy(URI target) {
        this.target = target;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", this::handle);
        server.setExecutor(pool);
        server.start();
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** The operations forwarded or answered, in order, such as {@code Scan} and {@code ExecuteStatement}. */
    List<String> operations() {
        return List.copyOf(operations);
    }

    void reset() {
        operations.clear();
        failing.clear();
    }

    /** Answers every request of an operation with this error code of the service, status 400. */
    void fail(String operation, String errorCode) {
        failing.put(operation, errorCode);
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            byte[] body;
            try (InputStream in = ex.getRequestBody()) {
                body = in.readAllBytes();
            }
            String amzTarget = ex.getRequestHeaders().getFirst("X-Amz-Target");
            String op = amzTarget == null ? "" : amzTarget.substring(amzTarget.indexOf('.') + 1);
            operations.add(op);
            String code = failing.get(op);
            if (code != null) {
                byte[] out = ("{\"__type\":\"com.amazonaws.dynamodb.v20120810#" + code
                                + "\",\"message\":\"injected by the test\"}")
                        .getBytes(StandardCharsets.UTF_8);
                ex.getResponseHeaders().add("Content-Type", "application/x-amz-json-1.0");
                ex.sendResponseHeaders(400, out.length);
                try (OutputStream o = ex.getResponseBody()) {
                    o.write(out);
                }
                return;
            }
            HttpRequest.Builder b = HttpRequest.newBuilder(
                            target.resolve(ex.getRequestURI().toString()))
                    .method(ex.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body));
            ex.getRequestHeaders().forEach((k, vs) -> {
                if (!HOP.contains(k.toLowerCase(java.util.Locale.ROOT))) {
                    vs.forEach(v -> b.header(k, v));
                }
            });
            HttpResponse<byte[]> resp = client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
            resp.headers().map().forEach((k, vs) -> {
                if (!HOP.contains(k.toLowerCase(java.util.Locale.ROOT)) && !k.equals(":status")) {
                    vs.forEach(v -> ex.getResponseHeaders().add(k, v));
                }
            });
            byte[] out = resp.body();
            ex.sendResponseHeaders(resp.statusCode(), out.length == 0 ? -1 : out.length);
            if (out.length > 0) {
                try (OutputStream o = ex.getResponseBody()) {
                    o.write(out);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }
}
