package dev.tobira.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** {@link ResultSet#one}, {@link ResultSet#findOne}, {@link ResultSet#first} and {@link ResultSet#findFirst}: none, one, many, each closing. */
class ResultSetOneTest {
    private static final List<Column> COLUMNS = List.of(Column.of("id", Value.Kind.INT));

    /** Rows in memory; counts the rows read and the closes. */
    private static final class InHand implements ResultSet {
        private final int size;
        private final int failAt;
        private int next;
        private int closes;

        InHand(int size) {
            this(size, -1);
        }

        /** Fails {@code hasNext()} with a CONNECTION error once {@code failAt} rows were read. */
        InHand(int size, int failAt) {
            this.size = size;
            this.failAt = failAt;
        }

        @Override
        public List<Column> columns() {
            return COLUMNS;
        }

        @Override
        public boolean hasNext() {
            if (next == failAt) {
                throw DriverException.of(ErrorKind.CONNECTION, "toy", "query", "the line broke");
            }
            return closes == 0 && next < size;
        }

        @Override
        public Row next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            next++;
            return Row.of(COLUMNS, Value.of(next));
        }

        @Override
        public QueryStats stats() {
            throw new UnsupportedOperationException("not asked here");
        }

        @Override
        public void close() {
            closes++;
        }
    }

    private static final Function<RowView, Long> ID = row -> row.getLong(0);

    @Test
    void oneReturnsTheOnlyRowAndCloses() {
        InHand rs = new InHand(1);
        assertEquals(1L, rs.one(ID));
        assertTrue(rs.closes > 0);
    }

    @Test
    void oneOfNoneThrowsNoSuchElementAndCloses() {
        InHand rs = new InHand(0);
        NoSuchElementException e = assertThrows(NoSuchElementException.class, () -> rs.one(ID));
        assertEquals("expected one row, found none", e.getMessage());
        assertTrue(rs.closes > 0);
    }

    @Test
    void oneOfManyThrowsIllegalStateAfterReadingTwoAndCloses() {
        InHand rs = new InHand(5);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> rs.one(ID));
        assertEquals("expected one row, found more than one", e.getMessage());
        assertEquals(1, rs.next, "the second row is only asked for, the rest never read");
        assertTrue(rs.closes > 0);
    }

    @Test
    void findOneIsEmptyForNoneAndThrowsForMany() {
        InHand none = new InHand(0);
        assertEquals(Optional.empty(), none.findOne(ID));
        assertTrue(none.closes > 0);
        InHand single = new InHand(1);
        assertEquals(Optional.of(1L), single.findOne(ID));
        assertTrue(single.closes > 0);
        InHand many = new InHand(3);
        assertEquals(
                "expected one row, found more than one",
                assertThrows(IllegalStateException.class, () -> many.findOne(ID))
                        .getMessage());
        assertTrue(many.closes > 0);
    }

    @Test
    void firstReadsOneRowOfManyAndCloses() {
        InHand rs = new InHand(5);
        assertEquals(1L, rs.first(ID));
        assertEquals(1, rs.next, "only the first row is read");
        assertTrue(rs.closes > 0);
        InHand none = new InHand(0);
        assertThrows(NoSuchElementException.class, () -> none.first(ID));
        assertTrue(none.closes > 0);
    }

    @Test
    void findFirstIsEmptyForNone() {
        InHand none = new InHand(0);
        assertEquals(Optional.empty(), none.findFirst(ID));
        assertTrue(none.closes > 0);
        InHand many = new InHand(2);
        assertEquals(Optional.of(1L), many.findFirst(ID));
        assertTrue(many.closes > 0);
    }

    @Test
    void aMapperReturningNullIsNamedAndTheResultCloses() {
        for (Function<InHand, Object> read : List.<Function<InHand, Object>>of(
                rs -> rs.one(row -> null), rs -> rs.findOne(row -> null),
                rs -> rs.first(row -> null), rs -> rs.findFirst(row -> null))) {
            InHand rs = new InHand(1);
            NullPointerException e = assertThrows(NullPointerException.class, () -> read.apply(rs));
            assertTrue(e.getMessage().startsWith("mapper returned null"), e.getMessage());
            assertTrue(rs.closes > 0);
        }
        assertEquals(
                "mapper is null",
                assertThrows(NullPointerException.class, () -> new InHand(1).one(null))
                        .getMessage());
    }

    @Test
    void aMapperOrDatabaseFailureIsThrownAsItIsAndCloses() {
        InHand rs = new InHand(1);
        IllegalArgumentException thrown = new IllegalArgumentException("mine");
        assertEquals(
                thrown,
                assertThrows(
                        IllegalArgumentException.class,
                        () -> rs.one(row -> {
                            throw thrown;
                        })));
        assertTrue(rs.closes > 0);
        InHand broken = new InHand(3, 1);
        assertEquals(
                ErrorKind.CONNECTION,
                assertThrows(DriverException.class, () -> broken.findOne(ID)).kind());
        assertTrue(broken.closes > 0, "closed when the database fails between the two rows");
        InHand brokenFirst = new InHand(3, 0);
        assertThrows(DriverException.class, () -> brokenFirst.findFirst(ID));
        assertTrue(brokenFirst.closes > 0);
    }
}
