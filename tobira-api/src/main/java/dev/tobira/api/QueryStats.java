package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * What a query did, as far as it is known: final once the result is exhausted or closed.
 * Immutable and safe to share between threads; {@link ResultSet#stats()} returns a new one for
 * each call.
 *
 * <p>A driver builds one with {@link #of(long, Duration, boolean)} and, when a write reported how
 * many rows it changed, {@link #withRowsAffected(long)}.
 *
 * @since 0.1
 */
public final class QueryStats {
    private final long rows;
    private final long rowsAffected; // -1 here only: withRowsAffected refuses a negative count
    private final Duration duration;
    private final boolean truncated;

    private QueryStats(long rows, long rowsAffected, Duration duration, boolean truncated) {
        this.rows = rows;
        this.rowsAffected = rowsAffected;
        this.duration = duration;
        this.truncated = truncated;
    }

    /**
     * Returns statistics with no count of rows affected.
     *
     * @param rows the rows returned to the caller so far, 0 for a write
     * @param duration the time from the call to now, or to the end of the result once it ended
     * @param truncated whether the query's limit cut the result
     * @return the statistics
     * @throws NullPointerException if duration is null
     * @throws IllegalArgumentException if rows or duration is negative
     */
    public static QueryStats of(long rows, Duration duration, boolean truncated) {
        requireNonNull(duration, "duration is null");
        if (rows < 0) {
            throw new IllegalArgumentException("rows is negative: " + rows);
        }
        if (duration.isNegative()) {
            throw new IllegalArgumentException("duration is negative: " + duration);
        }
        return new QueryStats(rows, -1, duration, truncated);
    }

    /**
     * Returns these statistics with the number of rows a write changed, as the database reported it.
     *
     * @param rowsAffected the count, 0 or more
     * @return a copy
     * @throws IllegalArgumentException if rowsAffected is negative
     */
    public QueryStats withRowsAffected(long rowsAffected) {
        if (rowsAffected < 0) {
            throw new IllegalArgumentException("rowsAffected is negative: " + rowsAffected);
        }
        return new QueryStats(rows, rowsAffected, duration, truncated);
    }

    /**
     * Returns the rows returned to the caller so far.
     *
     * @return the count, 0 or more
     */
    public long rows() {
        return rows;
    }

    /**
     * Returns how many rows a write changed, as the database reported it.
     *
     * @return the count, or empty when the query was not a write or the driver cannot tell
     */
    public OptionalLong rowsAffected() {
        return rowsAffected < 0 ? OptionalLong.empty() : OptionalLong.of(rowsAffected);
    }

    /**
     * Returns the time from the call to now, or to the end of the result once it ended.
     *
     * @return the duration, not negative
     */
    public Duration duration() {
        return duration;
    }

    /**
     * Tells whether the query's limit cut the result.
     *
     * @return whether rows were left out because of {@link Query#limit()}
     */
    public boolean truncated() {
        return truncated;
    }

    /**
     * Tells whether another object is statistics with the same values.
     *
     * @param o the other object
     * @return whether they are equal
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof QueryStats s
                && rows == s.rows
                && rowsAffected == s.rowsAffected
                && duration.equals(s.duration)
                && truncated == s.truncated;
    }

    /** Returns a hash code consistent with {@link #equals(Object)}. */
    @Override
    public int hashCode() {
        return Objects.hash(rows, rowsAffected, duration, truncated);
    }

    /** Returns the values, for diagnostics. */
    @Override
    public String toString() {
        return "QueryStats[rows=" + rows + (rowsAffected < 0 ? "" : ", rowsAffected=" + rowsAffected) + ", duration="
                + duration + (truncated ? ", truncated" : "") + "]";
    }
}
