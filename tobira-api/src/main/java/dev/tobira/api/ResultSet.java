package dev.tobira.api;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
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
