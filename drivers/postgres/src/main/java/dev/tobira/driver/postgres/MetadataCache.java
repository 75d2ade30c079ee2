package dev.tobira.driver.postgres;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;

/**
 * Describe and collection listings per connection, kept a short while: a completer or a browser
 * asks for the same description many times in a row, and each costs several catalog queries. Bounded
 * per connection and held weakly by connection, so a closed connection's entries go with it;
 * {@link #invalidate(Connection)} drops a connection's entries when it runs DDL through tobira.
 * Another session's DDL shows after {@link #TTL} at most.
 */
final class MetadataCache {
    static final Duration TTL = Duration.ofSeconds(30);
    private static final int PER_CONNECTION = 256;

    private final Cache<Connection, Cache<Key, Object>> byConnection = Caffeine.newBuilder().weakKeys().build();

    /** What was asked: the operation and its arguments. */
    record Key(String op, String namespace, String name) {}

    /** A reading that may fail with the vendor's exception. */
    @FunctionalInterface
    interface Reading<T> {
        T read() throws SQLException;
    }

    <T> T get(Connection connection, Key key, Class<T> type, Reading<T> reading) throws SQLException {
        Cache<Key, Object> cache = byConnection.get(connection, c -> Caffeine.newBuilder()
                .maximumSize(PER_CONNECTION).expireAfterWrite(TTL).build());
        Object cached = cache.getIfPresent(key);
        if (type.isInstance(cached)) {
            return type.cast(cached);
        }
        T value = reading.read();
        cache.put(key, value);
        return value;
    }

    void invalidate(Connection connection) {
        Cache<Key, Object> cache = byConnection.getIfPresent(connection);
        if (cache != null) {
            cache.invalidateAll();
        }
    }
}
