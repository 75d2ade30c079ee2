package dev.tobira.driver.postgres;

/** The kit on the embedded server from Maven, always, so that path stays working beside the local one. */
class EmbeddedPostgresConformanceTest extends PgConformance {
    @Override
    String server() {
        return EmbeddedPg.url();
    }

    @Override
    String schema() {
        return "tobira_pg_embedded";
    }
}
