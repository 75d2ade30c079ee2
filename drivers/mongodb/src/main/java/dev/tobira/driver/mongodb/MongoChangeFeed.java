package dev.tobira.driver.mongodb;

import com.mongodb.ReadPreference;
import com.mongodb.reactivestreams.client.ClientSession;
import dev.tobira.api.ChangeFeed;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.OpenResults;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.RawBsonDocument;

/**
 * The change feed: a {@code $changeStream} aggregation on the collection, followed with awaiting
 * {@code getMore}s (each waits up to {@link #AWAIT} on the server) until the result is closed.
 * Each change is a row {@code op} (the operation type: insert, update, replace, delete, …),
 * {@code key} (the document's {@code _id} as text) and {@code at} (the cluster time, in seconds).
 */
final class MongoChangeFeed implements ChangeFeed {
    static final Duration AWAIT = Duration.ofMillis(500);
    static final List<Column> COLUMNS = List.of(
            Column.of("op", Value.Kind.TEXT, "string", false),
            Column.of("key", Value.Kind.TEXT, "string", true),
            Column.of("at", Value.Kind.TIMESTAMP, "timestamp", true));

    private final MongoSession session;
    private final OpenResults results;

    MongoChangeFeed(MongoSession session, OpenResults results) {
        this.session = session;
        this.results = results;
    }

    @Override
    public ResultSet tail(CollectionRef collection) {
        CommandCursor feed =
                start(session.database(collection.namespace().orElse(""), "tail"), collection.name(), results::remove);
        results.add(feed);
        return feed;
    }

    private CommandCursor start(String db, String collection, Consumer<CommandCursor> onClose) {
        long start = System.nanoTime();
        Duration timeout = session.target().connectTimeout();
        ClientSession cs = session.startSession(timeout, "tail");
        BsonDocument cmd = new BsonDocument("aggregate", new BsonString(collection))
                .append("pipeline", new BsonArray(List.of(new BsonDocument("$changeStream", new BsonDocument()))))
                .append("cursor", new BsonDocument());
        RawBsonDocument reply;
        try {
            reply = session.command(cs, db, cmd, ReadPreference.primary(), timeout, "tail");
        } catch (RuntimeException e) {
            MongoSession.closeSession(cs);
            throw e;
        }
        CommandCursor.Builder b = new CommandCursor.Builder(session, cs, db);
        b.maxAwait = AWAIT;
        b.timeout = timeout;
        b.startNanos = start;
        b.onClose = onClose;
        return CommandCursor.ofFixed(b, reply, COLUMNS, r -> {
            Value.Doc change = (Value.Doc) Bsons.read(r, BsonType.DOCUMENT);
            Map<String, Value> f = change.fields();
            Value op = f.getOrDefault("operationType", Value.NULL);
            Value key = Value.NULL;
            if (f.get("documentKey") instanceof Value.Doc k && k.fields().containsKey("_id")) {
                Value id = k.fields().get("_id");
                key = id.isNull() ? Value.NULL : new Value.Text(id.toString());
            }
            Value at = Value.NULL;
            if (f.get("clusterTime") instanceof Value.Doc ts && ts.fields().get("t") instanceof Value.Int t) {
                at = new Value.Timestamp(Instant.ofEpochSecond(t.value()));
            } else if (f.get("wallTime") instanceof Value.Timestamp wall) {
                at = wall;
            }
            return Row.of(COLUMNS, op.isNull() ? new Value.Text("unknown") : op, key, at);
        });
    }
}
