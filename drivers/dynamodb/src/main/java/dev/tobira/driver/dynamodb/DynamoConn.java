package dev.tobira.driver.dynamodb;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Browser;
import dev.tobira.api.Capability;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Completer;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.Facet;
import dev.tobira.api.Mutator;
import dev.tobira.api.Page;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Value;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.FacetArguments;
import dev.tobira.spi.OfferedFacets;
import dev.tobira.spi.OpenResults;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;

/**
 * A connection to one DynamoDB endpoint. Every query is parsed once into a {@link Command}; on a
 * read-only connection, or for a read-only query, {@link ReadOnlyGuard} checks it before any request
 * is sent.
 */
final class DynamoConn implements Conn, Browser, Mutator, Completer {
    /** What {@link ConnInfo#serverVersion()} says: the service reports no version, only its API's. */
    static final String API_VERSION = "DynamoDB API 2012-08-10";

    private final Session session;
    private final boolean readOnly;
    private final Tables tables;
    private final OpenResults open = new OpenResults();
    private final Executor executor;

    DynamoConn(Session session, boolean readOnly) {
        this.session = session;
        this.readOnly = readOnly;
        this.tables = new Tables(session);
        this.executor = new Executor(session, open::remove);
    }

    @Override
    public ResultSet query(Query query) {
        requireNonNull(query, "query is null");
        ensureOpen();
        long start = System.nanoTime();
        tables.requireNamespace(query.namespace(), "query");
        Command command = Command.parse(query.text(), query.params(), "query");
        if (readOnly || query.readOnly()) {
            ReadOnlyGuard.check(command, "query");
        } else if (command instanceof Command.Partiql) {
            PartiqlGuard.checkWritable(((Command.Partiql) command).text());
        }
        CallDeadline deadline = CallDeadline.of(start, query.timeout());
        ResultSet rs = executor.run(command, query.limit(), deadline, start);
        if (rs instanceof ItemResultSet) {
            open.add(rs);
            if (session.isClosed()) {
                rs.close();
            }
        }
        return rs;
    }

    /**
     * Asks for one table name: the endpoint answers and the credentials sign. Bounded by the connect
     * timeout as a whole (every attempt of the SDK's retries included): an endpoint that accepts the
     * connection and never answers would otherwise hold it for the socket timeout of each attempt.
     */
    @Override
    public void ping() {
        ensureOpen();
        ListTablesRequest req = session.bounded(ListTablesRequest.builder().limit(1).build(),
                CallDeadline.after(session.target().connectTimeout()), "ping");
        session.call("ping", c -> c.listTables(req));
    }

    @Override
    public List<String> namespaces() {
        ensureOpen();
        return List.of(tables.namespace());
    }

    @Override
    public List<CollectionRef> collections(String namespace) {
        requireNonNull(namespace, "namespace is null");
        ensureOpen();
        return tables.collections(namespace);
    }

    @Override
    public CollectionInfo describe(CollectionRef collection) {
        requireNonNull(collection, "collection is null");
        ensureOpen();
        return tables.describe(collection);
    }

    @Override
    public Page browse(CollectionRef collection, String cursor, int size) {
        FacetArguments.browse(collection, cursor, size);
        ensureOpen();
        return tables.browse(collection, cursor, size, executor);
    }

    @Override
    public long insert(CollectionRef collection, Map<String, Value> values) {
        FacetArguments.insert(collection, values);
        ensureOpen();
        OfferedFacets.refuseOnReadOnly(readOnly, DynamoDriver.NAME, "insert");
        tables.requireNamespace(collection.namespace(), "insert");
        return new Mutations(session, executor).insert(collection, values);
    }

    @Override
    public long update(CollectionRef collection, Map<String, Value> key, Map<String, Value> changes) {
        FacetArguments.update(collection, key, changes);
        ensureOpen();
        OfferedFacets.refuseOnReadOnly(readOnly, DynamoDriver.NAME, "update");
        tables.requireNamespace(collection.namespace(), "update");
        return new Mutations(session, executor).update(collection, key, changes);
    }

    @Override
    public long delete(CollectionRef collection, Map<String, Value> key) {
        FacetArguments.delete(collection, key);
        ensureOpen();
        OfferedFacets.refuseOnReadOnly(readOnly, DynamoDriver.NAME, "delete");
        tables.requireNamespace(collection.namespace(), "delete");
        return new Mutations(session, executor).delete(collection, key);
    }

    @Override
    public List<Completion> complete(String text, int cursor) {
        FacetArguments.complete(text, cursor);
        ensureOpen();
        return new Completions(tables, readOnly).complete(text, cursor);
    }

    @Override
    public boolean readOnly() {
        return readOnly;
    }

    @Override
    public ConnInfo info() {
        return new ConnInfo(DynamoDriver.NAME, ConnInfo.Model.KV, "partiql", API_VERSION);
    }

    /** The facets this connection offers: the mutator only on a writable connection. */
    @Override
    public Set<Capability> capabilities() {
        return OfferedFacets.capabilities(this, this::withheld);
    }

    @Override
    public <T extends Facet> Optional<T> as(Class<T> facet) {
        return OfferedFacets.as(this, facet, this::withheld);
    }

    private boolean withheld(Capability facet) {
        return facet == Capability.MUTATOR && readOnly;
    }

    @Override
    public void close() {
        session.close();
        open.closeAll();
    }

    private void ensureOpen() {
        session.ensureOpen();
    }

    @Override
    public String toString() {
        return "DynamoConn[" + session.target().address() + (readOnly ? ", read-only" : "") + "]";
    }
}
