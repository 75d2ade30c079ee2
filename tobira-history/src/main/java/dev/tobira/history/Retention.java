package dev.tobira.history;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * How much history a store keeps: at most {@code maxEntries} entries, and, when {@code maxAge} is
 * not zero, none older than it. Older entries are deleted as new ones are recorded.
 *
 * @param maxEntries the most entries kept, 1 or more
 * @param maxAge the oldest an entry may be, or {@link Duration#ZERO} for no limit by age
 * @since 0.1
 */
public record Retention(int maxEntries, Duration maxAge) {
    /** The default: the last 10,000 entries, of any age. */
    public static final Retention DEFAULT = new Retention(10_000, Duration.ZERO);

    /** Checks the bounds. */
    public Retention {
        requireNonNull(maxAge, "maxAge is null");
        if (maxEntries < 1) {
            throw new IllegalArgumentException("maxEntries must be at least 1: " + maxEntries);
        }
        if (maxAge.isNegative()) {
            throw new IllegalArgumentException("maxAge is negative: " + maxAge);
        }
    }

    /**
     * Returns this retention with another entry limit.
     *
     * @param maxEntries the most entries kept
     * @return the retention
     */
    public Retention withMaxEntries(int maxEntries) {
        return new Retention(maxEntries, maxAge);
    }

    /**
     * Returns this retention with another age limit.
     *
     * @param maxAge the oldest an entry may be, zero for none
     * @return the retention
     */
    public Retention withMaxAge(Duration maxAge) {
        return new Retention(maxEntries, maxAge);
    }
}
