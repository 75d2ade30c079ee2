package dev.tobira.driver.qdrant;

import dev.tobira.api.Row;
import dev.tobira.api.RowView;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.PagedResultSet;
import io.qdrant.client.grpc.Points.RetrievedPoint;
import io.qdrant.client.grpc.Points.ScrollPoints;
import io.qdrant.client.grpc.Points.ScrollResponse;
import java.util.OptionalLong;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * A scroll that streams: the first page is read when the query is sent (it fixes the columns), each
 * further page when the caller has taken every row of the one before, from the page's
 * {@code next_page_offset}. Nothing is held on the server between pages, so closing only stops the
 * paging; a close from another thread cancels the page call in flight. When the result is done
 * with, {@code onRelease} hears of it (the connection stops tracking it).
 */
final class ScrollResultSet extends PagedResultSet<RetrievedPoint> {
    private final QdrantSession session;
    private final ScrollPoints request;
    private final CallDeadline deadline;
    private final PointRows rows;
    private final PointRows.View view;
    private final AtomicReference<Future<?>> current;
    private final Consumer<ScrollResultSet> onRelease;
    private ScrollResponse last;

    private ScrollResultSet(
            QdrantSession session,
            ScrollPoints request,
            CallDeadline deadline,
            ScrollResponse first,
            PointRows rows,
            AtomicReference<Future<?>> current,
            long limit,
            long startNanos,
            Consumer<ScrollResultSet> onRelease) {
        super(
                QdrantDriver.NAME,
                rows.columns(),
                limit > 0 ? OptionalLong.of(limit) : OptionalLong.empty(),
                startNanos,
                first.getResultList());
        this.onRelease = onRelease;
        this.session = session;
        this.request = request;
        this.deadline = deadline;
        this.rows = rows;
        this.view = rows.new View();
        this.current = current;
        this.last = first;
    }

    static ScrollResultSet open(
            QdrantSession session,
            ScrollPoints request,
            boolean withVectors,
            CallDeadline deadline,
            long limit,
            long startNanos,
            Consumer<ScrollResultSet> onRelease) {
        AtomicReference<Future<?>> current = new AtomicReference<>();
        ScrollResponse first = session.call("query", session.points(), deadline, s -> s.scroll(request), current);
        // a result that ends within the first page, or that the limit stops there, has exact columns
        boolean more = first.hasNextPageOffset() && (limit == 0 || limit > first.getResultCount());
        PointRows rows = PointRows.ofRetrieved(first.getResultList(), withVectors, more);
        return new ScrollResultSet(session, request, deadline, first, rows, current, limit, startNanos, onRelease);
    }

    @Override
    protected Row row(RetrievedPoint p) {
        return rows.row(p);
    }

    /** forEachRow's rows: one view, standing at each point in turn. */
    @Override
    protected @Nullable RowView advance() {
        RetrievedPoint p = nextItem();
        return p == null ? null : view.at(p);
    }

    @Override
    protected @Nullable Iterable<RetrievedPoint> nextPage() {
        if (!last.hasNextPageOffset()) {
            return null;
        }
        ScrollPoints next =
                request.toBuilder().setOffset(last.getNextPageOffset()).build();
        last = session.call("query", session.points(), deadline, s -> s.scroll(next), current);
        return last.getResultList();
    }

    @Override
    protected void released() {
        onRelease.accept(this);
    }

    @Override
    protected void cancel() {
        Future<?> f = current.get();
        if (f != null) {
            f.cancel(true);
        }
    }
}
