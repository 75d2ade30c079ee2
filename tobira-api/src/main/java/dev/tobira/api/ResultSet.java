package dev.tobira.api;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The streamed result of a query: rows are pulled from the database as the caller iterates, and
 * nothing buffers a whole result.
 *
 * <p>A result is single-pass. It closes itself when the last row has been read, and closes the
 * server-side cursor early when the query's limit cuts it ({@link QueryStats#truncated()}). It is
 * meant for one thread, except {@link #close()}, which any thread may call to cancel an iteration
 * in flight: the iterating thread then gets a {@link DriverException} of kind
 * {@link ErrorKind#CANCELLED} (or sees the end of the rows, if it had already read them all).
 *
 * <p>Errors from the database while iterating are thrown from {@link #hasNext()} and
 * {@link #next()} as {@link DriverException}.
 *
 * @since 0.1
 */
public interface ResultSet extends Iterator<Row>, AutoCloseable {
    /**
     * Returns the columns of the result; empty for a statement that returns no rows.
     *
     * @return the columns, unmodifiable
     */
    List<Column> columns();

    /**
     * Tells whether another row is available, fetching it from the server if needed.
     *
     * @return whether {@link #next()} will return a row
     * @throws DriverException if the database fails while fetching, or the result was cancelled
     */
    @Override
    boolean hasNext();

    /**
     * Returns the next row.
     *
     * @return the row
     * @throws NoSuchElementException if there are no more rows
     * @throws DriverException if the database fails while fetching, or the result was cancelled
     */
    @Override
    Row next();

    /**
     * Hands each remaining row to an action, in order, as a {@link RowView}, and returns how many it
     * handed. The result ends as it does under {@link #next()}: closed after the last row, cut by the
     * query's limit.
     *
     * <p>This is the way to read a large result fastest. Where the driver reads rows in place (the
     * JDBC drivers do), the view it hands is a window on its cursor: the typed getters
     * ({@link RowView#getLong(int)}, {@link RowView#getText(int)}, …) read the cell straight from it,
     * building no {@link Row} and, for the common column types, no {@link Value}, so the cost per
     * row stays close to the vendor client's own. Such a view is valid only during the action's call:
     * keep a row with {@link RowView#toRow()}. Drivers that build rows anyway hand the {@code Row}
     * itself.
     *
     * <p>The action must not iterate this result itself (that throws {@link IllegalStateException}
     * where the driver can tell). To stop early, {@link #close()} the result from inside the action:
     * the rows stop after that call and nothing is thrown. An exception from the action ends the
     * rows too: the result is closed and the exception thrown from this method as it is. A close from
     * another thread cancels: this method throws {@link DriverException} of kind
     * {@link ErrorKind#CANCELLED} once the action in progress returns (or, where the driver builds
     * rows, may see the end of the rows if the close fell between two of them, as the iterator does).
     *
     * @param action what to do with each row
     * @return the number of rows handed to the action
     * @throws NullPointerException if action is null
     * @throws DriverException if the database fails while fetching, or the result was cancelled
     * @since 0.1
     */
    default long forEachRow(Consumer<? super RowView> action) {
        if (action == null) {
            throw new NullPointerException("action is null");
        }
        long n = 0;
        boolean ended = false;
        try {
            while (hasNext()) {
                action.accept(next());
                n++;
                // a close() from the action makes hasNext() false: the early stop promised above
            }
            ended = true;
        } finally {
            if (!ended) {
                close(); // whatever the action or the driver threw ends the rows
            }
        }
        return n;
    }

    /**
     * Returns what the query did so far; final once the result has ended or been closed.
     *
     * @return the statistics
     */
    QueryStats stats();

    /**
     * Returns the remaining rows as a sequential stream that closes this result when the stream
     * is closed. Use it in try-with-resources.
     *
     * @return a stream over the remaining rows
     */
    default Stream<Row> stream() {
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(this, Spliterator.ORDERED | Spliterator.NONNULL), false)
                .onClose(this::close);
    }

    /**
     * Releases the result and its server-side cursor; cancels an iteration in flight when called
     * from another thread. Idempotent; throws nothing.
     */
    @Override
    void close();
}
