package dev.tobira.driver.mongodb;

import static java.util.Objects.requireNonNull;

import com.mongodb.ReadPreference;
import com.mongodb.reactivestreams.client.ClientSession;
import dev.tobira.api.Browser;
import dev.tobira.api.Capabilities;
import dev.tobira.api.Capability;
import dev.tobira.api.ChangeFeed;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.Completer;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Explainer;
import dev.tobira.api.Facet;
import dev.tobira.api.Mutator;
import dev.tobira.api.Page;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.FacetArguments;
import dev.tobira.spi.OpenResults;
import dev.tobira.spi.ResultSets;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/**
 * A connection to one MongoDB deployment. A query is one command document ({@link CommandParser});
 * on a read-only connection, or for a read-only query, it passes {@link ReadOnlyGuard} first, and
 * the checked document is the one sent.
 */
final class MongoConn implements dev.tobira.api.Conn, Browser, Mutator, Explainer, Completer, ChangeFeed {
    /** Top-level fields the driver itself manages: refused on every path. */
    static final Set<String> DRIVER_FIELDS = Set.of("lsid", "txnNumber", "startTransaction", "autocommit", "stmtId",
            "apiVersion", "apiStrict", "apiDeprecationErrors");
    static final String FEED_UNSUPPORTED = "change feeds are not supported";

    private final Session session;
    private final boolean readOnly;
    /** False only through the driver's test-only seam: the guard's statement check is then skipped. */
    private final boolean statementCheck;
    private final OpenResults open = new OpenResults();
    private final Metadata metadata;
    private volatile Boolean explainOffered;
    private volatile Boolean feedOffered;

    MongoConn(Session session, boolean readOnly, boolean statementCheck) {
        this.session = session;
        this.readOnly = readOnly;
        this.statementCheck = statementCheck;
        this.metadata = new Metadata(session);
    }

    @Override
    public ResultSet query(Query query) {
        requireNonNull(query, "query is null");
        ensureOpen();
        long start = System.nanoTime();
        boolean guarded = readOnly || query.readOnly();
        BsonDocument cmd = prepare(query.text(), query.params(), guarded, "query");
        if (query.hasTimeout()) {
            withMaxTime(cmd, query.timeout());
        }
        String db = database(query.namespace(), "query");
        String name = cmd.getFirstKey();
        ReadPreference rp = ReadOnlyGuard.READ_COMMANDS.contains(name) ? session.target().readPreference() : ReadPreference.primary();
        ClientSession cs = session.startSession(query.timeout(), "query");
        RawBsonDocument reply;
        try {
            reply = session.command(cs, db, cmd, rp, query.timeout(), "query");
        } catch (RuntimeException e) {
            Session.closeSession(cs);
            throw e;
        }
        if (Replies.isCursor(reply)) {
            CommandCursor.Builder b = new CommandCursor.Builder();
            b.session = session;
            b.cs = cs;
            b.db = db;
            b.batchSize = batchSize(cmd);
            b.readPreference = rp;
            b.timeout = query.timeout();
            b.limit = query.limit();
            b.startNanos = start;
            b.onClose = open::remove;
            CommandCursor rs = CommandCursor.ofQuery(b, reply);
            open.add(rs);
            if (session.isClosed()) {
                rs.close();
            }
            return rs;
        }
        Session.closeSession(cs);
        if (Replies.WRITES.contains(name)) {
            Replies.checkWrite(reply, "query", session.target().redactor());
            return ResultSets.affected(MongoDriver.NAME, Replies.affected(reply), start);
        }
        Replies.checkWrite(reply, "query", session.target().redactor());
        Map<String, Value> fields = Replies.fields(reply);
        List<Column> columns = Replies.columns(List.of(fields), Map.of());
        Iterator<Row> rows = List.of(Replies.row(columns, fields)).iterator();
        return ResultSets.of(MongoDriver.NAME, withTypes(columns, reply), rows, query.limit(), start);
    }

    /** Parses, binds and (on a guarded path) checks a command: the one path every caller's document takes. */
    private BsonDocument prepare(String text, List<Value> params, boolean guarded, String op) {
        CommandParser.Parsed parsed = CommandParser.parse(text, op);
        guarded &= statementCheck;
        if (guarded && parsed.duplicate().isPresent()) {
            ReadOnlyGuard.check(parsed, op); // refuses the duplicate as READ_ONLY, before anything else is read
        }
        if (parsed.duplicate().isPresent()) {
            throw DriverException.of(ErrorKind.INVALID_ARGUMENT, MongoDriver.NAME, op, "the key "
                    + ReadOnlyGuard.quoted(parsed.duplicate().get()) + " appears twice in the command document");
        }
        BsonDocument cmd = Params.bind(parsed.document(), params, op);
        if (guarded) {
            ReadOnlyGuard.check(cmd, op);
        }
        for (String key : cmd.keySet()) {
            if (DRIVER_FIELDS.contains(key) || key.startsWith("$")) {
                throw DriverException.of(ErrorKind.INVALID_ARGUMENT, MongoDriver.NAME, op, "the top-level field "
                        + ReadOnlyGuard.quoted(key) + " belongs to the driver: sessions, transactions and the database are its own");
            }
        }
        return cmd;
    }

    /** The server-side bound of a query timeout; a smaller maxTimeMS the caller wrote stays. */
    private static void withMaxTime(BsonDocument cmd, Duration timeout) {
        long ms = Math.max(1, timeout.toMillis());
        BsonValue given = cmd.get("maxTimeMS");
        if (given != null && given.isNumber() && given.asNumber().longValue() > 0 && given.asNumber().longValue() <= ms) {
            return;
        }
        cmd.put("maxTimeMS", new BsonInt64(ms));
    }

    private static BsonValue batchSize(BsonDocument cmd) {
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
            typed.add(new Column(c.name(), c.kind(), v == null ? c.nativeType() : Bsons.typeName(v.getBsonType()), c.nullable()));
        }
        return typed;
    }

    String database(String namespace, String op) {
        if (namespace.isEmpty()) {
            return session.target().database();
        }
        try {
            Target.requireDatabaseName(namespace);
        } catch (DriverException e) {
            throw DriverException.of(ErrorKind.INVALID_ARGUMENT, MongoDriver.NAME, op,
                    "the namespace is not a database name MongoDB allows");
        }
        return namespace;
    }

    @Override
    public void ping() {
        ensureOpen();
        session.command(null, "admin", new BsonDocument("ping", new BsonInt32(1)), ReadPreference.primaryPreferred(),
                session.target().connectTimeout(), "ping");
    }

    @Override
    public List<String> namespaces() {
        ensureOpen();
        return metadata.namespaces();
    }

    @Override
    public List<CollectionRef> collections(String namespace) {
        requireNonNull(namespace, "namespace is null");
        ensureOpen();
        return metadata.collections(database(namespace, "collections"), namespace);
    }

    @Override
    public CollectionInfo describe(CollectionRef collection) {
        requireNonNull(collection, "collection is null");
        ensureOpen();
        return metadata.describe(collection, database(collection.namespace(), "describe"));
    }

    @Override
    public Page browse(CollectionRef collection, String cursor, int size) {
        FacetArguments.browse(collection, cursor, size);
        ensureOpen();
        return metadata.browse(collection, database(collection.namespace(), "browse"), cursor, size);
    }

    @Override
    public long insert(CollectionRef collection, Map<String, Value> values) {
        FacetArguments.insert(collection, values);
        ensureOpen();
        refuseOnReadOnly("insert");
        BsonDocument doc = document(values, "insert");
        BsonDocument cmd = new BsonDocument("insert", new BsonString(collection.name()))
                .append("documents", new BsonArray(List.of(doc)));
        return write(collection, cmd, "insert");
    }

    @Override
    public long update(CollectionRef collection, Map<String, Value> key, Map<String, Value> changes) {
        FacetArguments.update(collection, key, changes);
        ensureOpen();
        refuseOnReadOnly("update");
        BsonDocument one = new BsonDocument("q", document(key, "update"))
                .append("u", new BsonDocument("$set", document(changes, "update")))
                .append("multi", org.bson.BsonBoolean.FALSE);
        BsonDocument cmd = new BsonDocument("update", new BsonString(collection.name()))
                .append("updates", new BsonArray(List.of(one)));
        return write(collection, cmd, "update");
    }

    @Override
    public long delete(CollectionRef collection, Map<String, Value> key) {
        FacetArguments.delete(collection, key);
        ensureOpen();
        refuseOnReadOnly("delete");
        BsonDocument one = new BsonDocument("q", document(key, "delete")).append("limit", new BsonInt32(1));
        BsonDocument cmd = new BsonDocument("delete", new BsonString(collection.name()))
                .append("deletes", new BsonArray(List.of(one)));
        return write(collection, cmd, "delete");
    }

    private long write(CollectionRef collection, BsonDocument cmd, String op) {
        RawBsonDocument reply = session.command(null, database(collection.namespace(), op), cmd, ReadPreference.primary(),
                session.target().connectTimeout().multipliedBy(3), op);
        Replies.checkWrite(reply, op, session.target().redactor());
        return Replies.affected(reply);
    }

    private static BsonDocument document(Map<String, Value> values, String op) {
        BsonDocument doc = new BsonDocument();
        for (Map.Entry<String, Value> e : values.entrySet()) {
            String k = CommandParser.checkKey(e.getKey(), op);
            if (k.isEmpty() || k.startsWith("$")) {
                throw DriverException.of(ErrorKind.INVALID_ARGUMENT, MongoDriver.NAME, op,
                        "a field name must not be empty or start with $");
            }
            doc.put(k, Bsons.toBson(e.getValue(), op));
        }
        return doc;
    }

    /**
     * Returns the query plan ({@code explain} with verbosity {@code queryPlanner}, which plans and
     * never runs the command) as relaxed Extended JSON. A read-only path checks the explained command
     * with the guard first.
     */
    @Override
    public Plan explain(Query query) {
        requireNonNull(query, "query is null");
        ensureOpen();
        if (!explainOffered()) {
            throw DriverException.of(ErrorKind.UNSUPPORTED, MongoDriver.NAME, "explain", "the server does not support explain");
        }
        boolean guarded = readOnly || query.readOnly();
        BsonDocument inner = prepare(query.text(), query.params(), guarded, "explain");
        if (guarded && statementCheck && !ReadOnlyGuard.EXPLAINABLE.contains(inner.getFirstKey())) {
            throw DriverException.of(ErrorKind.READ_ONLY, MongoDriver.NAME, "explain",
                    "only find, aggregate, count and distinct can be explained on a read-only connection");
        }
        BsonDocument cmd = new BsonDocument("explain", inner).append("verbosity", new BsonString("queryPlanner"));
        RawBsonDocument reply = session.command(null, database(query.namespace(), "explain"), cmd,
                session.target().readPreference(), query.hasTimeout() ? query.timeout() : session.target().connectTimeout().multipliedBy(3),
                "explain");
        return new Plan("json", reply.toJson(JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).indent(true).build()));
    }

    @Override
    public List<Completion> complete(String text, int cursor) {
        FacetArguments.complete(text, cursor);
        ensureOpen();
        return new Completions(metadata, session.target().database()).complete(text, cursor);
    }

    @Override
    public ResultSet tail(CollectionRef collection) {
        requireNonNull(collection, "collection is null");
        ensureOpen();
        if (!feedOffered()) {
            throw ChangeStreams.unsupported();
        }
        CommandCursor feed = ChangeStreams.start(session, database(collection.namespace(), "tail"), collection.name(), open::remove);
        open.add(feed);
        return feed;
    }

    @Override
    public boolean readOnly() {
        return readOnly;
    }

    @Override
    public ConnInfo info() {
        return new ConnInfo(MongoDriver.NAME, ConnInfo.Model.DOCUMENT, "mongodb", session.version());
    }

    /**
     * The facets this connection offers: the explainer and the change feed only where the server
     * answered the driver's probe of them (asked once, the first time this is called), the mutator
     * only on a writable connection.
     */
    @Override
    public Set<Capability> capabilities() {
        EnumSet<Capability> set = EnumSet.noneOf(Capability.class);
        set.addAll(Capabilities.of(this));
        if (!explainOffered()) {
            set.remove(Capability.EXPLAINER);
        }
        if (!feedOffered()) {
            set.remove(Capability.CHANGE_FEED);
        }
        if (readOnly) {
            set.remove(Capability.MUTATOR);
        }
        return Collections.unmodifiableSet(set);
    }

    @Override
    public <T extends Facet> Optional<T> as(Class<T> facet) {
        requireNonNull(facet, "facet is null");
        if (facet == Explainer.class && !explainOffered()
                || facet == ChangeFeed.class && !feedOffered()
                || facet == Mutator.class && readOnly) {
            return Optional.empty();
        }
        return facet.isInstance(this) ? Optional.of(facet.cast(this)) : Optional.empty();
    }

    private boolean explainOffered() {
        Boolean offered = explainOffered;
        if (offered == null) {
            ensureOpen();
            offered = Probes.explain(session);
            explainOffered = offered;
        }
        return offered;
    }

    private boolean feedOffered() {
        Boolean offered = feedOffered;
        if (offered == null) {
            ensureOpen();
            offered = Probes.changeStreams(session);
            feedOffered = offered;
        }
        return offered;
    }

    @Override
    public void close() {
        open.closeAll();
        session.close();
    }

    private void refuseOnReadOnly(String op) {
        if (readOnly) {
            throw DriverException.of(ErrorKind.READ_ONLY, MongoDriver.NAME, op, "the connection is read-only");
        }
    }

    private void ensureOpen() {
        if (session.isClosed()) {
            throw new IllegalStateException("the connection is closed");
        }
    }

    @Override
    public String toString() {
        return "MongoConn[" + session.target().address() + "/" + session.target().database() + (readOnly ? ", read-only" : "") + "]";
    }
}
