package dev.tobira.api;

import java.util.Map;

/**
 * Changes one record by key without writing a query. On a read-only connection every method
 * fails with {@link ErrorKind#READ_ONLY} and changes nothing.
 *
 * @since 0.1
 */
public interface Mutator extends Facet {
    /**
     * Inserts one record.
     *
     * @param collection the collection
     * @param values the field values
     * @return the number of records inserted
     * @throws DriverException READ_ONLY on a read-only connection, CONSTRAINT on a duplicate key or another
     *     constraint the record breaks, or another kind
     */
    long insert(CollectionRef collection, Map<String, Value> values);

    /**
     * Updates the record with the given key.
     *
     * @param collection the collection
     * @param key the key fields and their values
     * @param changes the fields to set
     * @return the number of records updated
     * @throws IllegalArgumentException if key or changes is empty
     * @throws DriverException READ_ONLY on a read-only connection, or another kind
     */
    long update(CollectionRef collection, Map<String, Value> key, Map<String, Value> changes);

    /**
     * Deletes the record with the given key.
     *
     * @param collection the collection
     * @param key the key fields and their values
     * @return the number of records deleted
     * @throws IllegalArgumentException if key is empty
     * @throws DriverException READ_ONLY on a read-only connection, or another kind
     */
    long delete(CollectionRef collection, Map<String, Value> key);
}
