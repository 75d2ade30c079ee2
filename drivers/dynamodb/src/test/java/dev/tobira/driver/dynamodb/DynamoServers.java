package dev.tobira.driver.dynamodb;

import dev.tobira.drivertest.ContainerSpec;
import dev.tobira.drivertest.TestServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Where the tests find a DynamoDB API, always through {@link TestServer}: {@code TOBIRA_TEST_DYNAMODB_URL}
 * (an endpoint such as {@code http://127.0.0.1:8000}), else dynalite, which this module's build installs
 * with {@code npm ci} into {@code target/dynalite} and which is started here with Node on a free
 * loopback port, else an {@code amazon/dynamodb-local} container when a Docker engine answers.
 */
final class DynamoServers {
    /** The credentials the tests sign with: dynalite checks that a request is signed, not by whom. */
    static final String ACCESS_KEY = "tobiratest";

    static final String SECRET = "tobira-test-secret-1234";

    private DynamoServers() {}

    /** The endpoint, as {@code http://host:port}. */
    static URI endpoint() {
        return URI.create(TestServer.find(
                        "dynamodb",
                        List.of(
                                dynaliteCandidate(),
                                TestServer.container(
                                        ContainerSpec.of("amazon/dynamodb-local:2.5.4", 8000)
                                                .readyWhenLogged(".*Initializing DynamoDB Local.*", 1),
                                        (host, port) -> "http://" + host + ":" + port)))
                .url());
    }

    /** The driver's DSN for the endpoint, without credentials (they go as user and password). */
    static String dsn(URI endpoint) {
        return "dynamodb://" + ACCESS_KEY + "@" + endpoint.getHost() + ":" + endpoint.getPort() + "?region=us-east-1";
    }

    private static TestServer.Candidate dynaliteCandidate() {
        return new TestServer.Candidate("dynalite (npm, installed by this module's build) on a free port", () -> {
            Path dir = Path.of(System.getProperty("tobira.dynalite.dir", "target/dynalite"));
            if (!Files.isDirectory(dir.resolve("node_modules/dynalite"))) {
                throw new IllegalStateException(
                        "dynalite is not installed in " + dir + " (the build's npm ci did not run)");
            }
            return Optional.of("http://127.0.0.1:" + start(dir).port());
        });
    }

    /** A running dynalite; {@link #stop()} ends it. */
    record Running(int port, Process process) {
        void stop() {
            process.destroy();
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Starts a private dynalite, in memory, and waits for its port. */
    static Running start(Path dir) {
        try {
            Process p = new ProcessBuilder("node", dir.resolve("launch.js").toString())
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .start();
            // its standard input stays open while this JVM lives: when the JVM dies, dynalite exits
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            if (line == null || !line.startsWith("listening ")) {
                p.destroyForcibly();
                throw new IllegalStateException("dynalite did not start: " + line);
            }
            Running r = new Running(
                    Integer.parseInt(line.substring("listening ".length()).strip()), p);
            Path log = dir.resolve("dynalite-" + r.port() + ".log");
            Thread drain = new Thread(
                    () -> {
                        try (var w = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
                            for (String l = out.readLine(); l != null; l = out.readLine()) {
                                w.write(l);
                                w.newLine();
                                w.flush();
                            }
                            w.write("[dynalite ended with exit code " + p.waitFor() + "]");
                            w.newLine();
                        } catch (IOException e) {
                            // the process ended
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    },
                    "dynalite-output");
            drain.setDaemon(true);
            drain.start();
            Runtime.getRuntime().addShutdownHook(new Thread(r::stop));
            return r;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
