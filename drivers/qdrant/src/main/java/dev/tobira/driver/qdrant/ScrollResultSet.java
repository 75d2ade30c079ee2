package dev.tobira.driver.qdrant;

import dev.tobira.api.Row;
import dev.tobira.api.RowView;
import dev.tobira.spi.CursorResultSet;
import io.qdrant.client.grpc.Points.RetrievedPoint;
import io.qdrant.client.grpc.Points.ScrollPoints;
import io.qdrant.client.grpc.Points.ScrollResponse;
import java.util.Iterator;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A scroll that streams: the first page is read when the query is sent (it fixes the columns), each
 * further page when the caller has taken every row of the one before, from the page's
 * {@code next_page_offset}. Nothing is held on the server between pages, so closing only stops the
 * paging; a close from another thread cancels the page call in flight.
 */
final class ScrollResultSet extends CursorResultSet {
    private final Session session;
    private final ScrollPoints request;
    private final Deadline deadline;
    private final PointRows rows;
    private final PointRows.View view;
    private final AtomicReference<Future<?>> current;
    private final Runnable onRelease;
    private Iterator<RetrievedPoint> page;
    private ScrollResponse last;

    private ScrollResultSet(Session session, ScrollPoints request, Deadline deadline, ScrollResponse first, PointRows rows,
                            AtomicReference<Future<?>> current, long limit, long startNanos, Runnable onRelease) {
        super(QdrantDriver.NAME, rows.columns(), limit, startNanos);
        this.onRelease = onRelease;
        this.session = session;
        this.request = request;
        this.deadline = deadline;
        this.rows = rows;
        this.view = rows.new View();
        this.current = current;
        this.last = first;
        this.page = first.getResultList().iterator();
    }

    static ScrollResultSet open(Session session, ScrollPoints request, boolean withVectors, Deadline deadline, long limit,
                                long startNanos, java.util.function.Consumer<ScrollResultSet> onRelease) {
        AtomicReference<Future<?>> current = new AtomicReference<>();
        ScrollResponse first = session.call("query", session.points(), deadline, s -> s.scroll(request), current);
        // a result that ends within the first page, or that the limit stops there, has exact columns
        boolean more = first.hasNextPageOffset() && (limit == 0 || limit > first.getResultCount());
        PointRows rows = PointRows.ofRetrieved(first.getResultList(), withVectors, more);
        ScrollResultSet[] self = new ScrollResultSet[1];
        self[0] = new ScrollResultSet(session, request, deadline, first, rows, current, limit, startNanos,
                () -> onRelease.accept(self[0]));
        return self[0];
    }

    @Override
    protected Row fetch() {
        RetrievedPoint p = nextPoint();
        return p == null ? null : rows.row(p);
    }

    /** forEachRow's rows: one view, standing at each point in turn. */
    @Override
    protected RowView advance() {
        RetrievedPoint p = nextPoint();
        return p == null ? null : view.at(p);
    }

    private RetrievedPoint nextPoint() {
        while (!page.hasNext()) {
            if (!last.hasNextPageOffset()) {
                return null;
            }
            ScrollPoints next = request.toBuilder().setOffset(last.getNextPageOffset()).build();
            last = session.call("query", session.points(), deadline, s -> s.scroll(next), current);
            page = last.getResultList().iterator();
        }
        return page.next();
    }

    @Override
    protected void release() {
        page = java.util.Collections.emptyIterator();
        onRelease.run();
    }

    @Override
    protected void cancel() {
        Future<?> f = current.get();
        if (f != null) {
            f.cancel(true);
        }
    }
}
