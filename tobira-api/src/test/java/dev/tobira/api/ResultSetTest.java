package dev.tobira.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The default {@link ResultSet#map} and {@link ResultSet#toList}: lazy, closing, and reading through forEachRow where they can. */
class ResultSetTest {
    private static final List<Column> COLUMNS =
            List.of(Column.of("id", Value.Kind.INT), Column.of("name", Value.Kind.TEXT));

    /** Rows in memory; counts what is read, how, and whether it was closed. */
    private static final class InHand implements ResultSet {
        private final List<Row> rows = new ArrayList<>();
        private int next;
        private int closes;
        private int forEachRowCalls;
        private DriverException failAt;
        private int failIndex = -1;

        InHand(int n) {
            for (int i = 1; i <= n; i++) {
                rows.add(Row.of(COLUMNS, Value.of(i), i == 2 ? Value.NULL : Value.of("name " + i)));
            }
        }

        InHand failingAt(int index, DriverException e) {
            failIndex = index;
            failAt = e;
            return this;
        }

        boolean closed() {
            return closes > 0;
        }

        @Override
        public List<Column> columns() {
            return COLUMNS;
        }

        @Override
        public boolean hasNext() {
            if (next == failIndex) {
                throw failAt;
            }
            return closes == 0 && next < rows.size();
        }

        @Override
        public Row next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return rows.get(next++);
        }

        @Override
        public long forEachRow(Consumer<? super RowView> action) {
            forEachRowCalls++;
            return ResultSet.super.forEachRow(action);
        }

        @Override
        public QueryStats stats() {
            return QueryStats.of(next, Duration.ZERO, false);
        }

        @Override
        public void close() {
            closes++;
        }
    }

    @Test
    void mapIsLazyAndClosesWithTheStream() {
        InHand rs = new InHand(3);
        try (Stream<Long> ids = rs.map(row -> row.getLong("id"))) {
            assertEquals(0, rs.next, "nothing read before the stream is asked");
            assertEquals(1L, ids.findFirst().orElseThrow());
            assertEquals(1, rs.next, "findFirst reads one row");
            assertFalse(rs.closed(), "an unfinished stream keeps the result open");
        }
        assertTrue(rs.closed());
    }

    @Test
    void mapClosesTheResultAtTheLastRowAndTakesEveryRowThroughForEachRow() {
        InHand rs = new InHand(3);
        rs.next();
        List<String> names = rs.map(row -> row.findText("name").orElse("-")).toList();
        assertEquals(List.of("-", "name 3"), names, "the remaining rows, a NULL read without isNull");
        assertTrue(rs.closed(), "exhausted without closing the stream");
        assertEquals(1, rs.forEachRowCalls, "a terminal operation over every element reads with forEachRow");

        InHand pulled = new InHand(2);
        Iterator<Long> it = pulled.map(row -> row.getLong(0)).iterator();
        assertEquals(List.of(1L, 2L), List.of(it.next(), it.next()));
        assertFalse(pulled.closed());
        assertFalse(it.hasNext());
        assertTrue(pulled.closed(), "closed when the pulled stream finds the end");
        assertEquals(0, pulled.forEachRowCalls);
    }

    @Test
    void anExceptionFromTheMapperOrTheDatabaseClosesTheResultAndIsThrownAsItIs() {
        IllegalArgumentException boom = new IllegalArgumentException("boom");
        InHand rs = new InHand(3);
        try (Stream<Object> s = rs.map(row -> {
            throw boom;
        })) {
            assertSame(boom, assertThrows(IllegalArgumentException.class, () -> s.findFirst()));
            assertTrue(rs.closed());
        }
        InHand all = new InHand(3);
        assertSame(
                boom,
                assertThrows(
                        IllegalArgumentException.class,
                        () -> all.map(row -> {
                                    if (row.getLong(0) == 2) {
                                        throw boom;
                                    }
                                    return row.getLong(0);
                                })
                                .forEach(x -> {})));
        assertTrue(all.closed());

        DriverException lost = DriverException.of(ErrorKind.CONNECTION, "toy", "query", "connection reset");
        InHand failing = new InHand(3).failingAt(1, lost);
        assertSame(
                lost,
                assertThrows(
                        DriverException.class,
                        () -> failing.map(row -> row.getLong(0)).iterator().forEachRemaining(x -> {})));
        assertTrue(failing.closed());
        InHand failingPulled = new InHand(3).failingAt(1, lost);
        Iterator<Long> it = failingPulled.map(row -> row.getLong(0)).iterator();
        assertEquals(1L, it.next());
        assertSame(lost, assertThrows(DriverException.class, it::hasNext));
        assertTrue(failingPulled.closed());
        assertThrows(NullPointerException.class, () -> new InHand(1).map(null));
    }

    @Test
    void toListReadsEveryRowAndCloses() {
        InHand rs = new InHand(3);
        List<String> names = rs.toList(row -> row.isNull("name") ? null : row.getText("name"));
        assertEquals(Arrays.asList("name 1", null, "name 3"), names, "null as the mapper returned it");
        assertTrue(rs.closed());
        assertEquals(1, rs.forEachRowCalls);
        assertThrows(UnsupportedOperationException.class, () -> names.add("x"));
        assertEquals(List.of(), rs.toList(row -> row.getLong(0)), "a closed result has no rows left");

        InHand kept = new InHand(2);
        List<Row> rows = kept.toList(RowView::toRow);
        assertEquals(kept.rows, rows);

        IllegalStateException wrongKind =
                assertThrows(IllegalStateException.class, () -> new InHand(2).toList(row -> row.getLong("name")));
        assertTrue(wrongKind.getMessage().contains("is TEXT, not INT"), wrongKind.getMessage());
        InHand thrown = new InHand(3);
        assertThrows(IllegalStateException.class, () -> thrown.toList(row -> row.getText(1)));
        assertTrue(thrown.closed());
        DriverException lost = DriverException.of(ErrorKind.CONNECTION, "toy", "query", "connection reset");
        InHand failing = new InHand(3).failingAt(2, lost);
        assertSame(lost, assertThrows(DriverException.class, () -> failing.toList(row -> row.getLong(0))));
        assertTrue(failing.closed());
        assertThrows(NullPointerException.class, () -> new InHand(1).toList(null));
    }
}
