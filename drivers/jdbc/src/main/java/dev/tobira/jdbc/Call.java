package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import java.time.Duration;
import java.util.Optional;

/**
 * What kind of call a statement belongs to; passed to a dialect's per-statement hooks
 * ({@link JdbcDialect#beforeStatement}, {@link JdbcDialect#afterExecute},
 * {@link JdbcDialect#afterStatement}, {@link JdbcDialect#configure}).
 *
 * @param guarded whether the statement is on a read-only path (a read-only connection, or a query
 *     with {@link dev.tobira.api.Query#readOnly()}): the statement guard has already accepted the
 *     text, and the dialect must put the database's own read-only mechanism around it
 * @param inTransaction whether the statement runs inside a {@link dev.tobira.api.Transactor.Tx},
 *     which the dialect began with {@link JdbcDialect#beginTransaction}
 * @param readOnlyConnection whether the connection was opened read-only
 * @param scan the statement guard's reading of the caller's text, when the call has one (queries,
 *     exports and explains); empty for SQL the base generates itself. A hook that needs a scan of
 *     the text it runs takes it from {@link #scanOf}, which reuses this one
 * @param limit the row limit of the call, 0 for none; the base asks the driver for one row more
 *     ({@link #maxRows}), which says whether the result was truncated
 * @param timeout the deadline of the call, zero for none; the base's watchdog cancels the statement
 *     when it passes, and the driver's own query timeout ({@link #queryTimeoutSeconds}) backs it up
 *     (not for an export, whose watchdog cancels the whole export; a dialect may still use it)
 * @since 0.1
 */
public record Call(boolean guarded, boolean inTransaction, boolean readOnlyConnection, Optional<SqlScan> scan,
                   long limit, Duration timeout) {
    /**
     * Creates a call.
     *
     * @param guarded whether the statement is on a read-only path
     * @param inTransaction whether it runs inside a transaction of the Transactor
     * @param readOnlyConnection whether the connection was opened read-only
     * @param scan the guard's reading of the caller's text, or empty
     * @param limit the row limit, 0 for none
     * @param timeout the deadline, zero for none
     * @throws NullPointerException if scan or timeout is null
     * @throws IllegalArgumentException if limit or timeout is negative
     */
    public Call {
        requireNonNull(scan, "scan is null");
        requireNonNull(timeout, "timeout is null");
        if (limit < 0) {
            throw new IllegalArgumentException("limit is negative: " + limit);
        }
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("timeout is negative: " + timeout);
        }
    }

    /**
     * Creates a call with no row limit and no deadline.
     *
     * @param guarded whether the statement is on a read-only path
     * @param inTransaction whether it runs inside a transaction of the Transactor
     * @param readOnlyConnection whether the connection was opened read-only
     * @param scan the guard's reading of the caller's text, or empty
     * @throws NullPointerException if scan is null
     */
    public Call(boolean guarded, boolean inTransaction, boolean readOnlyConnection, Optional<SqlScan> scan) {
        this(guarded, inTransaction, readOnlyConnection, scan, 0, Duration.ZERO);
    }

    /**
     * Creates a call without a scan.
     *
     * @param guarded whether the statement is on a read-only path
     * @param inTransaction whether it runs inside a transaction of the Transactor
     * @param readOnlyConnection whether the connection was opened read-only
     */
    public Call(boolean guarded, boolean inTransaction, boolean readOnlyConnection) {
        this(guarded, inTransaction, readOnlyConnection, Optional.empty());
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
    public SqlScan scanOf(String sql, SqlDialect dialect) {
        requireNonNull(sql, "sql is null");
        requireNonNull(dialect, "dialect is null");
        if (scan.isPresent()) {
            SqlScan s = scan.get();
            // the guard scanned this very string with this very dialect on the hot path: identity first
            if ((s.sql() == sql || s.sql().equals(sql)) && (s.dialect() == dialect || s.dialect().equals(dialect))) {
                return s;
            }
        }
        return SqlScan.of(sql, dialect);
    }

    /**
     * Returns this call with another reading of its text: the guard's scan of the text as it runs,
     * once the base has placed the parameters into it ({@link JdbcDialect#literals}).
     *
     * @param scan the scan
     * @return the call with that scan
     * @throws NullPointerException if scan is null
     */
    public Call withScan(SqlScan scan) {
        return new Call(guarded, inTransaction, readOnlyConnection, Optional.of(requireNonNull(scan, "scan is null")), limit, timeout);
    }

    /** The flags, the limit and the deadline; the scan is left out, as it repeats the query's text. */
    @Override
    public String toString() {
        return "Call[guarded=" + guarded + ", inTransaction=" + inTransaction + ", readOnlyConnection=" + readOnlyConnection
                + (limit > 0 ? ", limit=" + limit : "") + (timeout.isZero() ? "" : ", timeout=" + timeout) + "]";
    }
}
