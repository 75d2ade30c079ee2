package dev.tobira.mcp;

/** The tools on Redis. */
class RedisToolsTest extends AbstractToolsTest {
    @Override
    Target newTarget() {
        return new RedisTarget();
    }
}
