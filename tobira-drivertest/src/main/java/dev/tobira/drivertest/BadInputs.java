package dev.tobira.drivertest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tobira.api.Value;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;

/**
 * The bad-input check: every malformed text, every parameter of every kind in every position, deep
 * nesting and NaN either succeeds or fails with a {@link dev.tobira.api.DriverException} with a
 * kind, within a bound, on a new thread with the default stack; sent read-only it changes nothing.
 * Sent a group at a time: see {@link BadInputGroup}.
 */
final class BadInputs {
    /** How deep the kit nests a document, an array and a text. */
    static final int DEPTH = 10_000;
    /** The bound on one call: a hang, not a measure of speed. Lowered by the kit's own self-test only. */
    static volatile Duration bound = Duration.ofSeconds(30);

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** One bad input: a text and its parameters, named by what it is. */
    record Input(String group, String name, String text, List<Value> params) {}

    private final KitContext kit;
    private final Fixture fx;

    BadInputs(KitContext kit) {
        this.kit = kit;
        this.fx = kit.fx();
    }

    Stream<DynamicNode> checks() {
        Map<String, List<Input>> groups = new LinkedHashMap<>();
        for (Input input : inputs()) {
            groups.computeIfAbsent(input.group(), g -> new ArrayList<>()).add(input);
        }
        return groups.entrySet().stream().map(g -> group(g.getKey(), g.getValue()));
    }

    // ---------------------------------------------------------------- the inputs

    List<Input> inputs() {
        List<Input> inputs = new ArrayList<>();
        String texts = "malformed texts";
        inputs.add(text(texts, "empty text", ""));
        inputs.add(text(texts, "white space only", " \t\r\n "));
        inputs.add(text(texts, "a NUL", "\u0000"));
        inputs.add(text(texts, "a lone surrogate", "\uD800"));
        inputs.add(text(texts, "the customers query and a NUL", kit.customersQuery() + "\u0000"));
        switch (kit.language()) {
            case SQL -> sql(inputs);
            case JSON -> json(inputs);
            case OTHER -> {}
        }
        for (String m : fx.badInput().malformed()) {
            inputs.add(text("the fixture's malformed texts", Guard.display(m), m));
        }
        List<String> positions = positions();
        for (String position : positions) {
            String group = "parameters at " + Guard.display(position);
            for (Map.Entry<String, Value> v : values().entrySet()) {
                inputs.add(new Input(group, v.getKey(), position, List.of(v.getValue())));
            }
            if (kit.language() == Language.JSON) {
                for (String m : fx.badInput().malformed()) {
                    if (isJson(m)) {
                        inputs.add(new Input(group, "JSON " + Guard.display(m), position, List.of(new Value.Json(m))));
                    }
                }
            }
        }
        return inputs;
    }

    private static Input text(String group, String name, String text) {
        return new Input(group, name, text, List.of());
    }

    /** The fixture's positions, else its parameter query, else the customers query (a parameter where none is taken). */
    List<String> positions() {
        List<String> given = fx.badInput().positions();
        if (!given.isEmpty()) {
            return given;
        }
        return List.of(fx.parameterQuery().map(TypeCase::query).orElse(kit.customersQuery()));
    }

    private void sql(List<Input> inputs) {
        String g = "malformed SQL";
        inputs.add(text(g, "an unterminated string", "select 'unterminated"));
        inputs.add(text(g, "an unterminated quoted identifier", "select \"unterminated"));
        inputs.add(text(g, "an unterminated block comment", "select 1 /* unterminated"));
        inputs.add(text(g, "a bad hex literal", "select x'zz'"));
        inputs.add(text(g, "a number past any range", "select 1e999999999"));
        inputs.add(text(g, "an integer of 400 digits", "select " + "9".repeat(400)));
        inputs.add(text(g, "a placeholder without its parameter", "select ?"));
        inputs.add(new Input(g, "a parameter without its placeholder", "select 1", List.of(Value.of(1))));
        inputs.add(new Input(g, "two placeholders, one parameter", "select ?, ?", List.of(Value.of(1))));
        inputs.add(text(
                g, "parentheses nested " + DEPTH + " deep", "select " + "(".repeat(DEPTH) + "1" + ")".repeat(DEPTH)));
    }

    private void json(List<Input> inputs) {
        String g = "malformed JSON";
        String base = kit.customersQuery();
        inputs.add(text(g, "cut in half", base.substring(0, base.length() / 2)));
        inputs.add(text(g, "without its last character", base.substring(0, base.length() - 1)));
        inputs.add(text(g, "an open brace", "{"));
        inputs.add(text(g, "an open key", "{\""));
        inputs.add(text(g, "an array", "[]"));
        inputs.add(text(g, "an array of the query", "[" + base + "]"));
        inputs.add(text(g, "a string", "\"find\""));
        inputs.add(text(g, "a number", "1"));
        inputs.add(text(g, "null", "null"));
        inputs.add(text(g, "true", "true"));
        inputs.add(text(g, "an empty object", "{}"));
        inputs.add(text(g, "an empty key", "{\"\": 1}"));
        inputs.add(text(g, "garbage before", "x" + base));
        inputs.add(text(g, "garbage after", base + "x"));
        inputs.add(text(g, "two documents", base + base));
        inputs.add(text(g, "braces reversed", "}{"));
        inputs.add(text(g, "a NUL after the brace", "{\u0000" + base.substring(1)));
        inputs.add(text(g, "a bad escape in a key", "{\"\\q\": 1}"));
        inputs.add(text(g, "a bad unicode escape", "{\"\\uZZZZ\": 1}"));
        inputs.add(text(g, "an escaped lone surrogate", "{\"\\ud800\": \"\\udc00\\ud800\"}"));
        inputs.add(text(g, "an object nested " + DEPTH + " deep", deepObject()));
        inputs.add(text(g, "an array nested " + DEPTH + " deep", "[".repeat(DEPTH) + "]".repeat(DEPTH)));
        JsonNode doc = parse(base);
        if (doc instanceof ObjectNode object && !object.isEmpty()) {
            List<String> names = new ArrayList<>();
            object.properties().forEach(e -> names.add(e.getKey()));
            Map<String, String> wrong = new LinkedHashMap<>();
            wrong.put("a number", "1");
            wrong.put("a negative fraction", "-1.5");
            wrong.put("a string", "\"x\"");
            wrong.put("true", "true");
            wrong.put("null", "null");
            wrong.put("an empty array", "[]");
            wrong.put("an array of mixed kinds", "[1, \"x\", null, {}]");
            wrong.put("an empty object", "{}");
            wrong.put("an object with an operator key", "{\"$x\": 1}");
            wrong.put("NaN", "NaN");
            wrong.put("Infinity", "Infinity");
            wrong.put("-Infinity", "-Infinity");
            wrong.put("a number past any range", "1e999999");
            wrong.put("an integer of 40 digits", "1234567890123456789012345678901234567890");
            wrong.put("an object nested " + DEPTH + " deep", deepObject());
            wrong.put("an array nested " + DEPTH + " deep", "[".repeat(DEPTH) + "]".repeat(DEPTH));
            String wrongTypes = "wrong types in " + Guard.display(base);
            for (String name : names) {
                for (Map.Entry<String, String> w : wrong.entrySet()) {
                    if (!w.getKey().contains("nested") || name.equals(names.get(names.size() - 1))) {
                        inputs.add(text(
                                wrongTypes, quote(name) + " as " + w.getKey(), replace(object, name, w.getValue())));
                    }
                }
            }
        }
        Optional<String> slot = kit.fx().json().valueSlot();
        if (slot.isPresent()) {
            String s = slot.get();
            inputs.add(text(
                    g,
                    "an object nested " + DEPTH + " deep in the value slot",
                    s.replace(JsonLanguage.VALUE, deepObject())));
            inputs.add(text(
                    g,
                    "an array nested " + DEPTH + " deep in the value slot",
                    s.replace(JsonLanguage.VALUE, "[".repeat(DEPTH) + "1" + "]".repeat(DEPTH))));
            inputs.add(text(g, "NaN in the value slot", s.replace(JsonLanguage.VALUE, "NaN")));
            inputs.add(text(g, "a lone surrogate in the value slot", s.replace(JsonLanguage.VALUE, "\"\\ud800\"")));
        }
    }

    private static String deepObject() {
        return "{\"a\":".repeat(DEPTH) + "1" + "}".repeat(DEPTH);
    }

    private static String quote(String name) {
        return "\"" + name + "\"";
    }

    /** The document written out again with one member's value replaced by raw JSON text. */
    private static String replace(ObjectNode object, String member, String raw) {
        StringBuilder sb = new StringBuilder("{");
        Iterator<Map.Entry<String, JsonNode>> it = object.properties().iterator();
        boolean first = true;
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!first) {
                sb.append(", ");
            }
            first = false;
            try {
                sb.append(MAPPER.writeValueAsString(e.getKey()))
                        .append(": ")
                        .append(e.getKey().equals(member) ? raw : MAPPER.writeValueAsString(e.getValue()));
            } catch (JsonProcessingException x) {
                throw new IllegalStateException(x);
            }
        }
        return sb.append('}').toString();
    }

    private static @Nullable JsonNode parse(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    private static boolean isJson(String text) {
        return parse(text) != null;
    }

    /** A parameter of every kind, the extremes of each, NaN and the infinities, and a Doc and an Array nested deep. */
    static Map<String, Value> values() {
        Map<String, Value> v = new LinkedHashMap<>();
        v.put("NULL", Value.NULL);
        v.put("BOOL true", Value.of(true));
        v.put("INT the smallest", Value.of(Long.MIN_VALUE));
        v.put("INT the largest", Value.of(Long.MAX_VALUE));
        v.put("FLOAT 1.5", Value.of(1.5));
        v.put("FLOAT NaN", Value.of(Double.NaN));
        v.put("FLOAT +Infinity", Value.of(Double.POSITIVE_INFINITY));
        v.put("FLOAT -Infinity", Value.of(Double.NEGATIVE_INFINITY));
        v.put("FLOAT the smallest subnormal", Value.of(Double.MIN_VALUE));
        v.put("DECIMAL 1e400", Value.of(new BigDecimal("1e400")));
        v.put("DECIMAL 1e-400", Value.of(new BigDecimal("1e-400")));
        v.put("DECIMAL of 400 digits", Value.of(new BigDecimal("9".repeat(400))));
        v.put("TEXT empty", Value.of(""));
        v.put("TEXT with a NUL", Value.of("a\u0000b"));
        v.put("TEXT with a lone surrogate", Value.of("a\uD800b"));
        v.put("BYTES empty", Value.of(new byte[0]));
        v.put("BYTES 00 ff", Value.of(new byte[] {0, (byte) 0xff}));
        v.put("DATE the smallest", Value.of(LocalDate.MIN));
        v.put("DATE the largest", Value.of(LocalDate.MAX));
        v.put("TIME the last nanosecond", Value.of(LocalTime.MAX));
        v.put("DATETIME the smallest", Value.of(LocalDateTime.MIN));
        v.put("DATETIME the largest", Value.of(LocalDateTime.MAX));
        v.put("TIMESTAMP the smallest", Value.of(Instant.MIN));
        v.put("TIMESTAMP the largest", Value.of(Instant.MAX));
        v.put("UUID", Value.of(UUID.fromString("00000000-0000-0000-0000-000000000000")));
        v.put("JSON an object", new Value.Json("{\"a\": [1, null, \"x\"]}"));
        v.put("JSON a string", new Value.Json("\"x\""));
        v.put("JSON not JSON", new Value.Json("{not json"));
        v.put("JSON nested " + DEPTH + " deep", new Value.Json(deepObject()));
        v.put(
                "ARRAY of mixed kinds",
                new Value.Array(List.of(Value.of(1), Value.of("x"), Value.NULL, new Value.Doc(Map.of()))));
        v.put("ARRAY empty", new Value.Array(List.of()));
        Map<String, Value> odd = new LinkedHashMap<>();
        odd.put("", Value.NULL);
        odd.put("$x", Value.of(1));
        odd.put("a.b", Value.of("c"));
        v.put("DOC with an empty, a $ and a dotted key", new Value.Doc(odd));
        v.put("DOC empty", new Value.Doc(Map.of()));
        v.put("VECTOR [1, 2]", new Value.Vector(new float[] {1, 2}));
        v.put("VECTOR empty", new Value.Vector(new float[0]));
        v.put("VECTOR holding NaN", new Value.Vector(new float[] {1, Float.NaN}));
        v.put("VECTOR holding +Infinity", new Value.Vector(new float[] {Float.POSITIVE_INFINITY, 1}));
        v.put("VECTOR holding -Infinity", new Value.Vector(new float[] {Float.NEGATIVE_INFINITY}));
        v.put("DOC nested " + DEPTH + " deep", deepDoc());
        v.put("ARRAY nested " + DEPTH + " deep", deepArray());
        return v;
    }

    static Value deepDoc() {
        Value v = Value.of(1);
        for (int i = 0; i < DEPTH; i++) {
            v = new Value.Doc(Map.of("a", v));
        }
        return v;
    }

    static Value deepArray() {
        Value v = Value.of(1);
        for (int i = 0; i < DEPTH; i++) {
            v = new Value.Array(List.of(v));
        }
        return v;
    }

    // ---------------------------------------------------------------- the check

    private DynamicContainer group(String name, List<Input> inputs) {
        BadInputGroup group = new BadInputGroup(kit, inputs);
        return DynamicContainer.dynamicContainer(
                name,
                IntStream.range(0, inputs.size())
                        .mapToObj(i -> DynamicTest.dynamicTest(inputs.get(i).name(), () -> timed(group, i))));
    }

    private void timed(BadInputGroup group, int index) {
        long start = System.nanoTime();
        try {
            group.check(index);
        } finally {
            kit.recorder().add(new Report.Spent(Report.Part.BAD_INPUTS, System.nanoTime() - start));
        }
    }
}
