/**
 * The base classes a JDBC dialect extends: {@link dev.tobira.jdbc.JdbcDriver} and
 * {@link dev.tobira.jdbc.JdbcDialect}, with the type-mapping pieces
 * {@link dev.tobira.jdbc.JdbcColumn}, {@link dev.tobira.jdbc.ColumnMapping},
 * {@link dev.tobira.jdbc.ColumnReader} and {@link dev.tobira.jdbc.ColumnReaders}, the
 * {@link dev.tobira.jdbc.Call} a dialect's per-statement hooks receive, the
 * {@link dev.tobira.jdbc.Export} its export hook receives, and {@link dev.tobira.jdbc.DatabaseFile}
 * for the DSNs of embedded engines' files. Everything else in the package is package-private.
 *
 * <p><b>Nulls.</b> No method accepts or returns {@code null} unless its documentation says so.
 *
 * <p><b>Errors.</b> Hooks may throw {@link java.sql.SQLException}; the base classifies it by
 * SQLState (and the dialect's {@link dev.tobira.jdbc.JdbcDialect#classify} for vendor codes) into
 * a {@link dev.tobira.api.DriverException} whose message passes the redactor. A hook may also throw
 * a {@code DriverException} itself, which passes through unchanged.
 *
 * @since 0.1
 */
package dev.tobira.jdbc;
