/**
 * The tobira driver for Redis, built on Lettuce. Its one public type is
 * {@link dev.tobira.driver.redis.RedisDriver}, found through {@link java.util.ServiceLoader}.
 *
 * @since 0.1
 */
module dev.tobira.driver.redis {
    requires transitive dev.tobira.api;
    requires transitive dev.tobira.spi;
    requires lettuce.core;
    requires com.github.benmanes.caffeine;
    requires static org.jspecify;

    exports dev.tobira.driver.redis;

    provides dev.tobira.api.Driver with
            dev.tobira.driver.redis.RedisDriver;
}
