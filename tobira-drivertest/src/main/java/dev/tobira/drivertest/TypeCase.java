package dev.tobira.drivertest;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Value;

/**
 * A value kind a driver claims: a query whose single row, single column must come back as the
 * expected value, of the expected kind.
 *
 * @param query the query text returning one row with one column
 * @param expected the value it must return
 * @since 0.1
 */
public record TypeCase(String query, Value expected) {
    /**
     * Creates a type case.
     *
     * @param query the query text
     * @param expected the expected value
     * @throws NullPointerException if an argument is null
     */
    public TypeCase {
        requireNonNull(query, "query is null");
        requireNonNull(expected, "expected is null");
    }

    /**
     * Returns a type case.
     *
     * @param query the query text
     * @param expected the expected value
     * @return the case
     */
    public static TypeCase of(String query, Value expected) {
        return new TypeCase(query, expected);
    }
}
