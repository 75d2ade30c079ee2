package dev.tobira.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** The typed getters of {@link RowView} as a {@link Row} has them, and the default {@link ResultSet#forEachRow}. */
class RowViewTest {
    private static final List<Value> ONE_OF_EACH = List.of(
            Value.of(true),
            Value.of(42),
            Value.of(1.5),
            Value.of(new BigDecimal("12.30")),
            Value.of("text"),
            new Value.Bytes(new byte[] {1, 2}),
            new Value.Date(LocalDate.of(2026, 9, 2)),
            new Value.Time(LocalTime.of(13, 5)),
            new Value.DateTime(LocalDateTime.of(2026, 9, 2, 13, 5)),
            new Value.Timestamp(Instant.parse("2026-09-02T11:05:00Z")),
            new Value.Uuid(UUID.fromString("7c9e6679-7425-40de-944b-e07fc1f90ae7")),
            new Value.Json("{\"a\":1}"),
            Value.NULL);

    /** Each typed getter, by the kind it reads, with its by-name and nullable forms (numbers unboxed for comparison). */
    private static final List<Getter> GETTERS = List.of(
            new Getter(
                    Value.Kind.BOOL,
                    RowView::getBoolean,
                    RowView::getBoolean,
                    RowView::findBoolean,
                    RowView::findBoolean),
            new Getter(
                    Value.Kind.INT,
                    RowView::getLong,
                    RowView::getLong,
                    (r, i) -> boxed(r.findLong(i)),
                    (r, c) -> boxed(r.findLong(c))),
            new Getter(
                    Value.Kind.FLOAT,
                    RowView::getDouble,
                    RowView::getDouble,
                    (r, i) -> boxed(r.findDouble(i)),
                    (r, c) -> boxed(r.findDouble(c))),
            new Getter(Value.Kind.TEXT, RowView::getText, RowView::getText, RowView::findText, RowView::findText),
            typed(Value.Kind.BOOL, Boolean.class),
            typed(Value.Kind.INT, Long.class),
            typed(Value.Kind.FLOAT, Double.class),
            typed(Value.Kind.DECIMAL, BigDecimal.class),
            typed(Value.Kind.TEXT, String.class),
            typed(Value.Kind.BYTES, byte[].class),
            typed(Value.Kind.DATE, LocalDate.class),
            typed(Value.Kind.TIME, LocalTime.class),
            typed(Value.Kind.DATETIME, LocalDateTime.class),
            typed(Value.Kind.TIMESTAMP, Instant.class),
            typed(Value.Kind.UUID, UUID.class),
            typed(Value.Kind.BOOL, Value.Bool.class),
            typed(Value.Kind.INT, Value.Int.class),
            typed(Value.Kind.FLOAT, Value.Float.class),
            typed(Value.Kind.DECIMAL, Value.Decimal.class),
            typed(Value.Kind.TEXT, Value.Text.class),
            typed(Value.Kind.BYTES, Value.Bytes.class),
            typed(Value.Kind.DATE, Value.Date.class),
            typed(Value.Kind.TIME, Value.Time.class),
            typed(Value.Kind.DATETIME, Value.DateTime.class),
            typed(Value.Kind.TIMESTAMP, Value.Timestamp.class),
            typed(Value.Kind.UUID, Value.Uuid.class),
            typed(Value.Kind.JSON, Value.Json.class));

    /** {@code get(int, Class)} and its kin for one class of the table, its answers compared by content. */
    private static Getter typed(Value.Kind kind, Class<?> type) {
        return new Getter(
                kind,
                (r, i) -> plain(r.get(i, type)),
                (r, c) -> plain(r.get(c, type)),
                (r, i) -> r.find(i, type).map(RowViewTest::plain),
                (r, c) -> r.find(c, type).map(RowViewTest::plain));
    }

    /** A value's content, an array's as a list, so that answers compare with equals. */
    private static Object plain(Object o) {
        return o instanceof Value v ? contentOf(v) : o instanceof byte[] b ? bytes(b) : o;
    }

    private record Getter(
            Value.Kind kind,
            BiFunction<RowView, Integer, Object> read,
            BiFunction<RowView, String, Object> readByName,
            BiFunction<RowView, Integer, Optional<?>> find,
            BiFunction<RowView, String, Optional<?>> findByName) {}

    private static Optional<Long> boxed(OptionalLong o) {
        return o.isPresent() ? Optional.of(o.getAsLong()) : Optional.empty();
    }

    private static Optional<Double> boxed(OptionalDouble o) {
        return o.isPresent() ? Optional.of(o.getAsDouble()) : Optional.empty();
    }

    private static List<Byte> bytes(byte[] b) {
        List<Byte> out = new ArrayList<>();
        for (byte x : b) {
            out.add(x);
        }
        return out;
    }

    private static Row row() {
        List<Column> columns = new ArrayList<>();
        for (int i = 0; i < ONE_OF_EACH.size(); i++) {
            columns.add(Column.of("c" + i, ONE_OF_EACH.get(i).kind()));
        }
        return Row.of(columns, ONE_OF_EACH);
    }

    @Test
    void everyGetterReadsItsOwnKindAndRefusesEveryOther() {
        Row row = row();
        for (Getter g : GETTERS) {
            for (int i = 0; i < row.size(); i++) {
                Value v = row.get(i);
                int index = i;
                String name = "c" + i;
                if (v.kind() == g.kind()) {
                    Object read = g.read().apply(row, i);
                    assertEquals(contentOf(v), read, g.kind() + " at " + i);
                    assertEquals(read, g.readByName().apply(row, name), g.kind() + " by name");
                    assertEquals(
                            read,
                            g.readByName().apply(row, name.toUpperCase(Locale.ROOT)),
                            g.kind() + " by name, case ignored");
                    assertEquals(Optional.of(read), g.find().apply(row, i), g.kind() + " found at " + i);
                    assertEquals(Optional.of(read), g.findByName().apply(row, name), g.kind() + " found by name");
                } else if (v.isNull()) {
                    assertEquals(Optional.empty(), g.find().apply(row, i), g.kind() + " of a NULL");
                    assertEquals(Optional.empty(), g.findByName().apply(row, name), g.kind() + " of a NULL by name");
                    assertThrows(
                            IllegalStateException.class, () -> g.read().apply(row, index), g.kind() + " of a NULL");
                    assertThrows(
                            IllegalStateException.class,
                            () -> g.readByName().apply(row, name),
                            g.kind() + " of a NULL by name");
                } else {
                    String message = "column c" + i + " (index " + i + ") is " + v.kind() + ", not " + g.kind();
                    for (Executable read : List.<Executable>of(
                            () -> g.read().apply(row, index),
                            () -> g.readByName().apply(row, name),
                            () -> g.find().apply(row, index),
                            () -> g.findByName().apply(row, name))) {
                        IllegalStateException e =
                                assertThrows(IllegalStateException.class, read, g.kind() + " of a " + v.kind());
                        assertEquals(message, e.getMessage());
                    }
                }
            }
            assertThrows(
                    NoSuchElementException.class,
                    () -> g.readByName().apply(row, "missing"),
                    g.kind().name());
            assertThrows(
                    NoSuchElementException.class,
                    () -> g.findByName().apply(row, "missing"),
                    g.kind().name());
            assertThrows(
                    IndexOutOfBoundsException.class,
                    () -> g.find().apply(row, 99),
                    g.kind().name());
        }
    }

    private static Object contentOf(Value v) {
        return switch (v.kind()) {
            case BOOL -> ((Value.Bool) v).value();
            case INT -> ((Value.Int) v).value();
            case FLOAT -> ((Value.Float) v).value();
            case DECIMAL -> ((Value.Decimal) v).value();
            case TEXT -> ((Value.Text) v).value();
            case DATE -> ((Value.Date) v).value();
            case TIME -> ((Value.Time) v).value();
            case DATETIME -> ((Value.DateTime) v).value();
            case TIMESTAMP -> ((Value.Timestamp) v).value();
            case UUID -> ((Value.Uuid) v).value();
            case BYTES -> bytes(((Value.Bytes) v).value());
            default -> v;
        };
    }

    @Test
    void aNullIsNoKindsAndTheMessageSaysToAskIsNull() {
        Row row = row();
        int last = row.size() - 1;
        assertTrue(row.isNull(last));
        assertFalse(row.isNull(0));
        assertEquals(Value.Kind.NULL, row.kind(last));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> row.getLong(last));
        assertEquals("column c12 (index 12) is NULL, not INT; ask isNull first", e.getMessage());
    }

    @Test
    void bytesAreTheCallersCopy() {
        Row row = row();
        byte[] first = row.get(5, byte[].class);
        first[0] = 9;
        assertArrayEquals(new byte[] {1, 2}, row.get(5, byte[].class));
        assertNotSame(row.get(5, byte[].class), row.get(5, byte[].class));
        row.find(5, byte[].class).orElseThrow()[1] = 9;
        row.get("c5", byte[].class)[1] = 9;
        assertArrayEquals(new byte[] {1, 2}, row.get(5, byte[].class));
    }

    @Test
    void valueClassReadsAnyKindAndAVectorReadsAsFloats() {
        Row row = row();
        for (int i = 0; i < row.size(); i++) {
            assertSame(row.get(i), row.get(i, Value.class), "any kind at " + i);
        }
        int last = row.size() - 1;
        assertEquals(Value.NULL, row.get(last, Value.class), "a NULL is a Value too");
        assertEquals(Optional.empty(), row.find(last, Value.class), "but find is empty for it");
        assertEquals(Optional.of(Value.of(42)), row.find("c1", Value.class));
        Row vector =
                Row.of(List.of(Column.of("v", Value.Kind.VECTOR)), List.of(new Value.Vector(new float[] {1f, 2.5f})));
        float[] floats = vector.get(0, float[].class);
        assertArrayEquals(new float[] {1f, 2.5f}, floats);
        floats[0] = 9f;
        assertArrayEquals(new float[] {1f, 2.5f}, vector.get("v", float[].class), "the caller's copy");
        assertEquals(2, vector.get(0, Value.Vector.class).dimensions());
        assertEquals(
                "column c0 (index 0) is BOOL, not VECTOR",
                assertThrows(IllegalStateException.class, () -> row.get(0, float[].class))
                        .getMessage());
    }

    @Test
    void aClassOutsideTheTableIsRefusedNamingTheTable() {
        Row row = row();
        int last = row.size() - 1;
        for (Class<?> type :
                List.of(Integer.class, long.class, Object.class, java.util.Date.class, Value.Null.class, List.class)) {
            for (Executable read : List.<Executable>of(
                    () -> row.get(0, type),
                    () -> row.get("c0", type),
                    () -> row.find(0, type),
                    () -> row.find(last, type),
                    () -> row.find("c0", type))) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, read, type.getName());
                assertTrue(
                        e.getMessage()
                                .startsWith(
                                        type.getName()
                                                + " is not a class a row is read as; the classes are Boolean, Long,"
                                                + " Double, BigDecimal, String, byte[], LocalDate, LocalTime, LocalDateTime, Instant, UUID, float[], Value, Value.Bool,"),
                        e.getMessage());
            }
        }
        assertThrows(NullPointerException.class, () -> row.get(0, (Class<?>) null));
        assertThrows(NullPointerException.class, () -> row.find(0, (Class<?>) null));
    }

    @Test
    void anIntIsNoDecimalAndJsonNoText() {
        Row row = row();
        assertEquals(
                "column c1 (index 1) is INT, not DECIMAL",
                assertThrows(IllegalStateException.class, () -> row.get(1, BigDecimal.class))
                        .getMessage());
        assertEquals(
                "column c11 (index 11) is JSON, not TEXT",
                assertThrows(IllegalStateException.class, () -> row.get(11, String.class))
                        .getMessage());
        assertEquals(
                "column c12 (index 12) is NULL, not DATE; ask isNull first",
                assertThrows(IllegalStateException.class, () -> row.get(12, LocalDate.class))
                        .getMessage());
    }

    /**
     * A view that reads in place overrides the getters by index; the forms by name and the nullable
     * forms reach its cells through them, never through {@code get}, so they keep its speed.
     */
    @Test
    void theNamedAndNullableFormsGoThroughTheIndexedGetters() {
        List<Column> columns = List.of(Column.of("id", Value.Kind.INT), Column.of("email", Value.Kind.TEXT));
        RowView inPlace = new RowView() {
            @Override
            public List<Column> columns() {
                return columns;
            }

            @Override
            public int size() {
                return 2;
            }

            @Override
            public Value get(int index) {
                throw new AssertionError("built a Value for column " + index);
            }

            @Override
            public Value.Kind kind(int index) {
                return index == 0 ? Value.Kind.INT : Value.Kind.NULL;
            }

            @Override
            public boolean isNull(int index) {
                return index == 1;
            }

            @Override
            public long getLong(int index) {
                return 7;
            }
        };
        assertEquals(7, inPlace.getLong("id"));
        assertEquals(OptionalLong.of(7), inPlace.findLong(0));
        assertEquals(OptionalLong.of(7), inPlace.findLong("ID"));
        assertEquals(Optional.empty(), inPlace.findText("email"));
        assertTrue(inPlace.isNull("email"));
        assertEquals(Value.Kind.INT, inPlace.kind("id"));
        assertEquals(1, inPlace.indexOf("Email"));
    }

    @Test
    void namesAndIndexesFailAsRowsDo() {
        Row row = row();
        assertEquals(Value.of(42), row.get("C1"));
        assertThrows(NoSuchElementException.class, () -> row.get("missing"));
        assertEquals(1, row.indexOf("c1"));
        assertEquals(Value.Kind.INT, row.kind("c1"));
        assertTrue(row.isNull("c12"));
        assertFalse(row.isNull("C1"));
        NoSuchElementException missing = assertThrows(NoSuchElementException.class, () -> row.isNull("missing"));
        assertTrue(missing.getMessage().startsWith("no column named missing in [c0, c1,"), missing.getMessage());
        assertThrows(NoSuchElementException.class, () -> row.kind("missing"));
        assertThrows(NullPointerException.class, () -> row.getLong((String) null));
        Row cased = Row.of(
                List.of(Column.of("n", Value.Kind.INT), Column.of("N", Value.Kind.INT)), Value.of(1), Value.of(2));
        assertEquals(2, cased.getLong("N"), "an exact match wins over an earlier one ignoring case");
        assertEquals(1, cased.getLong("n"));
        assertThrows(IndexOutOfBoundsException.class, () -> row.getLong(99));
        assertSame(row, row.toRow());
    }

    /** A view that is not a Row: the defaults of every getter and of toRow go through get(int). */
    @Test
    void theDefaultsServeAnyView() {
        Row row = row();
        RowView view = new RowView() {
            @Override
            public List<Column> columns() {
                return row.columns();
            }

            @Override
            public int size() {
                return row.size();
            }

            @Override
            public Value get(int index) {
                return row.get(index);
            }
        };
        assertEquals(row, view.toRow());
        assertNotSame(row, view.toRow());
        assertEquals(42L, view.getLong(1));
        assertEquals(Value.of("text"), view.get("c4"));
        assertTrue(view.isNull(12));
        assertThrows(IllegalStateException.class, () -> view.getText(1));
    }

    @Test
    void theDefaultForEachRowHandsTheRowsAndStopsAtAClose() {
        List<Column> columns = List.of(Column.of("n", Value.Kind.INT));
        List<Row> rows =
                List.of(Row.of(columns, Value.of(1)), Row.of(columns, Value.of(2)), Row.of(columns, Value.of(3)));
        class InHand implements ResultSet {
            int next;
            boolean closed;

            @Override
            public List<Column> columns() {
                return columns;
            }

            @Override
            public boolean hasNext() {
                return !closed && next < rows.size();
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return rows.get(next++);
            }

            @Override
            public QueryStats stats() {
                return QueryStats.of(next, java.time.Duration.ZERO, false);
            }

            @Override
            public void close() {
                closed = true;
            }
        }
        List<Long> seen = new ArrayList<>();
        assertEquals(3, new InHand().forEachRow(r -> seen.add(r.getLong(0))));
        assertEquals(List.of(1L, 2L, 3L), seen);

        InHand stopped = new InHand();
        assertEquals(2, stopped.forEachRow(r -> {
            if (r.getLong(0) == 2) {
                stopped.close();
            }
        }));
        assertThrows(NullPointerException.class, () -> new InHand().forEachRow(null));
    }
}
