package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import java.time.Duration;
import java.util.Optional;

/**
 * What kind of call a statement belongs to; passed to the collaborators that act per statement
 * ({@link ReadOnlyMode#open}, {@link Statements#prepare}, {@link Statements#configure}). The base makes them; a
 * dialect's own tests make one with {@link #builder()}, naming what they set, so a property added
 * later breaks no caller.
 *
 * <p>Instances are immutable; equal when every property is.
 *
 * @since 0.1
 */
public final class Call {
    private final boolean guarded;
    private final boolean inTransaction;
    private final boolean readOnlyConnection;
    private final Optional<SqlScan> scan;
    private final long limit;
    private final Duration timeout;

    private Call(Builder b) {
        this.guarded = b.guarded;
        this.inTransaction = b.inTransaction;
        this.readOnlyConnection = b.readOnlyConnection;
        this.scan = b.scan;
        this.limit = b.limit;
        this.timeout = b.timeout;
    }

    /**
     * Returns a builder of a call that is not guarded, not in a transaction, on a writable
     * connection, with no scan, no row limit and no deadline.
     *
     * @return the builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Tells whether the statement is on a read-only path (a read-only connection, or a query with
     * {@link dev.tobira.api.Query#readOnly()}): the statement guard has already accepted the text,
     * and the dialect must put the database's own read-only mechanism around it.
     *
     * @return whether the call is guarded
     */
    public boolean guarded() {
        return guarded;
    }

    /**
     * Tells whether the statement runs inside a {@link dev.tobira.api.Transactor.Tx}, which the
     * dialect began with {@link ReadOnlyMode#beginTransaction}.
     *
     * @return whether the call is in a transaction
     */
    public boolean inTransaction() {
        return inTransaction;
    }

    /**
     * Tells whether the connection was opened read-only.
     *
     * @return whether the connection is read-only
     */
    public boolean readOnlyConnection() {
        return readOnlyConnection;
    }

    /**
     * Returns the statement guard's reading of the caller's text, when the call has one (queries,
     * exports and explains); empty for SQL the base generates itself. A hook that needs a scan of
     * the text it runs takes it from {@link #scanOf}, which reuses this one.
     *
     * @return the scan, or empty
     */
    public Optional<SqlScan> scan() {
        return scan;
    }

    /**
     * Returns the row limit of the call, 0 for none; the base asks the driver for one row more
     * ({@link #maxRows}), which says whether the result was truncated.
     *
     * @return the limit
     */
    public long limit() {
        return limit;
    }

    /**
     * Returns the deadline of the call, zero for none; the base's watchdog cancels the statement
     * when it passes, and the driver's own query timeout ({@link #queryTimeoutSeconds}) backs it up
     * (not for an export, whose watchdog cancels the whole export; a dialect may still use it).
     *
     * @return the timeout
     */
    public Duration timeout() {
        return timeout;
    }

    /**
     * Returns what the base passes to {@code setMaxRows}: the limit and one row more, or 0 when
     * there is no limit (or one the driver's {@code int} cannot hold). A dialect that puts the limit
     * into the text itself uses the same count.
     *
     * @return the driver's row limit, 0 for none
     */
    public int maxRows() {
        return limit > 0 && limit < Integer.MAX_VALUE ? (int) limit + 1 : 0;
    }

    /**
     * Returns what the base passes to {@code setQueryTimeout}: a whole second later than the
     * deadline rounded up, so the driver's own timeout only backs the watchdog up; 0 when the call
     * has no deadline.
     *
     * @return the driver's query timeout in seconds, 0 for none
     */
    public int queryTimeoutSeconds() {
        return timeout.isZero() ? 0 : Deadline.backstopSeconds(timeout);
    }

    /**
     * Returns the reading of a statement's text: the guard's own when it read exactly this text in
     * this dialect, so no text is lexed twice on its way to the database, else a new scan.
     *
     * @param sql the text the statement runs
     * @param dialect how the database reads it
     * @return the scan
     * @throws NullPointerException if an argument is null
     */
    // == first: the guard scanned this very string on the hot path; equals() decides otherwise
    @SuppressWarnings("ReferenceEquality")
    public SqlScan scanOf(String sql, SqlDialect dialect) {
        requireNonNull(sql, "sql is null");
        requireNonNull(dialect, "dialect is null");
        if (scan.isPresent()) {
            SqlScan s = scan.get();
            // the guard scanned this very string with this very dialect on the hot path: identity first
            if ((s.sql() == sql || s.sql().equals(sql))
                    && (s.dialect() == dialect || s.dialect().equals(dialect))) {
                return s;
            }
        }
        return SqlScan.of(sql, dialect);
    }

    /**
     * Returns this call with another reading of its text: the guard's scan of the text as it runs,
     * once the base has placed the parameters into it ({@link Statements#literals}).
     *
     * @param scan the scan
     * @return the call with that scan
     * @throws NullPointerException if scan is null
     */
    public Call withScan(SqlScan scan) {
        return toBuilder().scan(scan).build();
    }

    private Builder toBuilder() {
        return builder()
                .guarded(guarded)
                .inTransaction(inTransaction)
                .readOnlyConnection(readOnlyConnection)
                .limit(limit)
                .timeout(timeout)
                .scan(scan);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Call c
                && c.guarded == guarded
                && c.inTransaction == inTransaction
                && c.readOnlyConnection == readOnlyConnection
                && c.limit == limit
                && c.scan.equals(scan)
                && c.timeout.equals(timeout);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(guarded, inTransaction, readOnlyConnection, scan, limit, timeout);
    }

    /** The flags, the limit and the deadline; the scan is left out, as it repeats the query's text. */
    @Override
    public String toString() {
        return "Call[guarded=" + guarded + ", inTransaction=" + inTransaction + ", readOnlyConnection="
                + readOnlyConnection + (limit > 0 ? ", limit=" + limit : "")
                + (timeout.isZero() ? "" : ", timeout=" + timeout) + "]";
    }

    /**
     * Builds a {@link Call}; each property is named where it is set.
     *
     * @since 0.1
     */
    public static final class Builder {
        private boolean guarded;
        private boolean inTransaction;
        private boolean readOnlyConnection;
        private Optional<SqlScan> scan = Optional.empty();
        private long limit;
        private Duration timeout = Duration.ZERO;

        private Builder() {}

        /**
         * Sets {@link Call#guarded()}.
         *
         * @param on whether the call is on a read-only path
         * @return this builder
         */
        public Builder guarded(boolean on) {
            this.guarded = on;
            return this;
        }

        /**
         * Sets {@link Call#inTransaction()}.
         *
         * @param on whether the call runs inside a transaction of the Transactor
         * @return this builder
         */
        public Builder inTransaction(boolean on) {
            this.inTransaction = on;
            return this;
        }

        /**
         * Sets {@link Call#readOnlyConnection()}.
         *
         * @param on whether the connection was opened read-only
         * @return this builder
         */
        public Builder readOnlyConnection(boolean on) {
            this.readOnlyConnection = on;
            return this;
        }

        /**
         * Sets {@link Call#scan()}.
         *
         * @param scan the guard's reading of the caller's text
         * @return this builder
         * @throws NullPointerException if scan is null
         */
        public Builder scan(SqlScan scan) {
            this.scan = Optional.of(requireNonNull(scan, "scan is null"));
            return this;
        }

        private Builder scan(Optional<SqlScan> scan) {
            this.scan = scan;
            return this;
        }

        /**
         * Sets {@link Call#limit()}.
         *
         * @param limit the row limit, 0 for none
         * @return this builder
         * @throws IllegalArgumentException if limit is negative
         */
        public Builder limit(long limit) {
            if (limit < 0) {
                throw new IllegalArgumentException("limit is negative: " + limit);
            }
            this.limit = limit;
            return this;
        }

        /**
         * Sets {@link Call#timeout()}.
         *
         * @param timeout the deadline, zero for none
         * @return this builder
         * @throws NullPointerException if timeout is null
         * @throws IllegalArgumentException if timeout is negative
         */
        public Builder timeout(Duration timeout) {
            requireNonNull(timeout, "timeout is null");
            if (timeout.isNegative()) {
                throw new IllegalArgumentException("timeout is negative: " + timeout);
            }
            this.timeout = timeout;
            return this;
        }

        /**
         * Returns the call.
         *
         * @return the call
         */
        public Call build() {
            return new Call(this);
        }
    }
}
