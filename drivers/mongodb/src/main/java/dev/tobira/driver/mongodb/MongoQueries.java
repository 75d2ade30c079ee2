package dev.tobira.driver.mongodb;

import com.mongodb.ReadPreference;
import com.mongodb.reactivestreams.client.ClientSession;
import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.OpenResults;
import dev.tobira.spi.ResultSets;
import dev.tobira.spi.base.QueryRunner;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.jspecify.annotations.Nullable;

/**
 * Runs a query: one command document ({@link CommandParser}); on a guarded call it passes
 * {@link ReadOnlyGuard} first, and the checked document is the one sent.
 */
final class MongoQueries implements QueryRunner {
    /** Top-level fields the driver itself manages: refused on every path. */
    static final Set<String> DRIVER_FIELDS = Set.of(
            "lsid",
            "txnNumber",
            "startTransaction",
            "autocommit",
            "stmtId",
            "apiVersion",
            "apiStrict",
            "apiDeprecationErrors");

    private final MongoSession session;
    /** False only through the driver's test-only seam: the guard's statement check is then skipped. */
    private final boolean statementCheck;

    MongoQueries(MongoSession session, boolean statementCheck) {
        this.session = session;
        this.statementCheck = statementCheck;
    }

    /** Whether a guarded command is checked: false only through the driver's test-only seam. */
    boolean statementCheck() {
        return statementCheck;
    }

    @Override
    public ResultSet run(Query query, boolean guarded, OpenResults open) {
        long start = System.nanoTime();
        BsonDocument cmd = prepare(query.text(), query.params(), guarded, "query");
        Duration timeout = query.timeout().orElse(Duration.ZERO); // ZERO: none, in this driver's own calls
        if (!timeout.isZero()) {
            withMaxTime(cmd, timeout);
        }
        String db = session.database(query.namespace().orElse(""), "query");
        String name = cmd.getFirstKey();
        ReadPreference rp = ReadOnlyGuard.READ_COMMANDS.contains(name)
                ? session.target().readPreference()
                : ReadPreference.primary();
        ClientSession cs = session.startSession(timeout, "query");
        RawBsonDocument reply;
        try {
            reply = session.command(cs, db, cmd, rp, timeout, "query");
        } catch (RuntimeException e) {
            MongoSession.closeSession(cs);
            throw e;
        }
        if (Replies.isCursor(reply)) {
            CommandCursor.Builder b = new CommandCursor.Builder(session, cs, db);
            b.batchSize = batchSize(cmd);
            b.readPreference = rp;
            b.timeout = timeout;
            b.limit = query.limit().orElse(0);
            b.startNanos = start;
            b.onClose = open::remove;
            CommandCursor rs = CommandCursor.ofQuery(b, reply);
            open.add(rs);
            if (session.isClosed()) {
                rs.close();
            }
            return rs;
        }
        MongoSession.closeSession(cs);
        if (Replies.WRITES.contains(name)) {
            Replies.checkWrite(reply, "query", session.target().redactor());
            long affected = Replies.affected(reply);
            return ResultSets.affected(
                    MongoDriver.NAME, affected < 0 ? OptionalLong.empty() : OptionalLong.of(affected), start);
        }
        Replies.checkWrite(reply, "query", session.target().redactor());
        Map<String, Value> fields = Replies.fields(reply);
        List<Column> columns = Replies.columns(List.of(fields), Map.of());
        Iterator<Row> rows = List.of(Replies.row(columns, fields)).iterator();
        return ResultSets.of(MongoDriver.NAME, withTypes(columns, reply), rows, query.limit(), start);
    }

    /** Parses, binds and (on a guarded path) checks a command: the one path every caller's document takes. */
    BsonDocument prepare(String text, List<Value> params, boolean guarded, String op) {
        CommandParser.Parsed parsed = CommandParser.parse(text, op);
        guarded &= statementCheck;
        if (guarded && parsed.duplicate().isPresent()) {
            ReadOnlyGuard.check(parsed, op); // refuses the duplicate as READ_ONLY, before anything else is read
        }
        if (parsed.duplicate().isPresent()) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    MongoDriver.NAME,
                    op,
                    "the key " + ReadOnlyGuard.quoted(parsed.duplicate().get())
                            + " appears twice in the command document");
        }
        BsonDocument cmd = Params.bind(parsed.document(), params, op);
        if (guarded) {
            ReadOnlyGuard.check(cmd, op);
        }
        for (String key : cmd.keySet()) {
            if (DRIVER_FIELDS.contains(key) || key.startsWith("$")) {
                throw DriverException.of(
                        ErrorKind.INVALID_ARGUMENT,
                        MongoDriver.NAME,
                        op,
                        "the top-level field " + ReadOnlyGuard.quoted(key)
                                + " belongs to the driver: sessions, transactions and the database are its own");
            }
        }
        return cmd;
    }

    /** The server-side bound of a query timeout; a smaller maxTimeMS the caller wrote stays. */
    private static void withMaxTime(BsonDocument cmd, Duration timeout) {
        long ms = Math.max(1, timeout.toMillis());
        BsonValue given = cmd.get("maxTimeMS");
        if (given != null
                && given.isNumber()
                && given.asNumber().longValue() > 0
                && given.asNumber().longValue() <= ms) {
            return;
        }
        cmd.put("maxTimeMS", new BsonInt64(ms));
    }

    private static @Nullable BsonValue batchSize(BsonDocument cmd) {
        BsonValue v = cmd.get("batchSize");
        if (v == null && cmd.get("cursor") != null && cmd.get("cursor").isDocument()) {
            v = cmd.get("cursor").asDocument().get("batchSize");
        }
        return v != null && v.isNumber() && v.asNumber().longValue() > 0 ? v : null;
    }

    private static List<Column> withTypes(List<Column> columns, RawBsonDocument reply) {
        List<Column> typed = new java.util.ArrayList<>(columns.size());
        for (Column c : columns) {
            BsonValue v = reply.get(c.name());
            typed.add(v == null ? c : c.withNativeType(Bsons.typeName(v.getBsonType())));
        }
        return typed;
    }
}
