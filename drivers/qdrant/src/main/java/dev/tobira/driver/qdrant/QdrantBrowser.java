package dev.tobira.driver.qdrant;

import dev.tobira.api.Browser;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Page;
import dev.tobira.api.Row;
import dev.tobira.spi.CallDeadline;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.Points.RetrievedPoint;
import io.qdrant.client.grpc.Points.ScrollPoints;
import io.qdrant.client.grpc.Points.ScrollResponse;
import io.qdrant.client.grpc.Points.WithPayloadSelector;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Pages by scroll: the cursor is the next page's first point id, {@code n:<number>} or {@code u:<uuid>}. */
final class QdrantBrowser implements Browser {
    private final QdrantSession session;
    private final QdrantCatalog catalog;

    QdrantBrowser(QdrantSession session, QdrantCatalog catalog) {
        this.session = session;
        this.catalog = catalog;
    }

    @Override
    public Page browse(CollectionRef collection, Optional<String> after, int size) {
        String cursor = after.orElse(""); // the first page, in this driver's own cursor text
        catalog.requireNamespace(collection.namespace().orElse(""), "browse");
        ScrollPoints.Builder s = ScrollPoints.newBuilder()
                .setCollectionName(collection.name())
                .setLimit(size)
                .setWithPayload(WithPayloadSelector.newBuilder().setEnable(true));
        if (!cursor.isEmpty()) {
            s.setOffset(cursor(cursor));
        }
        // the facet calls have no timeout of their own: bounded as the catalog's calls are, never open-ended
        ScrollResponse r = session.call(
                "browse",
                session.points(),
                CallDeadline.after(QdrantCatalog.METADATA_TIMEOUT),
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
        return next.isEmpty() ? Page.last(layout.columns(), rows) : Page.of(layout.columns(), rows, next);
    }

    private static PointId cursor(String cursor) {
        try {
            if (cursor.startsWith("n:")) {
                long n = Long.parseLong(cursor.substring(2));
                if (n >= 0) {
                    return PointId.newBuilder().setNum(n).build();
                }
            } else if (cursor.startsWith("u:")) {
                return PointId.newBuilder()
                        .setUuid(UUID.fromString(cursor.substring(2)).toString())
                        .build();
            }
        } catch (IllegalArgumentException e) {
            // falls through to the refusal
        }
        throw DriverException.of(
                ErrorKind.INVALID_ARGUMENT, QdrantDriver.NAME, "browse", "not a cursor this driver gave");
    }
}
