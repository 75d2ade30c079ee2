package dev.tobira.driver.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bad input is a {@link DriverException} with a kind, never a raw exception of the vendor's
 * reader or a stack overflow (issue 29, item 2): malformed Extended JSON literals in the text and in
 * a Json parameter, a placeholder standing for the whole command, and parameters nested 10,000 deep,
 * each on a thread with the JVM's default stack.
 */
class BadInputTest {
    /** Literals the vendor's reader accepts as syntax and then fails to build, each in its own spelling. */
    static Stream<String> malformedLiterals() {
        return Stream.of(
                "ObjectId(\"zz\")",
                "ObjectId(\"123\")",
                "{\"$oid\": \"zz\"}",
                "{\"$oid\": \"\"}",
                "{\"$binary\": {\"base64\": \"!!!!\", \"subType\": \"00\"}}",
                "{\"$binary\": {\"base64\": \"AA==\", \"subType\": \"zz\"}}",
                "{\"$binary\": \"!!!!\", \"$type\": \"00\"}",
                "BinData(0, \"!!!!\")",
                "UUID(\"zz\")",
                "{\"$uuid\": \"zz\"}",
                "HexData(0, \"zz\")",
                "NumberInt(\"x\")",
                "NumberInt(\"99999999999\")",
                "NumberLong(\"x\")",
                "NumberLong(\"1e400\")",
                "NumberDecimal(\"x\")",
                "NumberDecimal(\"1e99999\")",
                "{\"$numberDecimal\": \"x\"}",
                "{\"$numberLong\": \"x\"}",
                "{\"$numberInt\": \"x\"}",
                "{\"$numberDouble\": \"x\"}",
                "{\"$date\": \"x\"}",
                "{\"$date\": \"2026-13-45T99:00:00Z\"}",
                "{\"$date\": {\"$numberLong\": \"x\"}}",
                "ISODate(\"x\")",
                "new Date(\"x\")",
                "{\"$regularExpression\": {\"pattern\": \"a\", \"options\": 5}}",
                "{\"$timestamp\": {\"t\": \"x\", \"i\": 1}}",
                "Timestamp(\"x\", 1)",
                "{\"$dbPointer\": {\"$ref\": \"a\", \"$id\": {\"$oid\": \"zz\"}}}",
                "DBPointer(\"a\", ObjectId(\"zz\"))",
                "{\"$symbol\": 1}",
                "{\"$code\": 1}",
                "{\"$minKey\": 2}",
                "{\"$maxKey\": 0}",
                "{\"$undefined\": false}");
    }

    @ParameterizedTest
    @MethodSource("malformedLiterals")
    void aMalformedLiteralInTheTextIsSyntax(String literal) {
        String text = "{\"find\": \"orders\", \"filter\": {\"a\": " + literal + "}}";
        DriverException e = assertThrows(DriverException.class, () -> CommandParser.parse(text, "query"), text);
        assertEquals(ErrorKind.SYNTAX, e.kind(), e.getMessage());
    }

    @ParameterizedTest
    @MethodSource("malformedLiterals")
    void aMalformedLiteralInAJsonParameterIsInvalid(String literal) {
        DriverException e = assertThrows(
                DriverException.class,
                () -> Bsons.toBson(new Value.Json("{\"a\": " + literal + "}"), "query"),
                literal);
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
    }

    static Stream<Value> anyParameter() {
        return Stream.of(
                Value.of("x"),
                Value.of(1L),
                Value.of(1.5),
                new Value.Decimal(BigDecimal.ONE),
                Value.NULL,
                Value.of(true),
                new Value.Array(List.of(Value.of(1L))),
                new Value.Vector(new float[] {1f}),
                new Value.Bytes(new byte[] {1}),
                new Value.Doc(Map.of("find", Value.of("orders"))),
                new Value.Json("{\"find\": \"orders\"}"));
    }

    /** Whatever it is bound to, a placeholder cannot be the command: a parameter never names one. */
    @ParameterizedTest(name = "[{index}]") // by index: a display name would render the value, which overflows
    @MethodSource("anyParameter")
    void aPlaceholderForTheWholeCommandIsInvalid(Value param) {
        BsonDocument whole = CommandParser.parse("{\"$param\": 1}", "query").document();
        DriverException e = assertThrows(DriverException.class, () -> Params.bind(whole, List.of(param), "query"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
    }

    static Stream<Value> deepParameters() {
        Value doc = Value.of(1L);
        Value arr = Value.of(1L);
        for (int i = 0; i < 10_000; i++) {
            doc = new Value.Doc(Map.of("a", doc));
            arr = new Value.Array(List.of(arr));
        }
        return Stream.of(
                doc, arr, new Value.Doc(Map.of("x", arr)), new Value.Json("[".repeat(10_000) + "]".repeat(10_000)));
    }

    @ParameterizedTest(name = "[{index}]") // by index: a display name would render the value, which overflows
    @MethodSource("deepParameters")
    void aParameterNestedTenThousandDeepIsInvalid(Value deep) throws InterruptedException {
        BsonDocument cmd = CommandParser.parse("{\"find\": \"orders\", \"filter\": {\"a\": {\"$param\": 1}}}", "query")
                .document();
        assertEquals(ErrorKind.INVALID_ARGUMENT, onDefaultStack(() -> Params.bind(cmd, List.of(deep), "query")));
        // the mutator's documents convert the same way
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                onDefaultStack(() -> Bsons.toBson(new Value.Doc(Map.of("a", deep)), "insert")));
    }

    /** Dates BSON's milliseconds since the epoch cannot hold: refused, not an ArithmeticException. */
    static Stream<Value> datesPastBson() {
        return Stream.of(
                new Value.Timestamp(Instant.MAX),
                new Value.Timestamp(Instant.MIN),
                new Value.DateTime(LocalDateTime.MAX),
                new Value.DateTime(LocalDateTime.MIN),
                new Value.Date(LocalDate.MAX),
                new Value.Date(LocalDate.MIN));
    }

    @ParameterizedTest
    @MethodSource("datesPastBson")
    void aDatePastBsonsRangeIsInvalid(Value date) {
        DriverException e =
                assertThrows(DriverException.class, () -> Bsons.toBson(new Value.Array(List.of(date)), "query"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
    }

    @Test
    void aPlaceholderNeedsAnIntegerIndex() {
        BsonDocument cmd = CommandParser.parse(
                        "{\"find\": \"orders\", \"filter\": {\"a\": {\"$param\": 1.5}}}", "query")
                .document();
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                assertThrows(DriverException.class, () -> Params.bind(cmd, List.of(Value.of(1L)), "query"))
                        .kind());
    }

    /** Runs on a fresh thread with the JVM's default stack size, and returns the kind it failed with. */
    static ErrorKind onDefaultStack(Runnable r) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                r.run();
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        t.start();
        t.join();
        Throwable e = failure.get();
        if (e instanceof DriverException d) {
            return d.kind();
        }
        throw new AssertionError("expected a DriverException, got " + e, e);
    }
}
