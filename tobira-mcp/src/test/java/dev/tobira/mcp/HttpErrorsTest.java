package dev.tobira.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Every HTTP error body is a short message (a JSON-RPC error or one line of text), never a Java
 * stack trace, an exception's class name or an HTML error page: one request per status the server
 * gives, sent raw.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HttpErrorsTest {
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

    private static void assertShort(RawHttp.Response r) {
        String body = r.body();
        assertTrue(body.length() < 600, "a short body: " + r);
        for (String trace : new String[] {
            "\tat ", "at org.", "at io.", "at java.", "Caused by", "Exception", "<html", "<pre", "jetty"
        }) {
            assertFalse(
                    body.toLowerCase(java.util.Locale.ROOT).contains(trace.toLowerCase(java.util.Locale.ROOT)),
                    "no stack trace, exception or error page (" + trace.strip() + "): " + r);
        }
    }

    @Test
    void everyErrorStatusHasAShortBody() throws IOException {
        int port = endpoint.port();
        String host = "Host: 127.0.0.1:" + port + "\r\nAuthorization: Bearer " + Session.TOKEN + "\r\n";
        Map<String, Integer> cases = new LinkedHashMap<>();
        cases.put(RawHttp.post(port, "this is not json"), 400);
        cases.put(RawHttp.post(port, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":"), 400);
        cases.put(RawHttp.post(port, "[]"), 400);
        cases.put(RawHttp.post(port, "[".repeat(5000) + "]".repeat(5000)), 400);
        cases.put(RawHttp.post(port, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":5}"), 400);
        cases.put(RawHttp.post(port, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"), 400);
        cases.put(
                RawHttp.post(
                        port,
                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}",
                        "Mcp-Session-Id: no-such-session"),
                404);
        cases.put("GET /nowhere HTTP/1.1\r\n" + host + "Connection: close\r\n\r\n", 404);
        cases.put(
                "GET /mcp HTTP/1.1\r\n" + host
                        + "Accept: text/event-stream\r\nMcp-Session-Id: no-such-session\r\nConnection: close\r\n\r\n",
                404);
        cases.put("DELETE /mcp HTTP/1.1\r\n" + host + "Connection: close\r\n\r\n", 400);
        cases.put("BREW /mcp HTTP/1.1\r\n" + host + "Connection: close\r\n\r\n", 501);
        cases.put("GARBAGE\r\n\r\n", 400);
        cases.put(
                "GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nX-Big: " + "a".repeat(20_000)
                        + "\r\nConnection: close\r\n\r\n",
                431);
        for (Map.Entry<String, Integer> c : cases.entrySet()) {
            RawHttp.Response r = RawHttp.send(port, c.getKey());
            String request = c.getKey().substring(0, Math.min(80, c.getKey().length()));
            assertEquals(c.getValue(), r.status(), () -> request + " → " + r);
            assertShort(r);
        }
    }

    @Test
    void aServerErrorHasAShortBody() throws IOException {
        // a 500: the SDK fails on an initialize whose params it cannot read
        RawHttp.Response r = RawHttp.send(
                endpoint.port(),
                RawHttp.post(
                        endpoint.port(),
                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":[],\"capabilities\":5}}"));
        assertTrue(r.status() >= 400, r.toString());
        assertShort(r);
    }
}
