package dev.tobira.driver.redis;

import dev.tobira.drivertest.ContainerSpec;
import dev.tobira.drivertest.TestServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import redis.embedded.RedisServer;
import redis.embedded.core.RedisServerBuilder;

/**
 * Where the tests find Redis servers, always through {@link TestServer}:
 * <ul>
 *   <li>{@link #primary()}: {@code TOBIRA_TEST_REDIS_URL}, else a private server of the machine's
 *       own {@code redis-server} binary (Redis 7 on the CI machine) on a free loopback port, started
 *       once per test JVM, else embedded-redis, else a {@code redis:7-alpine} container when a Docker
 *       engine answers. Never a server that merely listens on 6379: the kit proves FLUSHALL,
 *       REPLICAOF, CONFIG SET, ACL SETUSER and SAVE as real writes, which would wipe and reconfigure
 *       a server that other clients share;
 *   <li>{@link #embedded()}: always embedded-redis (a Redis 6.2 binary from Maven Central) on a free
 *       loopback port, so CI covers both flag tables ({@code TOBIRA_TEST_REDIS_EMBEDDED_URL}
 *       overrides);
 *   <li>{@link #start(Binary, List)}: a private server with its own configuration lines, for
 *       rename-command and kill tests.
 * </ul>
 */
final class RedisServers {
    /** The logical database the tests own; seed() flushes it and {@link #SCRATCH_DB}. */
    static final int TEST_DB = 15;

    static final int SCRATCH_DB = 14;

    private RedisServers() {}

    /** A server address: host and port. */
    record Address(String host, int port) {
        static Address of(String url) {
            URI u = URI.create(url);
            return new Address(u.getHost() == null ? "127.0.0.1" : u.getHost(), u.getPort() < 0 ? 6379 : u.getPort());
        }

        String dsn(int db) {
            return "redis://" + host + ":" + port + "/" + db;
        }
    }

    static Address primary() {
        return Address.of(TestServer.find(
                        "redis",
                        List.of(
                                privateLocalCandidate(),
                                embeddedCandidate(),
                                TestServer.container(
                                        ContainerSpec.of("redis:7-alpine", 6379)
                                                .readyWhenLogged(".*Ready to accept connections.*\\s", 1),
                                        (host, port) -> "redis://" + host + ":" + port)))
                .url());
    }

    static Address embedded() {
        return Address.of(
                TestServer.find("redis-embedded", List.of(embeddedCandidate())).url());
    }

    // TestServer.find remembers the answer, so this starts at most one server per test JVM
    private static TestServer.Candidate privateLocalCandidate() {
        return new TestServer.Candidate("a private redis-server (the machine's own binary) on a free port", () -> {
            if (localBinary().isEmpty()) {
                return Optional.empty();
            }
            Running r = start(Binary.LOCAL, List.of("notify-keyspace-events KEA"));
            Runtime.getRuntime().addShutdownHook(new Thread(r::stop));
            return Optional.of("redis://127.0.0.1:" + r.port());
        });
    }

    private static TestServer.Candidate embeddedCandidate() {
        return new TestServer.Candidate("embedded-redis (Redis 6.2 from Maven Central) on a free port", () -> {
            Running r = start(Binary.EMBEDDED, List.of("notify-keyspace-events KEA"));
            Runtime.getRuntime().addShutdownHook(new Thread(r::stop));
            return Optional.of("redis://127.0.0.1:" + r.port());
        });
    }

    /** Which redis-server binary runs a private server. */
    enum Binary {
        /** The 6.2 binary inside the embedded-redis jar. */
        EMBEDDED,
        /** The machine's own {@code redis-server} (Redis 7 on the CI machine), if installed. */
        LOCAL
    }

    /** A private server; stop() ends it. */
    record Running(int port, Path dir, Stopper stopper) {
        void stop() {
            stopper.stop();
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // a temporary directory left behind is not worth failing a test
            }
        }
    }

    /** Stops a server. */
    interface Stopper {
        void stop();
    }

    /** Whether the machine has its own redis-server binary. */
    static Optional<Path> localBinary() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            Path p = Path.of(dir, "redis-server");
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Starts a private server on a free loopback port with extra configuration lines. */
    static Running start(Binary binary, List<String> settings) {
        try {
            int port = freePort();
            Path dir = Files.createTempDirectory("tobira-redis-");
            List<String> conf = new ArrayList<>(List.of(
                    "port " + port,
                    "bind 127.0.0.1",
                    "save \"\"",
                    "appendonly no",
                    "dir " + dir,
                    "protected-mode yes"));
            conf.addAll(settings);
            if (binary == Binary.EMBEDDED) {
                RedisServerBuilder b = RedisServer.newRedisServer().port(port).onShutdownForceStop(true);
                for (String s : conf) {
                    if (!s.startsWith("port ")) {
                        b.setting(s);
                    }
                }
                RedisServer server = b.build();
                server.start();
                return new Running(port, dir, () -> {
                    try {
                        server.stop();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            }
            Path exe = localBinary().orElseThrow(() -> new IllegalStateException("no redis-server on PATH"));
            Path file = dir.resolve("redis.conf");
            Files.write(file, conf);
            Process p = new ProcessBuilder(exe.toString(), file.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("redis.log").toFile())
                    .start();
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (!TestServer.answers("127.0.0.1", port)) {
                if (!p.isAlive() || System.nanoTime() > deadline) {
                    p.destroyForcibly();
                    throw new IllegalStateException(
                            "redis-server did not start: " + Files.readString(dir.resolve("redis.log")));
                }
                Thread.sleep(50);
            }
            return new Running(port, dir, () -> {
                p.destroy();
                try {
                    if (!p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                        p.destroyForcibly();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
