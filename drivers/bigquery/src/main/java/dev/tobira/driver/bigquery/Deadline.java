package dev.tobira.driver.bigquery;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.time.Duration;

/**
 * When a call must be over: {@code Query.timeout} from the moment the call began, across the dry
 * run, the job and every page. The job itself carries the time left as its {@code jobTimeoutMs},
 * and the wait for it is cut into short polls, so that the deadline (or a close) cancels it.
 */
final class Deadline {
    static final Deadline NONE = new Deadline(0, false);

    private final long endNanos;
    private final boolean bounded;

    private Deadline(long endNanos, boolean bounded) {
        this.endNanos = endNanos;
        this.bounded = bounded;
    }

    static Deadline of(long startNanos, Duration timeout) {
        return timeout.isZero() ? NONE : new Deadline(startNanos + timeout.toNanos(), true);
    }

    boolean bounded() {
        return bounded;
    }

    /** Milliseconds left (at least 1), or {@code fallback} without a bound; throws TIMEOUT once none is left. */
    long millisLeft(String op, long fallback) {
        if (!bounded) {
            return fallback;
        }
        long left = endNanos - System.nanoTime();
        if (left <= 0) {
            throw expired(op);
        }
        return Math.max(1, Math.min(fallback, left / 1_000_000L));
    }

    void check(String op) {
        if (bounded && endNanos - System.nanoTime() <= 0) {
            throw expired(op);
        }
    }

    static DriverException expired(String op) {
        return DriverException.of(ErrorKind.TIMEOUT, BigQueryDriver.NAME, op, "the call ran past its timeout; its job was cancelled");
    }
}
