package dev.tobira.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The DSN forms of an embedded engine's file, and the checks before it is opened. */
class DatabaseFileTest {
    private static final String USAGE = "use edb:./shop.db, edb:/abs/path.db or edb::memory:";

    @TempDir
    Path dir;

    private static String target(String dsn) {
        return DatabaseFile.target("edb", dsn, USAGE, "?;");
    }

    @Test
    void theFormsItTakes() {
        assertEquals("./shop.db", target("edb:./shop.db"));
        assertEquals("shop.db", target("edb:shop.db"));
        assertEquals("/abs/path.db", target("edb:/abs/path.db"));
        assertEquals("/abs/path.db", target("edb:///abs/path.db"));
        assertEquals("C:/data/shop.db", target("edb:C:/data/shop.db"));
        assertEquals(DatabaseFile.MEMORY, target("edb::memory:"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "edb:",
                "edb://host/x.db",
                "edb::temp:",
                "edb:x.db?mode=ro",
                "edb:x.db;access_mode=rw",
                "edb:file:x.db",
                "edb:FILE:x.db?immutable=1",
                "edb:md:db",
                "edb:s3://bucket/x.db",
                "edb:http://h/x.db",
                "edb:ducklake:x",
                "edb:x\0.db"
            })
    void everythingElseIsInvalid(String dsn) {
        DriverException e = assertThrows(DriverException.class, () -> target(dsn));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
        assertTrue(e.getMessage().startsWith("edb: open: "), e.getMessage());
    }

    /** Issue 14: whatever the markers a driver names, nothing that starts options, a URI part or an encoding passes. */
    @Test
    void everyCharacterThatCouldStartAnOptionIsRefusedForEveryEngine() {
        for (String markers : new String[] {"", "?", ";"}) {
            for (char c : "?#;%\n\r\0\t\u000b\f\u007f\u0085\u2028\u202e".toCharArray()) {
                for (String dsn :
                        new String[] {"edb:./shop" + c + "x.db", "edb:///abs/shop.db" + c, "edb:" + c + "shop.db"}) {
                    DriverException e = assertThrows(
                            DriverException.class, () -> DatabaseFile.target("edb", dsn, USAGE, markers), dsn);
                    assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
                    assertTrue(e.getMessage().chars().noneMatch(Character::isISOControl), e.getMessage());
                }
            }
            for (String dsn : new String[] {
                "edb:./shop%3Fmode%3Drw.db",
                "edb:///abs/shop%3B.db",
                "edb:shop.db ",
                "edb: shop.db",
                "edb:shop.db\u00a0",
                "edb:\u3000shop.db",
                "edb:///abs/shop.db;access_mode=read_write",
                "edb:./x.db?mode=rw"
            }) {
                assertEquals(
                        ErrorKind.INVALID_ARGUMENT,
                        assertThrows(DriverException.class, () -> DatabaseFile.target("edb", dsn, USAGE, markers), dsn)
                                .kind());
            }
        }
    }

    @Test
    void aPathKeepsWhatCannotStartAnOption() {
        for (String path : new String[] {
            "./a&b=c.db",
            "/abs/a@b,c.db",
            "[x] y.db",
            "/a:b.db",
            "a\\b.db",
            "shop-2024_v.1$.db",
            "/abs/my file.db",
            "caf\u00e9.db"
        }) {
            assertEquals(path, DatabaseFile.target("edb", "edb:" + path, USAGE, "?;"), path);
        }
    }

    @Test
    void resolveChecksWithoutCreating() throws IOException {
        Path missing = dir.resolve("missing.db");
        DriverException ro = assertThrows(DriverException.class, () -> DatabaseFile.resolve("edb", missing, true));
        assertEquals(ErrorKind.NOT_FOUND, ro.kind());
        assertEquals("edb: open: no such database file: " + missing + ": not found", ro.getMessage());
        assertFalse(Files.exists(missing));
        assertEquals(dir.toRealPath().resolve("missing.db"), DatabaseFile.resolve("edb", missing, false));
        assertFalse(Files.exists(missing), "a writable open creates the file, not the check");
        assertEquals(
                ErrorKind.NOT_FOUND,
                assertThrows(
                                DriverException.class,
                                () -> DatabaseFile.resolve("edb", dir.resolve("nowhere/x.db"), false))
                        .kind());
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                assertThrows(DriverException.class, () -> DatabaseFile.resolve("edb", dir, false))
                        .kind());
    }

    @Test
    void twoSpellingsOfOneFileAreOnePath() throws IOException {
        Path file = Files.writeString(dir.resolve("shop.db"), "x");
        Path link = Files.createSymbolicLink(dir.resolve("link.db"), file);
        Path real = file.toRealPath();
        assertEquals(real, DatabaseFile.resolve("edb", link, true));
        Files.createDirectory(dir.resolve("sub"));
        assertEquals(real, DatabaseFile.resolve("edb", dir.resolve("./sub/../shop.db"), true));
        assertEquals(real, DatabaseFile.resolve("edb", dir.resolve(".").resolve("shop.db"), false));
    }
}
