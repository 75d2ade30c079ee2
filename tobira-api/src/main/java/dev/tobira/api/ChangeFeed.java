package dev.tobira.api;

/**
 * Follows changes to a collection as they happen.
 *
 * @since 0.1
 */
public interface ChangeFeed extends Facet {
    /**
     * Starts following changes. The result never ends on its own: each row is one change with the
     * columns {@code op} (Text), {@code key} (Text) and {@code at} (Timestamp); close it, from any
     * thread, to stop. A query timeout bounds each wait for the next change.
     *
     * @param collection the collection, or a key pattern for key-value stores
     * @return the stream of changes
     * @throws DriverException UNSUPPORTED if the server does not publish changes, or another kind
     */
    ResultSet tail(CollectionRef collection);
}
