package dev.tobira.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The HTTP endpoint's refusals, sent as raw requests so that Host and Origin are exactly what a
 * hostile page or a rebinding DNS name would send.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HttpGuardTest {
    private static final String INITIALIZE =
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";

    private SqliteTarget target;
    private TobiraMcpServer server;
    private McpEndpoint endpoint;

    @BeforeAll
    void start() {
        target = new SqliteTarget();
        server = Session.Spec.of("shop", target.dsn()).server();
        endpoint = server.serveHttp(HttpOptions.loopback(0));
    }

    @AfterAll
    void stop() {
        endpoint.close();
        server.close();
        target.close();
    }

    private String host() {
        return "127.0.0.1:" + endpoint.port();
    }

    /** Sends one POST of an initialize request and returns the status line and headers. */
    private String post(String host, String origin, String authorization) throws IOException {
        byte[] body = INITIALIZE.getBytes(StandardCharsets.UTF_8);
        StringBuilder req = new StringBuilder("POST /mcp HTTP/1.1\r\n");
        req.append("Host: ").append(host).append("\r\n");
        if (origin != null) {
            req.append("Origin: ").append(origin).append("\r\n");
        }
        if (authorization != null) {
            req.append("Authorization: ").append(authorization).append("\r\n");
        }
        req.append("Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n");
        req.append("Content-Length: ").append(body.length).append("\r\nConnection: close\r\n\r\n");
        try (Socket s = new Socket("127.0.0.1", endpoint.port())) {
            s.setSoTimeout(20_000);
            OutputStream out = s.getOutputStream();
            out.write(req.toString().getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            InputStream in = s.getInputStream();
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            byte[] buf = new byte[4096];
            for (int n; (n = in.read(buf)) > 0; ) {
                got.write(buf, 0, n);
                if (got.toString(StandardCharsets.UTF_8).contains("\r\n\r\n")) {
                    break;
                }
            }
            return got.toString(StandardCharsets.UTF_8);
        }
    }

    private static int status(String response) {
        return Integer.parseInt(response.substring(9, 12));
    }

    @Test
    void aRequestWithTheTokenIsServed() throws IOException {
        String r = post(host(), null, "Bearer " + Session.TOKEN);
        assertEquals(200, status(r), r);
        String fromLocalhost =
                post("localhost:" + endpoint.port(), "http://localhost:" + endpoint.port(), "Bearer " + Session.TOKEN);
        assertEquals(200, status(fromLocalhost), fromLocalhost);
    }

    @Test
    void noTokenIs401() throws IOException {
        String r = post(host(), null, null);
        assertEquals(401, status(r), r);
        assertTrue(r.contains("WWW-Authenticate: Bearer"), r);
    }

    @Test
    void aWrongTokenIs401() throws IOException {
        assertEquals(401, status(post(host(), null, "Bearer " + Session.TOKEN + "x")));
        assertEquals(401, status(post(host(), null, "Basic " + Session.TOKEN)));
        assertEquals(401, status(post(host(), null, "Bearer ")));
    }

    @Test
    void aForeignHostIsRefusedEvenWithTheToken() throws IOException {
        // a DNS rebinding page reaches 127.0.0.1 under its own name
        assertEquals(403, status(post("evil.example:" + endpoint.port(), null, "Bearer " + Session.TOKEN)));
        assertEquals(
                403, status(post("127.0.0.1:1", null, "Bearer " + Session.TOKEN)), "another port is another origin");
        assertEquals(403, status(post("127.0.0.2:" + endpoint.port(), null, "Bearer " + Session.TOKEN)));
    }

    @Test
    void aForeignOriginIsRefusedEvenWithTheToken() throws IOException {
        assertEquals(403, status(post(host(), "http://evil.example", "Bearer " + Session.TOKEN)));
        assertEquals(
                403,
                status(post(host(), "http://localhost:" + endpoint.port(), "Bearer " + Session.TOKEN)),
                "the Origin must be the Host the request names");
        assertEquals(403, status(post(host(), "null", "Bearer " + Session.TOKEN)));
    }

    @Test
    void aNonLoopbackBindIsRefusedWithoutInsecureBind() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> server.serveHttp(HttpOptions.loopback(0).withHost("0.0.0.0", false)));
        assertTrue(e.getMessage().startsWith("refusing to bind 0.0.0.0: not a loopback address"), e.getMessage());
        assertTrue(e.getMessage().contains("--insecure-bind"), e.getMessage());
        // with it, the address is accepted (checked without binding: a test sends nothing off the loopback)
        assertEquals(
                "0.0.0.0",
                HttpEndpoint.bindAddress(HttpOptions.loopback(0).withHost("0.0.0.0", true))
                        .getHostAddress());
        assertTrue(HttpEndpoint.bindAddress(HttpOptions.loopback(0).withHost("localhost", false))
                .isLoopbackAddress());
    }

    @Test
    void httpModeNeedsAToken() {
        try (TobiraMcpServer noToken = TobiraMcpServer.builder(dev.tobira.api.Registry.discover())
                .connection("shop", dev.tobira.api.ConnConfig.of(target.dsn()).withReadOnly(true))
                .policy(McpPolicy.exposing("shop"))
                .build()) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> noToken.serveHttp(HttpOptions.loopback(0)));
            assertTrue(e.getMessage().startsWith("HTTP mode needs a bearer token"), e.getMessage());
        }
    }

    /** The command's side of this (exit 1, one error line) is {@code tobira mcp}'s, tested in tobira-cli. */
    @Test
    void aServerWithNothingExposedIsNotBuilt() {
        assertThrows(
                IllegalArgumentException.class,
                () -> TobiraMcpServer.builder(dev.tobira.api.Registry.discover())
                        .policy(new McpPolicy(
                                List.of(),
                                java.util.Set.of(),
                                200,
                                McpPolicy.DEFAULT_TIMEOUT,
                                dev.tobira.api.Secret.none()))
                        .build());
    }
}
