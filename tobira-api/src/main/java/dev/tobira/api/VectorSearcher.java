package dev.tobira.api;

/**
 * Finds the nearest neighbours of a vector.
 *
 * @since 0.1
 */
public interface VectorSearcher extends Facet {
    /**
     * Returns the {@code k} records nearest to a vector, nearest first, with a {@code score} column.
     *
     * @param collection the collection
     * @param vector the query vector
     * @param k how many neighbours, at least 1
     * @return the streamed result
     * @throws IllegalArgumentException if k is less than 1
     * @throws DriverException on failure
     */
    ResultSet search(CollectionRef collection, Value.Vector vector, int k);
}
