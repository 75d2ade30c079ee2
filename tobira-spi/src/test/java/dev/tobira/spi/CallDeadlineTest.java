package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The deadline the non-JDBC drivers carry through a call's requests and pages. */
class CallDeadlineTest {
    @Test
    void noTimeoutIsNoBound() {
        assertSame(CallDeadline.NONE, CallDeadline.of(System.nanoTime(), Optional.empty()));
        assertFalse(CallDeadline.NONE.bounded());
        assertTrue(CallDeadline.NONE.remainingNanos("d", "op").isEmpty());
        assertEquals(500, CallDeadline.NONE.millisLeft("d", "op", 500));
        CallDeadline.NONE.check("d", "op");
    }

    @Test
    void aTimeoutIsPositiveAndNoneIsEmptyNotZero() {
        assertThrows(IllegalArgumentException.class, () -> CallDeadline.of(System.nanoTime(), Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> CallDeadline.after(Duration.ofSeconds(-1)));
        assertThrows(
                IllegalArgumentException.class, () -> CallDeadline.of(System.nanoTime(), Optional.of(Duration.ZERO)));
        assertTrue(CallDeadline.of(System.nanoTime(), Optional.of(Duration.ofSeconds(1)))
                .bounded());
    }

    @Test
    void theTimeLeftCountsFromTheStartAndIsCappedByTheFallback() {
        long start = System.nanoTime();
        CallDeadline d = CallDeadline.of(start, Duration.ofHours(1));
        assertTrue(d.bounded());
        long left = d.remainingNanos("d", "op").orElseThrow();
        assertTrue(left > 0 && left <= Duration.ofHours(1).toNanos(), "left " + left);
        assertEquals(20, d.millisLeft("d", "op", 20));
        long ms = d.millisLeft("d", "op", Long.MAX_VALUE);
        assertTrue(
                ms > Duration.ofMinutes(59).toMillis()
                        && ms <= Duration.ofHours(1).toMillis(),
                "ms " + ms);
        d.check("d", "op");
    }

    @Test
    void aCallThatBeganLongerAgoThanItsTimeoutHasExpired() {
        CallDeadline d =
                CallDeadline.of(System.nanoTime() - Duration.ofSeconds(2).toNanos(), Duration.ofSeconds(1));
        assertTrue(d.bounded());
        DriverException e = assertThrows(DriverException.class, () -> d.remainingNanos("qdrant", "scroll"));
        assertEquals(ErrorKind.TIMEOUT, e.kind());
        assertEquals("qdrant", e.driver());
        assertEquals("scroll", e.op());
        assertTrue(e.getMessage().contains("the call ran past its timeout"), e.getMessage());
        assertEquals(
                ErrorKind.TIMEOUT,
                assertThrows(DriverException.class, () -> d.millisLeft("qdrant", "scroll", 10))
                        .kind());
        assertEquals(
                ErrorKind.TIMEOUT,
                assertThrows(DriverException.class, () -> d.check("qdrant", "scroll"))
                        .kind());
    }

    @Test
    void theErrorNamesDriverAndOperation() {
        DriverException e = CallDeadline.expired("bigquery", "query");
        assertEquals(ErrorKind.TIMEOUT, e.kind());
        assertEquals("bigquery", e.driver());
        assertThrows(NullPointerException.class, () -> CallDeadline.expired(null, "query"));
        assertThrows(NullPointerException.class, () -> CallDeadline.of(0, (Duration) null));
    }
}
