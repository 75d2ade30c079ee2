package dev.tobira.driver.sqlite;

import static dev.tobira.drivertest.DsnCharacters.RESERVED;
import static dev.tobira.drivertest.DsnCharacters.assertRefusedAtOpen;
import static dev.tobira.drivertest.DsnCharacters.percentEncoded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The DSN attacker's view (issue 14): a SQLite DSN names a file and nothing else. sqlite-jdbc reads
 * a {@code ?} in the file name as the start of its pragmas, and SQLite (opened with
 * {@code SQLITE_OPEN_URI}) reads a name that starts with {@code file:} as a URI whose parameters
 * ({@code mode=rw}, {@code vfs=…}, {@code immutable=1}) and percent-encodings it decodes. Every
 * refusal comes before the file is touched.
 */
class SqliteDsnTest {

    @TempDir
    Path dir;

    private final SqliteDriver driver = new SqliteDriver();

    private DriverException refused(ConnConfig config) throws IOException {
        DriverException e = assertRefusedAtOpen(
                "sqlite", "", config.dsn(), () -> driver.open(config).close());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.toList(), "a refused open touched the file system");
        }
        return e;
    }

    private List<String> smuggled() {
        List<String> dsns = new ArrayList<>();
        for (char c : RESERVED.toCharArray()) {
            String x = percentEncoded(c);
            dsns.add("sqlite:" + dir + "/shop" + x + "mode" + x + "rw.db");
            dsns.add("sqlite://" + dir + "/shop" + x + ".db");
            dsns.add("sqlite:" + dir + "/shop.db" + x);
        }
        for (char c : "?#;%\n\r\0\t\u000b\f\u007f\u0085".toCharArray()) {
            dsns.add("sqlite:" + dir + "/shop" + c + "mode=rw.db");
            dsns.add("sqlite://" + dir + "/shop.db" + c);
        }
        dsns.add("sqlite:" + dir + "/shop.db?mode=rw");
        dsns.add("sqlite:" + dir + "/shop.db?enable_load_extension=true");
        dsns.add("sqlite:file:" + dir + "/shop.db?mode=rw");
        dsns.add("sqlite:file:shop.db?vfs=unix-none&immutable=1");
        dsns.add("sqlite:FILE:shop.db");
        dsns.add("sqlite:" + dir + "/shop.db ");
        dsns.add("sqlite: " + dir + "/shop.db");
        dsns.add("sqlite::resource:shop.db");
        dsns.add("sqlite://host" + dir + "/shop.db");
        return dsns;
    }

    @Test
    void everyReservedCharacterThatCouldBecomeAnOptionIsRefused() throws IOException {
        for (String dsn : smuggled()) {
            refused(ConnConfig.of(dsn));
            refused(ConnConfig.of(dsn).withReadOnly(true));
        }
    }

    @Test
    void unknownDuplicateAndMalformedOptionsAreRefused() throws IOException {
        String dsn = "sqlite:" + dir + "/shop.db";
        refused(ConnConfig.of(dsn).withOption("journal_mode", "off"));
        refused(ConnConfig.of(dsn).withOption("BUSY_TIMEOUT", "100"));
        refused(ConnConfig.of(dsn).withOption("busy_timeout", "100").withOption("Busy_Timeout", "100"));
        for (char c : RESERVED.toCharArray()) {
            refused(ConnConfig.of(dsn).withOption("busy" + c + "timeout", "100"));
            refused(ConnConfig.of(dsn).withOption("busy_timeout", "100" + c));
            refused(ConnConfig.of(dsn).withOption("busy_timeout", c + "100"));
        }
    }

    /** The characters a file name may hold: none of them can start an option once ? ; # and % are gone. */
    @Test
    void aFileNameKeepsTheCharactersThatCannotStartAnOption() throws IOException {
        for (String name : List.of("a&b=c.db", "a@b,c.db", "[x] y.db", "a:b.db", "a\\b.db", "shop-2024_v.1$.db")) {
            Path file = dir.resolve(name);
            try (Conn conn = driver.open(ConnConfig.of("sqlite:" + file))) {
                conn.ping();
            }
            assertTrue(Files.exists(file), name);
            Files.delete(file);
        }
    }
}
