package dev.tobira.drivertest;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.CollectionRef;
import java.time.Instant;

/**
 * The inputs of the kit's {@link dev.tobira.api.TimeSeriesReader} check: a range of a series whose
 * points the fixture seeded. The kit expects exactly {@code points} rows, and a time column, if the
 * result has one of kind {@code TIMESTAMP}, in order and inside {@code [from, to)}.
 *
 * @param series the series, seeded by the fixture
 * @param from the start of the range, inclusive
 * @param to the end of the range, exclusive; after {@code from}
 * @param points how many points the series has in the range
 * @since 0.1
 */
public record TimeSeriesCase(CollectionRef series, Instant from, Instant to, long points) {
    /**
     * Creates a time-series case.
     *
     * @param series the series
     * @param from the start of the range, inclusive
     * @param to the end of the range, exclusive
     * @param points how many points lie in the range
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code to} is not after {@code from}, or points is negative
     */
    public TimeSeriesCase {
        requireNonNull(series, "series is null");
        requireNonNull(from, "from is null");
        requireNonNull(to, "to is null");
        if (!to.isAfter(from)) {
            throw new IllegalArgumentException("to " + to + " is not after from " + from);
        }
        if (points < 0) {
            throw new IllegalArgumentException("points is negative: " + points);
        }
    }

    /**
     * Returns a time-series case.
     *
     * @param series the series
     * @param from the start of the range, inclusive
     * @param to the end of the range, exclusive
     * @param points how many points lie in the range
     * @return the case
     */
    public static TimeSeriesCase of(CollectionRef series, Instant from, Instant to, long points) {
        return new TimeSeriesCase(series, from, to, points);
    }
}
