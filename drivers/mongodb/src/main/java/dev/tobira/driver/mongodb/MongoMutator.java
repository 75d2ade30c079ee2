package dev.tobira.driver.mongodb;

import com.mongodb.ReadPreference;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Mutator;
import dev.tobira.api.Value;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.RawBsonDocument;

/**
 * Changes one document at a time with the {@code insert}, {@code update} ({@code $set}, one
 * document) and {@code delete} (limit 1) commands, built from parts: a caller's field names are
 * checked, never parsed as a command.
 */
final class MongoMutator implements Mutator {
    private final MongoSession session;

    MongoMutator(MongoSession session) {
        this.session = session;
    }

    @Override
    public long insert(CollectionRef collection, Map<String, Value> values) {
        BsonDocument doc = document(values, "insert");
        BsonDocument cmd = new BsonDocument("insert", new BsonString(collection.name()))
                .append("documents", new BsonArray(List.of(doc)));
        return write(collection, cmd, "insert");
    }

    @Override
    public long update(CollectionRef collection, Map<String, Value> key, Map<String, Value> changes) {
        BsonDocument one = new BsonDocument("q", document(key, "update"))
                .append("u", new BsonDocument("$set", document(changes, "update")))
                .append("multi", BsonBoolean.FALSE);
        BsonDocument cmd = new BsonDocument("update", new BsonString(collection.name()))
                .append("updates", new BsonArray(List.of(one)));
        return write(collection, cmd, "update");
    }

    @Override
    public long delete(CollectionRef collection, Map<String, Value> key) {
        BsonDocument one = new BsonDocument("q", document(key, "delete")).append("limit", new BsonInt32(1));
        BsonDocument cmd = new BsonDocument("delete", new BsonString(collection.name()))
                .append("deletes", new BsonArray(List.of(one)));
        return write(collection, cmd, "delete");
    }

    private long write(CollectionRef collection, BsonDocument cmd, String op) {
        RawBsonDocument reply = session.command(
                null,
                session.database(collection.namespace().orElse(""), op),
                cmd,
                ReadPreference.primary(),
                session.target().connectTimeout().multipliedBy(3),
                op);
        Replies.checkWrite(reply, op, session.target().redactor());
        return Replies.affected(reply);
    }

    private static BsonDocument document(Map<String, Value> values, String op) {
        BsonDocument doc = new BsonDocument();
        for (Map.Entry<String, Value> e : values.entrySet()) {
            String k = CommandParser.checkKey(e.getKey(), op);
            if (k.isEmpty() || k.startsWith("$")) {
                throw DriverException.of(
                        ErrorKind.INVALID_ARGUMENT,
                        MongoDriver.NAME,
                        op,
                        "a field name must not be empty or start with $");
            }
            doc.put(k, Bsons.toBson(e.getValue(), op));
        }
        return doc;
    }
}
