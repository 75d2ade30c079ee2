package dev.tobira.driver.mongodb;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Explainer;
import dev.tobira.api.Query;
import java.util.function.Predicate;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/**
 * The query plan: {@code explain} with verbosity {@code queryPlanner}, which plans and never runs
 * the command, as relaxed Extended JSON. The explained command takes the query path's one checked
 * way in ({@link MongoQueries#prepare}), and on a guarded call only a read the guard allows and
 * the server can explain gets through.
 */
final class MongoExplainer implements Explainer {
    private final MongoSession session;
    private final MongoQueries queries;
    private final Predicate<Query> guarded;

    MongoExplainer(MongoSession session, MongoQueries queries, Predicate<Query> guarded) {
        this.session = session;
        this.queries = queries;
        this.guarded = guarded;
    }

    @Override
    public Plan explain(Query query) {
        boolean guarded = this.guarded.test(query);
        BsonDocument inner = queries.prepare(query.text(), query.params(), guarded, "explain");
        if (guarded && queries.statementCheck() && !ReadOnlyGuard.EXPLAINABLE.contains(inner.getFirstKey())) {
            throw DriverException.of(
                    ErrorKind.READ_ONLY,
                    MongoDriver.NAME,
                    "explain",
                    "only find, aggregate, count and distinct can be explained on a read-only connection");
        }
        BsonDocument cmd = new BsonDocument("explain", inner).append("verbosity", new BsonString("queryPlanner"));
        RawBsonDocument reply = session.command(
                null,
                session.database(query.namespace().orElse(""), "explain"),
                cmd,
                session.target().readPreference(),
                query.timeout().orElse(session.target().connectTimeout().multipliedBy(3)),
                "explain");
        return new Plan(
                "json",
                reply.toJson(JsonWriterSettings.builder()
                        .outputMode(JsonMode.RELAXED)
                        .indent(true)
                        .build()));
    }
}
