package dev.tobira.mcp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Capability;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Driver;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Registry;
import dev.tobira.api.Secret;
import dev.tobira.driver.sqlite.SqliteDriver;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The per-call timeout bounds connecting too: a connection opened by a tool call gets at most the
 * call's timeout as its connect timeout, and a driver that takes longer anyway is not waited for.
 * (Before, the connection opened with its own connect timeout, 10 s by default, whatever the
 * server's 3 s timeout.)
 */
class ConnectTimeoutTest {
    /** SQLite's driver under a scheme of its own, whose opening takes as long as its connect timeout says (or 8 s), as against a silent server. */
    static final class Silent implements Driver {
        private final SqliteDriver sqlite = new SqliteDriver();
        private final String scheme;
        private final boolean honoursTimeout;

        Silent(String scheme, boolean honoursTimeout) {
            this.scheme = scheme;
            this.honoursTimeout = honoursTimeout;
        }

        @Override
        public String name() {
            return scheme;
        }

        @Override
        public Set<String> schemes() {
            return Set.of(scheme);
        }

        @Override
        public Set<Capability> declared() {
            return sqlite.declared();
        }

        @Override
        public Conn open(ConnConfig config) {
            Duration wait = honoursTimeout && config.connectTimeout().isPresent()
                    ? config.connectTimeout().get()
                    : Duration.ofSeconds(8);
            try {
                Thread.sleep(wait.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw DriverException.of(ErrorKind.TIMEOUT, scheme, "open", "no answer within " + wait.toMillis() + " ms");
        }
    }

    @Test
    void connectingIsBoundedByTheCallsTimeout() {
        try (SqliteTarget target = new SqliteTarget();
                TobiraMcpServer server = TobiraMcpServer.builder(Registry.empty()
                                .add(new SqliteDriver())
                                .add(new Silent("silent", true))
                                .add(new Silent("deaf", false)))
                        .connection("shop", ConnConfig.of(target.dsn()).withReadOnly(true))
                        // the connections' own connect timeout is the default, 10 s
                        .connection(
                                "slow", ConnConfig.of("silent:" + target.file).withReadOnly(true))
                        .connection("deaf", ConnConfig.of("deaf:" + target.file).withReadOnly(true))
                        .policy(new McpPolicy(
                                List.of("shop", "slow", "deaf"),
                                Set.of(),
                                200,
                                Duration.ofSeconds(2),
                                Secret.of(Session.TOKEN)))
                        .build();
                Session s = Session.attach(server)) {
            for (String name : List.of("slow", "deaf")) {
                long t0 = System.nanoTime();
                String message = s.error("query", Map.of("connection", name, "query", "select 1"));
                long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
                assertTrue(seconds < 6, name + ": answered in " + seconds + " s against a 2 s timeout: " + message);
                assertTrue(message.contains("timed out") || message.contains("timeout"), message);
            }
            // the server goes on
            assertTrue(s.ok("query", Map.of("connection", "shop", "query", "select 1"))
                            .get("rows")
                            .size()
                    == 1);
        }
    }
}
