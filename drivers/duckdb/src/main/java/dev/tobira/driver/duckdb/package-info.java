/**
 * The DuckDB driver of tobira, {@link dev.tobira.driver.duckdb.DuckdbDriver}, a dialect on the JDBC
 * base ({@code tobira-jdbc}) over DuckDB's JDBC driver, which runs the engine embedded in this
 * process. Applications do not name it: {@link dev.tobira.api.Registry#discover()} finds it on the
 * class path for DSNs such as {@code duckdb:./shop.duckdb} or {@code duckdb::memory:}. The class
 * documentation lists the read-only guard's layers, the one-configuration-per-file rule of the
 * engine and the facets a connection offers. Everything else in the package is package-private.
 *
 * <p><b>Nulls.</b> No method accepts or returns {@code null}.
 *
 * @since 0.1
 */
package dev.tobira.driver.duckdb;
