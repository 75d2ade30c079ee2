package dev.tobira.jdbc;

import dev.tobira.spi.Nullable;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The deadline of one call: a watchdog cancels the statement when it passes, for the sub-second
 * precision {@code setQueryTimeout} lacks and for drivers that ignore it. {@link #disarm()} and
 * the firing exclude each other, so a cancel can never reach a later statement of the connection
 * (SQLite's cancel interrupts the whole connection).
 */
final class Deadline {
    private static final Deadline NONE = new Deadline(null);
    private static final ScheduledExecutorService WATCHDOG = watchdog();

    /**
     * How often, and how many times, the cancel is sent again after the deadline passed while the
     * statement has not returned from {@code execute()}: a cancel that lands before the statement
     * starts is lost (SQLite's interrupt reaches only a running statement). Once it returned
     * ({@link #executed()}) the one cancel reaches a fetch in flight, and a result the caller holds
     * without reading is stopped by its next step ({@link #fired()}).
     */
    static final long REPEAT_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    static final int REPEATS = 20;

    private final @Nullable Canceller canceller;
    private @Nullable ScheduledFuture<?> future;
    private boolean done;
    private volatile boolean fired;
    private boolean executed;
    private int sent;

    /** What the deadline does when it passes. */
    @FunctionalInterface
    interface Canceller {
        void cancel() throws SQLException;
    }

    private Deadline(@Nullable Canceller canceller) {
        this.canceller = canceller;
    }

    private static ScheduledExecutorService watchdog() {
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "tobira-jdbc-watchdog");
            t.setDaemon(true);
            return t;
        });
        executor.setRemoveOnCancelPolicy(true);
        return executor;
    }

    static Deadline none() {
        return NONE;
    }

    /**
     * The statement's own query timeout behind a deadline: a whole second later than the deadline
     * rounded up. A driver that honours it (DuckDB interrupts itself) would otherwise race the
     * watchdog at whole-second timeouts, and an interrupt the watchdog did not send reads as a
     * cancel, not a timeout.
     */
    static int backstopSeconds(Duration timeout) {
        long whole = Math.min(timeout.getSeconds(), Integer.MAX_VALUE); // capped first, so rounding up cannot overflow
        long seconds = whole + (timeout.getNano() > 0 ? 1 : 0);
        return (int) Math.min(Math.max(1, seconds), Integer.MAX_VALUE - 1) + 1;
    }

    /** Arms a deadline that runs a cancel action, for work that has no statement (a bulk export). */
    static Deadline arm(Canceller canceller, Duration timeout) {
        Deadline d = new Deadline(canceller);
        synchronized (d) {
            d.future = WATCHDOG.schedule(d::fire, Math.max(1, timeout.toNanos()), TimeUnit.NANOSECONDS);
        }
        return d;
    }

    private synchronized void fire() {
        if (done) {
            return;
        }
        fired = true;
        try {
            // only NONE has no canceller, and it is never scheduled
            java.util.Objects.requireNonNull(canceller).cancel();
        } catch (SQLException | RuntimeException e) {
            // the statement ended meanwhile; nothing left to stop
        }
        if (!executed && ++sent <= REPEATS) {
            future = WATCHDOG.schedule(this::fire, REPEAT_NANOS, TimeUnit.NANOSECONDS);
        }
    }

    /** Says the statement returned from {@code execute()}: the cancel is not sent again after that. */
    synchronized void executed() {
        executed = true;
    }

    /** Stops the watchdog; after it returns, the statement is never cancelled by this deadline. */
    synchronized void disarm() {
        done = true;
        if (future != null) {
            future.cancel(false);
        }
    }

    /** Whether the deadline passed; read on every row, so without the lock. */
    boolean fired() {
        return fired;
    }
}
