package dev.tobira.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Clients that send their request slowly (a token holder trickling bytes) must not starve the
 * others: the body is read without holding a thread, within a deadline and a size cap, and so are
 * the headers. Loopback only, every loop bounded.
 */
class SlowClientsTest {
    static final String INITIALIZE =
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";

    /** Opens a request whose head is whole, then sends its body one byte every 300 ms, at most 40 s; returns the status seen, or -1. */
    private static int trickleBody(int port, CountDownLatch started) {
        String head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: Bearer " + Session.TOKEN
                + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n";
        return trickle(port, head.getBytes(StandardCharsets.US_ASCII), 'x', started);
    }

    /** Sends a request head one byte every 300 ms, at most 40 s. */
    private static int trickleHead(int port, CountDownLatch started) {
        String head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nX-Padding: ";
        return trickle(port, head.getBytes(StandardCharsets.US_ASCII), 'y', started);
    }

    private static int trickle(int port, byte[] first, char filler, CountDownLatch started) {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(300);
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            out.write(first);
            out.flush();
            started.countDown();
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
            while (System.nanoTime() < end) {
                out.write(filler);
                out.flush();
                try {
                    byte[] got = in.readNBytes(12);
                    // the server answered (or closed): the trickle is over
                    return got.length == 12 ? Integer.parseInt(new String(got, 9, 3, StandardCharsets.US_ASCII)) : -1;
                } catch (java.net.SocketTimeoutException e) {
                    // nothing yet: go on trickling
                }
            }
            return 0;
        } catch (IOException e) {
            return -1; // closed by the server
        } finally {
            started.countDown();
        }
    }

    @Test
    void fortySlowBodiesAndTwentySlowHeadsDoNotStarveAClient() throws Exception {
        try (SqliteTarget target = new SqliteTarget();
                TobiraMcpServer server = Session.Spec.of("shop", target.dsn()).server();
                McpEndpoint endpoint = server.serveHttp(HttpOptions.loopback(0))) {
            int port = endpoint.port();
            ExecutorService pool = Executors.newFixedThreadPool(60);
            try {
                CountDownLatch started = new CountDownLatch(60);
                List<Future<Integer>> bodies = new ArrayList<>();
                List<Future<Integer>> heads = new ArrayList<>();
                for (int i = 0; i < 40; i++) {
                    bodies.add(pool.submit(() -> trickleBody(port, started)));
                }
                for (int i = 0; i < 20; i++) {
                    heads.add(pool.submit(() -> trickleHead(port, started)));
                }
                assertTrue(started.await(20, TimeUnit.SECONDS), "the slow clients connected");
                Thread.sleep(1000); // let them take what they can
                long t0 = System.nanoTime();
                RawHttp.Response r = RawHttp.send(port, RawHttp.post(port, INITIALIZE));
                long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
                assertEquals(200, r.status(), r.toString());
                assertTrue(seconds < 10, "answered within 10 s while 60 slow clients trickle, not " + seconds + " s");
                // and the slow ones are cut off by the deadline, not served forever
                AtomicInteger timedOut = new AtomicInteger();
                for (Future<Integer> f : bodies) {
                    int status = f.get(60, TimeUnit.SECONDS);
                    assertTrue(
                            status == 408 || status == -1,
                            "a slow body ends with 408 or a closed connection, not " + status);
                    if (status == 408) {
                        timedOut.incrementAndGet();
                    }
                }
                for (Future<Integer> f : heads) {
                    int status = f.get(60, TimeUnit.SECONDS);
                    assertTrue(status != 0, "a slow head is cut off within 40 s");
                }
                assertTrue(timedOut.get() > 0, "slow bodies are answered 408");
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void aBodyOverTheCapIsRefused() throws IOException {
        try (SqliteTarget target = new SqliteTarget();
                TobiraMcpServer server = Session.Spec.of("shop", target.dsn()).server();
                McpEndpoint endpoint = server.serveHttp(HttpOptions.loopback(0))) {
            int port = endpoint.port();
            String head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: Bearer " + Session.TOKEN
                    + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
            try (Socket s = new Socket("127.0.0.1", port)) {
                s.setSoTimeout(20_000);
                OutputStream out = s.getOutputStream();
                out.write(head.getBytes(StandardCharsets.US_ASCII));
                byte[] chunk = new byte[64 * 1024];
                java.util.Arrays.fill(chunk, (byte) ' ');
                int status = -1;
                try {
                    // at most 8 MiB, twice the cap
                    for (int i = 0; i < 128; i++) {
                        out.write((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                        out.write(chunk);
                        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                    }
                    out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                } catch (IOException e) {
                    // the server stopped reading: the answer is there
                }
                byte[] got = s.getInputStream().readNBytes(12);
                if (got.length == 12) {
                    status = Integer.parseInt(new String(got, 9, 3, StandardCharsets.US_ASCII));
                }
                assertEquals(413, status);
            }
        }
    }
}
