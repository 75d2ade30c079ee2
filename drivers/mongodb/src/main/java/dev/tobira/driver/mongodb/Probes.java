package dev.tobira.driver.mongodb;

import com.mongodb.ReadPreference;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.time.Duration;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.RawBsonDocument;

/**
 * Asks the server, honestly, whether it can do what an optional facet needs: a server that refuses
 * the command ({@code explain} on a server without it, {@code $changeStream} on a standalone
 * {@code mongod}) makes the facet absent rather than offered and failing. A connection failure is
 * not an answer and is thrown.
 */
final class Probes {
    /** A collection name no application uses: probes read it, and reading a missing collection creates nothing. */
    static final String PROBE_COLLECTION = "tobira_capability_probe";

    private Probes() {}

    static boolean explain(MongoSession session) {
        BsonDocument cmd = new BsonDocument("explain", new BsonDocument("find", new BsonString(PROBE_COLLECTION)))
                .append("verbosity", new BsonString("queryPlanner"));
        try {
            session.command(
                    null,
                    session.target().database(),
                    cmd,
                    session.target().readPreference(),
                    timeout(session),
                    "explain");
            return true;
        } catch (DriverException e) {
            return refused(e);
        }
    }

    static boolean changeStreams(MongoSession session) {
        BsonDocument cmd = new BsonDocument("aggregate", new BsonString(PROBE_COLLECTION))
                .append(
                        "pipeline",
                        new BsonArray(java.util.List.of(new BsonDocument("$changeStream", new BsonDocument()))))
                .append("cursor", new BsonDocument());
        try {
            RawBsonDocument reply = session.command(
                    null, session.target().database(), cmd, ReadPreference.primary(), timeout(session), "tail");
            if (!Replies.isCursor(reply)) {
                return false;
            }
            long id = reply.getDocument("cursor").getInt64("id").getValue();
            session.killCursor(null, session.target().database(), PROBE_COLLECTION, id);
            return true;
        } catch (DriverException e) {
            return refused(e);
        }
    }

    /** Whether the server answered with a refusal (rather than the connection failing). */
    private static boolean refused(DriverException e) {
        if (e.vendorCode().isPresent()
                || e.is(ErrorKind.SYNTAX)
                || e.is(ErrorKind.UNSUPPORTED)
                || e.is(ErrorKind.INTERNAL)) {
            return false;
        }
        throw e;
    }

    private static Duration timeout(MongoSession session) {
        return session.target().connectTimeout();
    }
}
