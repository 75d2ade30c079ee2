package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * When a call must be over: a timeout such as {@code Query.timeout} counted from the moment the
 * call began, across every request and page it makes, so that a driver can hand each request the
 * time that is left and refuse to start one when none is. A call that runs past it ends with
 * {@link ErrorKind#TIMEOUT}.
 *
 * <p>Instances are immutable and safe to share between threads.
 *
 * @since 0.1
 */
public final class CallDeadline {
    /** No bound: every check passes and no time left is ever reported. */
    public static final CallDeadline NONE = new CallDeadline(0, false);

    private final long endNanos;
    private final boolean bounded;

    private CallDeadline(long endNanos, boolean bounded) {
        this.endNanos = endNanos;
        this.bounded = bounded;
    }

    /**
     * Returns the deadline of a call that began at {@code startNanos}.
     *
     * @param startNanos when the call began, as {@link System#nanoTime()}
     * @param timeout how long the call may take, positive
     * @return the deadline
     * @throws NullPointerException if timeout is null
     * @throws IllegalArgumentException if timeout is zero or negative
     */
    public static CallDeadline of(long startNanos, Duration timeout) {
        requireNonNull(timeout, "timeout is null");
        if (timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("timeout must be positive, not " + timeout + " (NONE for no bound)");
        }
        return new CallDeadline(startNanos + timeout.toNanos(), true);
    }

    /**
     * Returns the deadline of a call that began at {@code startNanos}, such as one bounded by
     * {@code Query.timeout()}.
     *
     * @param startNanos when the call began, as {@link System#nanoTime()}
     * @param timeout how long the call may take, positive, or empty for no bound
     * @return the deadline, {@link #NONE} without a bound
     * @throws NullPointerException if timeout is null
     * @throws IllegalArgumentException if timeout is present and zero or negative
     */
    public static CallDeadline of(long startNanos, Optional<Duration> timeout) {
        requireNonNull(timeout, "timeout is null");
        return timeout.isPresent() ? of(startNanos, timeout.get()) : NONE;
    }

    /**
     * Returns the deadline of a call that begins now.
     *
     * @param timeout how long the call may take, positive
     * @return the deadline
     * @throws NullPointerException if timeout is null
     * @throws IllegalArgumentException if timeout is zero or negative
     */
    public static CallDeadline after(Duration timeout) {
        return of(System.nanoTime(), timeout);
    }

    /**
     * Tells whether the call has a bound at all.
     *
     * @return true unless this is {@link #NONE}
     */
    public boolean bounded() {
        return bounded;
    }

    /**
     * Returns the nanoseconds left.
     *
     * @param driver the driver's name, for the error
     * @param op the operation, for the error
     * @return the nanoseconds left (more than 0), or empty without a bound
     * @throws DriverException ({@link ErrorKind#TIMEOUT}) once no time is left
     */
    public OptionalLong remainingNanos(String driver, String op) {
        if (!bounded) {
            return OptionalLong.empty();
        }
        long left = endNanos - System.nanoTime();
        if (left <= 0) {
            throw expired(driver, op);
        }
        return OptionalLong.of(left);
    }

    /**
     * Returns the whole milliseconds left, at least 1 and at most {@code fallback}.
     *
     * @param driver the driver's name, for the error
     * @param op the operation, for the error
     * @param fallback the most to return, and what is returned without a bound
     * @return the milliseconds left, or {@code fallback}
     * @throws DriverException ({@link ErrorKind#TIMEOUT}) once no time is left
     */
    public long millisLeft(String driver, String op, long fallback) {
        OptionalLong left = remainingNanos(driver, op);
        return left.isEmpty() ? fallback : Math.max(1, Math.min(fallback, left.getAsLong() / 1_000_000L));
    }

    /**
     * Throws once no time is left; does nothing before or without a bound.
     *
     * @param driver the driver's name, for the error
     * @param op the operation, for the error
     * @throws DriverException ({@link ErrorKind#TIMEOUT}) once no time is left
     */
    public void check(String driver, String op) {
        remainingNanos(driver, op);
    }

    /**
     * Returns the error of a call that ran past its deadline.
     *
     * @param driver the driver's name
     * @param op the operation
     * @return a {@link ErrorKind#TIMEOUT} error
     * @throws NullPointerException if an argument is null
     */
    public static DriverException expired(String driver, String op) {
        return DriverException.of(
                ErrorKind.TIMEOUT,
                requireNonNull(driver, "driver is null"),
                requireNonNull(op, "op is null"),
                "the call ran past its timeout");
    }
}
