package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.function.Function;
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
 * <p>Besides the iterator there are four ways to read the rows, each closing the result at its
 * end: {@link #forEachRow} (fastest, a view per row), {@link #map} (a lazy stream of what a mapper
 * makes of each row), {@link #toList} (all of them in a list) and {@link #stream()} (the rows).
 * Four more read the row a query is expected to return, and close the result as soon as they
 * have it: {@link #one} (exactly one), {@link #findOne} (at most one), {@link #first} (at least
 * one, the first) and {@link #findFirst} (the first, if any).
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
     * Returns the remaining rows, each turned into a {@code T} by a mapper, as a lazy sequential
     * stream: a row is read from the database when the stream asks for the next element, as
     * {@link #next()} reads it. Closing the stream closes this result; so does reaching the last row,
     * and so does any exception from the mapper, the stream's later stages or the database, which
     * is then thrown as it is. Use it in try-with-resources when the stream may stop early
     * ({@code findFirst}, {@code limit}, {@code anyMatch}): an unfinished stream keeps the result open.
     *
     * <p>The mapper gets each row as a {@link RowView}, valid only during its call: a terminal
     * operation that takes every element ({@code forEach}, {@code collect}, {@code toList}) reads the
     * rows with {@link #forEachRow}, so the driver may hand a window on its cursor. Return what the
     * row holds, or {@link RowView#toRow()} to keep the row, never the view itself.
     *
     * <pre>{@code
     * try (Stream<String> names = rs.map(row -> row.getText("name"))) {
     *     names.filter(n -> n.startsWith("A")).forEach(System.out::println);
     * }
     * }</pre>
     *
     * @param <T> what a row becomes
     * @param mapper the function from a row to an element; it may return null
     * @return a stream over the remaining rows, mapped
     * @throws NullPointerException if mapper is null
     * @since 0.1
     */
    default <T> Stream<T> map(Function<? super RowView, ? extends T> mapper) {
        requireNonNull(mapper, "mapper is null");
        Spliterator<T> rows = new Spliterators.AbstractSpliterator<>(Long.MAX_VALUE, Spliterator.ORDERED) {
            @Override
            public boolean tryAdvance(Consumer<? super T> action) {
                boolean ended = false;
                try {
                    boolean more = hasNext();
                    if (more) {
                        action.accept(mapper.apply(next()));
                    } else {
                        close(); // exhausted: closed here whatever the driver does at its end
                    }
                    ended = true;
                    return more;
                } finally {
                    if (!ended) {
                        close();
                    }
                }
            }

            @Override
            public void forEachRemaining(Consumer<? super T> action) {
                try {
                    // the fast path: the driver may read in place, the mapper takes what it needs
                    forEachRow(row -> action.accept(mapper.apply(row)));
                } finally {
                    close();
                }
            }
        };
        return StreamSupport.stream(rows, false).onClose(this::close);
    }

    /**
     * Reads every remaining row into a list, each turned into a {@code T} by a mapper, and closes
     * this result, also when the mapper or the database throws (the exception is thrown as it is).
     * The rows are read with {@link #forEachRow}, so the mapper gets each as a {@link RowView} valid
     * only during its call; return what it holds, or {@link RowView#toRow()}, never the view itself.
     * Where the query's limit cut the result, {@link #stats()} says so afterwards.
     *
     * <pre>{@code
     * List<String> names = conn.query(q).toList(row -> row.getText("name"));
     * }</pre>
     *
     * @param <T> what a row becomes
     * @param mapper the function from a row to an element; it may return null
     * @return the elements in row order, as the mapper returned them (null included), unmodifiable
     * @throws NullPointerException if mapper is null
     * @throws DriverException if the database fails while fetching, or the result was cancelled
     * @since 0.1
     */
    default <T> List<T> toList(Function<? super RowView, ? extends T> mapper) {
        requireNonNull(mapper, "mapper is null");
        List<T> out = new ArrayList<>();
        try {
            forEachRow(row -> out.add(mapper.apply(row)));
        } finally {
            close();
        }
        return Collections.unmodifiableList(out);
    }

    /**
     * Reads the one row of the result, turned into a {@code T} by a mapper, and closes this result.
     * It reads at most two rows (the second only to tell that there is one), blocking until they
     * arrive, and closes the result on return and on every exception, which is thrown as it is.
     * The mapper gets the row as a {@link RowView} valid only during its call.
     *
     * <pre>{@code
     * long n = conn.query(Query.of("select count(*) from orders")).one(row -> row.getLong(0));
     * }</pre>
     *
     * @param <T> what the row becomes
     * @param mapper the function from the row to the result; it must not return null (use
     *     {@link #findOne} and an {@link Optional} for a value that may be absent)
     * @return what the mapper made of the row, not null
     * @throws NullPointerException if mapper is null, or returns null
     * @throws NoSuchElementException if the result has no row
     * @throws IllegalStateException if the result has more than one row
     * @throws DriverException if the database fails while fetching, or the result was cancelled
     * @since 0.1
     */
    default <T> T one(Function<? super RowView, ? extends T> mapper) {
        return findOne(mapper).orElseThrow(() -> new NoSuchElementException("expected one row, found none"));
    }

    /**
     * Reads the one row of the result, if there is one, turned into a {@code T} by a mapper, and
     * closes this result. As {@link #one}, but an empty result gives an empty {@code Optional}:
     * it reads at most two rows, blocking until they arrive, and closes the result on return and on
     * every exception, which is thrown as it is.
     *
     * @param <T> what the row becomes
     * @param mapper the function from the row to the result; it must not return null
     * @return what the mapper made of the row, or empty if the result has no row
     * @throws NullPointerException if mapper is null, or returns null
     * @throws IllegalStateException if the result has more than one row
     * @throws DriverException if the database fails while fetching, or the result was cancelled
     * @since 0.1
     */
    default <T> Optional<T> findOne(Function<? super RowView, ? extends T> mapper) {
        requireNonNull(mapper, "mapper is null");
        try {
            if (!hasNext()) {
                return Optional.empty();
            }
            T value = mapped(mapper, next());
            if (hasNext()) {
                throw new IllegalStateException("expected one row, found more than one");
            }
            return Optional.of(value);
        } finally {
            close();
        }
    }

    /**
     * Reads the first row of the result, turned into a {@code T} by a mapper, and closes this
     * result without reading the others. It blocks until the first row arrives, and closes the
     * result on return and on every exception, which is thrown as it is. The mapper gets the row as
     * a {@link RowView} valid only during its call.
     *
     * @param <T> what the row becomes
     * @param mapper the function from the row to the result; it must not return null
     * @return what the mapper made of the first row, not null
     * @throws NullPointerException if mapper is null, or returns null
     * @throws NoSuchElementException if the result has no row
     * @throws DriverException if the database fails while fetching, or the result was cancelled
     * @since 0.1
     */
    default <T> T first(Function<? super RowView, ? extends T> mapper) {
        return findFirst(mapper).orElseThrow(() -> new NoSuchElementException("expected a row, found none"));
    }

    /**
     * Reads the first row of the result, if there is one, turned into a {@code T} by a mapper, and
     * closes this result without reading the others. It blocks until the first row (or the end of
     * the result) arrives, and closes the result on return and on every exception, which is thrown
     * as it is.
     *
     * @param <T> what the row becomes
     * @param mapper the function from the row to the result; it must not return null
     * @return what the mapper made of the first row, or empty if the result has no row
     * @throws NullPointerException if mapper is null, or returns null
     * @throws DriverException if the database fails while fetching, or the result was cancelled
     * @since 0.1
     */
    default <T> Optional<T> findFirst(Function<? super RowView, ? extends T> mapper) {
        requireNonNull(mapper, "mapper is null");
        try {
            return hasNext() ? Optional.of(mapped(mapper, next())) : Optional.empty();
        } finally {
            close();
        }
    }

    /** Applies the mapper of {@link #one} and its kin, which may not stand for absence with a null. */
    private static <T> T mapped(Function<? super RowView, ? extends T> mapper, RowView row) {
        T value = mapper.apply(row);
        if (value == null) {
            throw new NullPointerException(
                    "mapper returned null; use findOne or findFirst and Optional for an absent value");
        }
        return value;
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
        return StreamSupport.stream(
                        Spliterators.spliteratorUnknownSize(this, Spliterator.ORDERED | Spliterator.NONNULL), false)
                .onClose(this::close);
    }

    /**
     * Releases the result and its server-side cursor; cancels an iteration in flight when called
     * from another thread. Idempotent; throws nothing.
     */
    @Override
    void close();
}
