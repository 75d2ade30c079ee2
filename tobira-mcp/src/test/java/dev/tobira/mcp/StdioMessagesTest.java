package dev.tobira.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The stdio server spoken to in raw JSON-RPC lines, as a hostile or broken client writes them:
 * every malformed message gets a JSON-RPC error and the server goes on; requests before
 * {@code initialize} get an error; the end of input ends the server after it answered what it read.
 */
class StdioMessagesTest {
    private static String nested(int depth) {
        return "[".repeat(depth) + "]".repeat(depth);
    }

    private static void assertError(JsonNode answer, int code, Object id) {
        assertEquals("2.0", answer.path("jsonrpc").asText(), answer.toString());
        assertEquals(code, answer.path("error").path("code").asInt(), answer.toString());
        assertFalse(answer.path("error").path("message").asText().isBlank(), answer.toString());
        if (id == null) {
            assertTrue(answer.has("id") && answer.get("id").isNull(), "id null: " + answer);
        } else {
            assertEquals(String.valueOf(id), answer.path("id").asText(), answer.toString());
        }
        assertFalse(answer.toString().contains("\tat "), "no stack trace: " + answer);
    }

    private static void assertPong(JsonNode answer, int id) {
        assertEquals(id, answer.path("id").asInt(), answer.toString());
        assertTrue(answer.path("result").isObject(), answer.toString());
    }

    @Test
    void everyMalformedMessageGetsAnErrorAndTheServerGoesOn() {
        try (SqliteTarget target = new SqliteTarget();
                TobiraMcpServer server = Session.Spec.of("shop", target.dsn()).server();
                RawStdio io = new RawStdio(server)) {
            io.initialize();
            Map<String, Integer> malformed = new java.util.LinkedHashMap<>();
            malformed.put("this is not json", -32700);
            malformed.put("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":", -32700);
            malformed.put("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"} trailing", -32700);
            malformed.put(nested(10_000), -32700);
            malformed.put(
                    "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"query\",\"arguments\":{\"params\":"
                            + nested(5_000) + "}}}",
                    -32700);
            malformed.put("[]", -32600);
            malformed.put("[" + RawStdio.ping(5) + "," + RawStdio.ping(6) + "]", -32600);
            malformed.put("42", -32600);
            malformed.put("\"ping\"", -32600);
            malformed.put("null", -32600);
            malformed.put("{}", -32600);
            malformed.put("{\"jsonrpc\":\"1.0\",\"method\":\"ping\",\"id\":true}", -32600);
            malformed.put("{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":{\"a\":1}}", -32600);
            malformed.put("{\"jsonrpc\":\"2.0\",\"method\":7,\"id\":[1]}", -32600);
            int ping = 100;
            for (Map.Entry<String, Integer> m : malformed.entrySet()) {
                io.send(m.getKey());
                assertError(io.next(), m.getValue(), null);
                io.send(RawStdio.ping(++ping));
                assertPong(io.next(), ping);
            }
            // malformed bytes: not UTF-8
            io.sendBytes(new byte[] {'{', '"', (byte) 0xC3, (byte) 0x28, '"', ':', '1', '}', '\n'});
            assertError(io.next(), -32700, null);
            // a message with a usable id that is not a valid request is answered with that id
            io.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":5}");
            assertError(io.next(), -32600, 7);
            io.send("{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"method\":\"tools/call\",\"params\":[1,2]}");
            assertError(io.next(), -32600, "x");
            // and the tools still work
            io.send(RawStdio.call(8, "query", "{\"connection\":\"shop\",\"query\":\"select count(*) from orders\"}"));
            JsonNode answer = io.next();
            assertEquals(8, answer.path("id").asInt(), answer.toString());
            assertTrue(
                    answer.path("result")
                            .path("content")
                            .get(0)
                            .path("text")
                            .asText()
                            .contains("[[7]]"),
                    answer.toString());
        }
    }

    @Test
    void aLineOverTheCapIsRefusedWithoutReadingItAndTheServerGoesOn() {
        try (SqliteTarget target = new SqliteTarget();
                TobiraMcpServer server = Session.Spec.of("shop", target.dsn()).server();
                RawStdio io = new RawStdio(server)) {
            io.initialize();
            String head =
                    "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"query\",\"arguments\":{\"connection\":\"shop\",\"query\":\"select '";
            byte[] big = new byte[25 * 1024 * 1024];
            java.util.Arrays.fill(big, (byte) 'a');
            io.sendBytes(head.getBytes(StandardCharsets.UTF_8)).sendBytes(big).send("'\"}}}");
            JsonNode refused = io.next();
            assertError(refused, -32600, null);
            assertTrue(
                    refused.path("error")
                            .path("message")
                            .asText()
                            .contains(String.valueOf(StdioTransport.MAX_LINE_BYTES)),
                    refused.toString());
            io.send(RawStdio.ping(10));
            assertPong(io.next(), 10);
        }
    }

    @Test
    void requestsBeforeInitializeGetAnError() {
        try (SqliteTarget target = new SqliteTarget();
                TobiraMcpServer server = Session.Spec.of("shop", target.dsn()).server();
                RawStdio io = new RawStdio(server)) {
            io.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
            JsonNode early = io.next();
            assertError(early, -32600, 1);
            assertTrue(early.path("error").path("message").asText().contains("initialize"), early.toString());
            io.send(RawStdio.call(2, "query", "{\"connection\":\"shop\",\"query\":\"select 1\"}"));
            assertError(io.next(), -32600, 2);
            // a ping is answered at any time, a line may end in CRLF, and blank lines are skipped
            io.sendBytes(("\r\n  \n" + RawStdio.ping(3) + "\r\n").getBytes(StandardCharsets.UTF_8));
            assertPong(io.next(), 3);
            // a notification before initialize gets no answer, and does not initialize the session
            io.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            io.send("{\"jsonrpc\":\"2.0\",\"id\":31,\"method\":\"tools/list\"}");
            assertError(io.next(), -32600, 31);
            io.initialize();
            io.send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/list\"}");
            JsonNode tools = io.next();
            assertEquals(4, tools.path("id").asInt(), tools.toString());
            assertTrue(tools.path("result").path("tools").size() >= 7, tools.toString());
        }
    }

    @Test
    void theEndOfInputEndsTheServerAfterItAnsweredWhatItRead() throws InterruptedException {
        SqliteTarget target = new SqliteTarget();
        TobiraMcpServer server = Session.Spec.of("shop", target.dsn()).server();
        try (target;
                RawStdio io = new RawStdio(server)) {
            io.initialize();
            io.send("garbage first");
            for (int i = 1; i <= 5; i++) {
                io.send(RawStdio.call(
                        i, "query", "{\"connection\":\"shop\",\"query\":\"select count(*) + " + i + " from orders\"}"));
            }
            io.endInput();
            Thread waiter = new Thread(() -> {
                try {
                    io.endpoint.awaitClosed();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            waiter.start();
            waiter.join(TimeUnit.SECONDS.toMillis(30));
            assertFalse(waiter.isAlive(), "the endpoint did not end within 30 s of the end of its input");
            // as the command does: the endpoint ended, so the server closes and exits
            io.endpoint.close();
            server.close();
            List<JsonNode> answers = io.drain(Duration.ofMillis(200));
            Map<Integer, String> byId = new HashMap<>();
            for (JsonNode a : answers) {
                if (a.path("id").isInt()) {
                    byId.put(
                            a.get("id").asInt(),
                            a.path("result")
                                    .path("content")
                                    .path(0)
                                    .path("text")
                                    .asText());
                }
            }
            assertEquals(6, answers.size(), "the parse error and five answers: " + answers);
            for (int i = 1; i <= 5; i++) {
                assertTrue(byId.getOrDefault(i, "").contains("[[" + (7 + i) + "]]"), i + ": " + answers);
            }
        } finally {
            server.close();
        }
    }

    /**
     * The server in a child JVM, as an agent runs it: a malformed first line, requests, then the
     * end of input. It answers all of them and exits 0 (before, the bad line ended its reading, so
     * it never saw the end of input and never exited).
     */
    @Test
    void theCommandAnswersEverythingAndExitsWhenItsInputEnds() throws Exception {
        try (SqliteTarget target = new SqliteTarget()) {
            List<String> command =
                    ChildServer.command(Session.Spec.of("shop", target.dsn()).args());
            Process p = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            try {
                String input = String.join(
                        "\n",
                        "[1,2",
                        RawStdio.ping(1),
                        RawStdio.INITIALIZE,
                        RawStdio.INITIALIZED,
                        RawStdio.call(
                                2, "query", "{\"connection\":\"shop\",\"query\":\"select count(*) from orders\"}"),
                        "");
                try (java.io.OutputStream stdin = p.getOutputStream()) {
                    stdin.write(input.getBytes(StandardCharsets.UTF_8));
                }
                assertTrue(
                        p.waitFor(60, TimeUnit.SECONDS), "the server did not exit within 60 s of the end of its input");
                assertEquals(0, p.exitValue());
                List<JsonNode> answers = new java.util.ArrayList<>();
                for (String line : new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                    answers.add(RawStdio.JSON.readTree(line));
                }
                assertEquals(4, answers.size(), answers.toString());
                assertError(answers.get(0), -32700, null);
                assertPong(answers.get(1), 1);
                assertEquals("init", answers.get(2).path("id").asText(), answers.toString());
                assertEquals(2, answers.get(3).path("id").asInt(), answers.toString());
                assertTrue(
                        answers.get(3)
                                .path("result")
                                .path("content")
                                .path(0)
                                .path("text")
                                .asText()
                                .contains("[[7]]"),
                        answers.toString());
            } finally {
                p.destroyForcibly();
            }
        }
    }
}
