package dev.tobira.mcp;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

/**
 * A server's stdio endpoint in this JVM, spoken to in raw JSON-RPC lines: what the test writes is
 * the server's standard input, and every line the server writes is queued for the test to take.
 */
final class RawStdio implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String INITIALIZE =
            "{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";
    static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

    final TobiraMcpServer server;
    final McpEndpoint endpoint;
    private final PipedOutputStream in;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    RawStdio(TobiraMcpServer server) {
        this(server, server::serveStdio);
    }

    /** Any server on the stdio transport: {@code serve} starts it on the two streams it is given. */
    RawStdio(TobiraMcpServer server, BiFunction<InputStream, OutputStream, McpEndpoint> serve) {
        this.server = server;
        try {
            PipedInputStream serverIn = new PipedInputStream(1 << 16);
            in = new PipedOutputStream(serverIn);
            endpoint = serve.apply(serverIn, new LineSink(lines));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends a line as is (a newline is added). */
    RawStdio send(String line) {
        return sendBytes((line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    RawStdio sendBytes(byte[] bytes) {
        try {
            in.write(bytes);
            in.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    RawStdio initialize() {
        send(INITIALIZE);
        JsonNode init = next();
        if (!"init".equals(init.path("id").asText()) || !init.has("result")) {
            throw new AssertionError("initialize failed: " + init);
        }
        return send(INITIALIZED);
    }

    /** Closes the server's standard input. */
    void endInput() {
        try {
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The next line the server wrote, as JSON; fails after 30 s without one. */
    JsonNode next() {
        try {
            String line = lines.poll(30, TimeUnit.SECONDS);
            assertNotNull(line, "no answer within 30 s");
            return JSON.readTree(line);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lines written so far and within the wait, without waiting for more after that. */
    List<JsonNode> drain(Duration wait) {
        List<JsonNode> out = new ArrayList<>();
        try {
            String line = lines.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
            while (line != null) {
                out.add(JSON.readTree(line));
                line = lines.poll();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    static String ping(Object id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"ping\"}";
    }

    static String call(Object id, String tool, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "}}";
    }

    @Override
    public void close() {
        endpoint.close();
        try {
            in.close();
        } catch (IOException e) {
            // already closed
        }
    }

    /** Splits what the server writes into lines. */
    private static final class LineSink extends OutputStream {
        private final BlockingQueue<String> lines;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        LineSink(BlockingQueue<String> lines) {
            this.lines = lines;
        }

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                lines.add(line.toString(StandardCharsets.UTF_8));
                line.reset();
            } else {
                line.write(b);
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            for (int i = off; i < off + len; i++) {
                write(b[i]);
            }
        }
    }
}
