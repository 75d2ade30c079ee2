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
import java.util.NoSuchElementException;
import java.util.UUID;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/** The typed getters of {@link RowView} as a {@link Row} has them, and the default {@link ResultSet#forEachRow}. */
class RowViewTest {
    private static final List<Value> ONE_OF_EACH = List.of(
            Value.of(true), Value.of(42), Value.of(1.5), Value.of(new BigDecimal("12.30")), Value.of("text"),
            new Value.Bytes(new byte[] {1, 2}), new Value.Date(LocalDate.of(2026, 9, 2)), new Value.Time(LocalTime.of(13, 5)),
            new Value.DateTime(LocalDateTime.of(2026, 9, 2, 13, 5)), new Value.Timestamp(Instant.parse("2026-09-02T11:05:00Z")),
            new Value.Uuid(UUID.fromString("7c9e6679-7425-40de-944b-e07fc1f90ae7")), new Value.Json("{\"a\":1}"), Value.NULL);

    /** Each typed getter, by the kind it reads. */
    private static final List<Getter> GETTERS = List.of(
            new Getter(Value.Kind.BOOL, RowView::getBoolean),
            new Getter(Value.Kind.INT, RowView::getLong),
            new Getter(Value.Kind.FLOAT, RowView::getDouble),
            new Getter(Value.Kind.DECIMAL, RowView::getDecimal),
            new Getter(Value.Kind.TEXT, RowView::getText),
            new Getter(Value.Kind.BYTES, (r, i) -> List.of(r.getBytes(i)[0], r.getBytes(i)[1])),
            new Getter(Value.Kind.DATE, RowView::getDate),
            new Getter(Value.Kind.TIME, RowView::getTime),
            new Getter(Value.Kind.DATETIME, RowView::getDateTime),
            new Getter(Value.Kind.TIMESTAMP, RowView::getTimestamp),
            new Getter(Value.Kind.UUID, RowView::getUuid));

    private record Getter(Value.Kind kind, BiFunction<RowView, Integer, Object> read) {}

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
                if (v.kind() == g.kind()) {
                    Object read = g.read().apply(row, i);
                    if (v instanceof Value.Bytes b) {
                        assertEquals(List.of(b.value()[0], b.value()[1]), read);
                    } else {
                        assertEquals(contentOf(v), read, g.kind() + " at " + i);
                    }
                } else {
                    IllegalStateException e = assertThrows(IllegalStateException.class, () -> g.read().apply(row, index),
                            g.kind() + " of a " + v.kind());
                    assertTrue(e.getMessage().startsWith("column c" + i + " (index " + i + ") is " + v.kind() + ", not " + g.kind()),
                            e.getMessage());
                }
            }
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
        byte[] first = row.getBytes(5);
        first[0] = 9;
        assertArrayEquals(new byte[] {1, 2}, row.getBytes(5));
        assertNotSame(row.getBytes(5), row.getBytes(5));
    }

    @Test
    void namesAndIndexesFailAsRowsDo() {
        Row row = row();
        assertEquals(Value.of(42), row.get("C1"));
        assertThrows(NoSuchElementException.class, () -> row.get("missing"));
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
        List<Row> rows = List.of(Row.of(columns, Value.of(1)), Row.of(columns, Value.of(2)), Row.of(columns, Value.of(3)));
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
                return new QueryStats(next, -1, java.time.Duration.ZERO, false);
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
