package dev.tobira.mcp;

import dev.tobira.drivertest.TestServer;
import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;

/**
 * A database of its own on the PostgreSQL server {@link TestServer} finds
 * ({@code TOBIRA_TEST_POSTGRES_URL}, else the local server on 127.0.0.1:5432), dropped at the end.
 */
final class PostgresTarget implements Target {
    private final String host;
    private final int port;
    private final String user;
    private final String database = "tobira_mcp_" + Long.toHexString(System.nanoTime());

    PostgresTarget() {
        URI url = URI.create(TestServer.find(
                        "postgres",
                        List.of(TestServer.listening(
                                "local server on 127.0.0.1:5432",
                                "127.0.0.1",
                                5432,
                                "postgres://postgres@127.0.0.1:5432/postgres")))
                .url());
        host = url.getHost();
        port = url.getPort() < 0 ? 5432 : url.getPort();
        String info = url.getUserInfo();
        user = info == null ? "postgres" : info.split(":", 2)[0];
        try (Connection c = jdbc("postgres");
                Statement s = c.createStatement()) {
            s.execute("create database " + database);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        try (Connection c = jdbc(database)) {
            Shop.seed(c);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private Connection jdbc(String db) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", user);
        return DriverManager.getConnection("jdbc:postgresql://" + host + ":" + port + "/" + db, p);
    }

    @Override
    public String dsn() {
        return "postgres://" + user + "@" + host + ":" + port + "/" + database;
    }

    @Override
    public String namespace() {
        return "public";
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
        return "total_cents:int4";
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
        return "postgres: query:";
    }

    @Override
    public String manyRows() {
        return "select i from generate_series(1, 50) as g(i)";
    }

    @Override
    public List<String> fingerprint() {
        try (Connection c = jdbc(database)) {
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
        try (Connection c = jdbc("postgres");
                Statement s = c.createStatement()) {
            s.execute("drop database if exists " + database + " with (force)");
        } catch (SQLException e) {
            System.err.println("[tobira] could not drop " + database + ": " + e.getMessage());
        }
    }
}
