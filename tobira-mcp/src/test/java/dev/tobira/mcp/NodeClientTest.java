package dev.tobira.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tobira.history.History;
import dev.tobira.history.HistoryEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An independent client: {@code src/test/node/walkthrough.mjs} on the official TypeScript MCP SDK
 * (installed by this module's build with {@code npm ci} from the committed lock file) walks through
 * the shop as a headless agent would, over stdio (it starts the server itself) and over HTTP. The
 * data is then checked through JDBC, and the history shows the Node client's name.
 */
class NodeClientTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(Transport.class)
    void theNodeSdkWalksThroughTheShop(Transport t) throws Exception {
        Path script = Path.of(System.getProperty("tobira.node.dir", "target/node"), "walkthrough.mjs");
        assertTrue(Files.isRegularFile(script), script + " is installed by the build (mvn process-test-resources)");
        Path historyFile = dir.resolve("history.db");
        try (SqliteTarget target = new SqliteTarget()) {
            List<String> before = target.fingerprint();
            Session.Spec spec = Session.Spec.of("shop", target.dsn()).history(historyFile);
            ProcessBuilder pb =
                    new ProcessBuilder("node", script.toString()).redirectError(ProcessBuilder.Redirect.INHERIT);
            Map<String, String> env = pb.environment();
            TobiraMcpServer server = null;
            McpEndpoint endpoint = null;
            History store = null;
            if (t == Transport.STDIO) {
                List<String> command = ChildServer.command(spec.args());
                env.put("TOBIRA_MODE", "stdio");
                env.put("TOBIRA_COMMAND", command.get(0));
                env.put("TOBIRA_ARGS", Session.JSON.writeValueAsString(command.subList(1, command.size())));
            } else {
                store = History.open(historyFile);
                server = spec.server(store);
                endpoint = server.serveHttp(HttpOptions.loopback(0));
                env.put("TOBIRA_MODE", "http");
                env.put("TOBIRA_URL", endpoint.url());
                env.put("TOBIRA_TOKEN", Session.TOKEN);
            }
            String out;
            int code;
            try {
                Process p = pb.start();
                out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the walk-through ends");
                code = p.exitValue();
            } finally {
                if (endpoint != null) {
                    endpoint.close();
                    server.close();
                    store.close();
                }
            }
            assertEquals(0, code, "walk-through output: " + out);
            JsonNode seen = Session.JSON.readTree(out.strip());
            assertEquals("Ada Lovelace", seen.get("top").asText());
            assertTrue(seen.get("deleteIsError").asBoolean());
            assertEquals(before, target.fingerprint(), "the data is unchanged, read through JDBC");
            try (History h = History.open(historyFile)) {
                List<HistoryEntry> entries = h.recent(20);
                assertEquals(6, entries.size(), "six tool calls: " + entries);
                entries.forEach(e -> assertEquals("walkthrough-node/1.0.0", e.clientLabel(), e.toString()));
                assertTrue(entries.stream()
                        .anyMatch(e -> !e.ok() && e.display().equals("DELETE FROM orders WHERE status='refunded'")));
            }
        } catch (IOException e) {
            throw new AssertionError("cannot run node (Node.js 18 or newer must be on the PATH): " + e.getMessage(), e);
        }
    }
}
