package dev.tobira.jdbc.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.spi.SqlDialect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The side-channel helpers, on SQLite. */
class NativeSqlTest {
    @TempDir
    Path dir;

    @Test
    void theShopSeedsAndDumpsInAnyOrder() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("shop.db"))) {
            NativeSql.script(c, NativeSql.SHOP, SqlDialect.SQLITE);
            assertEquals(
                    List.of("5", "7"),
                    NativeSql.strings(c, "select count(*) from customers union all select count(*) from orders"));
            assertEquals(
                    NativeSql.rows(c, "select id, name from customers order by id"),
                    NativeSql.rows(c, "select id, name from customers order by id desc"));
            assertEquals(
                    "3\tLinus Torvalds\tnull\t",
                    NativeSql.rows(c, "select id, name, email from customers where id = 3"));
            assertThrows(
                    SQLException.class,
                    () -> NativeSql.script(
                            c,
                            "select 1; select * from nope; insert into orders values" + " (8, 1, 1, 'x', 'y')",
                            SqlDialect.SQLITE));
            assertEquals(
                    List.of("7"),
                    NativeSql.strings(c, "select count(*) from orders"),
                    "the script stopped at the failure");
            assertEquals(
                    1,
                    NativeSql.executeEach(c, "select * from nope; delete from orders where id = 7", SqlDialect.SQLITE));
            assertEquals(
                    List.of("6"), NativeSql.strings(c, "select count(*) from orders"), "the rest ran past the failure");
        }
    }

    @Test
    void digestsAndTrees() throws Exception {
        assertEquals("2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824", NativeSql.sha256("hello"));
        Path tree = Files.createDirectories(dir.resolve("a/b"));
        Path file = Files.writeString(tree.resolve("f.txt"), "hello");
        assertEquals(NativeSql.sha256("hello"), NativeSql.sha256(file));
        assertNotEquals(NativeSql.sha256("hello"), NativeSql.sha256(dir.resolve("missing")));
        NativeSql.deleteTree(dir.resolve("a"));
        assertFalse(Files.exists(dir.resolve("a")));
    }
}
