package dev.tobira.driver.qdrant;

import dev.tobira.api.Column;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.ResultSets;
import io.qdrant.client.grpc.Points.CountPoints;
import io.qdrant.client.grpc.Points.FacetCounts;
import io.qdrant.client.grpc.Points.FacetHit;
import io.qdrant.client.grpc.Points.FacetResponse;
import io.qdrant.client.grpc.Points.GetPoints;
import io.qdrant.client.grpc.Points.GetResponse;
import io.qdrant.client.grpc.Points.QueryPoints;
import io.qdrant.client.grpc.Points.QueryResponse;
import io.qdrant.client.grpc.Points.RetrievedPoint;
import io.qdrant.client.grpc.Points.ScoredPoint;
import io.qdrant.client.grpc.Points.ScrollPoints;
import io.qdrant.client.grpc.Points.SearchPoints;
import io.qdrant.client.grpc.Points.SearchResponse;
import io.qdrant.client.grpc.Points.WithPayloadSelector;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * The six reads, each built from its REST body into the gRPC request and run: {@code scroll} streams
 * page by page ({@link ScrollResultSet}); {@code search}, {@code query}, {@code retrieve},
 * {@code count} and {@code facet} are one call each, whose reply is the whole result.
 *
 * <p>REST defaults hold where the gRPC message would differ: the payload is returned unless
 * {@code with_payload} says otherwise, vectors are not.
 */
final class Reads {
    /** The page size of a scroll that names no {@code limit}. */
    static final int SCROLL_PAGE = 1000;
    /** Qdrant's own default number of results of a search or query. */
    static final long SEARCH_DEFAULT = 10;

    private static final String OP = "query";
    private static final List<Column> COUNT = List.of(Column.of("count", Value.Kind.INT, "uint64", false));
    private static final List<Column> FACET = List.of(
            Column.of("value", Value.Kind.TEXT, "facet value", false),
            Column.of("count", Value.Kind.INT, "uint64", false));

    private final QdrantSession session;

    Reads(QdrantSession session) {
        this.session = session;
    }

    /** Runs a read; a read whose result streams tells {@code onRelease} when it is done with. */
    ResultSet run(Request request, long limit, CallDeadline deadline, long start, Consumer<ScrollResultSet> onRelease) {
        switch (request.operation()) {
            case SCROLL:
                return scroll(request, limit, deadline, start, onRelease);
            case SEARCH:
                return search(request, limit, deadline, start);
            case QUERY:
                return query(request, limit, deadline, start);
            case RETRIEVE:
                return retrieve(request, limit, deadline, start);
            case COUNT:
                return count(request, deadline, start);
            case FACET:
                return facet(request, limit, deadline, start);
            default:
                throw new IllegalStateException("not a read: " + request.operation());
        }
    }

    private ResultSet scroll(
            Request request, long limit, CallDeadline deadline, long start, Consumer<ScrollResultSet> onRelease) {
        Body b = new Body(request.body(), "scroll", OP);
        ScrollPoints.Builder s = ScrollPoints.newBuilder().setCollectionName(request.collection(OP));
        b.opt("collection");
        b.opt("filter").ifPresent(f -> s.setFilter(Protos.filter(f, "scroll.filter", OP)));
        long page = b.optCount("limit").orElse((long) SCROLL_PAGE);
        if (page < 1 || page > Integer.MAX_VALUE) {
            throw Request.invalid(OP, "scroll.limit is the page size: 1 or more");
        }
        s.setLimit((int) page);
        b.opt("offset").ifPresent(o -> s.setOffset(Protos.pointId(o, "scroll.offset", OP)));
        s.setWithPayload(payload(b, "scroll"));
        boolean withVectors = vectors(b, "scroll", s::setWithVectors);
        b.done();
        return ScrollResultSet.open(session, s.build(), withVectors, deadline, limit, start, onRelease);
    }

    private ResultSet search(Request request, long limit, CallDeadline deadline, long start) {
        Body b = new Body(request.body(), "search", OP);
        SearchPoints.Builder s = SearchPoints.newBuilder().setCollectionName(request.collection(OP));
        b.opt("collection");
        Protos.vectorOrNamed(b.required("vector"), "search.vector", OP, s::addAllVector, s::setVectorName);
        b.opt("filter").ifPresent(f -> s.setFilter(Protos.filter(f, "search.filter", OP)));
        s.setLimit(b.optCount("limit").orElse(defaultLimit(limit)));
        b.optCount("offset").ifPresent(s::setOffset);
        b.optFloat("score_threshold").ifPresent(s::setScoreThreshold);
        s.setWithPayload(payload(b, "search"));
        boolean withVectors = vectors(b, "search", s::setWithVectors);
        b.done();
        SearchResponse r = session.call(OP, session.points(), deadline, st -> st.search(s.build()));
        return scored(r.getResultList(), withVectors, limit, start);
    }

    private ResultSet query(Request request, long limit, CallDeadline deadline, long start) {
        Body b = new Body(request.body(), "query", OP);
        QueryPoints.Builder q = QueryPoints.newBuilder().setCollectionName(request.collection(OP));
        b.opt("collection");
        b.opt("query").ifPresent(v -> q.setQuery(Protos.query(v, "query.query", OP)));
        b.optText("using").ifPresent(q::setUsing);
        b.opt("filter").ifPresent(f -> q.setFilter(Protos.filter(f, "query.filter", OP)));
        q.setLimit(b.optCount("limit").orElse(defaultLimit(limit)));
        b.optCount("offset").ifPresent(q::setOffset);
        b.optFloat("score_threshold").ifPresent(q::setScoreThreshold);
        q.setWithPayload(payload(b, "query"));
        boolean withVectors = vectors(b, "query", q::setWithVectors);
        b.done();
        QueryResponse r = session.call(OP, session.points(), deadline, st -> st.query(q.build()));
        return scored(r.getResultList(), withVectors, limit, start);
    }

    private ResultSet retrieve(Request request, long limit, CallDeadline deadline, long start) {
        Body b = new Body(request.body(), "retrieve", OP);
        GetPoints.Builder g = GetPoints.newBuilder().setCollectionName(request.collection(OP));
        b.opt("collection");
        g.addAllIds(Protos.pointIds(b.required("ids"), "retrieve.ids", OP));
        g.setWithPayload(payload(b, "retrieve"));
        boolean withVectors = vectors(b, "retrieve", g::setWithVectors);
        b.done();
        GetResponse r = session.call(OP, session.points(), deadline, st -> st.get(g.build()));
        List<RetrievedPoint> points = r.getResultList();
        PointRows layout = PointRows.ofRetrieved(points, withVectors);
        List<Row> rows = new ArrayList<>(points.size());
        for (RetrievedPoint p : points) {
            rows.add(layout.row(p));
        }
        return ResultSets.of(
                QdrantDriver.NAME,
                layout.columns(),
                rows.iterator(),
                limit > 0 ? OptionalLong.of(limit) : OptionalLong.empty(),
                start);
    }

    private ResultSet count(Request request, CallDeadline deadline, long start) {
        Body b = new Body(request.body(), "count", OP);
        CountPoints.Builder c = CountPoints.newBuilder().setCollectionName(request.collection(OP));
        b.opt("collection");
        b.opt("filter").ifPresent(f -> c.setFilter(Protos.filter(f, "count.filter", OP)));
        c.setExact(b.optBool("exact").orElse(true));
        b.done();
        long n = session.call(OP, session.points(), deadline, st -> st.count(c.build()))
                .getResult()
                .getCount();
        return ResultSets.of(
                QdrantDriver.NAME, COUNT, List.of(Row.of(COUNT, Value.of(n))).iterator(), start);
    }

    private ResultSet facet(Request request, long limit, CallDeadline deadline, long start) {
        Body b = new Body(request.body(), "facet", OP);
        FacetCounts.Builder f = FacetCounts.newBuilder().setCollectionName(request.collection(OP));
        b.opt("collection");
        f.setKey(b.text("key"));
        b.opt("filter").ifPresent(x -> f.setFilter(Protos.filter(x, "facet.filter", OP)));
        b.optCount("limit").ifPresent(f::setLimit);
        b.optBool("exact").ifPresent(f::setExact);
        b.done();
        FacetResponse r = session.call(OP, session.points(), deadline, st -> st.facet(f.build()));
        List<Row> rows = new ArrayList<>(r.getHitsCount());
        for (FacetHit h : r.getHitsList()) {
            Value v;
            switch (h.getValue().getVariantCase()) {
                case INTEGER_VALUE:
                    v = Value.of(h.getValue().getIntegerValue());
                    break;
                case BOOL_VALUE:
                    v = Value.of(h.getValue().getBoolValue());
                    break;
                default:
                    v = Value.of(h.getValue().getStringValue());
            }
            rows.add(Row.of(FACET, v, Value.of(h.getCount())));
        }
        return ResultSets.of(
                QdrantDriver.NAME,
                FACET,
                rows.iterator(),
                limit > 0 ? OptionalLong.of(limit) : OptionalLong.empty(),
                start);
    }

    private ResultSet scored(List<ScoredPoint> points, boolean withVectors, long limit, long start) {
        PointRows layout = PointRows.ofScored(points, withVectors);
        List<Row> rows = new ArrayList<>(points.size());
        for (ScoredPoint p : points) {
            rows.add(layout.row(p));
        }
        return ResultSets.of(
                QdrantDriver.NAME,
                layout.columns(),
                rows.iterator(),
                limit > 0 ? OptionalLong.of(limit) : OptionalLong.empty(),
                start);
    }

    /** Without a body limit, a capped query asks for one more than its cap, so truncation shows. */
    private static long defaultLimit(long queryLimit) {
        return queryLimit > 0 ? queryLimit + 1 : SEARCH_DEFAULT;
    }

    private static WithPayloadSelector payload(Body b, String where) {
        return b.opt("with_payload")
                .map(v -> Protos.withPayload(v, where + ".with_payload", OP))
                .orElse(WithPayloadSelector.newBuilder().setEnable(true).build());
    }

    private static boolean vectors(
            Body b, String where, Consumer<io.qdrant.client.grpc.Points.WithVectorsSelector> set) {
        var sel = b.opt("with_vector").map(v -> Protos.withVectors(v, where + ".with_vector", OP));
        sel.ifPresent(set);
        return sel.map(s -> !s.hasEnable() || s.getEnable()).orElse(false);
    }
}
