package dev.tobira.driver.dynamodb;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.time.Duration;
import java.util.Optional;

/**
 * When a call must be over: {@code Query.timeout} from the moment the call began, across every
 * page it reads. Each request is sent with the SDK's API call timeout set to the time left, and a
 * call checks the deadline before each further page.
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

    /** The time left, or empty without a bound; throws TIMEOUT once none is left. */
    Optional<Duration> remaining(String op) {
        if (!bounded) {
            return Optional.empty();
        }
        long left = endNanos - System.nanoTime();
        if (left <= 0) {
            throw expired(op);
        }
        return Optional.of(Duration.ofNanos(Math.max(left, 1_000_000L)));
    }

    static DriverException expired(String op) {
        return DriverException.of(ErrorKind.TIMEOUT, DynamoDriver.NAME, op, "the call ran past its timeout");
    }
}
