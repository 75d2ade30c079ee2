package dev.tobira.drivertest;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Value;

/**
 * The inputs of the kit's {@link dev.tobira.api.VectorSearcher} check: a search whose nearest
 * record the fixture knows. The kit asks for {@code k} neighbours and expects exactly {@code k}
 * rows, a {@code score} column ordered one way, and {@code nearest} among the values of the first
 * row.
 *
 * @param collection the collection of vectors, seeded by the fixture
 * @param vector the query vector
 * @param k how many neighbours to ask for; the collection holds at least this many records
 * @param nearest a value of the nearest record's row, such as its key
 * @since 0.1
 */
public record VectorCase(CollectionRef collection, Value.Vector vector, int k, Value nearest) {
    /**
     * Creates a vector case.
     *
     * @param collection the collection
     * @param vector the query vector
     * @param k how many neighbours, at least 1
     * @param nearest a value of the nearest record's row
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if k is less than 1
     */
    public VectorCase {
        requireNonNull(collection, "collection is null");
        requireNonNull(vector, "vector is null");
        requireNonNull(nearest, "nearest is null");
        if (k < 1) {
            throw new IllegalArgumentException("k is less than 1: " + k);
        }
    }

    /**
     * Returns a vector case.
     *
     * @param collection the collection
     * @param vector the query vector
     * @param k how many neighbours, at least 1
     * @param nearest a value of the nearest record's row
     * @return the case
     */
    public static VectorCase of(CollectionRef collection, Value.Vector vector, int k, Value nearest) {
        return new VectorCase(collection, vector, k, nearest);
    }
}
