package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tobira.api.Column;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class PagedResultSetTest {
    private static final List<Column> COLUMNS = List.of(Column.of("n", Value.Kind.INT, "int", false));

    /** Pages of numbers handed out one at a time; counts the pages asked for and the releases. */
    private static final class Numbers extends PagedResultSet<Long> {
        private final Deque<List<Long>> rest;
        int asked;
        int released;

        Numbers(long limit, List<List<Long>> pages) {
            super(
                    "test",
                    COLUMNS,
                    limit > 0 ? OptionalLong.of(limit) : OptionalLong.empty(),
                    System.nanoTime(),
                    pages.get(0));
            this.rest = new ArrayDeque<>(pages.subList(1, pages.size()));
        }

        @Override
        protected @Nullable Iterable<Long> nextPage() {
            asked++;
            return rest.poll();
        }

        @Override
        protected Row row(Long n) {
            return Row.of(COLUMNS, Value.of(n));
        }

        @Override
        protected void released() {
            released++;
        }
    }

    private static List<Long> drain(Numbers rs) {
        List<Long> out = new ArrayList<>();
        while (rs.hasNext()) {
            out.add(((Value.Int) rs.next().get(0)).value());
        }
        return out;
    }

    @Test
    void readsEveryPageInOrderPassingEmptyOnes() {
        Numbers rs = new Numbers(0, List.of(List.of(1L, 2L), List.of(), List.of(3L), List.of()));
        assertEquals(List.of(1L, 2L, 3L), drain(rs));
        assertEquals(4, rs.asked, "three more pages, then the end");
        assertEquals(1, rs.released);
    }

    @Test
    void asksForNoPageWhileThePageInHandReachesPastTheLimit() {
        Numbers rs = new Numbers(1, List.of(List.of(1L, 2L), List.of(3L)));
        assertEquals(List.of(1L), drain(rs));
        assertEquals(0, rs.asked);
    }

    @Test
    void closeReleasesOnceAndEndsTheRows() {
        Numbers rs = new Numbers(0, List.of(List.of(1L, 2L), List.of(3L)));
        rs.close();
        rs.close();
        assertFalse(rs.hasNext());
        assertEquals(1, rs.released);
    }
}
