package dev.tobira.driver.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Mutator;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Value;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A parameter nested deeper than an argument's JSON may be, or one whose shared sub-values would
 * expand past any bound, is INVALID_ARGUMENT before anything is sent, never a stack overflow of its
 * JSON rendering (issue 29, item 2), on a thread with the default stack. The command is {@code ECHO}
 * and the mutator's key lies under this test's own prefix: nothing is read or written elsewhere.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BadInputTest {
    private static final CollectionRef MINE = CollectionRef.of("tobira_i29_bad_input");

    private Conn conn;

    @BeforeAll
    void open() {
        conn = new RedisDriver().open(ConnConfig.of(RedisServers.primary().dsn(RedisServers.TEST_DB)));
    }

    @AfterAll
    void close() {
        conn.close();
    }

    static Stream<Value> badParameters() {
        Value doc = Value.of(1L);
        Value arr = Value.of(1L);
        for (int i = 0; i < 10_000; i++) {
            doc = new Value.Doc(Map.of("a", doc));
            arr = new Value.Array(List.of(arr));
        }
        Value shared = Value.of("x");
        for (int i = 0; i < 40; i++) {
            shared = new Value.Array(List.of(shared, shared)); // 2^40 elements once written out
        }
        return Stream.of(doc, arr, new Value.Doc(Map.of("k", arr)), shared);
    }

    @ParameterizedTest(name = "[{index}]") // by index: a display name would render the value, which overflows
    @MethodSource("badParameters")
    void aParameterTooDeepOrTooLargeIsInvalid(Value v) throws InterruptedException {
        assertEquals(ErrorKind.INVALID_ARGUMENT, kind(() -> {
            try (ResultSet rs = conn.query(Query.of("ECHO").withParams(List.of(v)))) {
                rs.hasNext();
            }
        }));
        Mutator m = conn.as(Mutator.class).orElseThrow();
        assertEquals(ErrorKind.INVALID_ARGUMENT, kind(() -> m.insert(MINE, Map.of("id", Value.of("1"), "f", v))));
    }

    /** Runs on a fresh thread with the JVM's default stack size; returns the kind of the DriverException it threw. */
    private static ErrorKind kind(Runnable call) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                call.run();
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        t.start();
        t.join(60_000);
        if (t.isAlive()) {
            t.interrupt();
            throw new AssertionError("still running after 60 s");
        }
        if (failure.get() instanceof DriverException d) {
            return d.kind();
        }
        throw new AssertionError("expected a DriverException, got " + failure.get(), failure.get());
    }
}
