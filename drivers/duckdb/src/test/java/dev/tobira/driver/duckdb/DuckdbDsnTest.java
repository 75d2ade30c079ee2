package dev.tobira.driver.duckdb;

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
 * The DSN attacker's view (issue 14): a DuckDB DSN names a file and nothing else. duckdb_jdbc reads
 * a {@code ;} in its URL as the start of its options (among them {@code access_mode} and
 * {@code session_init_sql_file}, which runs a file of SQL at open) and trims white space off the
 * file name, so the file it opens would not be the one checked. Every refusal comes before the
 * file is touched.
 */
class DuckdbDsnTest {

    @TempDir
    Path dir;

    private final DuckdbDriver driver = new DuckdbDriver();

    private DriverException refused(ConnConfig config) throws IOException {
        DriverException e = assertRefusedAtOpen(
                "duckdb", "", config.dsn(), () -> driver.open(config).close());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.toList(), "a refused open touched the file system");
        }
        return e;
    }

    private List<String> smuggled() {
        List<String> dsns = new ArrayList<>();
        for (char c : RESERVED.toCharArray()) {
            String x = percentEncoded(c);
            dsns.add("duckdb:" + dir + "/shop" + x + "access_mode" + x + "read_write.duckdb");
            dsns.add("duckdb://" + dir + "/shop" + x + ".duckdb");
            dsns.add("duckdb:" + dir + "/shop.duckdb" + x);
        }
        for (char c : "?#;%\n\r\0\t\u000b\f\u007f\u0085".toCharArray()) {
            dsns.add("duckdb:" + dir + "/shop" + c + "access_mode=read_write.duckdb");
            dsns.add("duckdb://" + dir + "/shop.duckdb" + c);
        }
        dsns.add("duckdb:" + dir + "/shop.duckdb;access_mode=read_write");
        dsns.add("duckdb:" + dir + "/shop.duckdb;session_init_sql_file=" + dir + "/init.sql");
        dsns.add("duckdb:" + dir + "/shop.duckdb ");
        dsns.add("duckdb: " + dir + "/shop.duckdb");
        dsns.add("duckdb:" + dir + "/shop.duckdb\u00a0");
        dsns.add("duckdb:md:shop?motherduck_token=x");
        dsns.add("duckdb:file:" + dir + "/shop.duckdb");
        dsns.add("duckdb://host" + dir + "/shop.duckdb");
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
    void everyOptionIsRefused() throws IOException {
        String dsn = "duckdb:" + dir + "/shop.duckdb";
        refused(ConnConfig.of(dsn).withOption("access_mode", "read_write"));
        refused(ConnConfig.of(dsn).withOption("ACCESS_MODE", "read_write").withOption("access_mode", "read_write"));
        for (char c : RESERVED.toCharArray()) {
            refused(ConnConfig.of(dsn).withOption("threads" + c, "2"));
        }
    }

    /** The characters a file name may hold: none of them can start an option once ? ; # and % are gone. */
    @Test
    void aFileNameKeepsTheCharactersThatCannotStartAnOption() throws IOException {
        for (String name :
                List.of("a&b=c.duckdb", "a@b,c.duckdb", "[x] y.duckdb", "a:b.duckdb", "shop-2024_v.1$.duckdb")) {
            Path file = dir.resolve(name);
            try (Conn conn = driver.open(ConnConfig.of("duckdb:" + file))) {
                conn.ping();
            }
            assertTrue(Files.exists(file), name);
            Files.delete(file);
            Files.deleteIfExists(dir.resolve(name + ".wal"));
        }
    }
}
