package dev.tobira.driver.qdrant;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.api.VectorSearcher;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.ResultSets;
import io.qdrant.client.grpc.Points.DenseVector;
import io.qdrant.client.grpc.Points.QueryPoints;
import io.qdrant.client.grpc.Points.ScoredPoint;
import io.qdrant.client.grpc.Points.VectorInput;
import io.qdrant.client.grpc.Points.WithPayloadSelector;
import java.util.ArrayList;
import java.util.List;

/** The k nearest points to a dense vector, by a {@code query} call with its payloads; one reply is the whole result. */
final class QdrantVectorSearcher implements VectorSearcher {
    private final QdrantSession session;
    private final QdrantCatalog catalog;

    QdrantVectorSearcher(QdrantSession session, QdrantCatalog catalog) {
        this.session = session;
        this.catalog = catalog;
    }

    @Override
    public ResultSet search(CollectionRef collection, Value.Vector vector, int k) {
        catalog.requireNamespace(collection.namespace().orElse(""), "search");
        long start = System.nanoTime();
        DenseVector.Builder d = Mutations.dense(vector, "search");
        QueryPoints q = QueryPoints.newBuilder()
                .setCollectionName(collection.name())
                .setQuery(io.qdrant.client.grpc.Points.Query.newBuilder()
                        .setNearest(VectorInput.newBuilder().setDense(d)))
                .setLimit(k)
                .setWithPayload(WithPayloadSelector.newBuilder().setEnable(true))
                .build();
        List<ScoredPoint> points = session.call(
                        "search", session.points(), CallDeadline.after(QdrantCatalog.METADATA_TIMEOUT), s -> s.query(q))
                .getResultList();
        PointRows layout = PointRows.ofScored(points, false);
        List<Row> rows = new ArrayList<>(points.size());
        for (ScoredPoint p : points) {
            rows.add(layout.row(p));
        }
        return ResultSets.of(QdrantDriver.NAME, layout.columns(), rows.iterator(), start);
    }
}
