package dev.tobira.driver.redis;

/** The guard's decisions on the primary test server (Redis 7 in CI). */
class GuardTest extends AbstractGuardTest {
    @Override
    RedisServers.Address server() {
        return RedisServers.primary();
    }
}
