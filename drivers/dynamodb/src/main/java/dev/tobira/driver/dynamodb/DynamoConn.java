package dev.tobira.driver.dynamodb;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Browser;
import dev.tobira.api.Capabilities;
import dev.tobira.api.Capability;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Completer;
import dev.tobira.api.Conn;
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
        Deadline deadline = Deadline.of(start, query.timeout());
        ResultSet rs = executor.run(command, query.limit(), deadline, start);
        if (rs instanceof ItemResultSet) {
            open.add(rs);
            if (session.isClosed()) {
                rs.close();
            }
        }
        return rs;
    }

    /** Asks for one table name: the endpoint answers and the credentials sign. */
    @Override
    public void ping() {
        ensureOpen();
        ListTablesRequest req = ListTablesRequest.builder().limit(1).build();
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
        refuseOnReadOnly("insert");
        tables.requireNamespace(collection.namespace(), "insert");
        return new Mutations(session, executor).insert(collection, values);
    }

    @Override
    public long update(CollectionRef collection, Map<String, Value> key, Map<String, Value> changes) {
        FacetArguments.update(collection, key, changes);
        ensureOpen();
        refuseOnReadOnly("update");
        tables.requireNamespace(collection.namespace(), "update");
        return new Mutations(session, executor).update(collection, key, changes);
    }

    @Override
    public long delete(CollectionRef collection, Map<String, Value> key) {
        FacetArguments.delete(collection, key);
        ensureOpen();
        refuseOnReadOnly("delete");
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
        EnumSet<Capability> set = EnumSet.noneOf(Capability.class);
        set.addAll(Capabilities.of(this));
        if (readOnly) {
            set.remove(Capability.MUTATOR);
        }
        return Collections.unmodifiableSet(set);
    }

    @Override
    public <T extends Facet> Optional<T> as(Class<T> facet) {
        requireNonNull(facet, "facet is null");
        if (facet == Mutator.class && readOnly) {
            return Optional.empty();
        }
        return facet.isInstance(this) ? Optional.of(facet.cast(this)) : Optional.empty();
    }

    @Override
    public void close() {
        session.close();
        open.closeAll();
    }

    private void refuseOnReadOnly(String op) {
        if (readOnly) {
            throw DriverException.of(ErrorKind.READ_ONLY, DynamoDriver.NAME, op, "the connection is read-only");
        }
    }

    private void ensureOpen() {
        session.ensureOpen();
    }

    @Override
    public String toString() {
        return "DynamoConn[" + session.target().address() + (readOnly ? ", read-only" : "") + "]";
    }
}
