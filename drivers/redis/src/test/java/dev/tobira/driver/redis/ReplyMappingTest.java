package dev.tobira.driver.redis;

/** Reply mapping on the primary test server (Redis 7 in CI). */
class ReplyMappingTest extends AbstractReplyMappingTest {
    @Override
    RedisServers.Address server() {
        return RedisServers.primary();
    }
}
