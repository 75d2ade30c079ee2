package dev.tobira.driver.redis;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.CursorResultSet;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The change feed: the server's keyspace notifications ({@code __keyspace@<db>__:<key>}) for the
 * keys of a collection, on a publish/subscribe connection of its own. Redis publishes them only
 * when {@code notify-keyspace-events} enables keyspace events ({@code K}) of some class; without
 * that the feed is unsupported. Notifications are fire-and-forget: a change made while no feed
 * listens is not replayed.
 */
final class KeyspaceFeed extends CursorResultSet {
    static final List<Column> COLUMNS = List.of(
            Column.of("op", Value.Kind.TEXT, "keyspace event", false),
            Column.of("key", Value.Kind.TEXT, "key", false),
            Column.of("at", Value.Kind.TIMESTAMP, "received", false));
    /** The end of the feed in the queue, after a cancel or a close. */
    private static final Optional<Row> END = Optional.empty();

    private final StatefulRedisPubSubConnection<byte[], byte[]> link;
    private final RedisSession session;
    private final LinkedBlockingQueue<Optional<Row>> changes = new LinkedBlockingQueue<>();
    private final Consumer<KeyspaceFeed> onRelease;

    private KeyspaceFeed(
            RedisSession session,
            StatefulRedisPubSubConnection<byte[], byte[]> link,
            Consumer<KeyspaceFeed> onRelease) {
        super(RedisDriver.NAME, COLUMNS, OptionalLong.empty(), System.nanoTime());
        this.session = session;
        this.link = link;
        this.onRelease = onRelease;
    }

    /** Whether the server publishes keyspace events, by its {@code notify-keyspace-events}. */
    static boolean enabled(RedisCatalog catalog) {
        try {
            List<Reply> pair = RedisCatalog.flatten(
                    catalog.call(catalog.defaultDb(), "tail", "CONFIG", "GET", "notify-keyspace-events"));
            if (pair.size() != 2) {
                return false;
            }
            String flags = Reply.text(pair.get(1));
            return flags.indexOf('K') >= 0 && flags.chars().anyMatch(c -> "g$lshzxetdmnA".indexOf(c) >= 0);
        } catch (DriverException e) {
            if (e.kind() == ErrorKind.CONNECTION || e.kind() == ErrorKind.TIMEOUT) {
                throw e;
            }
            return false; // CONFIG refused: the driver cannot tell, so it offers no feed
        }
    }

    static DriverException unsupported() {
        return DriverException.of(ErrorKind.UNSUPPORTED, RedisDriver.NAME, "tail", "change feeds are not supported");
    }

    static KeyspaceFeed start(
            RedisSession session, RedisCatalog catalog, CollectionRef collection, Consumer<KeyspaceFeed> onRelease) {
        int db = catalog.db(collection.namespace().orElse(""), "tail");
        String name = collection.name();
        boolean glob = name.indexOf('*') >= 0 || name.indexOf('?') >= 0 || name.indexOf('[') >= 0;
        String channelPrefix = "__keyspace@" + db + "__:";
        String pattern = channelPrefix + (glob ? name : RedisCatalog.pattern(name));
        StatefulRedisPubSubConnection<byte[], byte[]> link = session.connectPubSub("tail");
        KeyspaceFeed feed = new KeyspaceFeed(session, link, onRelease);
        link.addListener(new RedisPubSubAdapter<>() {
            @Override
            public void message(byte[] p, byte[] channel, byte[] message) {
                String ch = new String(channel, StandardCharsets.UTF_8);
                String key = ch.startsWith(channelPrefix) ? ch.substring(channelPrefix.length()) : ch;
                feed.changes.add(Optional.of(Row.of(
                        COLUMNS,
                        Value.of(new String(message, StandardCharsets.UTF_8)),
                        Value.of(key),
                        new Value.Timestamp(Instant.now()))));
            }
        });
        try {
            session.await(
                    link.async()
                            .psubscribe(pattern.getBytes(StandardCharsets.UTF_8))
                            .toCompletableFuture(),
                    RedisSession.Deadline.of(session.target().connectTimeout()),
                    "tail");
        } catch (RuntimeException e) {
            session.closing(link.closeAsync());
            throw e;
        }
        return feed;
    }

    @Override
    protected @Nullable Row fetch() {
        Optional<Row> row;
        try {
            row = changes.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw DriverException.builder(ErrorKind.CANCELLED, RedisDriver.NAME, "tail")
                    .detail("interrupted while waiting for a change")
                    .cause(e)
                    .build();
        }
        return row.orElse(null);
    }

    @Override
    protected void cancel() {
        changes.add(END);
    }

    @Override
    protected void release() {
        changes.add(END);
        session.closing(link.closeAsync());
        onRelease.accept(this);
    }
}
