package dev.tobira.driver.redis;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Browser;
import dev.tobira.api.Capabilities;
import dev.tobira.api.Capability;
import dev.tobira.api.ChangeFeed;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Completer;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Facet;
import dev.tobira.api.Mutator;
import dev.tobira.api.Page;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Value;
import dev.tobira.spi.FacetArguments;
import dev.tobira.spi.OpenResults;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A connection to one Redis server. Queries are single command lines; on a read-only connection
 * (or for a read-only query) each passes {@link ReadOnlyGuard} first.
 */
final class RedisConn implements dev.tobira.api.Conn, Browser, Mutator, Completer, ChangeFeed {
    /** Commands that change the connection's own state, which the driver manages; refused on every path. */
    private static final Map<String, String> CONNECTION_STATE = Map.ofEntries(
            Map.entry("select", "choose the logical database with the query's namespace or the DSN's /db"),
            Map.entry("auth", "give credentials in the DSN or the configuration's password"),
            Map.entry("hello", "the driver negotiates the protocol itself"),
            Map.entry("reset", "the driver manages the connection's state"),
            Map.entry("quit", "close the connection instead"),
            Map.entry("subscribe", "use the change feed"),
            Map.entry("psubscribe", "use the change feed"),
            Map.entry("ssubscribe", "use the change feed"),
            Map.entry("unsubscribe", "use the change feed"),
            Map.entry("punsubscribe", "use the change feed"),
            Map.entry("sunsubscribe", "use the change feed"),
            Map.entry("monitor", "MONITOR streams forever on its connection"),
            Map.entry("sync", "replication streams are not queries"),
            Map.entry("psync", "replication streams are not queries"),
            Map.entry("replconf", "replication streams are not queries"),
            Map.entry("client|reply", "the driver needs every reply"),
            Map.entry("client|tracking", "the driver does not consume invalidation pushes"));

    private final Session session;
    private final ReadOnlyGuard guard;
    private final boolean readOnly;
    /** Off only in the conformance kit's layer check (RedisDriver's package-private constructor); no config reaches it. */
    private final boolean statementCheck;
    private final Keyspace keyspace;
    private final OpenResults open = new OpenResults();
    private volatile Boolean feedEnabled;

    RedisConn(Session session, ReadOnlyGuard guard, boolean readOnly, boolean statementCheck) {
        this.session = session;
        this.guard = guard;
        this.readOnly = readOnly;
        this.statementCheck = statementCheck;
        this.keyspace = new Keyspace(session, guard);
    }

    @Override
    public ResultSet query(Query query) {
        requireNonNull(query, "query is null");
        ensureOpen();
        long start = System.nanoTime();
        CommandLine cmd = CommandLine.parse(query.text(), query.params());
        int db = keyspace.db(query.namespace(), "query");
        if ((readOnly || query.readOnly()) && statementCheck) {
            // first, so every refusal on a read-only path is READ_ONLY, connection commands included
            guard.check(session, cmd, "query");
        }
        String lookup = ReadOnlyGuard.lookupName(cmd);
        String why = CONNECTION_STATE.getOrDefault(lookup, CONNECTION_STATE.get(cmd.name()));
        if (why != null) {
            throw DriverException.of(ErrorKind.UNSUPPORTED, RedisDriver.NAME, "query",
                    ReadOnlyGuard.display(lookup) + " changes the connection's state: " + why);
        }
        if (!ScanResultSet.applies(cmd)) {
            ResultSet rs = Rows.of(session.call(cmd, db, query.timeout(), "query"), cmd, query.limit(), start, open::remove);
            open.add(rs);
            return rs;
        }
        ScanResultSet rs = ScanResultSet.start(session, cmd, db, query.timeout(), query.limit(), start, open::remove);
        open.add(rs);
        return rs;
    }

    @Override
    public void ping() {
        ensureOpen();
        Reply r = session.call(CommandLine.of("PING"), keyspace.defaultDb(), session.target().connectTimeout(), "ping");
        if (!"PONG".equalsIgnoreCase(Reply.text(r))) {
            throw DriverException.of(ErrorKind.CONNECTION, RedisDriver.NAME, "ping", "unexpected reply to PING");
        }
    }

    @Override
    public List<String> namespaces() {
        ensureOpen();
        return keyspace.namespaces();
    }

    @Override
    public List<CollectionRef> collections(String namespace) {
        requireNonNull(namespace, "namespace is null");
        ensureOpen();
        return keyspace.collections(namespace);
    }

    @Override
    public CollectionInfo describe(CollectionRef collection) {
        requireNonNull(collection, "collection is null");
        ensureOpen();
        return keyspace.describe(collection);
    }

    @Override
    public Page browse(CollectionRef collection, String cursor, int size) {
        FacetArguments.browse(collection, cursor, size);
        ensureOpen();
        return keyspace.browse(collection, cursor, size);
    }

    @Override
    public long insert(CollectionRef collection, Map<String, Value> values) {
        FacetArguments.insert(collection, values);
        ensureOpen();
        refuseOnReadOnly("insert");
        return new Mutations(session, keyspace).insert(collection, values);
    }

    @Override
    public long update(CollectionRef collection, Map<String, Value> key, Map<String, Value> changes) {
        FacetArguments.update(collection, key, changes);
        ensureOpen();
        refuseOnReadOnly("update");
        return new Mutations(session, keyspace).update(collection, key, changes);
    }

    @Override
    public long delete(CollectionRef collection, Map<String, Value> key) {
        FacetArguments.delete(collection, key);
        ensureOpen();
        refuseOnReadOnly("delete");
        return new Mutations(session, keyspace).delete(collection, key);
    }

    @Override
    public List<Completion> complete(String text, int cursor) {
        FacetArguments.complete(text, cursor);
        ensureOpen();
        return new Completions(keyspace, readOnly).complete(text, cursor);
    }

    @Override
    public ResultSet tail(CollectionRef collection) {
        requireNonNull(collection, "collection is null");
        ensureOpen();
        if (!KeyspaceFeed.enabled(keyspace)) {
            throw KeyspaceFeed.unsupported();
        }
        KeyspaceFeed feed = KeyspaceFeed.start(session, keyspace, collection, open::remove);
        open.add(feed);
        return feed;
    }

    @Override
    public boolean readOnly() {
        return readOnly;
    }

    @Override
    public ConnInfo info() {
        return new ConnInfo(RedisDriver.NAME, ConnInfo.Model.KV, "redis", session.version());
    }

    /**
     * The facets this connection offers: the change feed only when the server publishes keyspace
     * notifications ({@code notify-keyspace-events}), as asked the first time this is called; the
     * mutator only on a writable connection.
     */
    @Override
    public Set<Capability> capabilities() {
        EnumSet<Capability> set = EnumSet.noneOf(Capability.class);
        set.addAll(Capabilities.of(this));
        if (!feedOffered()) {
            set.remove(Capability.CHANGE_FEED);
        }
        if (readOnly) {
            set.remove(Capability.MUTATOR); // every change is refused here: it does not work on this connection
        }
        return Collections.unmodifiableSet(set);
    }

    @Override
    public <T extends Facet> Optional<T> as(Class<T> facet) {
        requireNonNull(facet, "facet is null");
        if (facet == ChangeFeed.class && !feedOffered()) {
            return Optional.empty();
        }
        if (facet == Mutator.class && readOnly) {
            return Optional.empty();
        }
        return facet.isInstance(this) ? Optional.of(facet.cast(this)) : Optional.empty();
    }

    private boolean feedOffered() {
        Boolean offered = feedEnabled;
        if (offered == null) {
            ensureOpen();
            offered = KeyspaceFeed.enabled(keyspace);
            feedEnabled = offered;
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
            throw DriverException.of(ErrorKind.READ_ONLY, RedisDriver.NAME, op, "the connection is read-only");
        }
    }

    private void ensureOpen() {
        if (session.isClosed()) {
            throw new IllegalStateException("the connection is closed");
        }
    }

    @Override
    public String toString() {
        return "RedisConn[" + session.target().address() + (readOnly ? ", read-only" : "") + "]";
    }
}
