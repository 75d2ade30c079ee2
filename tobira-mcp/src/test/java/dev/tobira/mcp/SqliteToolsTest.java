package dev.tobira.mcp;

/** The tools on Sqlite. */
class SqliteToolsTest extends AbstractToolsTest {
    @Override
    Target newTarget() {
        return new SqliteTarget();
    }
}
