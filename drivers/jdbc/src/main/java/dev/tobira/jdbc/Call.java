package dev.tobira.jdbc;

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
 * @since 0.1
 */
public record Call(boolean guarded, boolean inTransaction, boolean readOnlyConnection) {}
