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
             BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            send(in, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1.0\"}}}");
            assertEquals(1, answer(out, 1).path("id").asInt());
            send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");

            send(in, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
            List<String> tools = new ArrayList<>();
            answer(out, 2).path("result").path("tools").forEach(t -> tools.add(t.path("name").asText()));
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
        assertEquals("5", tobira.run("query", "shop", "select count(*) as n from customers", "--format", "csv")
                .out().lines().toList().get(1), "nothing was deleted");
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
             BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            send(in, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
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
             BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            send(in, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1.0\"}}}");
            assertEquals(1, answer(out, 1).path("id").asInt());
            send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            // 200 rows of 100 characters: about 20 KB, twenty times the cap
            send(in, call(2, "query", "{\"connection\":\"shop\",\"query\":\"with recursive n(i) as (select 1 union all "
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
        assertTrue(r.err().startsWith("error: nothing is exposed: name connections with --expose or mcp.expose"), r.err());
        assertEquals("", r.out());
    }

    @Test
    void anUnknownExposedNameIsAUsageError() throws Exception {
        tobira.config(Expected.SHOP_CONFIG);
        Tobira.Run r = tobira.run("mcp", "--expose", "prod");
        assertEquals(1, r.exit(), r.err());
        assertEquals("error: mcp: unknown connection \"prod\" (known: shop)\n", r.err());
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
