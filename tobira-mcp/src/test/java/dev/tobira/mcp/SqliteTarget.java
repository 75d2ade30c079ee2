package dev.tobira.mcp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** A fresh shop.db in a temporary directory. */
final class SqliteTarget implements Target {
    final Path dir;
    final Path file;

    SqliteTarget() {
        try {
            dir = Files.createTempDirectory("tobira-mcp-sqlite-");
            file = dir.resolve("shop.db");
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
                Shop.seed(c);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String dsn() {
        return "sqlite:" + file;
    }

    @Override
    public String namespace() {
        return "main";
    }

    @Override
    public String orders() {
        return "orders";
    }

    @Override
    public String customers() {
        return "customers";
    }

    @Override
    public String orderField() {
        return "total_cents:INTEGER";
    }

    @Override
    public String topPaidCustomer() {
        return Shop.TOP_PAID;
    }

    @Override
    public String refundedDelete() {
        return "DELETE FROM orders WHERE status='refunded'";
    }

    @Override
    public String refusalPrefix() {
        return "sqlite: query: only SELECT, WITH, VALUES, EXPLAIN and read-only PRAGMA statements are allowed on a read-only connection: read-only violation";
    }

    @Override
    public String manyRows() {
        return "with recursive n(i) as (select 1 union all select i + 1 from n where i < 50) select i from n";
    }

    @Override
    public List<String> fingerprint() {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            return Shop.fingerprint(c);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public boolean explains() {
        return true;
    }

    @Override
    public void close() {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind is not worth failing a test
        }
    }
}
