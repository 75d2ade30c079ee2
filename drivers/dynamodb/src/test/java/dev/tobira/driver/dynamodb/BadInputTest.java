package dev.tobira.driver.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Mutator;
import dev.tobira.api.Query;
import dev.tobira.api.Secret;
import dev.tobira.api.Value;
import dev.tobira.spi.base.BaseDriver;
import dev.tobira.spi.base.ConnParts;
import dev.tobira.spi.base.Dialect;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bad input is a {@link DriverException} with a kind, never a raw exception or a stack overflow
 * (issue 29, item 2), and a read-only path refuses a write as READ_ONLY whatever its parameters hold.
 * The connection's endpoint is a closed loopback port: a query that got past the driver's own checks
 * would fail as CONNECTION, so INVALID_ARGUMENT and READ_ONLY here prove nothing was sent.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BadInputTest {
    private final Conn writable = open(false);
    private final Conn readOnly = open(true);

    private static Conn open(boolean readOnly) {
        ConnConfig c = ConnConfig.of("dynamodb://key@127.0.0.1:9?region=us-east-1")
                .withPassword(Secret.of("secret"))
                .withReadOnly(readOnly);
        return UNPINGED.open(c);
    }

    /** The driver, but opening without the ping, which would ask the endpoint that is not there. */
    private static final DynamoDialect DYNAMO = new DynamoDialect();

    private static final BaseDriver UNPINGED =
            new BaseDriver(new Dialect<DynamoSession>(DYNAMO.name(), DYNAMO.schemes(), DYNAMO.declared()) {
                @Override
                protected DynamoSession openSession(ConnConfig config) {
                    return DynamoSession.open(Target.of(config));
                }

                @Override
                protected void assemble(DynamoSession session, ConnConfig config, ConnParts parts) {
                    DYNAMO.assemble(session, config, parts);
                }
            }) {};

    @AfterAll
    void close() {
        writable.close();
        readOnly.close();
    }

    static Value deep(int levels, boolean doc) {
        Value v = Value.of(1L);
        for (int i = 0; i < levels; i++) {
            v = doc ? new Value.Doc(Map.of("a", v)) : new Value.Array(List.of(v));
        }
        return v;
    }

    /** Each bad number, alone and in every position a value can take. */
    static Stream<Value> nonFinite() {
        return Stream.of(Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY)
                .flatMap(f -> {
                    Value vector = new Value.Vector(new float[] {1f, f});
                    Value number = Value.of((double) f);
                    return Stream.of(vector, number)
                            .flatMap(v -> Stream.of(
                                    v,
                                    new Value.Array(List.of(v)),
                                    new Value.Doc(Map.of("k", v)),
                                    new Value.Doc(Map.of("k", new Value.Array(List.of(Value.of("x"), v))))));
                });
    }

    @ParameterizedTest(name = "[{index}]") // by index: a display name would render the value, which overflows
    @MethodSource("nonFinite")
    void aNanOrInfiniteNumberIsInvalidBeforeAnythingIsSent(Value v) throws InterruptedException {
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                kind(c -> c.query(Query.of("SELECT * FROM orders WHERE a = ?").withParams(List.of(v))), writable));
        assertEquals(ErrorKind.INVALID_ARGUMENT, kind(c -> Items.attribute(v, "insert"), writable));
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                kind(c -> mutator(c).insert(ORDERS, Map.of("id", Value.of(1L), "a", v)), writable));
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                kind(c -> mutator(c).update(ORDERS, Map.of("id", Value.of(1L)), Map.of("a", v)), writable));
    }

    private static final CollectionRef ORDERS = CollectionRef.of("orders");

    private static Mutator mutator(Conn c) {
        return c.as(Mutator.class).orElseThrow();
    }

    static Stream<Value> deepValues() {
        return Stream.of(
                deep(2_000, true),
                deep(10_000, true),
                deep(10_000, false),
                new Value.Doc(Map.of("a", deep(10_000, false))),
                deep(33, true));
    }

    @ParameterizedTest(name = "[{index}]") // by index: a display name would render the value, which overflows
    @MethodSource("deepValues")
    void aDeeplyNestedParameterIsInvalidWithoutAStackOverflow(Value v) throws InterruptedException {
        Query select = Query.of("SELECT * FROM orders WHERE a = ?").withParams(List.of(v));
        assertEquals(ErrorKind.INVALID_ARGUMENT, kind(c -> c.query(select), writable));
        assertEquals(ErrorKind.INVALID_ARGUMENT, kind(c -> c.query(select), readOnly));
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                kind(c -> mutator(c).insert(ORDERS, Map.of("id", Value.of(1L), "a", v)), writable));
    }

    /** The guard reads the statement before the parameters are converted: a write is a write, whatever they hold. */
    @ParameterizedTest(name = "[{index}]") // by index: a display name would render the value, which overflows
    @MethodSource("deepValues")
    void aWriteOnAReadOnlyPathIsReadOnlyWhateverItsParametersHold(Value v) throws InterruptedException {
        Query delete = Query.of("DELETE FROM orders WHERE id = ?").withParams(List.of(v));
        assertEquals(ErrorKind.READ_ONLY, kind(c -> c.query(delete), readOnly));
        Query vector = Query.of("DELETE FROM orders WHERE id = ?")
                .withParams(List.of(new Value.Vector(new float[] {Float.NaN})));
        assertEquals(ErrorKind.READ_ONLY, kind(c -> c.query(vector), readOnly));
    }

    @Test
    void deeplyNestedTextIsRefusedWithoutAStackOverflow() throws InterruptedException {
        String json = "{\"Query\": {\"TableName\": \"orders\", \"ExpressionAttributeValues\": {\":v\": "
                + "{\"L\": [".repeat(10_000) + "{\"N\": \"1\"}" + "]}".repeat(10_000) + "}}}";
        assertEquals(ErrorKind.SYNTAX, kind(c -> c.query(Query.of(json)), writable));
        String partiql = "SELECT * FROM orders WHERE a = " + "(".repeat(10_000) + "1" + ")".repeat(10_000);
        ErrorKind k = kind(c -> c.query(Query.of(partiql)), readOnly);
        assertEquals(ErrorKind.CONNECTION, k, "one SELECT, however deep its parentheses, reaches the endpoint");
    }

    /** Runs on a fresh thread with the JVM's default stack size; returns the kind of the DriverException it threw. */
    private static ErrorKind kind(Function<Conn, Object> call, Conn conn) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                call.apply(conn);
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        t.start();
        t.join();
        if (failure.get() instanceof DriverException d) {
            return d.kind();
        }
        throw new AssertionError("expected a DriverException, got " + failure.get(), failure.get());
    }
}
