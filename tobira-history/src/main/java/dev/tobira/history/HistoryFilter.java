package dev.tobira.history;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * Which entries {@link History#recent(HistoryFilter)} returns: the newest {@code limit} entries,
 * optionally only those of one source or one connection.
 *
 * @param limit the most entries returned, 1 or more
 * @param source only entries of this source, or empty for all
 * @param connection only entries of this connection name, or empty for all
 * @since 0.1
 */
public record HistoryFilter(int limit, Optional<Source> source, String connection) {
    /** Checks the fields. */
    public HistoryFilter {
        requireNonNull(source, "source is null");
        requireNonNull(connection, "connection is null");
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1: " + limit);
        }
    }

    /**
     * Returns the filter of the newest entries of every source and connection.
     *
     * @param limit the most entries returned
     * @return the filter
     */
    public static HistoryFilter latest(int limit) {
        return new HistoryFilter(limit, Optional.empty(), "");
    }

    /**
     * Returns this filter restricted to one source.
     *
     * @param source the source
     * @return the filter
     */
    public HistoryFilter withSource(Source source) {
        return new HistoryFilter(limit, Optional.of(source), connection);
    }

    /**
     * Returns this filter restricted to one connection name.
     *
     * @param connection the name
     * @return the filter
     */
    public HistoryFilter withConnection(String connection) {
        return new HistoryFilter(limit, source, connection);
    }
}
