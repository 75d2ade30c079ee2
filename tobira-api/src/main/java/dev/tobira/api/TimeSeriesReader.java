package dev.tobira.api;

import java.time.Instant;

/**
 * Reads a time range of a series.
 *
 * @since 0.1
 */
public interface TimeSeriesReader extends Facet {
    /**
     * Returns the points of a series from {@code from} (inclusive) to {@code to} (exclusive), in time order.
     *
     * @param series the series
     * @param from the start of the range
     * @param to the end of the range
     * @return the streamed result
     * @throws IllegalArgumentException if {@code to} is before {@code from}
     * @throws DriverException on failure
     */
    ResultSet range(CollectionRef series, Instant from, Instant to);
}
