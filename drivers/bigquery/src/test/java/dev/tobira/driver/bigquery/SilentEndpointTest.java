package dev.tobira.driver.bigquery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.drivertest.SilentServer;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Issue 29 item 3: against an endpoint that accepts TCP and never answers, a query ends as TIMEOUT
 * within a second of its {@code Query.timeout}, and a ping within a second of the connect timeout;
 * the client's own read timeout (a minute) and its retries never stretch the call.
 */
class SilentEndpointTest {
    private static final long SLACK_MILLIS = 1_000;

    private static String dsn(SilentServer silent) {
        return "bigquery://tobira-test/shop?endpoint=http://127.0.0.1:" + silent.port() + "&credentials=none";
    }

    private static void endsInTime(Runnable call, Duration bound) {
        long start = System.nanoTime();
        Throwable thrown = null;
        try {
            call.run();
        } catch (Throwable e) {
            thrown = e;
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        DriverException e = assertInstanceOf(DriverException.class, thrown, String.valueOf(thrown));
        assertEquals(ErrorKind.TIMEOUT, e.kind(), e.getMessage());
        assertTrue(
                millis >= bound.toMillis() - 50 && millis <= bound.toMillis() + SLACK_MILLIS,
                "ended after " + millis + " ms against a bound of " + bound.toMillis() + " ms: " + e.getMessage());
    }

    @Test
    void aQueryEndsAtItsTimeout() {
        try (SilentServer silent = SilentServer.start()) {
            for (boolean readOnly : new boolean[] {true, false}) {
                try (Conn conn =
                        new BigQueryDriver().open(ConnConfig.of(dsn(silent)).withReadOnly(readOnly))) {
                    endsInTime(
                            () -> conn.query(Query.of("SELECT 1 AS x").withTimeout(Duration.ofSeconds(3)))
                                    .close(),
                            Duration.ofSeconds(3));
                }
            }
        }
    }

    @Test
    void aPingEndsAtTheConnectTimeout() {
        try (SilentServer silent = SilentServer.start();
                Conn conn = new BigQueryDriver()
                        .open(ConnConfig.of(dsn(silent)).withConnectTimeout(Duration.ofSeconds(2)))) {
            endsInTime(conn::ping, Duration.ofSeconds(2));
        }
    }
}
