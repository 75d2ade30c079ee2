package dev.tobira.driver.postgres;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tobira.jdbc.JdbcSession;
import java.sql.SQLException;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * One session's describe and collection listings, kept a short while: a completer or a browser
 * asks for the same description many times in a row, and each costs several catalog queries.
 * Bounded, and state of the {@link JdbcSession} ({@link #KEY}), so it goes with the connection;
 * {@link #invalidate()} drops it when the session's schema may have changed through tobira.
 * Another session's DDL shows after {@link #TTL} at most.
 */
final class MetadataCache {
    static final Duration TTL = Duration.ofSeconds(30);
    private static final int ENTRIES = 256;

    /** The session's cache, made on first use. */
    static final JdbcSession.Key<MetadataCache> KEY =
            JdbcSession.Key.of("postgres metadata cache", MetadataCache.class, session -> new MetadataCache());

    /** Made on the first reading: most sessions never describe, and every statement without rows invalidates. */
    private volatile @Nullable Cache<Question, Object> entries;

    /** What was asked: the operation and its arguments. */
    record Question(String op, String namespace, String name) {}

    /** A reading that may fail with the vendor's exception. */
    @FunctionalInterface
    interface Reading<T> {
        T read() throws SQLException;
    }

    <T> T get(Question question, Class<T> type, Reading<T> reading) throws SQLException {
        Cache<Question, Object> cache = entries;
        if (cache == null) {
            cache = Caffeine.newBuilder()
                    .maximumSize(ENTRIES)
                    .expireAfterWrite(TTL)
                    .build();
            entries = cache; // a race makes a second empty cache, which only costs a reading
        }
        Object cached = cache.getIfPresent(question);
        if (type.isInstance(cached)) {
            return type.cast(cached);
        }
        T value = reading.read();
        cache.put(question, value);
        return value;
    }

    void invalidate() {
        Cache<Question, Object> cache = entries;
        if (cache != null) {
            cache.invalidateAll();
        }
    }
}
