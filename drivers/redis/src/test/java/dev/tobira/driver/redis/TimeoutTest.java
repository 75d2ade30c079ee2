package dev.tobira.driver.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.drivertest.MuteProxy;
import dev.tobira.drivertest.SilentServer;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * A server that accepts TCP and never answers ends each call as TIMEOUT within its bound (issue 29,
 * item 3): opening within the connect timeout; a query within {@code Query.timeout} and a ping within
 * the connect timeout once a server the connection reached falls silent.
 */
class TimeoutTest {
    private static final Duration BOUND = Duration.ofSeconds(2);
    /** The slack the issue allows past a bound. */
    private static final Duration SLACK = Duration.ofSeconds(1);

    private final RedisDriver driver = new RedisDriver();

    private static ConnConfig config(int port, boolean readOnly) {
        return ConnConfig.of("redis://127.0.0.1:" + port + "/" + RedisServers.TEST_DB)
                .withConnectTimeout(BOUND)
                .withReadOnly(readOnly);
    }

    @Test
    void openingAgainstASilentServerIsATimeoutWithinTheConnectTimeout() {
        try (SilentServer silent = SilentServer.start()) {
            assertTimeoutWithin(
                    BOUND, () -> driver.open(config(silent.port(), false)).close());
        }
    }

    @Test
    void aCallToAServerThatFellSilentIsATimeoutWithinItsBound() {
        RedisServers.Address server = RedisServers.primary();
        // a cold JVM's first open spends seconds loading the client's classes, inside the connect timeout:
        // warmed up here, so that the bound below measures the server's silence alone
        driver.open(ConnConfig.of(server.dsn(RedisServers.TEST_DB)).withReadOnly(true))
                .close();
        for (boolean readOnly : new boolean[] {false, true}) {
            try (MuteProxy proxy = MuteProxy.start(server.host(), server.port());
                    Conn conn = driver.open(config(proxy.port(), readOnly))) {
                proxy.mute();
                // keys under this test's own prefix only: nothing reaches the server once it is muted anyway
                assertTimeoutWithin(
                        BOUND,
                        () -> conn.query(Query.of("GET tobira_i29_timeout:x").withTimeout(BOUND))
                                .close());
                assertTimeoutWithin(
                        BOUND,
                        () -> conn.query(Query.of("SCAN 0 MATCH tobira_i29_timeout:*")
                                        .withTimeout(BOUND))
                                .close());
                assertTimeoutWithin(BOUND, conn::ping);
            }
        }
    }

    private static void assertTimeoutWithin(Duration bound, Executable call) {
        long start = System.nanoTime();
        DriverException e = assertThrows(DriverException.class, call);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        System.out.println(
                "[timeout] " + e.getMessage() + " after " + took.toMillis() + " ms, bound " + bound.toMillis() + " ms");
        assertEquals(ErrorKind.TIMEOUT, e.kind(), e.getMessage());
        assertTrue(
                took.compareTo(bound.plus(SLACK)) <= 0,
                "took " + took.toMillis() + " ms against a bound of " + bound.toMillis() + " ms");
    }
}
