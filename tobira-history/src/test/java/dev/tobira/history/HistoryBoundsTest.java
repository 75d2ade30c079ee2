package dev.tobira.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 29: a caller cannot grow the history without bound, nor point it at a file that is not one. */
class HistoryBoundsTest {
    @TempDir
    Path dir;

    private static String big(char c, int n) {
        char[] a = new char[n];
        Arrays.fill(a, c);
        return new String(a);
    }

    @Test
    void everyStoredFieldIsCutToItsBoundWithAVisibleMarker() throws Exception {
        Path file = dir.resolve("history.db");
        String twoMb = big('c', 2 * 1024 * 1024);
        try (History h = History.open(file)) {
            for (int i = 0; i < 20; i++) {
                h.record(HistoryEntry.builder(Source.MCP)
                        .client(twoMb, twoMb)
                        .connection(twoMb)
                        .command(twoMb)
                        .query(twoMb)
                        .failed(twoMb)
                        .build());
            }
            HistoryEntry e = h.recent(1).get(0);
            String marker = "…[truncated: " + twoMb.length() + " chars]";
            for (String[] f : new String[][] {
                {e.client(), "256"},
                {e.clientVersion(), "256"},
                {e.connection(), "256"},
                {e.command(), "256"},
                {e.query(), "8192"},
                {e.error(), "2048"}
            }) {
                assertEquals(Integer.parseInt(f[1]), f[0].length(), "each field is its bound, the marker included");
                assertTrue(f[0].endsWith(marker), f[0].substring(f[0].length() - 40));
                assertTrue(f[0].startsWith("ccc"), "the head is kept");
            }
        }
        long size = Files.size(file);
        assertTrue(size < 20 * 16 * 1024, "20 calls of 2 MB fields left " + size + " bytes");
    }

    @Test
    void aShortFieldIsKeptWholeAndASurrogatePairIsNeverSplit() {
        assertEquals("abc", HistoryEntry.cap("abc", 256));
        String emoji = "\uD83D\uDE00".repeat(200);
        String cut = HistoryEntry.cap(emoji, 256);
        assertTrue(cut.length() <= 256, cut);
        assertFalse(
                Character.isHighSurrogate(cut.charAt(cut.indexOf('…') - 1)),
                "no lone high surrogate before the marker");
    }

    @Test
    void aSymbolicLinkIsRefusedAndItsTargetUntouched() throws Exception {
        Path target = dir.resolve("elsewhere.db");
        foreignDatabase(target);
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r--r--"));
        Path link = Files.createSymbolicLink(dir.resolve("history.db"), target);
        HistoryException e = assertThrows(HistoryException.class, () -> History.open(link));
        assertTrue(e.getMessage().contains(link + " is a symbolic link"), e.getMessage());
        assertEquals(
                "rw-r--r--",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(target)),
                "not chmod-ed through the link");
        assertEquals(new TreeSet<>(java.util.List.of("users")), tables(target), "nothing written into the target");

        Path dangling = Files.createSymbolicLink(dir.resolve("dangling.db"), dir.resolve("nowhere.db"));
        assertThrows(HistoryException.class, () -> History.open(dangling));
        assertFalse(Files.exists(dir.resolve("nowhere.db")), "a dangling link's target is not created");
    }

    @Test
    void anotherApplicationsDatabaseIsRefusedUntouched() throws Exception {
        Path app = dir.resolve("app.db");
        foreignDatabase(app);
        Files.setPosixFilePermissions(app, PosixFilePermissions.fromString("rw-r--r--"));
        byte[] before = Files.readAllBytes(app);
        HistoryException e = assertThrows(HistoryException.class, () -> History.open(app));
        assertTrue(
                e.getMessage().contains(app + " is not a tobira history (a SQLite database with other tables [users])"),
                e.getMessage());
        assertTrue(Arrays.equals(before, Files.readAllBytes(app)), "not a byte written");
        assertEquals(
                "rw-r--r--",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(app)),
                "its mode is its owner's");

        Path withId = dir.resolve("id.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + withId);
                Statement st = c.createStatement()) {
            st.execute("pragma application_id = 42");
        }
        assertTrue(assertThrows(HistoryException.class, () -> History.open(withId))
                .getMessage()
                .contains("another application's SQLite database (application id 42)"));

        Path text = Files.writeString(dir.resolve("notes.txt"), "x".repeat(4096));
        assertTrue(assertThrows(HistoryException.class, () -> History.open(text))
                .getMessage()
                .contains("is not a tobira history (the file is not a SQLite database)"));
        assertEquals("x".repeat(4096), Files.readString(text));

        Path fifoDir = Files.createDirectory(dir.resolve("adir"));
        assertTrue(assertThrows(HistoryException.class, () -> History.open(fifoDir))
                .getMessage()
                .contains("is not a regular file"));
    }

    @Test
    void aHistoryFromBeforeTheApplicationIdIsKept() throws Exception {
        Path old = dir.resolve("old.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + old);
                Statement st = c.createStatement()) {
            st.execute(
                    "create table entries (id integer primary key autoincrement, at_ms integer not null, source text not null,"
                            + " client text not null, client_version text not null, connection text not null, command text not null,"
                            + " query text not null, ok integer not null, rows integer not null, duration_ms integer not null,"
                            + " error text not null)");
            st.execute("insert into entries values (null, 0, 'cli', '', '', 'shop', 'query', 'select 1', 1, 1, 0, '')");
            st.execute("pragma user_version = 1");
        }
        try (History h = History.open(old)) {
            assertEquals(1, h.size());
            h.record(HistoryEntry.builder(Source.CLI)
                    .command("query")
                    .query("select 2")
                    .build());
        }
        try (History h = History.open(old)) {
            assertEquals(2, h.size(), "opened again as its own");
        }
    }

    private static void foreignDatabase(Path file) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement st = c.createStatement()) {
            st.execute("create table users (id integer primary key, name text)");
            st.execute("insert into users values (1, 'ada')");
        }
    }

    private static TreeSet<String> tables(Path file) throws Exception {
        TreeSet<String> out = new TreeSet<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("select name from sqlite_master where type = 'table'")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }
}
