package dev.tobira.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.history.History;
import dev.tobira.history.HistoryEntry;
import dev.tobira.history.Source;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every tool call lands in the shared history store, with the client's name and version from initialize. */
class CallHistoryTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(Transport.class)
    void everyCallIsRecordedInAFileOnlyItsOwnerCanRead(Transport t) throws IOException {
        Path file = dir.resolve(t + "-history.db");
        try (SqliteTarget target = new SqliteTarget();
                Session s =
                        Session.open(t, Session.Spec.of("shop", target.dsn()).history(file))) {
            s.ok("list_connections", Map.of());
            s.ok("describe", Map.of("connection", "shop", "collection", "orders"));
            s.ok("query", Map.of("connection", "shop", "query", "select id from orders where status = 'paid'"));
            s.error("query", Map.of("connection", "shop", "query", "DELETE FROM orders WHERE status='refunded'"));
        }
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        try (History h = History.open(file)) {
            List<HistoryEntry> entries = h.recent(10);
            assertEquals(4, entries.size(), entries.toString());
            HistoryEntry refused = entries.get(0);
            HistoryEntry query = entries.get(1);
            HistoryEntry describe = entries.get(2);
            HistoryEntry list = entries.get(3);
            for (HistoryEntry e : entries) {
                assertEquals(Source.MCP, e.source());
                assertEquals("tobira-test/1.0", e.clientLabel());
                assertFalse(e.duration().isNegative());
            }
            assertEquals("list_connections", list.display());
            assertEquals("", list.connection());
            assertTrue(list.ok());
            assertEquals("describe {\"collection\":\"orders\",\"connection\":\"shop\"}", describe.display());
            assertEquals("shop", describe.connection());
            assertEquals("select id from orders where status = 'paid'", query.display());
            assertTrue(query.ok());
            assertEquals(5, query.rows());
            assertEquals("DELETE FROM orders WHERE status='refunded'", refused.display());
            assertFalse(refused.ok());
            assertTrue(refused.error().endsWith(": read-only violation"), refused.error());
        }
    }

    /** What a client controls reaches the history bounded: its name and version, the connection it names, the query, the error. */
    @org.junit.jupiter.api.Test
    void whatAClientSendsIsBoundedBeforeTheHistory() {
        Path file = dir.resolve("bounded-history.db");
        String huge = "n".repeat(200_000);
        try (SqliteTarget target = new SqliteTarget();
                History store = History.open(file)) {
            try (TobiraMcpServer server = Session.Spec.of("shop", target.dsn()).server(store);
                    RawStdio io = new RawStdio(server)) {
                io.send(RawStdio.INITIALIZE
                        .replace("\"name\":\"raw\"", "\"name\":\"" + huge + "\"")
                        .replace("\"version\":\"1\"", "\"version\":\"" + huge + "\""));
                io.next();
                io.send(RawStdio.INITIALIZED);
                io.send(RawStdio.call(
                        1, "query", "{\"connection\":\"" + huge + "\",\"query\":\"select '" + huge + "'\"}"));
                io.next();
                io.send(RawStdio.call(2, "describe", "{\"connection\":\"shop\",\"collection\":\"" + huge + "\"}"));
                io.next();
            }
            List<HistoryEntry> entries = store.recent(10);
            assertEquals(2, entries.size(), entries.toString().length() + " chars");
            for (HistoryEntry e : entries) {
                assertTrue(
                        e.clientLabel().length() <= 600,
                        "client: " + e.clientLabel().length());
                assertTrue(
                        e.connection().length() <= Tools.MAX_HISTORY_NAME + 1,
                        "connection: " + e.connection().length());
                assertTrue(
                        e.display().length() <= Tools.MAX_HISTORY_TEXT + 100,
                        "query: " + e.display().length());
                assertTrue(
                        e.error().length() <= Tools.MAX_HISTORY_TEXT + 100,
                        "error: " + e.error().length());
            }
        }
    }
}
