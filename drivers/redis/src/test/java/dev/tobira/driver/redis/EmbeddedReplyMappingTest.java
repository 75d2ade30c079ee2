package dev.tobira.driver.redis;

/** Reply mapping on Redis 6.2. */
class EmbeddedReplyMappingTest extends AbstractReplyMappingTest {
    @Override
    RedisServers.Address server() {
        return RedisServers.embedded();
    }
}
