package dev.tobira.driver.qdrant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Browser;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.Secret;
import dev.tobira.api.Value;
import dev.tobira.api.VectorSearcher;
import dev.tobira.drivertest.MuteProxy;
import dev.tobira.drivertest.SilentServer;
import java.net.URI;
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

    private final QdrantDriver driver = new QdrantDriver();

    private static ConnConfig config(int port) {
        return ConnConfig.of("qdrant://127.0.0.1:" + port)
                .withPassword(Secret.of(QdrantServers.apiKey()))
                .withConnectTimeout(BOUND);
    }

    @Test
    void openingAgainstASilentServerIsATimeoutWithinTheConnectTimeout() {
        try (SilentServer silent = SilentServer.start()) {
            assertTimeoutWithin(BOUND, () -> driver.open(config(silent.port())).close());
        }
    }

    @Test
    void aCallToAServerThatFellSilentIsATimeoutWithinItsBound() {
        URI server = URI.create(QdrantServers.dsn().replaceFirst("^qdrant://", "http://"));
        try (MuteProxy proxy = MuteProxy.start(server.getHost(), server.getPort());
                Conn conn = driver.open(config(proxy.port()))) {
            proxy.mute();
            assertTimeoutWithin(
                    BOUND,
                    () -> conn.query(Query.of("{\"scroll\": {\"collection\": \"orders\"}}")
                                    .withTimeout(BOUND))
                            .close());
            assertTimeoutWithin(
                    BOUND,
                    () -> conn.query(Query.of("{\"count\": {\"collection\": \"orders\"}}")
                                    .withTimeout(BOUND))
                            .close());
            assertTimeoutWithin(BOUND, conn::ping);
        }
    }

    /** The browser and the vector searcher take no timeout: a silent server ends them at the driver's own bound. */
    @Test
    void aFacetCallToAServerThatFellSilentEndsAtTheDriversBound() {
        URI server = URI.create(QdrantServers.dsn().replaceFirst("^qdrant://", "http://"));
        CollectionRef orders = CollectionRef.of("orders");
        try (MuteProxy proxy = MuteProxy.start(server.getHost(), server.getPort());
                Conn conn = driver.open(config(proxy.port()))) {
            proxy.mute();
            assertTimeoutWithin(
                    QdrantCatalog.METADATA_TIMEOUT,
                    () -> conn.as(Browser.class).orElseThrow().browse(orders, 10));
            assertTimeoutWithin(
                    QdrantCatalog.METADATA_TIMEOUT,
                    () -> conn.as(VectorSearcher.class)
                            .orElseThrow()
                            .search(orders, new Value.Vector(new float[] {1f, 0f}), 3)
                            .close());
        }
    }

    private static void assertTimeoutWithin(Duration bound, Executable call) {
        long start = System.nanoTime();
        // preemptive: a call that never ends fails here instead of holding the build
        DriverException e = assertTimeoutPreemptively(
                bound.plus(SLACK).plusSeconds(5), () -> assertThrows(DriverException.class, call));
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        System.out.println(
                "[timeout] " + e.getMessage() + " after " + took.toMillis() + " ms, bound " + bound.toMillis() + " ms");
        assertEquals(ErrorKind.TIMEOUT, e.kind(), e.getMessage());
        assertTrue(
                took.compareTo(bound.plus(SLACK)) <= 0,
                "took " + took.toMillis() + " ms against a bound of " + bound.toMillis() + " ms");
    }
}
