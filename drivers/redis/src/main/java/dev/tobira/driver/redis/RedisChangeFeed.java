package dev.tobira.driver.redis;

import dev.tobira.api.ChangeFeed;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.ResultSet;
import dev.tobira.spi.OpenResults;

/**
 * The change feed, offered where the server publishes keyspace notifications
 * ({@link KeyspaceFeed#enabled}); each tail asks again, since the server's
 * {@code notify-keyspace-events} may have been turned off since, and is a {@link KeyspaceFeed} the
 * connection closes with itself.
 */
final class RedisChangeFeed implements ChangeFeed {
    private final RedisSession session;
    private final RedisCatalog catalog;
    private final OpenResults results;

    RedisChangeFeed(RedisSession session, RedisCatalog catalog, OpenResults results) {
        this.session = session;
        this.catalog = catalog;
        this.results = results;
    }

    @Override
    public ResultSet tail(CollectionRef collection) {
        if (!KeyspaceFeed.enabled(catalog)) {
            throw KeyspaceFeed.unsupported();
        }
        return results.add(KeyspaceFeed.start(session, catalog, collection, results::remove));
    }
}
