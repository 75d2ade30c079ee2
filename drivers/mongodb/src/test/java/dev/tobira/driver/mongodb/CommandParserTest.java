package dev.tobira.driver.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Parsing once, and binding parameters into the parsed tree. */
class CommandParserTest {
    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "   ",
                "{\"find\": \"orders\"",
                "[1, 2]",
                "\"find\"",
                "42",
                "{}",
                "{\"find\": \"orders\"} {\"drop\": \"orders\"}",
                "{\"find\": \"orders\"},",
                "{\"find\": \"orders\"}}",
                "{\"find\": \"orders\"} x",
                "{\"find\\u0000x\": \"orders\"}",
                "{find: }"
            })
    void badInputIsSyntax(String text) {
        DriverException e = assertThrows(DriverException.class, () -> CommandParser.parse(text, "query"), text);
        assertEquals(ErrorKind.SYNTAX, e.kind(), e.getMessage());
        assertTrue(e.getMessage().startsWith("mongodb: query: "), e.getMessage());
    }

    @Test
    void deepNestingIsRefusedWithoutAStackOverflow() {
        String deep = "{\"find\": \"orders\", \"filter\": " + "[".repeat(100_000) + "]".repeat(100_000) + "}";
        assertEquals(
                ErrorKind.SYNTAX,
                assertThrows(DriverException.class, () -> CommandParser.parse(deep, "query"))
                        .kind());
    }

    @Test
    void escapesAreDecodedOnceAndDuplicatesSeenAtAnyDepth() {
        CommandParser.Parsed p =
                CommandParser.parse("{\"\\u0066ind\": \"orders\", \"filter\": {\"a\": {\"b\": 1, \"b\": 2}}}", "query");
        assertEquals("find", p.document().getFirstKey());
        assertEquals("filter.a.b", p.duplicate().orElseThrow());
        assertTrue(CommandParser.parse("{\"find\": \"orders\"}\n  ", "query")
                .duplicate()
                .isEmpty());
    }

    @Test
    void extendedJsonTypes() {
        BsonDocument d = CommandParser.parse(
                        "{\"find\": \"t\", \"filter\": {\"a\": {\"$oid\": \"65a1b2c3d4e5f60718293a4b\"},"
                                + " \"b\": {\"$numberLong\": \"5\"}, \"c\": {\"$date\": \"2026-01-01T00:00:00Z\"}, \"d\": {\"$numberDecimal\": \"1.5\"}}}",
                        "query")
                .document();
        BsonDocument f = d.getDocument("filter");
        assertEquals(BsonType.OBJECT_ID, f.get("a").getBsonType());
        assertEquals(BsonType.INT64, f.get("b").getBsonType());
        assertEquals(BsonType.DATE_TIME, f.get("c").getBsonType());
        assertEquals(BsonType.DECIMAL128, f.get("d").getBsonType());
    }

    @Test
    void paramsBindAsValuesNeverAsText() {
        BsonDocument d = CommandParser.parse(
                        "{\"find\": \"orders\", \"filter\": {\"status\": {\"$param\": 1}, \"n\": {\"$in\": [{\"$param\": 2}]}}}",
                        "query")
                .document();
        BsonDocument bound = Params.bind(d, List.of(Value.of("\"}, \"$where\": \"1"), Value.of(7)), "query");
        assertEquals(
                "\"}, \"$where\": \"1",
                bound.getDocument("filter").getString("status").getValue());
        assertEquals(
                7,
                bound.getDocument("filter")
                        .getDocument("n")
                        .getArray("$in")
                        .get(0)
                        .asInt32()
                        .getValue());
        // a document parameter is bound as a value, and the guard sees what it holds
        BsonDocument withDoc =
                Params.bind(d, List.of(new Value.Doc(java.util.Map.of("$out", Value.of("x"))), Value.of(1)), "query");
        assertEquals(
                ErrorKind.READ_ONLY,
                assertThrows(DriverException.class, () -> ReadOnlyGuard.check(withDoc, "query"))
                        .kind());
    }

    @Test
    void paramCountsMustMatch() {
        BsonDocument one = CommandParser.parse(
                        "{\"find\": \"orders\", \"filter\": {\"status\": {\"$param\": 1}}}", "query")
                .document();
        BsonDocument none =
                CommandParser.parse("{\"find\": \"orders\"}", "query").document();
        BsonDocument zero = CommandParser.parse("{\"find\": \"orders\", \"filter\": {\"s\": {\"$param\": 0}}}", "query")
                .document();
        for (Runnable r : List.<Runnable>of(
                () -> Params.bind(one, List.of(), "query"),
                () -> Params.bind(none, List.of(Value.of(1)), "query"),
                () -> Params.bind(one, List.of(Value.of(1), Value.of(2)), "query"),
                () -> Params.bind(zero, List.of(Value.of(1)), "query"))) {
            assertEquals(
                    ErrorKind.INVALID_ARGUMENT,
                    assertThrows(DriverException.class, r::run).kind());
        }
    }
}
