package dev.tobira.driver.qdrant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Mutator;
import dev.tobira.api.Query;
import dev.tobira.api.Secret;
import dev.tobira.api.Value;
import dev.tobira.api.VectorSearcher;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every bad input is a {@link DriverException} with a kind, never a raw exception, a stack overflow
 * or a number sent as something JSON cannot hold (issue 29, item 2): values of every kind through the
 * mutator and the vector searcher, nested 10,000 deep on a thread with the default stack, NaN and the
 * infinities in every numeric kind, and numbers past a double's or a float's range in the text. The
 * mutator's collection does not exist: a value that got past the driver's own checks would come back
 * NOT_FOUND, so INVALID_ARGUMENT proves it was refused before anything was sent.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BadInputTest {
    private static final CollectionRef NOWHERE = CollectionRef.of("tobira_bad_input_nowhere");

    private Conn conn;

    @BeforeAll
    void open() {
        conn = new QdrantDriver()
                .open(ConnConfig.of(QdrantServers.dsn()).withPassword(Secret.of(QdrantServers.apiKey())));
    }

    @AfterAll
    void close() {
        conn.close();
    }

    static Value deep(int levels) {
        Value v = Value.of(1L);
        for (int i = 0; i < levels; i++) {
            v = i % 2 == 0 ? new Value.Doc(Map.of("a", v)) : new Value.Array(List.of(v));
        }
        return v;
    }

    /** Each bad number in each numeric kind, alone and inside an array and a document. */
    static Stream<Value> badPayloads() {
        Stream<Value> numbers = Stream.of(Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY)
                .flatMap(f -> Stream.of(Value.of((double) f), new Value.Vector(new float[] {1f, f})));
        Stream<Value> each = Stream.concat(numbers, Stream.of(new Value.Decimal(new BigDecimal("1e400"))));
        return Stream.concat(
                each.flatMap(v -> Stream.of(v, new Value.Array(List.of(v)), new Value.Doc(Map.of("k", v)))),
                Stream.of(deep(33), deep(2_000), deep(10_000)));
    }

    @ParameterizedTest(name = "[{index}]") // by index: a display name would render the value, which overflows
    @MethodSource("badPayloads")
    void aBadPayloadValueIsInvalidBeforeAnythingIsSent(Value v) throws InterruptedException {
        Mutator m = conn.as(Mutator.class).orElseThrow();
        assertEquals(ErrorKind.INVALID_ARGUMENT, kind(() -> m.insert(NOWHERE, Map.of("id", Value.of(1L), "p", v))));
        assertEquals(
                ErrorKind.INVALID_ARGUMENT, kind(() -> m.update(NOWHERE, Map.of("id", Value.of(1L)), Map.of("p", v))));
    }

    @ParameterizedTest
    @ValueSource(floats = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY})
    void aVectorWithANanOrAnInfinityIsInvalid(float f) throws InterruptedException {
        Value.Vector v = new Value.Vector(new float[] {1f, f});
        Mutator m = conn.as(Mutator.class).orElseThrow();
        assertEquals(
                ErrorKind.INVALID_ARGUMENT, kind(() -> m.insert(NOWHERE, Map.of("id", Value.of(1L), "vector", v))));
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                kind(() -> m.insert(NOWHERE, Map.of("id", Value.of(1L), "vector", new Value.Doc(Map.of("a", v))))));
        VectorSearcher s = conn.as(VectorSearcher.class).orElseThrow();
        assertEquals(ErrorKind.INVALID_ARGUMENT, kind(() -> s.search(NOWHERE, v, 3)));
    }

    /** Numbers JSON allows that a double or a float cannot hold: refused, never sent as infinite. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"query\": {\"collection\": \"orders\", \"query\": [1e39, 0]}}",
                "{\"query\": {\"collection\": \"orders\", \"query\": {\"nearest\": [0, -1e999]}}}",
                "{\"search\": {\"collection\": \"orders\", \"vector\": [1e999, 0]}}",
                "{\"search\": {\"collection\": \"orders\", \"vector\": [1, 0], \"score_threshold\": 1e39}}",
                "{\"query\": {\"collection\": \"orders\", \"query\": [1, 0], \"score_threshold\": -1e300}}",
                "{\"scroll\": {\"collection\": \"orders\", \"filter\": {\"must\": [{\"key\": \"n\", \"range\": {\"gt\": 1e999}}]}}}",
                "{\"count\": {\"collection\": \"orders\", \"filter\": {\"must\": {\"key\": \"n\", \"range\": {\"lte\": -1e999}}}}}",
                "{\"upsert\": {\"collection\": \"tobira_bad_input_nowhere\", \"points\": [{\"id\": 1, \"payload\": {\"a\": [1e999]}}]}}",
                "{\"upsert\": {\"collection\": \"tobira_bad_input_nowhere\", \"points\": [{\"id\": 1, \"vector\": [1e39]}]}}"
            })
    void aNumberPastItsRangeInTheTextIsInvalid(String text) throws InterruptedException {
        DriverException e = failure(() -> conn.query(Query.of(text)).close());
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
        assertTrue(e.getMessage().contains("finite"), e.getMessage());
    }

    @Test
    void deeplyNestedTextIsSyntaxWithoutAStackOverflow() throws InterruptedException {
        String filter =
                "{\"must\": [".repeat(10_000) + "{\"key\": \"n\", \"match\": {\"value\": 1}}" + "]}".repeat(10_000);
        assertEquals(
                ErrorKind.SYNTAX,
                kind(() -> conn.query(
                                Query.of("{\"scroll\": {\"collection\": \"orders\", \"filter\": " + filter + "}}"))
                        .close()));
    }

    private static ErrorKind kind(Runnable call) throws InterruptedException {
        return failure(call).kind();
    }

    /** Runs on a fresh thread with the JVM's default stack size; returns the DriverException it threw. */
    private static DriverException failure(Runnable call) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                call.run();
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        t.start();
        t.join();
        if (failure.get() instanceof DriverException d) {
            return d;
        }
        throw new AssertionError("expected a DriverException, got " + failure.get(), failure.get());
    }
}
