package dev.tobira.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every request over stdio gets exactly one answer, whatever failed on the way, and what the server
 * has to say about a failure goes to its {@link System.Logger}, escaped, never to a standard stream.
 */
class StdioAnswersTest {
    /** Issue 30: the transport refused every initialize after the first, so a failed one could never be retried. */
    @Test
    void anInitializeAnsweredWithAnErrorCanBeSentAgain() {
        try (SqliteTarget target = new SqliteTarget();
                TobiraMcpServer server = Session.Spec.of("shop", target.dsn()).server();
                RawStdio io = new RawStdio(server)) {
            // capabilities that are not an object: the SDK answers with an error
            io.send(
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                            + "\"capabilities\":7,\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}");
            JsonNode failed = io.next();
            assertEquals(1, failed.path("id").asInt(), failed.toString());
            assertTrue(failed.has("error"), failed.toString());

            io.initialize();
            io.send(RawStdio.call(2, "query", "{\"connection\":\"shop\",\"query\":\"select count(*) from orders\"}"));
            JsonNode answer = io.next();
            assertTrue(
                    answer.path("result")
                            .path("content")
                            .path(0)
                            .path("text")
                            .asText()
                            .contains("[[7]]"),
                    answer.toString());

            // once one succeeded, another is refused
            io.send(RawStdio.INITIALIZE.replace("\"init\"", "3"));
            JsonNode again = io.next();
            assertEquals(-32600, again.path("error").path("code").asInt(), again.toString());
            assertTrue(again.path("error").path("message").asText().contains("already initialized"), again.toString());
        }
    }

    /**
     * Issue 30: an answer that could not be serialized was logged and dropped, leaving the client
     * waiting for ever; the log line went to System.err with the client's text in it as sent, control
     * characters and all (the serializer's message names the map key the client chose).
     */
    @Test
    void anAnswerThatCannotBeWrittenIsAnInternalErrorAndAnEscapedLogLine() {
        List<LogRecord> records = new CopyOnWriteArrayList<>();
        Handler catcher = new Handler() {
            @Override
            public void publish(LogRecord r) {
                records.add(r);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Logger logger = Logger.getLogger("dev.tobira.mcp");
        boolean parents = logger.getUseParentHandlers();
        logger.addHandler(catcher);
        logger.setUseParentHandlers(false);
        PrintStream err = System.err;
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
        try (SqliteTarget target = new SqliteTarget();
                TobiraMcpServer server = Session.Spec.of("shop", target.dsn()).server();
                RawStdio io = new RawStdio(server, (in, out) -> {
                    JacksonMcpJsonMapper mapper = new JacksonMcpJsonMapper(new ObjectMapper());
                    StdioTransport transport = new StdioTransport(in, out, mapper, Duration.ofSeconds(5));
                    return McpEndpoint.stdio(
                            McpServer.sync(transport)
                                    .serverInfo("echo", "1")
                                    .jsonMapper(mapper)
                                    .capabilities(McpSchema.ServerCapabilities.builder()
                                            .tools(false)
                                            .build())
                                    .tools(unwritable())
                                    .build(),
                            transport);
                })) {
            io.initialize();
            io.send(RawStdio.call(1, "echo", "{\"key\":\"\\u001b[2J\\nERROR forged line\"}"));
            JsonNode answer = io.next();
            assertEquals(1, answer.path("id").asInt(), answer.toString());
            assertEquals(
                    StdioTransport.INTERNAL_ERROR,
                    answer.path("error").path("code").asInt(),
                    answer.toString());
            io.send(RawStdio.ping(2));
            assertEquals(2, io.next().path("id").asInt(), "the server goes on");
        } finally {
            System.setErr(err);
            logger.removeHandler(catcher);
            logger.setUseParentHandlers(parents);
        }
        assertEquals("", stderr.toString(StandardCharsets.UTF_8), "nothing written to System.err");
        LogRecord line = records.stream()
                .filter(r -> r.getMessage().startsWith("cannot write an answer"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no log record: " + records));
        assertTrue(line.getMessage().contains("\\x1b[2J\\nERROR forged line"), line.getMessage());
        assertFalse(line.getMessage().contains("\u001b") || line.getMessage().contains("\n"), line.getMessage());
    }

    /** A tool whose result holds a value no serializer can write, under a key the client chooses. */
    private static SyncToolSpecification unwritable() {
        McpSchema.Tool tool =
                McpSchema.Tool.builder("echo", Map.of("type", "object")).build();
        return new SyncToolSpecification(
                tool,
                (exchange, request) -> McpSchema.CallToolResult.builder()
                        .addTextContent("x")
                        .meta(Map.of(String.valueOf(request.arguments().get("key")), new Object()))
                        .build());
    }

    /** The module writes to no standard stream: standard output is the stdio protocol's. */
    @Test
    void noSourceOfTheServerWritesToAStandardStream() throws IOException {
        Path main = Path.of("src/main/java");
        assertTrue(Files.isDirectory(main), main.toAbsolutePath() + " (the tests run from the module's directory)");
        try (Stream<Path> files = Files.walk(main)) {
            List<String> offenders = files.filter(f -> f.toString().endsWith(".java"))
                    .flatMap(f -> {
                        try {
                            return Files.readAllLines(f).stream()
                                    .filter(l ->
                                            l.matches(".*System\\.(out|err)\\s*\\..*") || l.contains("printStackTrace"))
                                    .map(l -> main.relativize(f) + ": " + l.strip());
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .toList();
            assertEquals(List.of(), offenders);
        }
    }
}
