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
             Session s = Session.open(t, Session.Spec.of("shop", target.dsn()).history(file))) {
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
}
