/**
 * The toolkit for driver authors: the SQL lexer ({@link dev.tobira.spi.SqlLexer},
 * {@link dev.tobira.spi.SqlScan}) and the statement guard built on it
 * ({@link dev.tobira.spi.StatementGuard}), the {@link dev.tobira.spi.Redactor} every message
 * passes through, DSN parsing ({@link dev.tobira.spi.Dsn}), result bookkeeping, and what every
 * connection shares: its facets' argument checks ({@link dev.tobira.spi.FacetArguments}) and a
 * call's deadline ({@link dev.tobira.spi.CallDeadline}). The drivers that are not JDBC are built on
 * {@link dev.tobira.spi.base}.
 *
 * <p><b>Nulls.</b> No method accepts or returns {@code null} unless its documentation says so;
 * absence is {@link java.util.Optional} or an empty collection. A null argument throws
 * {@link java.lang.NullPointerException} naming it.
 *
 * <p><b>Errors.</b> Problems with what a user sent (query text, a DSN) are
 * {@link dev.tobira.api.DriverException}s whose messages never hold a credential; programming
 * errors use the JDK's exceptions.
 *
 * @since 0.1
 */
package dev.tobira.spi;
