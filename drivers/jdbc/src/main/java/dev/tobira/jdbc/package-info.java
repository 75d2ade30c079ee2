/**
 * The base a JDBC dialect stands on: {@link dev.tobira.jdbc.JdbcDriver} and
 * {@link dev.tobira.jdbc.JdbcDialect}, and the collaborators a dialect hands the base, each one
 * concern: {@link dev.tobira.jdbc.Connector}, {@link dev.tobira.jdbc.ReadOnlyMode} with its
 * {@link dev.tobira.jdbc.StatementScope}, {@link dev.tobira.jdbc.TypeMapping} (with
 * {@link dev.tobira.jdbc.JdbcColumn}, {@link dev.tobira.jdbc.ColumnMapping},
 * {@link dev.tobira.jdbc.ColumnReader} and {@link dev.tobira.jdbc.ColumnReaders}),
 * {@link dev.tobira.jdbc.ErrorMapper}, {@link dev.tobira.jdbc.QueryBuilder},
 * {@link dev.tobira.jdbc.Catalog}, {@link dev.tobira.jdbc.Statements},
 * {@link dev.tobira.jdbc.BulkExport} and {@link dev.tobira.jdbc.Vocabulary}. They receive the
 * {@link dev.tobira.jdbc.JdbcSession} (the one home of per-connection state) and the
 * {@link dev.tobira.jdbc.Call} of a statement; {@link dev.tobira.jdbc.Literals},
 * {@link dev.tobira.jdbc.Export} and {@link dev.tobira.jdbc.GeneratedSql} are what some of them
 * take or give, and {@link dev.tobira.jdbc.DatabaseFile} parses the DSNs of embedded engines' files.
 * Everything else in the package, the connection and its facets among it, is package-private.
 *
 * <p><b>Nulls.</b> No method accepts or returns {@code null} unless its documentation says so.
 *
 * <p><b>Errors.</b> Collaborators may throw {@link java.sql.SQLException}; the base classifies it
 * by the {@link dev.tobira.jdbc.ErrorMapper} and the SQLState into a
 * {@link dev.tobira.api.DriverException} whose message passes the redactor. A collaborator may
 * also throw a {@code DriverException} itself, which passes through unchanged.
 *
 * @since 0.1
 */
package dev.tobira.jdbc;
