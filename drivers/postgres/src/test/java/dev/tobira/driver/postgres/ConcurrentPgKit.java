package dev.tobira.driver.postgres;

/**
 * The kit on the local server while {@link PgConcurrentClientTest} creates databases, roles and
 * schemas beside it. Not named {@code *Test}: only that test runs it, through the JUnit engine.
 */
class ConcurrentPgKit extends PgConformance {
    @Override
    String server() {
        return PgServer.find();
    }

    @Override
    String schema() {
        return "tobira_pg_concurrent";
    }
}
