package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.QueryStats;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.RowView;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * The bookkeeping every streamed {@link ResultSet} needs, written once: the row limit and
 * truncation, statistics, single-pass iteration, idempotent close, closing at the end, and cancel
 * from another thread.
 *
 * <p>A driver subclass supplies {@link #fetch()}, which pulls one row from the server, {@link
 * #release()}, which frees the server-side cursor, and optionally {@link #cancel()}, which
 * interrupts a fetch blocked in another thread, and {@link #advance()}, which moves to the next row
 * without building it, for {@link #forEachRow}. When the limit is reached, the class fetches one
 * row more to learn whether the result was cut, then releases the cursor at once.
 *
 * <p>Threading: one thread iterates; {@link #close()} may come from any thread. A close that
 * arrives while a fetch is in flight calls {@link #cancel()}, and the iterating thread then throws
 * {@link ErrorKind#CANCELLED} and releases the cursor itself, so {@link #release()} never runs
 * concurrently with {@link #fetch()}. Iterating takes no lock: two atomic state changes per row
 * under {@link #hasNext()}, two per call of {@link #forEachRow}, whose rows are all read as one
 * fetch in flight (its action reads the driver's cursor in place).
 *
 * @since 0.1
 */
public abstract class CursorResultSet implements ResultSet {
    /** No fetch in flight; the state between rows. */
    private static final int IDLE = 0;
    /** A fetch is in flight: a close must cancel it and leave the release to the iterating thread. */
    private static final int FETCHING = 1;
    /** Closed while no fetch was in flight; the closing thread released the cursor. */
    private static final int CLOSED = 2;
    /** Closed while a fetch was in flight; the iterating thread releases the cursor when it returns. */
    private static final int CANCELLED = 3;
    /**
     * {@code state} as a field of this object rather than an {@code AtomicInteger}: the two state
     * changes per row then touch no second object.
     */
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(CursorResultSet.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String driver;
    private final List<Column> columns;
    private final long limit;
    private final long startNanos;
    /**
     * {@link #IDLE} and {@link #FETCHING} alternate on the iterating thread; {@link #close()} moves
     * to {@link #CLOSED} or {@link #CANCELLED}, which are final. The cursor is released by the
     * close that moves to {@code CLOSED}, or by the iterating thread when its fetch returns to
     * {@code CANCELLED}: only one of the two can happen, so it is released exactly once.
     */
    private volatile int state; // IDLE, the default value: no volatile store needed at construction

    /**
     * The thread in {@link #forEachRow} while its rows are read, so that a close from its own action
     * stops the rows ({@link #stopped}) instead of cancelling them.
     */
    private volatile @Nullable Thread viewer;

    private boolean stopped;
    private @Nullable Row next;
    private long rows;
    private long rowsAffected = -1; // -1 until rowsAffected(long), which refuses a negative count
    private boolean truncated;
    private boolean ended;
    private long endNanos;

    /**
     * Creates the bookkeeping for one result.
     *
     * @param driver the driver's name, for messages
     * @param columns the result's columns, shared by every row
     * @param limit the most rows to return, at least 1, or empty for no limit, such as {@code Query.limit()}
     * @param startNanos {@link System#nanoTime()} when the query call began, for {@link QueryStats#duration()}
     * @throws IllegalArgumentException if limit is present and less than 1
     */
    protected CursorResultSet(String driver, List<Column> columns, OptionalLong limit, long startNanos) {
        this.driver = requireNonNull(driver, "driver is null");
        this.columns = List.copyOf(columns);
        if (limit.isPresent() && limit.getAsLong() < 1) {
            throw new IllegalArgumentException("limit must be at least 1, not " + limit.getAsLong());
        }
        this.limit = limit.orElse(0); // 0 here only: a present limit is at least 1
        this.startNanos = startNanos;
    }

    /**
     * Pulls the next row from the server. Called by one thread at a time, never after
     * {@link #release()}.
     *
     * @return the row, or null at the end of the result
     * @throws DriverException when the database fails
     */
    protected abstract @Nullable Row fetch();

    /**
     * Moves to the next row for {@link #forEachRow} and returns a view of it, or null at the end of
     * the result. A driver that can read the cells of its cursor in place returns one view object,
     * reused for every row, whose getters read the row it stands at; the default builds the row
     * with {@link #fetch()} (a {@link Row} is a view). Called under the same rules as {@code fetch}.
     * The view is read after this method returns, by the action, on the same thread, and possibly
     * while another thread runs {@link #cancel()}; {@code forEachRow} ends before {@link #release()}
     * runs. A failure of the view's getters ends the rows and closes the result, as a failed fetch
     * does.
     *
     * @return the view of the next row, or null at the end
     * @throws DriverException when the database fails
     */
    protected @Nullable RowView advance() {
        return fetch();
    }

    /**
     * Frees the server-side cursor and anything else the result holds. Called exactly once, never
     * concurrently with {@link #fetch()}. Must not throw.
     */
    protected abstract void release();

    /**
     * Interrupts a {@link #fetch()} or {@link #advance()} that is blocked in another thread, such as
     * {@code java.sql.Statement.cancel()}; under {@link #forEachRow} it may also come while the
     * reading thread's action reads the view {@code advance()} returned, so it must leave the cursor
     * readable or failing cleanly, never released. The default does nothing, so a close waits for
     * the fetch in flight to return. Must not throw.
     */
    protected void cancel() {}

    /**
     * Records how many rows a write changed, as the database reported it. Without a call,
     * {@link QueryStats#rowsAffected()} is empty.
     *
     * @param rowsAffected the count, 0 or more
     * @throws IllegalArgumentException if rowsAffected is negative
     */
    protected final void rowsAffected(long rowsAffected) {
        if (rowsAffected < 0) {
            throw new IllegalArgumentException("rowsAffected is negative: " + rowsAffected);
        }
        this.rowsAffected = rowsAffected;
    }

    /**
     * Returns the driver's name given at construction.
     *
     * @return the name
     */
    protected final String driver() {
        return driver;
    }

    @Override
    public final List<Column> columns() {
        return columns;
    }

    @Override
    public final boolean hasNext() {
        if (next != null) {
            return true;
        }
        if (ended || !STATE.compareAndSet(this, IDLE, FETCHING)) {
            refuseNestedIteration();
            return false;
        }
        @Nullable Row row = null;
        @Nullable Throwable failure = null;
        try {
            if (limit > 0 && rows >= limit) {
                truncated = fetch() != null;
            } else {
                row = fetch();
            }
        } catch (Throwable e) { // an Error too: the state must leave FETCHING whatever happens
            failure = e;
        }
        if (!STATE.compareAndSet(this, FETCHING, IDLE)) {
            // close() came meanwhile, cancelled the fetch and left the cursor to this thread
            end();
            release();
            throw cancelled("the result was closed while rows were being fetched", failure);
        }
        if (failure != null) {
            close();
            throw rethrow(failure);
        }
        if (row == null) {
            close();
            return false;
        }
        next = row;
        rows++;
        return true;
    }

    @Override
    public final Row next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no more rows");
        }
        Row row = next;
        if (row == null) { // a close from another thread came between hasNext() and here, and dropped the row
            throw new NoSuchElementException("the result was closed");
        }
        next = null;
        return row;
    }

    /**
     * {@inheritDoc}
     *
     * <p>Here the rows of one call are read as one fetch in flight: a close from another thread at
     * any moment of the call, during the action too, cancels ({@link #cancel()}) and leaves the
     * release to this thread, which throws {@link ErrorKind#CANCELLED} once the action returns.
     */
    @Override
    public final long forEachRow(Consumer<? super RowView> action) {
        requireNonNull(action, "action is null");
        long n = 0;
        if (next != null) { // the row hasNext() fetched already comes first
            Row row = next;
            next = null;
            try {
                action.accept(row);
            } catch (Throwable e) {
                close();
                throw rethrow(e);
            }
            n++;
        }
        if (ended || !STATE.compareAndSet(this, IDLE, FETCHING)) {
            refuseNestedIteration();
            return n;
        }
        viewer = Thread.currentThread();
        @Nullable Throwable failure = null;
        try {
            while (state == FETCHING && !stopped) { // a volatile read: a cancel from another thread shows here
                if (limit > 0 && rows >= limit) {
                    truncated = advance() != null;
                    break;
                }
                RowView view = advance();
                if (view == null) {
                    break;
                }
                rows++;
                action.accept(view);
                n++;
            }
        } catch (Throwable e) { // checked exceptions thrown sneakily and Errors too: the state must leave FETCHING
            failure = e;
        }
        viewer = null;
        if (!STATE.compareAndSet(this, FETCHING, IDLE)) {
            // close() from another thread cancelled the rows and left the cursor to this thread
            end();
            release();
            if (failure instanceof Error error) {
                error.addSuppressed(cancelled("the result was closed while rows were being read", null));
                throw error;
            }
            throw cancelled("the result was closed while rows were being read", failure);
        }
        // the end, the limit, a close from the action, or a failure of the driver or the action: all close
        close();
        if (failure != null) {
            throw rethrow(failure);
        }
        return n;
    }

    /** The nested use forEachRow's action must not make: it would read as the end of the rows. */
    private void refuseNestedIteration() {
        if (viewer == Thread.currentThread()) {
            throw new IllegalStateException("the result is being read by forEachRow: its action must not iterate it");
        }
    }

    private DriverException cancelled(String detail, @Nullable Throwable cause) {
        DriverException.Builder builder =
                DriverException.builder(ErrorKind.CANCELLED, driver, "query").detail(detail);
        if (cause != null) {
            builder.cause(cause);
        }
        return builder.build();
    }

    /** Throws a failure as it was caught: unchecked as it is, a checked one (thrown sneakily) unchanged too. */
    private static RuntimeException rethrow(Throwable failure) {
        if (failure instanceof RuntimeException r) {
            throw r;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        throw CursorResultSet.<RuntimeException>sneaky(failure);
    }

    // T is inferred at the call as RuntimeException on purpose: the sneaky throw
    @SuppressWarnings({"unchecked", "TypeParameterUnusedInFormals"})
    private static <T extends Throwable> T sneaky(Throwable t) throws T {
        throw (T) t;
    }

    @Override
    public final QueryStats stats() {
        long end = ended ? endNanos : System.nanoTime();
        QueryStats stats = QueryStats.of(rows, Duration.ofNanos(Math.max(0, end - startNanos)), truncated);
        return rowsAffected < 0 ? stats : stats.withRowsAffected(rowsAffected);
    }

    /**
     * Tells whether the result has been closed, by the caller, at its end or by a cancel.
     *
     * @return whether it is closed
     */
    protected final boolean isClosed() {
        return state >= CLOSED;
    }

    @Override
    public final void close() {
        while (true) {
            int current = state;
            if (current == IDLE && STATE.compareAndSet(this, IDLE, CLOSED)) {
                end();
                next = null;
                release();
                return;
            }
            if (current == FETCHING && viewer == Thread.currentThread()) {
                stopped = true; // closed by forEachRow's own action: it ends the rows and releases the cursor
                return;
            }
            if (current == FETCHING && STATE.compareAndSet(this, FETCHING, CANCELLED)) {
                cancel();
                return;
            }
            if (current >= CLOSED) {
                return;
            }
            // the iterating thread moved between IDLE and FETCHING meanwhile: look again
        }
    }

    /**
     * Tells whether a close from another thread interrupted a fetch.
     *
     * @return whether the result was cancelled
     */
    protected final boolean wasCancelled() {
        return state == CANCELLED;
    }

    private void end() {
        if (!ended) {
            ended = true;
            endNanos = System.nanoTime();
        }
    }
}
