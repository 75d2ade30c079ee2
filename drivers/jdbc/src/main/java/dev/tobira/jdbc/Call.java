package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
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
 * @since 0.1
 */
public record Call(boolean guarded, boolean inTransaction, boolean readOnlyConnection, Optional<SqlScan> scan) {
    /**
     * Creates a call.
     *
     * @param guarded whether the statement is on a read-only path
     * @param inTransaction whether it runs inside a transaction of the Transactor
     * @param readOnlyConnection whether the connection was opened read-only
     * @param scan the guard's reading of the caller's text, or empty
     * @throws NullPointerException if scan is null
     */
    public Call {
        requireNonNull(scan, "scan is null");
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

    /** The three flags; the scan is left out, as it repeats the query's text. */
    @Override
    public String toString() {
        return "Call[guarded=" + guarded + ", inTransaction=" + inTransaction + ", readOnlyConnection=" + readOnlyConnection + "]";
    }
}
