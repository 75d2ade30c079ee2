/**
 * The DuckDB driver of tobira: DSNs {@code duckdb:./shop.duckdb}, {@code duckdb:/abs/path.duckdb} and
 * {@code duckdb::memory:}, through duckdb_jdbc on the tobira JDBC base.
 *
 * @since 0.1
 */
@SuppressWarnings("requires-automatic") // duckdb_jdbc is an automatic module (duckdb.jdbc)
module dev.tobira.driver.duckdb {
    requires transitive dev.tobira.jdbc;
    requires duckdb.jdbc;

    exports dev.tobira.driver.duckdb;

    provides dev.tobira.api.Driver with
            dev.tobira.driver.duckdb.DuckdbDriver;
}
