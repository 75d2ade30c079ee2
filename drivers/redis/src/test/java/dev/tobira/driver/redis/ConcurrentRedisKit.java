package dev.tobira.driver.redis;

import dev.tobira.drivertest.Fixture;

/**
 * The kit on the primary server while {@link RedisConcurrentClientTest} writes keys in a database
 * beside the test's own. Not named {@code *Test}: only that test runs it, through the JUnit engine.
 */
class ConcurrentRedisKit extends RedisConformanceTest {
    @Override
    protected Fixture fixture() {
        return super.fixture().toBuilder().reportName("redis-concurrent").build();
    }
}
