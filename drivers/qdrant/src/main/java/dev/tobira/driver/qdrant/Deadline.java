package dev.tobira.driver.qdrant;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * When a call must be over: {@code Query.timeout} from the moment the call began, across every page
 * it reads. Each gRPC call carries the time left as its deadline.
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
        return timeout.isZero() || timeout.isNegative() ? NONE : new Deadline(startNanos + timeout.toNanos(), true);
    }

    static Deadline after(Duration timeout) {
        return of(System.nanoTime(), timeout);
    }

    /** The nanoseconds left, or empty without a bound; throws TIMEOUT once none is left. */
    OptionalLong remainingNanos(String op) {
        if (!bounded) {
            return OptionalLong.empty();
        }
        long left = endNanos - System.nanoTime();
        if (left <= 0) {
            throw expired(op);
        }
        return OptionalLong.of(left);
    }

    boolean bounded() {
        return bounded;
    }

    static DriverException expired(String op) {
        return DriverException.of(ErrorKind.TIMEOUT, QdrantDriver.NAME, op, "the call ran past its timeout");
    }
}
