package dev.tobira.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The default {@link Transactor#inTransaction} and {@link Transactor#useTransaction}, on the begin, commit and rollback they are built on. */
class TransactorTest {

    /** Records each call on its transactions; each step can be made to fail. */
    private static final class Recording implements Transactor {
        final List<String> calls = new ArrayList<>();
        RuntimeException beginFails;
        RuntimeException commitFails;
        RuntimeException rollbackFails;

        @Override
        public Tx begin() {
            calls.add("begin");
            if (beginFails != null) {
                throw beginFails;
            }
            return new Tx() {
                boolean ended;

                @Override
                public ResultSet query(Query query) {
                    open();
                    calls.add("query " + query.text());
                    throw new UnsupportedOperationException("not needed here");
                }

                @Override
                public void commit() {
                    open();
                    calls.add("commit");
                    ended = true;
                    if (commitFails != null) {
                        throw commitFails;
                    }
                }

                @Override
                public void rollback() {
                    open();
                    calls.add("rollback");
                    ended = true;
                    if (rollbackFails != null) {
                        throw rollbackFails;
                    }
                }

                @Override
                public void close() {
                    calls.add(ended ? "close" : "close, rolling back");
                    ended = true;
                }

                private void open() {
                    if (ended) {
                        throw new IllegalStateException("the transaction has ended");
                    }
                }
            };
        }
    }

    @Test
    void commitsWhenTheWorkReturns() {
        Recording t = new Recording();
        assertEquals("done", t.inTransaction(tx -> "done"));
        assertEquals(List.of("begin", "commit", "close"), t.calls);
        assertNull(t.inTransaction(tx -> null), "null as the work returned it");

        Recording used = new Recording();
        List<Transactor.Tx> seen = new ArrayList<>();
        used.useTransaction(seen::add);
        assertEquals(1, seen.size());
        assertEquals(List.of("begin", "commit", "close"), used.calls);
    }

    @Test
    void rollsBackWhenTheWorkThrowsAndThrowsItAsItIs() {
        Recording t = new Recording();
        DriverException failure = DriverException.of(ErrorKind.CONSTRAINT, "toy", "query", "duplicate key");
        assertSame(
                failure,
                assertThrows(
                        DriverException.class,
                        () -> t.inTransaction(tx -> {
                            throw failure;
                        })));
        assertEquals(List.of("begin", "rollback", "close"), t.calls);
        assertEquals(0, failure.getSuppressed().length);

        Recording errors = new Recording();
        StackOverflowError error = new StackOverflowError();
        assertSame(
                error,
                assertThrows(
                        StackOverflowError.class,
                        () -> errors.useTransaction(tx -> {
                            throw error;
                        })),
                "an Error rolls back too");
        assertEquals(List.of("begin", "rollback", "close"), errors.calls);
    }

    @Test
    void aFailedRollbackIsSuppressedInTheWorksFailure() {
        Recording t = new Recording();
        t.rollbackFails = DriverException.of(ErrorKind.CONNECTION, "toy", "rollback", "connection reset");
        IllegalArgumentException failure = new IllegalArgumentException("bad input");
        assertSame(
                failure,
                assertThrows(
                        IllegalArgumentException.class,
                        () -> t.inTransaction(tx -> {
                            throw failure;
                        })));
        assertArrayEquals(new Throwable[] {t.rollbackFails}, failure.getSuppressed());
        assertEquals(List.of("begin", "rollback", "close"), t.calls);
    }

    @Test
    void aFailedCommitIsThrownAsItIsAndABeginFailureStartsNothing() {
        Recording t = new Recording();
        t.commitFails = DriverException.of(ErrorKind.CONFLICT, "toy", "commit", "could not serialize access");
        DriverException thrown = assertThrows(DriverException.class, () -> t.inTransaction(tx -> 1));
        assertSame(t.commitFails, thrown);
        assertEquals(0, thrown.getSuppressed().length);
        assertEquals(List.of("begin", "commit", "close"), t.calls);

        Recording refused = new Recording();
        refused.beginFails = new IllegalStateException("a transaction is already open");
        assertSame(refused.beginFails, assertThrows(IllegalStateException.class, () -> refused.inTransaction(tx -> 1)));
        assertEquals(List.of("begin"), refused.calls);
        assertThrows(NullPointerException.class, () -> refused.inTransaction(null));
        assertThrows(NullPointerException.class, () -> refused.useTransaction(null));
        assertEquals(List.of("begin"), refused.calls, "a null work begins nothing");
    }

    @Test
    void aWorkThatEndsTheTransactionItselfIsAProgrammingError() {
        Recording t = new Recording();
        assertThrows(IllegalStateException.class, () -> t.useTransaction(Transactor.Tx::rollback));
        assertEquals(List.of("begin", "rollback", "close"), t.calls);
    }
}
