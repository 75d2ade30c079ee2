package dev.tobira.driver.redis;

import dev.tobira.drivertest.Fixture;

/**
 * The conformance kit against Redis 6.2 (the binary inside embedded-redis), whose COMMAND INFO
 * flags differ from Redis 7's: no subcommand entries, {@code MEMORY} flagged readonly as a whole,
 * no EVAL_RO or functions. Its report is {@code target/tobira-conformance/redis-6.2.json}, beside
 * the primary server's {@code redis.json}.
 */
class EmbeddedRedisConformanceTest extends RedisConformanceTest {
    @Override
    RedisServers.Address server() {
        return RedisServers.embedded();
    }

    @Override
    protected Fixture fixture() {
        return super.fixture().toBuilder().reportName("redis-6.2").build();
    }
}
