package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Column;
import dev.tobira.api.Row;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.OptionalLong;

/**
 * The rows of a result the database hands out in pages (a scan's cursor, a page token, an offset):
 * one page is held at a time, and the next is asked for only when the caller has taken every item
 * of the one before, so memory stays one page whatever the size of the result. The driver says how
 * the next page is fetched and how an item becomes a row; the loop, the end and the release are
 * written once here.
 *
 * <p>The first page is fetched by the driver before the result is made, so that a bad query fails
 * from the call that sent it, and it fixes the columns.
 *
 * @param <T> what a page holds, one per row
 * @since 0.1
 */
public abstract class PagedResultSet<T> extends CursorResultSet {
    private Iterator<? extends T> page;

    /**
     * For subclasses.
     *
     * @param driver the driver's name, for messages
     * @param columns the columns
     * @param limit the row limit, empty for none
     * @param startNanos when the query started, from {@link System#nanoTime()}
     * @param first the items of the first page
     */
    protected PagedResultSet(
            String driver, List<Column> columns, OptionalLong limit, long startNanos, Iterable<? extends T> first) {
        super(driver, columns, limit, startNanos);
        this.page = requireNonNull(first, "first is null").iterator();
    }

    /**
     * Fetches the page after the last one, within the query's time budget.
     *
     * @return its items (possibly none: the loop then asks again), or null when there is no next page
     * @throws dev.tobira.api.DriverException when the page cannot be fetched; the result ends with it
     */
    protected abstract @Nullable Iterable<? extends T> nextPage();

    /**
     * Makes the row of an item.
     *
     * @param item an item of a page
     * @return its row, over {@link #columns()}
     */
    protected abstract Row row(T item);

    /** Called once when the result is released, after the page in hand is dropped; nothing by default. */
    protected void released() {}

    /**
     * Returns the next item, fetching pages as they run out: for a subclass whose
     * {@link #advance()} reads items without making rows.
     *
     * @return the next item, or null after the last
     */
    protected final @Nullable T nextItem() {
        while (!page.hasNext()) {
            Iterable<? extends T> next = nextPage();
            if (next == null) {
                return null;
            }
            page = next.iterator();
        }
        return page.next();
    }

    @Override
    protected final @Nullable Row fetch() {
        T item = nextItem();
        return item == null ? null : row(item);
    }

    @Override
    protected final void release() {
        page = Collections.emptyIterator();
        released();
    }
}
