package dev.tobira.driver.qdrant;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Browser;
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
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.FacetArguments;
import dev.tobira.spi.OfferedFacets;
import dev.tobira.spi.OpenResults;
import dev.tobira.api.VectorSearcher;
import dev.tobira.spi.ResultSets;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.Points.DenseVector;
import io.qdrant.client.grpc.Points.QueryPoints;
import io.qdrant.client.grpc.Points.RetrievedPoint;
import io.qdrant.client.grpc.Points.ScoredPoint;
import io.qdrant.client.grpc.Points.ScrollPoints;
import io.qdrant.client.grpc.Points.ScrollResponse;
import io.qdrant.client.grpc.Points.VectorInput;
import io.qdrant.client.grpc.Points.WithPayloadSelector;
import io.qdrant.client.grpc.QdrantOuterClass.HealthCheckRequest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * A connection to one Qdrant server. Every query is parsed once into a {@link Request}; on a
 * read-only connection, or for a read-only query, {@link ReadOnlyGuard} checks it before any call
 * is made.
 */
final class QdrantConn implements Conn, Browser, Mutator, Completer, VectorSearcher {
    private final Session session;
    private final boolean readOnly;
    private final boolean statementCheck;
    private final Catalog catalog;
    private final Reads reads;
    private final Writes writes;
    private final OpenResults open = new OpenResults();
    private volatile String serverVersion = "";

    QdrantConn(Session session, boolean readOnly, boolean statementCheck) {
        this.session = session;
        this.readOnly = readOnly;
        this.statementCheck = statementCheck;
        this.catalog = new Catalog(session);
        this.reads = new Reads(session, open::remove);
        this.writes = new Writes(session);
    }

    @Override
    public ResultSet query(Query query) {
        requireNonNull(query, "query is null");
        ensureOpen();
        long start = System.nanoTime();
        catalog.requireNamespace(query.namespace(), "query");
        if (!query.params().isEmpty()) {
            throw DriverException.of(ErrorKind.UNSUPPORTED, QdrantDriver.NAME, "query",
                    "a Qdrant operation document has no placeholders: put the values in the document");
        }
        Request request = Request.parse(query.text(), "query");
        if ((readOnly || query.readOnly()) && statementCheck) {
            ReadOnlyGuard.check(request, "query");
        }
        CallDeadline deadline = CallDeadline.of(start, query.timeout());
        if (request.operation().role() != Operation.Role.READ) {
            return writes.run(request, deadline, start);
        }
        ResultSet rs = reads.run(request, query.limit(), deadline, start);
        return track(rs);
    }

    private ResultSet track(ResultSet rs) {
        if (rs instanceof ScrollResultSet) {
            open.add(rs);
            if (session.isClosed()) {
                rs.close();
            }
        }
        return rs;
    }

    /** Lists the collections: the health check alone would not prove the API key, which Qdrant does not ask of it. */
    /** How many streaming results are open: what close() must still close. */
    int openResults() {
        return open.size();
    }

    @Override
    public void ping() {
        ensureOpen();
        session.call("ping", session.collections(), CallDeadline.after(session.target().connectTimeout()),
                s -> s.list(io.qdrant.client.grpc.Collections.ListCollectionsRequest.getDefaultInstance()));
    }

    /** Asks the server's version (its health check), then pings: what opening checks. */
    void handshake() {
        var reply = session.call("ping", session.qdrant(), CallDeadline.after(session.target().connectTimeout()),
                s -> s.healthCheck(HealthCheckRequest.getDefaultInstance()));
        serverVersion = reply.getVersion();
        ping();
    }

    @Override
    public List<String> namespaces() {
        ensureOpen();
        return List.of(Catalog.NAMESPACE);
    }

    @Override
    public List<CollectionRef> collections(String namespace) {
        requireNonNull(namespace, "namespace is null");
        ensureOpen();
        return catalog.collections(namespace);
    }

    @Override
    public CollectionInfo describe(CollectionRef collection) {
        requireNonNull(collection, "collection is null");
        ensureOpen();
        return catalog.describe(collection);
    }

    /** Pages by scroll: the cursor is the next page's first point id, {@code n:<number>} or {@code u:<uuid>}. */
    @Override
    public Page browse(CollectionRef collection, String cursor, int size) {
        FacetArguments.browse(collection, cursor, size);
        ensureOpen();
        catalog.requireNamespace(collection.namespace(), "browse");
        ScrollPoints.Builder s = ScrollPoints.newBuilder().setCollectionName(collection.name()).setLimit(size)
                .setWithPayload(WithPayloadSelector.newBuilder().setEnable(true));
        if (!cursor.isEmpty()) {
            s.setOffset(cursor(cursor));
        }
        // the facet calls have no timeout of their own: bounded as the catalog's calls are, never open-ended
        ScrollResponse r = session.call("browse", session.points(), CallDeadline.after(Catalog.METADATA_TIMEOUT),
                st -> st.scroll(s.build()));
        PointRows layout = PointRows.ofRetrieved(r.getResultList(), false);
        List<Row> rows = new ArrayList<>(r.getResultCount());
        for (RetrievedPoint p : r.getResultList()) {
            rows.add(layout.row(p));
        }
        String next = "";
        if (r.hasNextPageOffset()) {
            PointId id = r.getNextPageOffset();
            next = id.hasUuid() ? "u:" + id.getUuid() : "n:" + id.getNum();
        }
        return new Page(layout.columns(), rows, next);
    }

    private static PointId cursor(String cursor) {
        try {
            if (cursor.startsWith("n:")) {
                long n = Long.parseLong(cursor.substring(2));
                if (n >= 0) {
                    return PointId.newBuilder().setNum(n).build();
                }
            } else if (cursor.startsWith("u:")) {
                return PointId.newBuilder().setUuid(UUID.fromString(cursor.substring(2)).toString()).build();
            }
        } catch (IllegalArgumentException e) {
            // falls through to the refusal
        }
        throw DriverException.of(ErrorKind.INVALID_ARGUMENT, QdrantDriver.NAME, "browse", "not a cursor this driver gave");
    }

    @Override
    public ResultSet search(CollectionRef collection, Value.Vector vector, int k) {
        requireNonNull(collection, "collection is null");
        requireNonNull(vector, "vector is null");
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1: " + k);
        }
        ensureOpen();
        catalog.requireNamespace(collection.namespace(), "search");
        long start = System.nanoTime();
        DenseVector.Builder d = Mutations.dense(vector, "search");
        QueryPoints q = QueryPoints.newBuilder().setCollectionName(collection.name())
                .setQuery(io.qdrant.client.grpc.Points.Query.newBuilder().setNearest(VectorInput.newBuilder().setDense(d)))
                .setLimit(k).setWithPayload(WithPayloadSelector.newBuilder().setEnable(true)).build();
        List<ScoredPoint> points = session.call("search", session.points(), CallDeadline.after(Catalog.METADATA_TIMEOUT),
                s -> s.query(q)).getResultList();
        PointRows layout = PointRows.ofScored(points, false);
        List<Row> rows = new ArrayList<>(points.size());
        for (ScoredPoint p : points) {
            rows.add(layout.row(p));
        }
        return ResultSets.of(QdrantDriver.NAME, layout.columns(), rows.iterator(), 0, start);
    }

    @Override
    public long insert(CollectionRef collection, Map<String, Value> values) {
        FacetArguments.insert(collection, values);
        ensureOpen();
        OfferedFacets.refuseOnReadOnly(readOnly, QdrantDriver.NAME, "insert");
        catalog.requireNamespace(collection.namespace(), "insert");
        return new Mutations(session).insert(collection, values);
    }

    @Override
    public long update(CollectionRef collection, Map<String, Value> key, Map<String, Value> changes) {
        FacetArguments.update(collection, key, changes);
        ensureOpen();
        OfferedFacets.refuseOnReadOnly(readOnly, QdrantDriver.NAME, "update");
        catalog.requireNamespace(collection.namespace(), "update");
        return new Mutations(session).update(collection, key, changes);
    }

    @Override
    public long delete(CollectionRef collection, Map<String, Value> key) {
        FacetArguments.delete(collection, key);
        ensureOpen();
        OfferedFacets.refuseOnReadOnly(readOnly, QdrantDriver.NAME, "delete");
        catalog.requireNamespace(collection.namespace(), "delete");
        return new Mutations(session).delete(collection, key);
    }

    @Override
    public List<Completion> complete(String text, int cursor) {
        FacetArguments.complete(text, cursor);
        ensureOpen();
        return new Completions(session, catalog, readOnly).complete(text, cursor);
    }

    @Override
    public boolean readOnly() {
        return readOnly;
    }

    @Override
    public ConnInfo info() {
        return new ConnInfo(QdrantDriver.NAME, ConnInfo.Model.VECTOR, "qdrant-json",
                serverVersion.isEmpty() ? "Qdrant" : "Qdrant " + serverVersion);
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
        return "QdrantConn[" + session.target().address() + (readOnly ? ", read-only" : "") + "]";
    }
}
