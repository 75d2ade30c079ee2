package dev.tobira.api;

/**
 * Runs several queries as one transaction.
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
