package dev.tobira.driver.mongodb;

import static java.util.Objects.requireNonNullElse;

import com.mongodb.ReadPreference;
import com.mongodb.reactivestreams.client.ClientSession;
import com.mongodb.reactivestreams.client.MongoClient;
import com.mongodb.reactivestreams.client.MongoClients;
import com.mongodb.reactivestreams.client.MongoDatabase;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.base.Session;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;

/**
 * One connection's vendor client and everything that belongs to it: the commands in flight (so a
 * close from another thread cancels them), whether the server has sessions, and its version.
 * Every command of the driver goes through {@link #command}, as the document it is given.
 */
final class MongoSession implements Session {
    /** How long a killCursors or endSessions on the way out may take: a cleanup must not hang a close. */
    static final Duration CLEANUP = Duration.ofSeconds(5);

    private final Target target;
    private final MongoClient client;
    private final Set<Await<?>> inflight = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile boolean sessions;
    private volatile String version = "";

    private MongoSession(Target target, MongoClient client) {
        this.target = target;
        this.client = client;
    }

    static MongoSession open(Target target) {
        MongoClient client;
        try {
            client = MongoClients.create(target.settings());
        } catch (RuntimeException e) {
            throw MongoErrors.classify(e, "open", target.redactor());
        }
        MongoSession s = new MongoSession(target, client);
        try {
            s.command(
                    null,
                    "admin",
                    new BsonDocument("ping", new BsonInt32(1)),
                    ReadPreference.primaryPreferred(),
                    target.connectTimeout(),
                    "open");
            Integer minutes = client.getClusterDescription().getLogicalSessionTimeoutMinutes();
            s.sessions = minutes != null;
            s.version = s.readVersion();
            return s;
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
    }

    private String readVersion() {
        try {
            RawBsonDocument info = command(
                    null,
                    "admin",
                    new BsonDocument("buildInfo", new BsonInt32(1)),
                    ReadPreference.primaryPreferred(),
                    target.connectTimeout(),
                    "open");
            BsonValue v = info.get("version");
            return v != null && v.isString() ? v.asString().getValue() : "";
        } catch (DriverException e) {
            return "";
        }
    }

    Target target() {
        return target;
    }

    String version() {
        return version;
    }

    @Override
    public boolean isClosed() {
        return closed.get();
    }

    @Override
    public void ping() {
        command(
                null,
                "admin",
                new BsonDocument("ping", new BsonInt32(1)),
                ReadPreference.primaryPreferred(),
                target.connectTimeout(),
                "ping");
    }

    /** The host and port, and the default database. */
    @Override
    public String address() {
        return target.address() + "/" + target.database();
    }

    /** The database a namespace names: the DSN's for the empty one, else the namespace once checked. */
    String database(String namespace, String op) {
        if (namespace.isEmpty()) {
            return target.database();
        }
        try {
            Target.requireDatabaseName(namespace);
        } catch (DriverException e) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    MongoDriver.NAME,
                    op,
                    "the namespace is not a database name MongoDB allows");
        }
        return namespace;
    }

    /**
     * Starts a session for a command whose cursor the following getMore and killCursors must share,
     * where the server has sessions; null where it has none. The caller closes it.
     */
    @Nullable
    ClientSession startSession(Duration timeout, String op) {
        if (!sessions) {
            return null;
        }
        return await(client.startSession(), timeout, op);
    }

    /** Runs one command document, exactly as given, and waits for its reply. */
    RawBsonDocument command(
            @Nullable ClientSession cs, String db, BsonDocument cmd, ReadPreference rp, Duration timeout, String op) {
        MongoDatabase database = client.getDatabase(db);
        Publisher<RawBsonDocument> p = cs == null
                ? database.runCommand(cmd, rp, RawBsonDocument.class)
                : database.runCommand(cs, cmd, rp, RawBsonDocument.class);
        return await(p, timeout, op);
    }

    /** Starts one command without waiting: for a cursor whose fetch can be cancelled from another thread. */
    Await<RawBsonDocument> start(@Nullable ClientSession cs, String db, BsonDocument cmd, ReadPreference rp) {
        MongoDatabase database = client.getDatabase(db);
        Publisher<RawBsonDocument> p = cs == null
                ? database.runCommand(cmd, rp, RawBsonDocument.class)
                : database.runCommand(cs, cmd, rp, RawBsonDocument.class);
        Await<RawBsonDocument> a = Await.start(p);
        inflight.add(a);
        if (closed.get()) {
            a.cancel();
        }
        return a;
    }

    /** Waits for a started command; the result of {@link #start}. */
    <T> T finish(Await<T> a, Duration timeout, String op) {
        try {
            return a.get(timeout);
        } catch (java.util.concurrent.TimeoutException e) {
            throw DriverException.builder(ErrorKind.TIMEOUT, MongoDriver.NAME, op)
                    .detail("the command ran past its timeout of " + timeout.toMillis() + " ms")
                    .cause(e)
                    .build();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw DriverException.builder(ErrorKind.CANCELLED, MongoDriver.NAME, op)
                    .detail("the thread was interrupted")
                    .cause(e)
                    .build();
        } catch (java.util.concurrent.CancellationException e) {
            throw DriverException.builder(ErrorKind.CANCELLED, MongoDriver.NAME, op)
                    .detail(
                            closed.get()
                                    ? "the connection was closed while the command ran"
                                    : "the command was cancelled")
                    .cause(e)
                    .build();
        } catch (java.util.concurrent.ExecutionException e) {
            // a future's failure always has a cause; the exception itself stands in should one not
            throw MongoErrors.classify(requireNonNullElse(e.getCause(), e), op, target.redactor());
        } catch (RuntimeException e) {
            throw MongoErrors.classify(e, op, target.redactor());
        } finally {
            inflight.remove(a);
        }
    }

    <T> T await(Publisher<T> p, Duration timeout, String op) {
        Await<T> a;
        try {
            a = Await.start(p);
        } catch (RuntimeException e) {
            throw MongoErrors.classify(e, op, target.redactor());
        }
        inflight.add(a);
        if (closed.get()) {
            a.cancel();
        }
        return finish(a, timeout, op);
    }

    /**
     * Runs a command whose reply is a cursor and reads every batch: for the driver's own bounded
     * metadata commands (listCollections, listIndexes, a sample), never for a caller's query.
     */
    List<BsonDocument> readAll(String db, BsonDocument cmd, ReadPreference rp, String op) {
        Duration timeout = target.connectTimeout().multipliedBy(3);
        ClientSession cs = startSession(timeout, op);
        try {
            RawBsonDocument reply = command(cs, db, cmd, rp, timeout, op);
            List<BsonDocument> out = new ArrayList<>();
            BsonDocument cursor = reply.getDocument("cursor");
            long id = cursor.getInt64("id").getValue();
            String ns = cursor.getString("ns").getValue();
            cursor.getArray("firstBatch").forEach(v -> out.add(v.asDocument()));
            while (id != 0) {
                BsonDocument more = new BsonDocument("getMore", new BsonInt64(id))
                        .append("collection", new BsonString(Replies.collectionOf(ns)));
                RawBsonDocument next = command(cs, db, more, rp, timeout, op);
                BsonDocument c = next.getDocument("cursor");
                id = c.getInt64("id").getValue();
                c.getArray("nextBatch").forEach(v -> out.add(v.asDocument()));
            }
            return out;
        } finally {
            closeSession(cs);
        }
    }

    /** Ends a cursor the caller no longer reads; best effort, bounded, never throws. */
    void killCursor(@Nullable ClientSession cs, String db, String collection, long id) {
        if (id == 0 || closed.get()) {
            return;
        }
        try {
            BsonDocument kill = new BsonDocument("killCursors", new BsonString(collection))
                    .append("cursors", new BsonArray(List.of(new BsonInt64(id))));
            command(cs, db, kill, ReadPreference.primaryPreferred(), CLEANUP, "query");
        } catch (RuntimeException e) {
            // the server ends idle cursors itself after its timeout
        }
    }

    static void closeSession(@Nullable ClientSession cs) {
        if (cs != null) {
            try {
                cs.close();
            } catch (RuntimeException e) {
                // the session goes back to the pool or is dropped: nothing to report
            }
        }
    }

    /** Cancels every command in flight and closes the client; idempotent, from any thread. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        for (Await<?> a : List.copyOf(inflight)) {
            a.cancel();
        }
        try {
            client.close();
        } catch (RuntimeException e) {
            // closing is best effort
        }
    }
}
