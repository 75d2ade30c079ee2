package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Runs several queries as one transaction: either with {@link #begin()} and an explicit
 * {@link Tx#commit()}, or with {@link #inTransaction} / {@link #useTransaction}, which commit when
 * the work returns and roll back when it throws.
 *
 * @since 0.1
 */
public interface Transactor extends Facet {
    /**
     * Begins a transaction on this connection. Until it ends, queries go through the
     * transaction, not through {@link Conn#query(Query)}.
     *
     * @return the transaction; close it in try-with-resources
     * @throws IllegalStateException if a transaction is already open on this connection
     * @throws DriverException on failure
     */
    Tx begin();

    /**
     * Runs work in a new transaction and returns its result: commits when the work returns, rolls
     * back when it throws anything, and throws that throwable as it is, with a failure of the
     * rollback added to it as {@linkplain Throwable#addSuppressed suppressed}. A failed commit is
     * thrown as it is (the transaction is then rolled back by its close, which throws nothing).
     *
     * <p>The work runs its queries through the {@link Tx} it is given and reads each result before
     * the next query and before it returns: return what the rows hold, never an open
     * {@link ResultSet}. It must not end the transaction itself; to roll back, throw. (A work that
     * commits or rolls back anyway makes the commit after it throw {@link IllegalStateException}.)
     *
     * <p>A {@link DriverException} whose {@linkplain DriverException#retryable() retryable()} is true
     * (a {@link ErrorKind#CONFLICT} such as a serialization failure or a deadlock) means the whole
     * call may succeed if made again; a {@link ErrorKind#CONSTRAINT} violation will not.
     *
     * <pre>{@code
     * long id = transactor.inTransaction(tx -> {
     *     tx.query(Query.of("insert into customers (name) values (?)").withParams(Value.of("Ada"))).close();
     *     return tx.query(Query.of("select max(id) from customers")).toList(row -> row.getLong(0)).get(0);
     * });
     * }</pre>
     *
     * @param <T> the work's result
     * @param work what to do inside the transaction
     * @return what the work returned; null if it returned null
     * @throws NullPointerException if work is null
     * @throws IllegalStateException if a transaction is already open on this connection
     * @throws DriverException if beginning or committing fails, or the work's own
     * @since 0.1
     */
    default <T> T inTransaction(Function<? super Tx, ? extends T> work) {
        requireNonNull(work, "work is null");
        try (Tx tx = begin()) {
            T result;
            try {
                result = work.apply(tx);
            } catch (Throwable t) {
                try {
                    tx.rollback();
                } catch (Throwable rollbackFailure) {
                    t.addSuppressed(rollbackFailure); // the work's failure is the one the caller must see
                }
                throw t;
            }
            tx.commit();
            return result;
        }
    }

    /**
     * Runs work that returns nothing in a new transaction: {@link #inTransaction} for a work with no
     * result, with the same commit, rollback and exceptions.
     *
     * @param work what to do inside the transaction
     * @throws NullPointerException if work is null
     * @throws IllegalStateException if a transaction is already open on this connection
     * @throws DriverException if beginning or committing fails, or the work's own
     * @since 0.1
     */
    default void useTransaction(Consumer<? super Tx> work) {
        requireNonNull(work, "work is null");
        inTransaction(tx -> {
            work.accept(tx);
            return null;
        });
    }

    /**
     * An open transaction. Closing it without {@link #commit()} rolls it back. Not thread-safe.
     * On a read-only connection it is a read-only transaction: every query is guarded and
     * {@link #commit()} commits nothing.
     *
     * @since 0.1
     */
    interface Tx extends AutoCloseable {
        /**
         * Runs a query inside the transaction.
         *
         * @param query the query
         * @return the streamed result; close it before the next query
         * @throws IllegalStateException if the transaction has ended
         * @throws DriverException on failure
         */
        ResultSet query(Query query);

        /**
         * Commits the transaction.
         *
         * @throws IllegalStateException if the transaction has ended
         * @throws DriverException CONFLICT if the database aborted it for a clash with another
         *     transaction (retry the whole transaction), CONSTRAINT if a deferred constraint
         *     refused it, or another kind
         */
        void commit();

        /**
         * Rolls the transaction back.
         *
         * @throws IllegalStateException if the transaction has ended
         * @throws DriverException on failure
         */
        void rollback();

        /** Rolls back unless committed or rolled back already. Idempotent; throws nothing. */
        @Override
        void close();
    }
}
