package dev.tobira.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.spi.Redactor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryTest {
    @TempDir
    Path dir;

    @Test
    void theFileIsTheOwnersAloneAndItsDirectoryToo() throws Exception {
        Path file = dir.resolve("state/tobira/history.db");
        try (History h = History.open(file)) {
            h.record(HistoryEntry.builder(Source.CLI)
                    .connection("shop")
                    .command("query")
                    .query("select 1")
                    .ok(1)
                    .build());
        }
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
        assertFalse(Files.exists(Path.of(file + "-journal")), "no journal left behind");
    }

    @Test
    void anExistingFileReadableByOthersIsNarrowed() throws Exception {
        Path file = dir.resolve("history.db");
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r--r--")));
        try (History h = History.open(file)) {
            assertEquals(0, h.size());
        }
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    @Test
    void credentialsAreMaskedInEveryTextFieldBeforeTheyReachTheFile() throws Exception {
        Path file = dir.resolve("history.db");
        try (History h =
                History.open(file, Retention.DEFAULT, Redactor.standard().withSecret("s3cr3t-from-env"))) {
            h.record(HistoryEntry.builder(Source.CLI)
                    .connection("postgres://app:hunter2@127.0.0.1:5432/shop")
                    .command("query")
                    .query("select * from t where note = 's3cr3t-from-env'")
                    .failed(
                            "postgres: open: password authentication failed for password=hunter2: authentication failed")
                    .build());
            HistoryEntry e = h.recent(1).get(0);
            assertEquals("postgres://app:[redacted]@127.0.0.1:5432/shop", e.connection());
            assertEquals("select * from t where note = '[redacted]'", e.query());
            assertFalse(e.error().contains("hunter2"), e.error());
            assertFalse(e.ok());
        }
        String bytes = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        assertFalse(bytes.contains("hunter2"), "the password is not in the file");
        assertFalse(bytes.contains("s3cr3t-from-env"), "the configured secret is not in the file");
        assertTrue(bytes.contains("127.0.0.1:5432/shop"), "the test looked at the right file");
    }

    @Test
    void everyFieldRoundTripsNewestFirst() {
        Instant at = Instant.parse("2026-10-27T23:02:26Z");
        try (History h = History.open(dir.resolve("h.db"))) {
            h.record(HistoryEntry.builder(Source.MCP)
                    .at(at)
                    .client("claude-code", "2.1.308")
                    .connection("shop")
                    .command("describe")
                    .query("{\"collection\":\"orders\",\"connection\":\"shop\"}")
                    .ok(0)
                    .duration(Duration.ofMillis(1))
                    .build());
            h.record(HistoryEntry.builder(Source.MCP)
                    .at(at.plusSeconds(6))
                    .client("claude-code", "2.1.308")
                    .connection("shop")
                    .command("query")
                    .query("DELETE FROM orders WHERE status='refunded'")
                    .failed("read-only violation")
                    .build());
            List<HistoryEntry> entries = h.recent(10);
            assertEquals(2, entries.size());
            HistoryEntry newest = entries.get(0);
            assertEquals(at.plusSeconds(6), newest.at());
            assertEquals("DELETE FROM orders WHERE status='refunded'", newest.display());
            assertEquals("claude-code/2.1.308", newest.clientLabel());
            HistoryEntry older = entries.get(1);
            assertEquals(
                    new HistoryEntry(
                            at,
                            Source.MCP,
                            "claude-code",
                            "2.1.308",
                            "shop",
                            "describe",
                            "{\"collection\":\"orders\",\"connection\":\"shop\"}",
                            true,
                            0,
                            Duration.ofMillis(1),
                            ""),
                    older);
            assertEquals("describe {\"collection\":\"orders\",\"connection\":\"shop\"}", older.display());
        }
    }

    @Test
    void filtersBySourceAndConnection() {
        try (History h = History.open(dir.resolve("h.db"))) {
            h.record(HistoryEntry.builder(Source.CLI)
                    .connection("shop")
                    .command("query")
                    .query("select 1")
                    .build());
            h.record(HistoryEntry.builder(Source.MCP)
                    .connection("shop")
                    .command("list_connections")
                    .build());
            h.record(HistoryEntry.builder(Source.MCP)
                    .connection("cache")
                    .command("query")
                    .query("GET k")
                    .build());
            assertEquals(
                    List.of("GET k", "list_connections"),
                    h.recent(HistoryFilter.latest(10).withSource(Source.MCP)).stream()
                            .map(HistoryEntry::display)
                            .toList());
            assertEquals(
                    List.of("list_connections", "select 1"),
                    h.recent(HistoryFilter.latest(10).withConnection("shop")).stream()
                            .map(HistoryEntry::display)
                            .toList());
            assertEquals(1, h.recent(HistoryFilter.latest(1)).size());
        }
    }

    @Test
    void retentionKeepsTheLastEntriesAndNoneTooOld() {
        try (History h = History.open(dir.resolve("h.db"), Retention.DEFAULT.withMaxEntries(3), Redactor.standard())) {
            for (int i = 1; i <= 5; i++) {
                h.record(HistoryEntry.builder(Source.CLI)
                        .command("query")
                        .query("select " + i)
                        .build());
            }
            assertEquals(3, h.size());
            assertEquals(
                    List.of("select 5", "select 4", "select 3"),
                    h.recent(10).stream().map(HistoryEntry::query).toList());
        }
        try (History h = History.open(
                dir.resolve("h.db"), Retention.DEFAULT.withMaxAge(Duration.ofDays(1)), Redactor.standard())) {
            h.record(HistoryEntry.builder(Source.CLI)
                    .at(Instant.now().minus(Duration.ofDays(2)))
                    .query("old")
                    .build());
            assertEquals(
                    List.of("select 5", "select 4", "select 3"),
                    h.recent(10).stream().map(HistoryEntry::query).toList(),
                    "an entry older than the retention is deleted as soon as it is recorded");
            h.record(HistoryEntry.builder(Source.CLI).query("new").build());
            assertEquals(4, h.size());
        }
    }

    @Test
    void theDefaultRetentionIsTenThousand() {
        assertEquals(10_000, Retention.DEFAULT.maxEntries());
        assertThrows(IllegalArgumentException.class, () -> new Retention(0, Duration.ZERO));
    }

    @Test
    void clearDeletesEverythingAndTheTextWithIt() throws Exception {
        Path file = dir.resolve("h.db");
        try (History h = History.open(file)) {
            for (int i = 0; i < 50; i++) {
                h.record(HistoryEntry.builder(Source.CLI)
                        .query("select 'marker-text-" + i + "'")
                        .build());
            }
            assertEquals(50, h.clear());
            assertEquals(0, h.size());
        }
        assertFalse(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains("marker-text-"));
    }

    @Test
    void twoStoresOnOneFileRecordAtOnce() throws Exception {
        Path file = dir.resolve("h.db");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (History a = History.open(file);
                History b = History.open(file)) {
            Future<?> fa = pool.submit(() -> {
                for (int i = 0; i < 100; i++) {
                    a.record(HistoryEntry.builder(Source.CLI).query("a" + i).build());
                }
            });
            Future<?> fb = pool.submit(() -> {
                for (int i = 0; i < 100; i++) {
                    b.record(HistoryEntry.builder(Source.MCP).query("b" + i).build());
                }
            });
            fa.get();
            fb.get();
            assertEquals(200, a.size());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aFileOfANewerSchemaIsRefusedNotRewritten() throws Exception {
        Path file = dir.resolve("h.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement st = c.createStatement()) {
            st.execute("pragma application_id = "
                    + History.APPLICATION_ID); // a newer tobira marks its file as this one does
            st.execute("pragma user_version = 99");
        }
        HistoryException e = assertThrows(HistoryException.class, () -> History.open(file));
        assertTrue(e.getMessage().contains("newer tobira"), e.getMessage());
    }

    @Test
    void theDefaultFileFollowsTheEnvironment() {
        assertEquals(Path.of("/x/h.db"), History.defaultFile(Map.of("TOBIRA_HISTORY", "/x/h.db")));
        assertEquals(Path.of("/state/tobira/history.db"), History.defaultFile(Map.of("XDG_STATE_HOME", "/state")));
        assertEquals(
                Path.of(System.getProperty("user.home"), ".local/state/tobira/history.db"),
                History.defaultFile(Map.of()));
    }
}
