package dev.tobira.driver.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.Value;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Issue 29: a wait for another connection's lock ends with the call's deadline, as TIMEOUT, not
 * after the busy timeout (5 s by default) or several of them; and a busy timeout shorter than the
 * deadline still ends the wait as before.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqliteLockWaitTest {
    private static final long SLACK_MILLIS = 700;
    private final SqliteFixture fixture = new SqliteFixture();
    private final SqliteDriver driver = new SqliteDriver();

    @BeforeEach
    void seed() {
        fixture.seed();
    }

    @AfterAll
    void removeFiles() {
        fixture.delete();
    }

    private static long millisUntilRefused(ErrorKind kind, Supplier<Object> call) {
        long start = System.nanoTime();
        Throwable thrown = null;
        try {
            call.get();
        } catch (Throwable e) {
            thrown = e;
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        DriverException e = assertInstanceOf(DriverException.class, thrown, String.valueOf(thrown));
        assertEquals(kind, e.kind(), e.getMessage());
        return millis;
    }

    @Test
    void aLockWaitEndsAtTheCallsDeadline() throws Exception {
        try (Conn ro = driver.open(ConnConfig.of(fixture.dsn()).withReadOnly(true));
                Conn rw = driver.open(ConnConfig.of(fixture.dsn()));
                Connection writer = fixture.nativeConnection();
                Statement st = writer.createStatement()) {
            st.execute("begin exclusive");
            try {
                for (Duration timeout : new Duration[] {Duration.ofSeconds(1), Duration.ofSeconds(2)}) {
                    long read = millisUntilRefused(ErrorKind.TIMEOUT, () -> {
                        ro.query(Query.of("select count(*) from customers").withTimeout(timeout))
                                .close();
                        return null;
                    });
                    long write = millisUntilRefused(ErrorKind.TIMEOUT, () -> {
                        rw.query(Query.of("update customers set name = name").withTimeout(timeout))
                                .close();
                        return null;
                    });
                    long guardedWrite = millisUntilRefused(ErrorKind.TIMEOUT, () -> {
                        rw.query(Query.of("select count(*) from orders")
                                        .withReadOnly(true)
                                        .withTimeout(timeout))
                                .close();
                        return null;
                    });
                    for (long millis : new long[] {read, write, guardedWrite}) {
                        assertTrue(
                                millis >= timeout.toMillis() - 50 && millis <= timeout.toMillis() + SLACK_MILLIS,
                                "waited " + millis + " ms against a timeout of " + timeout.toMillis() + " ms");
                    }
                }
            } finally {
                st.execute("rollback");
            }
            // the connection's own busy timeout is back for the next call
            assertEquals(
                    Value.of(5L),
                    ro.query(Query.of("select count(*) from customers")).first(r -> r.get(0)));
        }
    }

    @Test
    void aShorterBusyTimeoutStillEndsTheWait() throws Exception {
        try (Conn ro = driver.open(
                        ConnConfig.of(fixture.dsn()).withReadOnly(true).withOption("busy_timeout", "200"));
                Connection writer = fixture.nativeConnection();
                Statement st = writer.createStatement()) {
            st.execute("begin exclusive");
            try {
                long millis = millisUntilRefused(ErrorKind.CONFLICT, () -> {
                    ro.query(Query.of("select count(*) from customers").withTimeout(Duration.ofSeconds(5)))
                            .close();
                    return null;
                });
                assertTrue(millis < 1_500, "waited " + millis + " ms with a busy timeout of 200 ms");
            } finally {
                st.execute("rollback");
            }
        }
    }
}
