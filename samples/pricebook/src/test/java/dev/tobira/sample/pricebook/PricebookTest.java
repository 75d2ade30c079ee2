package dev.tobira.sample.pricebook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Query;
import dev.tobira.api.Registry;
import dev.tobira.drivertest.TestServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sample answers the same, to the cent, on SQLite and on PostgreSQL. */
class PricebookTest {
    static final String EXPECTED = """
            cleared 0 products
            added 3 products
            raised 2 prices in tea
            price of sencha: 13.75
            price of matcha: none
            products: 3
            tea total: 23.64
            cheaper than 20.00: [genmaicha, sencha]
            read-only raise refused: READ_ONLY
            """;

    private final Registry registry = Registry.discover();

    @Test
    void sqlite(@TempDir Path dir) {
        String dsn = "sqlite:" + dir.resolve("pricebook.db");
        assertEquals(EXPECTED, run(dsn));
        try (Conn conn = registry.open(ConnConfig.of(dsn))) {
            checkReads(new Pricebook(conn));
        }
    }

    @Test
    void postgres() {
        String server = TestServer.find(
                        "postgres",
                        List.of(TestServer.listening(
                                "local server on 127.0.0.1:5432",
                                "127.0.0.1",
                                5432,
                                "postgres://postgres@127.0.0.1:5432/test")))
                .url();
        // a schema of this test's own: the server is shared, and the test looks at nothing else
        String schema = "pricebook_" + Long.toUnsignedString(System.nanoTime(), 36);
        try (Conn admin = registry.open(ConnConfig.of(server))) {
            admin.execute(Query.of("create schema " + schema));
            try {
                String dsn = server + "?search_path=" + schema;
                assertEquals(EXPECTED, run(dsn));
                try (Conn conn = registry.open(ConnConfig.of(dsn))) {
                    checkReads(new Pricebook(conn));
                }
            } finally {
                admin.execute(Query.of("drop schema " + schema + " cascade"));
            }
        }
    }

    private void checkReads(Pricebook book) {
        assertEquals(0, new BigDecimal("13.75").compareTo(book.price("sencha")));
        assertEquals(Optional.empty(), book.findPrice("matcha"));
        NoSuchElementException none = assertThrows(NoSuchElementException.class, () -> book.price("matcha"));
        assertTrue(none.getMessage().contains("none"), none.getMessage());
        assertEquals(0, book.raise("coffee", BigDecimal.ONE), "no row of a category nobody has");
        assertEquals(1, book.add("matcha", "tea", new BigDecimal("30.10")));
        assertEquals(0, new BigDecimal("30.10").compareTo(book.price("matcha")));
    }

    private String run(String dsn) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Main.run(registry, dsn, new PrintStream(out, true, StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
    }
}
