package dev.tobira.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class JsonValuesTest {

    @Test
    void scalarsAreTypedJson() {
        assertEquals("null", JsonValues.toJson(Value.NULL));
        assertEquals("true", JsonValues.toJson(Value.of(true)));
        assertEquals("9223372036854775807", JsonValues.toJson(Value.of(Long.MAX_VALUE)));
        assertEquals("0.1", JsonValues.toJson(Value.of(0.1)));
        assertEquals("150.0", JsonValues.toJson(Value.of(150.0)));
        assertEquals("\"NaN\"", JsonValues.toJson(Value.of(Double.NaN)));
        assertEquals("\"-Infinity\"", JsonValues.toJson(Value.of(Double.NEGATIVE_INFINITY)));
        assertEquals("\"say \\\"hi\\\"\\n\"", JsonValues.toJson(Value.of("say \"hi\"\n")));
        assertEquals("\"AP/A\"", JsonValues.toJson(Value.of(new byte[] {0, -1, -64})));
        assertEquals("\"2026-10-21\"", JsonValues.toJson(Value.of(LocalDate.of(2026, 10, 21))));
        assertEquals("\"23:02:32\"", JsonValues.toJson(Value.of(LocalTime.of(23, 2, 32))));
        assertEquals("\"2026-10-21T23:02:32\"", JsonValues.toJson(Value.of(LocalDateTime.of(2026, 10, 21, 23, 2, 32))));
        assertEquals(
                "\"2026-10-27T23:02:32.500Z\"", JsonValues.toJson(Value.of(Instant.parse("2026-10-27T23:02:32.500Z"))));
        UUID u = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
        assertEquals("\"123e4567-e89b-12d3-a456-426614174000\"", JsonValues.toJson(Value.of(u)));
    }

    @Test
    void decimalsAreWrittenExactlyNeverThroughADouble() {
        assertEquals("0.10", JsonValues.toJson(Value.of(new BigDecimal("0.10"))));
        assertEquals(
                "12345678901234567890.123456789012345678",
                JsonValues.toJson(Value.of(new BigDecimal("12345678901234567890.123456789012345678"))));
        // plain notation, not 1E+3
        assertEquals("1000", JsonValues.toJson(Value.of(new BigDecimal("1E+3"))));
        assertEquals("0.1", JsonValues.fromJson("0.1").toString());
        assertEquals(
                new Value.Decimal(new BigDecimal("0.30000000000000000001")),
                JsonValues.fromJson("0.30000000000000000001"));
    }

    @Test
    void containersAndEmbeddedJson() {
        Map<String, Value> fields = new LinkedHashMap<>();
        fields.put("z", Value.of(1));
        fields.put("a", new Value.Array(List.of(Value.of("x"), Value.NULL)));
        fields.put("j", new Value.Json("{\"k\": [1, 2.50]}"));
        assertEquals("{\"z\":1,\"a\":[\"x\",null],\"j\":{\"k\":[1,2.50]}}", JsonValues.toJson(new Value.Doc(fields)));
        assertEquals("[0.5,-1.25]", JsonValues.toJson(new Value.Vector(new float[] {0.5f, -1.25f})));
        // text a driver labelled JSON but is not: kept, as a string, so the output stays JSON
        assertEquals("\"{broken\"", JsonValues.toJson(new Value.Json("{broken")));
    }

    @Test
    void untypedReading() {
        assertEquals(Value.of(2), JsonValues.fromJson("2"));
        assertEquals(Value.of(-9223372036854775808L), JsonValues.fromJson("-9223372036854775808"));
        assertEquals(
                new Value.Decimal(new BigDecimal("9223372036854775808")), JsonValues.fromJson("9223372036854775808"));
        assertEquals(new Value.Decimal(new BigDecimal("1e3")), JsonValues.fromJson("1e3"));
        assertEquals(
                Value.of("2026-10-21"),
                JsonValues.fromJson("\"2026-10-21\""),
                "a string is never guessed to be a date");
        Value doc = JsonValues.fromJson(" {\"b\": [true, null, {}], \"a\": \"x\"} ");
        assertEquals("{\"b\":[true,null,{}],\"a\":\"x\"}", JsonValues.toJson(doc));
        assertEquals(List.of("b", "a"), List.copyOf(((Value.Doc) doc).fields().keySet()));
    }

    @Test
    void badJsonIsAnInvalidArgumentThatDoesNotQuoteTheText() {
        for (String bad :
                new String[] {"", "{\"password\": \"hunter2\"", "1 2", "{\"a\":1,\"a\":2}", "[secret-value]"}) {
            DriverException e = assertThrows(DriverException.class, () -> JsonValues.fromJson(bad), bad);
            assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
            assertFalse(e.getMessage().contains("hunter2") || e.getMessage().contains("secret-value"), e.getMessage());
            assertTrue(e.getMessage().startsWith("format: json: "), e.getMessage());
        }
    }

    @Test
    void typedReadingIsTheInverseOfWriting() throws Exception {
        Random random = new Random(20261201);
        for (int i = 0; i < 2000; i++) {
            Value v = randomValue(random, 0);
            JsonNode node = JsonValues.toNode(v);
            assertEquals(
                    JsonValues.toJson(v), JsonValues.mapper().writeValueAsString(node), "tree and text agree for " + v);
            assertEquals(v, JsonValues.fromNode(node, v.kind()), "round trip of " + v.kind() + " " + v);
            assertEquals(
                    v.isNull() ? Value.NULL : v,
                    JsonValues.fromNode(JsonValues.mapper().valueToTree(node), v.kind()));
        }
    }

    @Test
    void typedReadingRefusesWhatCannotBeThatKindWithoutQuotingIt() {
        JsonNode secret = JsonValues.mapper().getNodeFactory().textNode("not-base64-hunter2!");
        for (Value.Kind kind : List.of(
                Value.Kind.BYTES,
                Value.Kind.DATE,
                Value.Kind.TIMESTAMP,
                Value.Kind.UUID,
                Value.Kind.INT,
                Value.Kind.ARRAY,
                Value.Kind.DOC,
                Value.Kind.BOOL)) {
            DriverException e =
                    assertThrows(DriverException.class, () -> JsonValues.fromNode(secret, kind), kind.name());
            assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
            assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
        }
        // 2^63 is no Int: refused, not wrapped around
        assertThrows(
                DriverException.class,
                () -> JsonValues.fromNode(
                        JsonValues.mapper().getNodeFactory().numberNode(new BigDecimal("9223372036854775808")),
                        Value.Kind.INT));
        assertEquals(
                Value.of(7),
                JsonValues.fromNode(JsonValues.mapper().getNodeFactory().textNode("7"), Value.Kind.INT));
        assertEquals(
                Value.of(Instant.parse("2026-10-27T21:02:32Z")),
                JsonValues.fromNode(
                        JsonValues.mapper().getNodeFactory().textNode("2026-10-27T23:02:32+02:00"),
                        Value.Kind.TIMESTAMP));
        assertInstanceOf(Value.Null.class, JsonValues.fromNode(null, Value.Kind.BYTES));
    }

    @Test
    void typeNamesOfTheResultShape() {
        assertEquals("int", JsonValues.typeName(Value.Kind.INT));
        assertEquals("string", JsonValues.typeName(Value.Kind.TEXT));
        for (Value.Kind k : Value.Kind.values()) {
            assertFalse(JsonValues.typeName(k).isEmpty());
        }
    }

    private static Value randomValue(Random r, int depth) {
        Value.Kind kind = Value.Kind.values()[r.nextInt(Value.Kind.values().length)];
        return switch (kind) {
            case NULL -> Value.NULL;
            case BOOL -> Value.of(r.nextBoolean());
            case INT -> Value.of(r.nextBoolean() ? r.nextLong() : r.nextInt(100));
            case FLOAT -> Value.of(r.nextInt(10) == 0 ? Double.NaN : r.nextDouble() * Math.pow(10, r.nextInt(40) - 20));
            case DECIMAL -> Value.of(new BigDecimal(new java.math.BigInteger(100, r), r.nextInt(30) - 5));
            case TEXT -> Value.of(randomText(r));
            case BYTES -> {
                byte[] b = new byte[r.nextInt(20)];
                r.nextBytes(b);
                yield Value.of(b);
            }
            case DATE -> Value.of(LocalDate.ofEpochDay(r.nextInt(200_000) - 100_000));
            case TIME -> Value.of(LocalTime.ofNanoOfDay(Math.floorMod(r.nextLong(), 86_400_000_000_000L)));
            case DATETIME ->
                Value.of(LocalDateTime.of(
                        LocalDate.ofEpochDay(r.nextInt(50_000)), LocalTime.ofSecondOfDay(r.nextInt(86_400))));
            case TIMESTAMP -> Value.of(Instant.ofEpochSecond(r.nextInt(), r.nextInt(1_000_000_000)));
            case UUID -> Value.of(new UUID(r.nextLong(), r.nextLong()));
            case JSON -> new Value.Json("{\"k\":[" + r.nextInt() + ",\"" + r.nextInt(9) + "\"]}");
            case ARRAY -> {
                List<Value> values = new ArrayList<>();
                for (int i = depth > 2 ? 0 : r.nextInt(4); i > 0; i--) {
                    values.add(randomValue(r, depth + 1));
                }
                // an array's elements come back untyped: only kinds that read back as themselves
                yield new Value.Array(
                        values.stream().map(JsonValuesTest::untypedForm).toList());
            }
            case DOC -> {
                Map<String, Value> fields = new LinkedHashMap<>();
                for (int i = depth > 2 ? 0 : r.nextInt(4); i > 0; i--) {
                    fields.put(randomText(r), untypedForm(randomValue(r, depth + 1)));
                }
                yield new Value.Doc(fields);
            }
            case VECTOR -> {
                float[] f = new float[r.nextInt(5)];
                for (int i = 0; i < f.length; i++) {
                    f[i] = r.nextFloat() * 100 - 50;
                }
                yield new Value.Vector(f);
            }
        };
    }

    /** What a nested value reads back as without a kind: the untyped reading of its JSON. */
    private static Value untypedForm(Value v) {
        return JsonValues.fromJson(JsonValues.toJson(v));
    }

    private static String randomText(Random r) {
        StringBuilder sb = new StringBuilder();
        for (int i = r.nextInt(8); i > 0; i--) {
            int pick = r.nextInt(5);
            sb.appendCodePoint(
                    pick == 0
                            ? r.nextInt(0x20)
                            : pick == 1 ? 0x1F600 + r.nextInt(50) : pick == 2 ? '"' : 'a' + r.nextInt(26));
        }
        return sb.toString();
    }
}
