package dev.tobira.driver.postgres;

/**
 * The kit on the server the tests find the usual way: {@code TOBIRA_TEST_POSTGRES_URL}, else the
 * machine's server on 127.0.0.1:5432, else the embedded one.
 */
class PostgresConformanceTest extends PgConformance {
    @Override
    String server() {
        return PgServer.find();
    }

    @Override
    String schema() {
        return "tobira_pg_local";
    }
}
