package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * What a query did, as far as it is known: final once the result is exhausted or closed.
 *
 * @param rows the rows returned to the caller so far
 * @param rowsAffected the rows a write changed, -1 when unknown or not a write
 * @param duration the time from the call to now, or to the end of the result once it ended
 * @param truncated whether the query's limit cut the result
 * @since 0.1
 */
public record QueryStats(long rows, long rowsAffected, Duration duration, boolean truncated) {
    /**
     * Creates statistics.
     *
     * @param rows the rows returned to the caller so far
     * @param rowsAffected the rows a write changed, -1 when unknown or not a write
     * @param duration the time from the call to now, or to the end of the result once it ended
     * @param truncated whether the query's limit cut the result
     * @throws NullPointerException if duration is null
     */
    public QueryStats {
        requireNonNull(duration, "duration is null");
    }
}
