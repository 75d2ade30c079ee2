package dev.tobira.driver.redis;

/** The guard's decisions on Redis 6.2, whose COMMAND INFO has no subcommand entries. */
class EmbeddedGuardTest extends AbstractGuardTest {
    @Override
    RedisServers.Address server() {
        return RedisServers.embedded();
    }
}
