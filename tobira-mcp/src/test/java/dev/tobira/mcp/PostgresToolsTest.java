package dev.tobira.mcp;

/** The tools on Postgres. */
class PostgresToolsTest extends AbstractToolsTest {
    @Override
    Target newTarget() {
        return new PostgresTarget();
    }
}
