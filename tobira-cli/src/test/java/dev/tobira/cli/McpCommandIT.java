package dev.tobira.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tobira mcp} as a process over stdio, configured by the YAML file: only what
 * {@code mcp.expose} names is served, read-only unless in {@code allow_writes}, and nothing exposed
 * is exit 1. The server itself is tested in tobira-mcp; this is the command's wiring.
 */
class McpCommandIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    Tobira tobira;

    @BeforeEach
    void shop() throws Exception {
        tobira = new Tobira(dir);
        Shop.seed("jdbc:sqlite:" + dir.resolve("shop.db"), null);
        Shop.seed("jdbc:sqlite:" + dir.resolve("other.db"), null);
        tobira.linkBesideConfig("shop.db", "other.db"); // the config's ./shop.db is the one beside it
    }

    @Test
    void servesOnlyTheExposedConnectionsReadOnly() throws Exception {
        tobira.config(Expected.SHOP_CONFIG + """
                  - name: other
                    dsn: sqlite:./other.db
                mcp:
                  expose: [shop]
                  max_rows: 2
                """);
        Process p = tobira.start("mcp");
        try (OutputStream in = p.getOutputStream();
                BufferedReader out =
                        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            send(
                    in,
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                            + "\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1.0\"}}}");
            assertEquals(1, answer(out, 1).path("id").asInt());
            send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");

            send(in, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
            List<String> tools = new ArrayList<>();
            answer(out, 2)
                    .path("result")
                    .path("tools")
                    .forEach(t -> tools.add(t.path("name").asText()));
            assertTrue(tools.contains("query") && tools.contains("list_connections"), tools.toString());
            assertFalse(tools.contains("execute"), "no connection allows writes: " + tools);

            send(in, call(3, "list_connections", "{}"));
            String listed = text(answer(out, 3));
            assertTrue(listed.contains("\"shop\"") && !listed.contains("\"other\""), listed);

            send(in, call(4, "query", "{\"connection\":\"shop\",\"query\":\"select id from customers order by id\"}"));
            JsonNode capped = JSON.readTree(text(answer(out, 4)));
            assertEquals(2, capped.path("rows").size(), capped.toString());
            assertTrue(capped.path("truncated").asBoolean(), capped.toString());

            send(in, call(5, "query", "{\"connection\":\"shop\",\"query\":\"delete from customers\"}"));
            JsonNode refused = answer(out, 5).path("result");
            assertTrue(refused.path("isError").asBoolean(), refused.toString());
            assertTrue(refused.toString().contains("read-only violation"), refused.toString());

            send(in, call(6, "query", "{\"connection\":\"other\",\"query\":\"select 1\"}"));
            assertEquals("unknown connection \"other\": call list_connections for the names", text(answer(out, 6)));
        }
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the server ends with its input");
        assertEquals(0, p.exitValue());
        assertEquals(
                "5",
                tobira.run("query", "shop", "select count(*) as n from customers", "--format", "csv")
                        .out()
                        .lines()
                        .toList()
                        .get(1),
                "nothing was deleted");
    }

    /**
     * Issue 29: an agent starts the server in a directory of its own, and the config's
     * {@code sqlite:./shop.db} is still the config's; TOBIRA_HISTORY_ENABLED=0 records nothing.
     */
    @Test
    void anAgentStartsTheServerAnywhereAndTheEnvironmentSwitchesItsHistoryOff() throws Exception {
        tobira.config(Expected.SHOP_CONFIG + "mcp:\n  expose: [shop]\n");
        tobira.workdir = Files.createDirectory(dir.resolve("elsewhere"));
        tobira.env.put("TOBIRA_HISTORY_ENABLED", "0");
        Process p = tobira.start("mcp");
        try (OutputStream in = p.getOutputStream();
                BufferedReader out =
                        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            send(
                    in,
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                            + "\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1.0\"}}}");
            assertEquals(1, answer(out, 1).path("id").asInt());
            send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            send(in, call(2, "query", "{\"connection\":\"shop\",\"query\":\"select count(*) as n from customers\"}"));
            JsonNode counted = JSON.readTree(text(answer(out, 2)));
            assertEquals(5, counted.path("rows").path(0).path(0).asInt(), counted.toString());
        }
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the server ends with its input");
        assertEquals(0, p.exitValue());
        assertFalse(Files.exists(tobira.historyFile()), "TOBIRA_HISTORY_ENABLED=0: no history written");
    }

    /** Issue 29: the byte cap of a tool result is the command's to set, as the row cap is. */
    @Test
    void theByteCapOfAToolResultComesFromTheCommandLine() throws Exception {
        tobira.config(Expected.SHOP_CONFIG + "mcp:\n  expose: [shop]\n  max_rows: 1000\n");
        Process p = tobira.start("mcp", "--max-result-bytes", "1024");
        try (OutputStream in = p.getOutputStream();
                BufferedReader out =
                        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            send(
                    in,
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                            + "\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1.0\"}}}");
            assertEquals(1, answer(out, 1).path("id").asInt());
            send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            // 200 rows of 100 characters: about 20 KB, twenty times the cap
            send(
                    in,
                    call(
                            2,
                            "query",
                            "{\"connection\":\"shop\",\"query\":\"with recursive n(i) as (select 1 union all "
                                    + "select i + 1 from n where i < 200) select i, printf('%0100d', i) as pad from n\"}"));
            JsonNode capped = JSON.readTree(text(answer(out, 2)));
            int rows = capped.path("rows").size();
            assertTrue(rows > 0 && rows < 200, "rows under a 1 KiB cap: " + rows);
            assertTrue(capped.path("truncated").asBoolean(), capped.toString());
        }
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the server ends with its input");
    }

    @Test
    void nothingExposedIsAUsageError() throws Exception {
        tobira.config(Expected.SHOP_CONFIG);
        Tobira.Run r = tobira.run("mcp");
        assertEquals(1, r.exit(), r.err());
        assertTrue(
                r.err().startsWith("error: nothing is exposed: name connections with --expose or mcp.expose"), r.err());
        assertEquals("", r.out());
    }

    @Test
    void anUnknownExposedNameIsAUsageError() throws Exception {
        tobira.config(Expected.SHOP_CONFIG);
        Tobira.Run r = tobira.run("mcp", "--expose", "prod");
        assertEquals(1, r.exit(), r.err());
        assertEquals(
                "error: mcp: unknown connection \"prod\" (known: shop); to serve a DSN without a config entry,"
                        + " write --expose prod=DSN\n",
                r.err());
    }

    /**
     * Issue 30: {@code --expose NAME=DSN} serves a database with no config file at all, read-only,
     * and the server's history still records the calls.
     */
    @Test
    void aDsnOnTheCommandLineIsServedWithNoConfigFile() throws Exception {
        assertFalse(Files.exists(tobira.configFile()));
        Process p = tobira.start("mcp", "--expose", "shop=sqlite:" + dir.resolve("shop.db"));
        try (OutputStream in = p.getOutputStream();
                BufferedReader out =
                        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            send(
                    in,
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                            + "\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1.0\"}}}");
            assertEquals(1, answer(out, 1).path("id").asInt());
            send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            send(in, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
            List<String> tools = new ArrayList<>();
            answer(out, 2)
                    .path("result")
                    .path("tools")
                    .forEach(t -> tools.add(t.path("name").asText()));
            assertTrue(tools.contains("query") && !tools.contains("execute"), tools.toString());
            send(in, call(3, "list_connections", "{}"));
            JsonNode listed = JSON.readTree(text(answer(out, 3)));
            assertEquals("shop", listed.path(0).path("name").asText(), listed.toString());
            assertTrue(listed.path(0).path("read_only").asBoolean(), listed.toString());
            send(in, call(4, "query", "{\"connection\":\"shop\",\"query\":\"select count(*) as n from customers\"}"));
            assertEquals(
                    5,
                    JSON.readTree(text(answer(out, 4)))
                            .path("rows")
                            .path(0)
                            .path(0)
                            .asInt());
            send(in, call(5, "query", "{\"connection\":\"shop\",\"query\":\"delete from customers\"}"));
            JsonNode refused = answer(out, 5).path("result");
            assertTrue(
                    refused.path("isError").asBoolean() && refused.toString().contains("read-only violation"),
                    refused.toString());
        }
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the server ends with its input");
        assertEquals(0, p.exitValue());
        Tobira.Run history = tobira.run("history", "--mcp", "--format", "csv");
        assertEquals(0, history.exit(), history.err());
        assertTrue(history.out().contains("delete from customers"), history.out());
    }

    /**
     * Issue 30: the independent client (the official TypeScript SDK's walk-through, tobira-mcp's
     * {@code src/test/node}, installed by this module's build) runs {@code tobira mcp --expose
     * shop=DSN} itself, as an agent's configuration does, with no config file.
     */
    @Test
    void theNodeSdkWalksThroughAShopExposedOnTheCommandLine() throws Exception {
        // absolute: node starts in the test's directory
        Path script = Path.of(System.getProperty("tobira.node.dir", "target/node"), "walkthrough.mjs")
                .toAbsolutePath();
        assertTrue(Files.isRegularFile(script), script + " is installed by the build (mvn process-test-resources)");
        List<String> command = tobira.command("mcp", "--expose", "shop=sqlite:" + dir.resolve("shop.db"));
        ProcessBuilder pb = new ProcessBuilder("node", script.toString()).directory(dir.toFile());
        pb.environment().clear();
        pb.environment().putAll(tobira.env);
        pb.environment().put("TOBIRA_MODE", "stdio");
        pb.environment().put("TOBIRA_COMMAND", command.get(0));
        pb.environment().put("TOBIRA_ARGS", JSON.writeValueAsString(command.subList(1, command.size())));
        Process p;
        try {
            p = pb.redirectErrorStream(true).start();
        } catch (java.io.IOException e) {
            throw new AssertionError("cannot run node (Node.js 18 or newer must be on the PATH): " + e.getMessage(), e);
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the walk-through ends");
        assertEquals(0, p.exitValue(), "walk-through output: " + out);
        // the server's standard error is the walk-through's too: its one JSON line is the last that opens with {
        String seen =
                out.lines().filter(l -> l.startsWith("{")).reduce((a, b) -> b).orElse("");
        assertEquals("Ada Lovelace", JSON.readTree(seen).path("top").asText(), out);
        assertEquals(
                "5",
                tobira.run(
                                "query",
                                "sqlite:" + dir.resolve("shop.db"),
                                "select count(*) as n from customers",
                                "--format",
                                "csv")
                        .out()
                        .lines()
                        .toList()
                        .get(1),
                "nothing was deleted");
    }

    private static String call(int id, String tool, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "}}";
    }

    private static void send(OutputStream in, String line) throws Exception {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /** The answer to request {@code id}, skipping any notification the server sends before it. */
    private static JsonNode answer(BufferedReader out, int id) throws Exception {
        for (String line; (line = out.readLine()) != null; ) {
            JsonNode n = JSON.readTree(line);
            if (n.path("id").asInt(-1) == id) {
                return n;
            }
        }
        throw new AssertionError("the server ended before answering request " + id);
    }

    private static String text(JsonNode answer) {
        return answer.path("result").path("content").path(0).path("text").asText();
    }
}
