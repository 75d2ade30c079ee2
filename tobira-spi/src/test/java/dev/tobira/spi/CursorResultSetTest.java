package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.RowView;
import dev.tobira.api.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The bookkeeping of {@link CursorResultSet} over a cursor of counted rows: the end, the limit,
 * failures, and a close from another thread before, during and between fetches; the same under
 * {@link CursorResultSet#forEachRow}, whose action reads the cursor in place.
 */
class CursorResultSetTest {
    private static final List<Column> COLUMNS = List.of(Column.of("n", Value.Kind.INT));

    /**
     * Rows 1 to {@code size} (or without end when size is negative), recording every call. A fetch
     * of row {@code blockAt} waits until {@link #cancel()} runs.
     */
    private static class Counted extends CursorResultSet {
        final long size;
        final long blockAt;
        final AtomicInteger fetches = new AtomicInteger();
        final AtomicInteger releases = new AtomicInteger();
        final AtomicInteger cancels = new AtomicInteger();
        final AtomicBoolean inFetch = new AtomicBoolean();
        final AtomicBoolean releasedDuringFetch = new AtomicBoolean();
        final AtomicBoolean fetchedAfterRelease = new AtomicBoolean();
        final CountDownLatch blocked = new CountDownLatch(1);
        final CountDownLatch unblock = new CountDownLatch(1);
        final AtomicBoolean inAction = new AtomicBoolean();
        final AtomicBoolean releasedDuringAction = new AtomicBoolean();
        volatile Thread releasedBy;
        volatile RuntimeException failAt3;
        volatile Error errorAt3;

        Counted(long size, long limit, long blockAt) {
            super("test", COLUMNS, limit == 0 ? OptionalLong.empty() : OptionalLong.of(limit), System.nanoTime());
            this.size = size;
            this.blockAt = blockAt;
        }

        @Override
        protected Row fetch() {
            inFetch.set(true);
            try {
                if (releases.get() > 0) {
                    fetchedAfterRelease.set(true);
                }
                long n = fetches.incrementAndGet();
                if (n == blockAt) {
                    blocked.countDown();
                    await(unblock);
                }
                if (n == 3 && failAt3 != null) {
                    throw failAt3;
                }
                if (n == 3 && errorAt3 != null) {
                    throw errorAt3;
                }
                return size >= 0 && n > size ? null : Row.of(COLUMNS, Value.of(n));
            } finally {
                inFetch.set(false);
            }
        }

        @Override
        protected void release() {
            if (inFetch.get()) {
                releasedDuringFetch.set(true);
            }
            if (inAction.get()) {
                releasedDuringAction.set(true);
            }
            releasedBy = Thread.currentThread();
            releases.incrementAndGet();
        }

        @Override
        protected void cancel() {
            cancels.incrementAndGet();
            unblock.countDown();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new AssertionError("latch never opened");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static List<Long> drain(CursorResultSet rs) {
        List<Long> out = new ArrayList<>();
        while (rs.hasNext()) {
            out.add(((Value.Int) rs.next().get(0)).value());
        }
        return out;
    }

    @Test
    void readsToTheEndAndReleasesOnce() {
        Counted rs = new Counted(3, 0, -1);
        assertEquals(List.of(1L, 2L, 3L), drain(rs));
        assertFalse(rs.hasNext());
        assertThrows(NoSuchElementException.class, rs::next);
        assertEquals(1, rs.releases.get());
        assertEquals(4, rs.fetches.get());
        assertTrue(rs.isClosed());
        assertFalse(rs.wasCancelled());
        assertEquals(3, rs.stats().rows());
        assertFalse(rs.stats().truncated());
        rs.close();
        assertEquals(1, rs.releases.get());
        assertSame(COLUMNS.get(0), rs.columns().get(0));
    }

    @Test
    void aLimitIsAtLeastOneAndNoLimitIsEmptyNotZero() {
        assertThrows(
                IllegalArgumentException.class,
                () -> ResultSets.of("test", COLUMNS, List.<Row>of().iterator(), OptionalLong.of(0), System.nanoTime()));
        ResultSet all = ResultSets.of("test", COLUMNS, List.<Row>of().iterator(), System.nanoTime());
        assertFalse(all.hasNext());
        assertFalse(all.stats().truncated());
    }

    @Test
    void stopsAtTheLimitAndTellsWhetherItCut() {
        Counted cut = new Counted(5, 2, -1);
        assertEquals(List.of(1L, 2L), drain(cut));
        assertTrue(cut.stats().truncated());
        assertEquals(3, cut.fetches.get());
        assertEquals(1, cut.releases.get());

        Counted exact = new Counted(2, 2, -1);
        assertEquals(List.of(1L, 2L), drain(exact));
        assertFalse(exact.stats().truncated());
        assertEquals(1, exact.releases.get());
    }

    @Test
    void aFailedFetchClosesAndRethrows() {
        Counted rs = new Counted(5, 0, -1);
        IllegalStateException failure = new IllegalStateException("boom");
        rs.failAt3 = failure;
        assertTrue(rs.hasNext());
        rs.next();
        assertTrue(rs.hasNext());
        rs.next();
        assertSame(failure, assertThrows(IllegalStateException.class, rs::hasNext));
        assertEquals(1, rs.releases.get());
        assertTrue(rs.isClosed());
        assertFalse(rs.hasNext());
        assertEquals(3, rs.fetches.get());
    }

    @Test
    void closeBetweenRowsFromAnotherThreadReleasesThere() throws Exception {
        Counted rs = new Counted(-1, 0, -1);
        assertTrue(rs.hasNext());
        Thread closer = new Thread(rs::close);
        closer.start();
        closer.join();
        assertSame(closer, rs.releasedBy);
        assertEquals(1, rs.releases.get());
        assertEquals(0, rs.cancels.get());
        assertFalse(rs.wasCancelled());
        assertTrue(rs.isClosed());
        assertFalse(rs.hasNext(), "the row in hand is dropped at close");
        assertEquals(1, rs.fetches.get());
    }

    @Test
    void closeDuringAFetchCancelsItAndTheIteratingThreadReleases() throws Exception {
        Counted rs = new Counted(-1, 0, 2);
        assertTrue(rs.hasNext());
        rs.next();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread iterating = new Thread(() -> {
            try {
                rs.hasNext();
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        iterating.start();
        await(rs.blocked);
        rs.close(); // from this thread, while the fetch waits
        rs.close();
        iterating.join();
        assertEquals(1, rs.cancels.get());
        DriverException e = (DriverException) thrown.get();
        assertEquals(ErrorKind.CANCELLED, e.kind());
        assertTrue(e.getMessage().startsWith("test: query: "), e.getMessage());
        assertSame(iterating, rs.releasedBy);
        assertEquals(1, rs.releases.get());
        assertFalse(rs.releasedDuringFetch.get());
        assertTrue(rs.wasCancelled());
        assertTrue(rs.isClosed());
        assertFalse(rs.hasNext());
    }

    /**
     * A close racing the iteration at every point of it: the cursor is released exactly once,
     * never while a fetch runs, nothing is fetched after, and the iterator either ends or is told
     * it was cancelled; a close between hasNext() and next() drops the row in hand, and next()
     * finds none.
     */
    @Test
    void closeRacingTheIterationReleasesExactlyOnce() throws Exception {
        raceClose(
                rs -> {
                    while (rs.hasNext()) {
                        rs.next();
                    }
                },
                NoSuchElementException.class);
    }

    /**
     * Closes from this thread at a point of the reading that moves with the round, and checks what
     * must hold whenever the close came: one release, never under a fetch or an action, nothing
     * fetched after it; CANCELLED exactly when it cancelled; else nothing thrown, or {@code allowed}
     * (null for none).
     */
    private static void raceClose(java.util.function.Consumer<Counted> read, Class<? extends Throwable> allowed)
            throws Exception {
        for (int round = 0; round < 2_000; round++) {
            Counted rs = new Counted(-1, 0, -1);
            CountDownLatch started = new CountDownLatch(1);
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Thread reading = new Thread(() -> {
                try {
                    started.countDown();
                    read.accept(rs);
                } catch (Throwable t) {
                    thrown.set(t);
                }
            });
            reading.start();
            await(started);
            for (int spin = round % 50; spin > 0; spin--) {
                Thread.onSpinWait();
            }
            rs.close();
            reading.join();
            Throwable t = thrown.get();
            if (rs.wasCancelled()) {
                assertEquals(ErrorKind.CANCELLED, ((DriverException) t).kind(), "round " + round);
            } else if (t != null) {
                assertEquals(allowed, t.getClass(), "round " + round + ": " + t);
            }
            assertEquals(1, rs.releases.get(), "round " + round);
            assertFalse(rs.releasedDuringFetch.get(), "round " + round);
            assertFalse(rs.releasedDuringAction.get(), "round " + round);
            assertFalse(rs.fetchedAfterRelease.get(), "round " + round);
            assertEquals(rs.wasCancelled() ? 1 : 0, rs.cancels.get(), "round " + round);
            assertTrue(rs.isClosed(), "round " + round);
        }
    }

    private static long n(RowView row) {
        return row.getLong(0);
    }

    @Test
    void forEachRowHandsEveryRowAndEnds() {
        Counted rs = new Counted(3, 0, -1);
        List<Long> seen = new ArrayList<>();
        assertEquals(3, rs.forEachRow(row -> seen.add(n(row))));
        assertEquals(List.of(1L, 2L, 3L), seen);
        assertEquals(1, rs.releases.get());
        assertEquals(4, rs.fetches.get());
        assertTrue(rs.isClosed());
        assertEquals(3, rs.stats().rows());
        assertFalse(rs.stats().truncated());
        assertEquals(0, rs.forEachRow(row -> seen.add(-1L)), "a second pass finds nothing");
        assertFalse(rs.hasNext());
        assertEquals(1, rs.releases.get());
    }

    @Test
    void forEachRowStopsAtTheLimitAndTellsWhetherItCut() {
        Counted cut = new Counted(5, 2, -1);
        List<Long> seen = new ArrayList<>();
        assertEquals(2, cut.forEachRow(row -> seen.add(n(row))));
        assertEquals(List.of(1L, 2L), seen);
        assertTrue(cut.stats().truncated());
        assertEquals(3, cut.fetches.get());
        assertEquals(1, cut.releases.get());

        Counted exact = new Counted(2, 2, -1);
        assertEquals(2, exact.forEachRow(row -> {}));
        assertFalse(exact.stats().truncated());
        assertEquals(1, exact.releases.get());
    }

    @Test
    void forEachRowStartsWithTheRowHasNextFetched() {
        Counted rs = new Counted(3, 0, -1);
        assertTrue(rs.hasNext());
        List<Long> seen = new ArrayList<>();
        assertEquals(3, rs.forEachRow(row -> seen.add(n(row))));
        assertEquals(List.of(1L, 2L, 3L), seen);
        assertEquals(3, rs.stats().rows());
        assertEquals(1, rs.releases.get());
    }

    @Test
    void aCloseFromTheActionStopsTheRowsWithoutAnError() {
        Counted rs = new Counted(-1, 0, -1);
        List<Long> seen = new ArrayList<>();
        long handed = rs.forEachRow(row -> {
            seen.add(n(row));
            if (seen.size() == 2) {
                rs.close();
            }
        });
        assertEquals(2, handed);
        assertEquals(List.of(1L, 2L), seen);
        assertEquals(1, rs.releases.get());
        assertEquals(0, rs.cancels.get(), "its own close is not a cancel");
        assertFalse(rs.wasCancelled());
        assertTrue(rs.isClosed());
        assertEquals(2, rs.fetches.get());
        assertFalse(rs.hasNext());
    }

    @Test
    void anActionsFailureIsThrownAsItIsAndClosesTheResult() {
        Counted rs = new Counted(5, 0, -1);
        IllegalArgumentException failure = new IllegalArgumentException("the caller's");
        assertSame(
                failure,
                assertThrows(
                        IllegalArgumentException.class,
                        () -> rs.forEachRow(row -> {
                            if (n(row) == 2) {
                                throw failure;
                            }
                        })));
        assertEquals(1, rs.releases.get());
        assertTrue(rs.isClosed());
        assertFalse(rs.hasNext());
    }

    /** A checked exception thrown past the compiler (Kotlin, Lombok's @SneakyThrows) must not leave the state behind. */
    @Test
    void aCheckedExceptionFromTheActionIsThrownAsItIsAndClosesTheResult() {
        Counted rs = new Counted(5, 0, -1);
        Exception checked = new java.io.IOException("checked");
        Throwable thrown = assertThrows(Throwable.class, () -> rs.forEachRow(row -> sneakyThrow(checked)));
        assertSame(checked, thrown);
        assertEquals(1, rs.releases.get());
        assertTrue(rs.isClosed());
        rs.close();
        assertEquals(1, rs.releases.get());
    }

    @Test
    void anErrorFromAFetchUnderHasNextClosesTheResult() {
        Counted rs = new Counted(5, 0, -1);
        rs.errorAt3 = new AssertionError("an Error");
        rs.next();
        rs.next();
        assertThrows(AssertionError.class, rs::hasNext);
        assertEquals(1, rs.releases.get());
        assertTrue(rs.isClosed());
    }

    @Test
    void aCloseFromTheActionHoldsEvenWhenTheActionThenThrows() {
        Counted rs = new Counted(-1, 0, -1);
        IllegalStateException failure = new IllegalStateException("after the close");
        assertSame(
                failure,
                assertThrows(
                        IllegalStateException.class,
                        () -> rs.forEachRow(row -> {
                            rs.close();
                            throw failure;
                        })));
        assertEquals(1, rs.releases.get());
        assertTrue(rs.isClosed());
        assertFalse(rs.hasNext());
        assertEquals(1, rs.fetches.get(), "nothing fetched after the close");
    }

    @Test
    void theActionMayNotIterateTheResultItReads() {
        Counted rs = new Counted(5, 0, -1);
        assertThrows(IllegalStateException.class, () -> rs.forEachRow(row -> rs.hasNext()));
        assertEquals(1, rs.releases.get(), "the refusal ends the rows like any failure of the action");
        Counted nested = new Counted(5, 0, -1);
        assertThrows(IllegalStateException.class, () -> nested.forEachRow(row -> nested.forEachRow(inner -> {})));
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneakyThrow(Throwable t) throws T {
        throw (T) t;
    }

    @Test
    void aFailedFetchUnderForEachRowClosesAndRethrows() {
        Counted rs = new Counted(5, 0, -1);
        IllegalStateException failure = new IllegalStateException("boom");
        rs.failAt3 = failure;
        List<Long> seen = new ArrayList<>();
        assertSame(failure, assertThrows(IllegalStateException.class, () -> rs.forEachRow(row -> seen.add(n(row)))));
        assertEquals(List.of(1L, 2L), seen);
        assertEquals(1, rs.releases.get());
        assertTrue(rs.isClosed());
    }

    @Test
    void aCloseFromAnotherThreadDuringTheActionCancelsAndTheActionsThreadReleases() throws Exception {
        Counted rs = new Counted(-1, 0, -1);
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicInteger handed = new AtomicInteger();
        Thread iterating = new Thread(() -> {
            try {
                rs.forEachRow(row -> {
                    rs.inAction.set(true);
                    handed.incrementAndGet();
                    if (n(row) == 2) {
                        inside.countDown();
                        await(closed);
                    }
                    rs.inAction.set(false);
                });
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        iterating.start();
        await(inside);
        rs.close(); // while the action reads row 2 in place
        assertEquals(0, rs.releases.get(), "the cursor is not released under the action");
        closed.countDown();
        iterating.join();
        assertEquals(ErrorKind.CANCELLED, ((DriverException) thrown.get()).kind());
        assertEquals(2, handed.get());
        assertEquals(1, rs.cancels.get());
        assertSame(iterating, rs.releasedBy);
        assertEquals(1, rs.releases.get());
        assertFalse(rs.releasedDuringAction.get());
        assertTrue(rs.isClosed());
    }

    /** As {@link #closeRacingTheIterationReleasesExactlyOnce}, for forEachRow, which throws nothing but CANCELLED. */
    @Test
    void closeRacingForEachRowReleasesExactlyOnce() throws Exception {
        raceClose(
                rs -> rs.forEachRow(row -> {
                    rs.inAction.set(true);
                    n(row);
                    rs.inAction.set(false);
                }),
                null);
    }
}
