package dev.tobira.drivertest;

import dev.tobira.api.DriverException;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;

/**
 * One call of the driver on a new thread with the default stack size, bounded: what it returned,
 * the {@link DriverException} it threw, anything else it threw (a {@code StackOverflowError}
 * included), or nothing within the bound (a hang). A hung thread is interrupted and left to end on
 * its own; it is a daemon, so it never keeps the build alive.
 */
record Bounded<T>(
        @Nullable T value,
        @Nullable DriverException refusal,
        @Nullable Throwable error,
        boolean hung,
        Duration took) {

    static <T> Bounded<T> call(String name, Duration bound, Callable<T> call) {
        AtomicReference<Bounded<T>> result = new AtomicReference<>();
        long start = System.nanoTime();
        Runnable body = () -> {
            T value;
            try {
                value = call.call();
            } catch (DriverException e) {
                try {
                    MessageCheck.assertWhole(e);
                } catch (AssertionError cut) {
                    // an error of the call, as it was when the exception's constructor made the check
                    result.set(new Bounded<>(null, null, cut, false, since(start)));
                    return;
                }
                result.set(new Bounded<>(null, e, null, false, since(start)));
                return;
            } catch (Throwable e) {
                result.set(new Bounded<>(null, null, e, false, since(start)));
                return;
            }
            result.set(new Bounded<>(value, null, null, false, since(start)));
        };
        // stack size 0 is the JVM's default for a new thread: a driver's recursion must fit in it
        Thread thread = new Thread(null, body, "tobira-" + name, 0);
        thread.setDaemon(true);
        thread.start();
        try {
            thread.join(bound.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Bounded<T> r = result.get();
        if (r != null) {
            return r;
        }
        thread.interrupt();
        return new Bounded<>(null, null, null, true, since(start));
    }

    private static Duration since(long start) {
        return Duration.ofNanos(System.nanoTime() - start);
    }

    boolean failedBadly() {
        return error != null || hung || (refusal != null && refusal.kind() == null);
    }

    /** The outcome as the report spells it: {@code OK}, the error kind, {@code ERROR <class>} or {@code HANG}. */
    String outcome() {
        if (hung) {
            return "HANG";
        }
        if (refusal != null) {
            return String.valueOf(refusal.kind());
        }
        if (error != null) {
            return "ERROR " + error.getClass().getName();
        }
        return "OK";
    }

    String message() {
        if (hung) {
            return "no answer within " + took.toMillis() + " ms";
        }
        if (refusal != null) {
            return Report.shorten(String.valueOf(refusal.getMessage()), 300);
        }
        if (error != null) {
            StackTraceElement[] at = error.getStackTrace();
            String where = at.length > 0 ? " at " + at[0] : "";
            return Report.shorten(error.getClass().getName() + ": " + error.getMessage(), 300) + where;
        }
        return value == null ? "" : Report.shorten(String.valueOf(value), 100);
    }
}
