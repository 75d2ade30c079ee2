package dev.tobira.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ValueTest {
    private static final long SEED = Long.getLong("tobira.seed", 20261129L);

    @Test
    void displayFormsMatchWhatATablePrints() {
        assertEquals("NULL", Value.NULL.toString());
        assertEquals("true", Value.of(true).toString());
        assertEquals("42", Value.of(42).toString());
        assertEquals("1.5", Value.of(1.5).toString());
        assertEquals(
                "12345678901234567890.10", new Value.Decimal(new BigDecimal("12345678901234567890.10")).toString());
        assertEquals("2026-09-02", new Value.Date(LocalDate.of(2026, 9, 2)).toString());
        assertEquals("13:05", new Value.Time(LocalTime.of(13, 5)).toString());
        assertEquals("2026-09-02T13:05", new Value.DateTime(LocalDateTime.of(2026, 9, 2, 13, 5)).toString());
        assertEquals("2026-09-02T13:05:00Z", new Value.Timestamp(Instant.parse("2026-09-02T13:05:00Z")).toString());
        assertEquals("\\x00ff10", new Value.Bytes(new byte[] {0, (byte) 0xff, 0x10}).toString());
        assertEquals(
                "[1,\"a\",null,[true]]",
                new Value.Array(List.of(
                                Value.of(1), Value.of("a"), Value.NULL, new Value.Array(List.of(Value.of(true)))))
                        .toString());
        Map<String, Value> fields = new LinkedHashMap<>();
        fields.put("b", Value.of("x\"y\n"));
        fields.put("a", new Value.Date(LocalDate.of(2026, 1, 2)));
        assertEquals("{\"b\":\"x\\\"y\\n\",\"a\":\"2026-01-02\"}", new Value.Doc(fields).toString());
        assertEquals("[0.5,1.0]", new Value.Vector(new float[] {0.5f, 1f}).toString());
    }

    @Test
    void jsonIsCompactedOutsideStringsOnly() {
        Value.Json j = new Value.Json("{ \"a b\" : [1, 2],\n \"c\": \"x \\\" y\" }");
        assertEquals("{\"a b\":[1,2],\"c\":\"x \\\" y\"}", j.text());
        assertEquals(new Value.Json("{\"a b\":[1,2],\"c\":\"x \\\" y\"}"), j);
    }

    @Test
    void decimalEqualityIgnoresScale() {
        assertEquals(new Value.Decimal(new BigDecimal("1.0")), new Value.Decimal(new BigDecimal("1.00")));
        assertEquals(
                new Value.Decimal(new BigDecimal("1.0")).hashCode(),
                new Value.Decimal(new BigDecimal("1.00")).hashCode());
        assertEquals(
                new Value.Decimal(BigDecimal.ZERO).hashCode(), new Value.Decimal(new BigDecimal("0.000")).hashCode());
        assertNotEquals(new Value.Decimal(BigDecimal.ONE), new Value.Decimal(BigDecimal.TEN));
    }

    @Test
    void arraysAreCopiedInAndOut() {
        byte[] raw = {1, 2, 3};
        Value.Bytes b = new Value.Bytes(raw);
        Value viaOf = Value.of(raw);
        raw[0] = 9;
        assertEquals(1, b.value()[0]);
        assertEquals(1, ((Value.Bytes) viaOf).value()[0]);
        assertEquals(b, viaOf);
        b.value()[1] = 9;
        assertEquals(2, b.value()[1]);
        float[] f = {1f, 2f};
        Value.Vector v = new Value.Vector(f);
        f[0] = 9f;
        assertEquals(1f, v.get(0));
        assertEquals(2, v.dimensions());
    }

    @Test
    void containersAreImmutable() {
        List<Value> list = new ArrayList<>(List.of(Value.of(1)));
        Value.Array a = new Value.Array(list);
        list.add(Value.of(2));
        assertEquals(1, a.values().size());
        assertThrows(UnsupportedOperationException.class, () -> a.values().add(Value.NULL));
        Value.Doc d = new Value.Doc(Map.of("k", Value.of(1)));
        assertThrows(UnsupportedOperationException.class, () -> d.fields().put("x", Value.NULL));
        assertThrows(NullPointerException.class, () -> new Value.Array(java.util.Arrays.asList(Value.NULL, null)));
    }

    @Test
    void everyKindHasARecordThatReportsIt() {
        Set<Value.Kind> seen = EnumSet.noneOf(Value.Kind.class);
        sample(new Random(SEED), 4).forEach(v -> seen.add(v.kind()));
        for (int i = 0; i < 200; i++) {
            sample(new Random(SEED + i), 2).forEach(v -> seen.add(v.kind()));
        }
        assertEquals(EnumSet.allOf(Value.Kind.class), seen);
        assertSame(Value.NULL, Value.of((String) null));
        assertSame(Value.NULL, Value.of((Instant) null), "the factories return the shared instance");
        assertTrue(Value.NULL.isNull());
        assertFalse(Value.of(0).isNull());
        assertSame(Value.Bool.TRUE, Value.of(true));
    }

    /**
     * One public way to a value: a constructor, a factory or a constant, named as a caller writes
     * it, and what it builds. Routes of one content build equal values; routes of different contents
     * never do.
     */
    private record Route(String via, String content, Value.Kind kind, Supplier<Value> make) {}

    private static final LocalDate DAY = LocalDate.of(2026, 9, 2);
    private static final LocalTime NOON = LocalTime.of(12, 0, 30, 5);
    private static final Instant INSTANT = Instant.parse("2026-09-02T11:05:00.123456789Z");
    private static final UUID ID = UUID.fromString("7c9e6679-7425-40de-944b-e07fc1f90ae7");

    /**
     * Every route a caller can take to a value. A route to NULL is also a factory given null. The
     * containers hold a NULL built both ways, which must not change their equality either.
     */
    private static final List<Route> ROUTES = List.of(
            new Route("Value.NULL", "null", Value.Kind.NULL, () -> Value.NULL),
            new Route("new Value.Null()", "null", Value.Kind.NULL, Value.Null::new),
            new Route("Value.of(String)", "null", Value.Kind.NULL, () -> Value.of((String) null)),
            new Route("Value.of(BigDecimal)", "null", Value.Kind.NULL, () -> Value.of((BigDecimal) null)),
            new Route("Value.of(byte[])", "null", Value.Kind.NULL, () -> Value.of((byte[]) null)),
            new Route("Value.of(LocalDate)", "null", Value.Kind.NULL, () -> Value.of((LocalDate) null)),
            new Route("Value.of(LocalTime)", "null", Value.Kind.NULL, () -> Value.of((LocalTime) null)),
            new Route("Value.of(LocalDateTime)", "null", Value.Kind.NULL, () -> Value.of((LocalDateTime) null)),
            new Route("Value.of(Instant)", "null", Value.Kind.NULL, () -> Value.of((Instant) null)),
            new Route("Value.of(UUID)", "null", Value.Kind.NULL, () -> Value.of((UUID) null)),
            new Route("Value.Bool.TRUE", "true", Value.Kind.BOOL, () -> Value.Bool.TRUE),
            new Route("Value.of(boolean)", "true", Value.Kind.BOOL, () -> Value.of(true)),
            new Route("new Value.Bool(boolean)", "true", Value.Kind.BOOL, () -> new Value.Bool(true)),
            new Route("Value.Bool.FALSE", "false", Value.Kind.BOOL, () -> Value.Bool.FALSE),
            new Route("Value.of(boolean)", "false", Value.Kind.BOOL, () -> Value.of(false)),
            new Route("new Value.Bool(boolean)", "false", Value.Kind.BOOL, () -> new Value.Bool(false)),
            new Route("Value.of(long)", "42", Value.Kind.INT, () -> Value.of(42L)),
            new Route("new Value.Int(long)", "42", Value.Kind.INT, () -> new Value.Int(42)),
            new Route("Value.of(double)", "NaN", Value.Kind.FLOAT, () -> Value.of(Double.NaN)),
            new Route("new Value.Float(double)", "NaN", Value.Kind.FLOAT, () -> new Value.Float(Double.NaN)),
            new Route("Value.of(BigDecimal)", "12.30", Value.Kind.DECIMAL, () -> Value.of(new BigDecimal("12.30"))),
            new Route(
                    "new Value.Decimal(BigDecimal)",
                    "12.30",
                    Value.Kind.DECIMAL,
                    () -> new Value.Decimal(new BigDecimal("12.30"))),
            new Route("Value.of(String)", "Ada", Value.Kind.TEXT, () -> Value.of("Ada")),
            new Route("new Value.Text(String)", "Ada", Value.Kind.TEXT, () -> new Value.Text("Ada")),
            new Route(
                    "new Value.Bytes(byte[])",
                    "00ff",
                    Value.Kind.BYTES,
                    () -> new Value.Bytes(new byte[] {0, (byte) 0xff})),
            new Route("Value.of(byte[])", "00ff", Value.Kind.BYTES, () -> Value.of(new byte[] {0, (byte) 0xff})),
            new Route("new Value.Date(LocalDate)", "day", Value.Kind.DATE, () -> new Value.Date(DAY)),
            new Route("Value.of(LocalDate)", "day", Value.Kind.DATE, () -> Value.of(DAY)),
            new Route("new Value.Time(LocalTime)", "noon", Value.Kind.TIME, () -> new Value.Time(NOON)),
            new Route("Value.of(LocalTime)", "noon", Value.Kind.TIME, () -> Value.of(NOON)),
            new Route(
                    "new Value.DateTime(LocalDateTime)",
                    "day noon",
                    Value.Kind.DATETIME,
                    () -> new Value.DateTime(DAY.atTime(NOON))),
            new Route("Value.of(LocalDateTime)", "day noon", Value.Kind.DATETIME, () -> Value.of(DAY.atTime(NOON))),
            new Route(
                    "new Value.Timestamp(Instant)",
                    "instant",
                    Value.Kind.TIMESTAMP,
                    () -> new Value.Timestamp(INSTANT)),
            new Route("Value.of(Instant)", "instant", Value.Kind.TIMESTAMP, () -> Value.of(INSTANT)),
            new Route("new Value.Uuid(UUID)", "id", Value.Kind.UUID, () -> new Value.Uuid(ID)),
            new Route("Value.of(UUID)", "id", Value.Kind.UUID, () -> Value.of(ID)),
            new Route("new Value.Json(String)", "json", Value.Kind.JSON, () -> new Value.Json("{ \"a\" : [1, null] }")),
            new Route("new Value.Json(String)", "json", Value.Kind.JSON, () -> new Value.Json("{\"a\":[1,null]}")),
            new Route(
                    "new Value.Array(List)",
                    "[null,1]",
                    Value.Kind.ARRAY,
                    () -> new Value.Array(List.of(Value.NULL, Value.of(1)))),
            new Route(
                    "new Value.Array(List)",
                    "[null,1]",
                    Value.Kind.ARRAY,
                    () -> new Value.Array(List.of(new Value.Null(), new Value.Int(1)))),
            new Route("new Value.Doc(Map)", "{k:null}", Value.Kind.DOC, () -> new Value.Doc(Map.of("k", Value.NULL))),
            new Route(
                    "new Value.Doc(Map)",
                    "{k:null}",
                    Value.Kind.DOC,
                    () -> new Value.Doc(Map.of("k", new Value.Null()))),
            new Route(
                    "new Value.Vector(float[])",
                    "[0.5,NaN]",
                    Value.Kind.VECTOR,
                    () -> new Value.Vector(new float[] {0.5f, Float.NaN})));

    /**
     * Whatever the route, a value obeys the same laws: the kind it reports, isNull (on the value,
     * and on a row holding it) exactly for the NULL kind, equal to itself and to every value of the
     * same content by any route, with one hash code, one display form and one record class, and
     * unequal to every other.
     */
    @Test
    void everyRouteToAKindObeysTheSameLaws() {
        List<Column> one = List.of(Column.of("c", Value.Kind.NULL));
        for (Route route : ROUTES) {
            Value x = route.make().get();
            String where = route.via() + " -> " + x;
            assertEquals(route.kind(), x.kind(), where);
            assertEquals(route.kind() == Value.Kind.NULL, x.isNull(), where + ": isNull");
            Row row = Row.of(one, x);
            assertEquals(route.kind() == Value.Kind.NULL, row.isNull(0), where + ": Row.isNull");
            assertEquals(route.kind(), row.kind(0), where + ": Row.kind");
            assertEquals(x, x, where);
            assertNotEquals(null, x, where);
            for (Route other : ROUTES) {
                Value y = other.make().get();
                String pair = where + " vs " + other.via() + " -> " + y;
                if (other.content().equals(route.content())) {
                    assertEquals(x, y, pair);
                    assertEquals(y, x, pair);
                    assertEquals(x.hashCode(), y.hashCode(), pair);
                    assertEquals(x.toString(), y.toString(), pair);
                    assertSame(x.getClass(), y.getClass(), pair);
                    assertEquals(row, Row.of(one, y), pair);
                } else {
                    assertNotEquals(x, y, pair);
                    assertNotEquals(y, x, pair);
                }
            }
        }
    }

    /**
     * The routes above are every public constructor, static factory and constant of the values, so
     * a new one cannot skip the laws: this fails until it is listed there.
     */
    @Test
    void theRoutesAreEveryPublicConstructorFactoryAndConstant() {
        Set<String> reachable = new TreeSet<>();
        for (Method m : Value.class.getDeclaredMethods()) {
            if (Modifier.isPublic(m.getModifiers()) && Modifier.isStatic(m.getModifiers())) {
                reachable.add("Value." + m.getName() + "(" + parameters(m.getParameterTypes()) + ")");
            }
        }
        for (Field f : Value.class.getDeclaredFields()) {
            reachable.add("Value." + f.getName());
        }
        for (Class<?> record : Value.class.getPermittedSubclasses()) {
            for (Constructor<?> c : record.getConstructors()) {
                reachable.add("new Value." + record.getSimpleName() + "(" + parameters(c.getParameterTypes()) + ")");
            }
            for (Field f : record.getDeclaredFields()) {
                if (Modifier.isPublic(f.getModifiers()) && Modifier.isStatic(f.getModifiers())) {
                    reachable.add("Value." + record.getSimpleName() + "." + f.getName());
                }
            }
        }
        assertEquals(reachable, ROUTES.stream().map(Route::via).collect(Collectors.toCollection(TreeSet::new)));
    }

    private static String parameters(Class<?>[] types) {
        return Arrays.stream(types).map(Class::getSimpleName).collect(Collectors.joining(", "));
    }

    static Stream<Long> seeds() {
        return Stream.iterate(SEED, s -> s + 1).limit(500);
    }

    /** Equality is an equivalence, agrees with hashCode, and survives a rebuild from the same content. */
    @ParameterizedTest
    @MethodSource("seeds")
    void equalityLaws(long seed) {
        List<Value> a = sample(new Random(seed), 3);
        List<Value> b = sample(new Random(seed), 3);
        List<Value> c = sample(new Random(seed), 3);
        for (int i = 0; i < a.size(); i++) {
            Value x = a.get(i);
            Value y = b.get(i);
            Value z = c.get(i);
            String where = "seed " + seed + " (rerun with -Dtobira.seed=" + seed + "), value " + x;
            assertEquals(x, x, where);
            assertEquals(x, y, where);
            assertEquals(y, x, where);
            assertEquals(y, z, where);
            assertEquals(x, z, where);
            assertEquals(x.hashCode(), y.hashCode(), where);
            assertEquals(x.toString(), y.toString(), where);
            assertNotEquals(null, x, where);
            for (Value other : a) {
                if (other != x) {
                    assertEquals(x.equals(other), other.equals(x), where + " vs " + other);
                    if (x.equals(other)) {
                        assertEquals(x.hashCode(), other.hashCode(), where);
                    }
                }
            }
        }
    }

    /** One value of every kind, with random content; containers nest to a bounded depth. */
    static List<Value> sample(Random r, int depth) {
        List<Value> out = new ArrayList<>();
        for (Value.Kind k : Value.Kind.values()) {
            out.add(one(r, k, depth));
        }
        return out;
    }

    private static Value one(Random r, Value.Kind k, int depth) {
        return switch (k) {
            case NULL -> Value.NULL;
            case BOOL -> Value.of(r.nextBoolean());
            case INT -> Value.of(r.nextLong());
            case FLOAT -> Value.of(r.nextInt(10) == 0 ? Double.NaN : r.nextDouble() * 1e6);
            case DECIMAL -> new Value.Decimal(new BigDecimal(r.nextLong()).movePointLeft(r.nextInt(20)));
            case TEXT -> Value.of(text(r));
            case BYTES -> {
                byte[] b = new byte[r.nextInt(20)];
                r.nextBytes(b);
                yield new Value.Bytes(b);
            }
            case DATE -> new Value.Date(LocalDate.ofEpochDay(r.nextInt(100_000)));
            case TIME -> new Value.Time(LocalTime.ofSecondOfDay(r.nextInt(86_400)));
            case DATETIME ->
                new Value.DateTime(LocalDateTime.of(
                        LocalDate.ofEpochDay(r.nextInt(100_000)), LocalTime.ofSecondOfDay(r.nextInt(86_400))));
            case TIMESTAMP -> new Value.Timestamp(Instant.ofEpochSecond(r.nextInt(), r.nextInt(1_000_000_000)));
            case UUID -> new Value.Uuid(new UUID(r.nextLong(), r.nextLong()));
            case JSON ->
                new Value.Json("{ \"k\" : " + r.nextInt() + ", \"s\": \""
                        + text(r).replace("\\", "").replace("\"", "") + "\" }");
            case ARRAY -> {
                List<Value> vs = new ArrayList<>();
                int n = depth <= 0 ? 0 : r.nextInt(4);
                for (int i = 0; i < n; i++) {
                    vs.add(one(r, Value.Kind.values()[r.nextInt(Value.Kind.values().length)], depth - 1));
                }
                yield new Value.Array(vs);
            }
            case DOC -> {
                Map<String, Value> m = new LinkedHashMap<>();
                int n = depth <= 0 ? 0 : r.nextInt(4);
                for (int i = 0; i < n; i++) {
                    m.put(
                            "f" + i + text(r),
                            one(r, Value.Kind.values()[r.nextInt(Value.Kind.values().length)], depth - 1));
                }
                yield new Value.Doc(m);
            }
            case VECTOR -> {
                float[] f = new float[r.nextInt(8)];
                for (int i = 0; i < f.length; i++) {
                    f[i] = r.nextFloat();
                }
                yield new Value.Vector(f);
            }
        };
    }

    private static String text(Random r) {
        StringBuilder sb = new StringBuilder();
        int n = r.nextInt(12);
        for (int i = 0; i < n; i++) {
            sb.append((char) (r.nextInt(3) == 0 ? r.nextInt(0x20, 0x3000) : r.nextInt('a', 'z' + 1)));
        }
        return sb.toString();
    }
    /** Issue 29: a parameter nested 10,000 deep is displayed on a thread's default stack (the JDBC base binds it as text). */
    @Test
    void aDeeplyNestedValueIsWrittenWithoutOverflowingTheStack() throws InterruptedException {
        Value deep = Value.of(1L);
        for (int i = 0; i < 10_000; i++) {
            deep = i % 2 == 0 ? new Value.Doc(java.util.Map.of("a", deep)) : new Value.Array(List.of(Value.NULL, deep));
        }
        Value built = deep;
        String[] written = new String[1];
        Throwable[] thrown = new Throwable[1];
        Thread t = new Thread(() -> {
            try {
                written[0] = built.toString();
            } catch (Throwable e) {
                thrown[0] = e;
            }
        });
        t.start();
        t.join();
        assertEquals(null, thrown[0], "thrown");
        assertEquals(
                5_000 * "{\"a\":}".length() + 5_000 * "[null,]".length() + 1, written[0].length(), "every level, once");
        assertTrue(written[0].startsWith("[null,{\"a\":[null,{\"a\":"), written[0].substring(0, 40));
        assertTrue(written[0].contains("{\"a\":1}"), "the innermost level");
    }
}
