package dev.tobira.api;

import static java.util.Objects.requireNonNull;

/**
 * Names a collection: a table, view, key prefix, index or document collection, inside a namespace.
 *
 * @param namespace the database, schema or logical database; empty for the connection's default
 * @param name the collection's name
 * @since 0.1
 */
public record CollectionRef(String namespace, String name) {
    /**
     * Creates a reference.
     *
     * @param namespace the database, schema or logical database; empty for the connection's default
     * @param name the collection's name
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if name is empty
     */
    public CollectionRef {
        requireNonNull(namespace, "namespace is null");
        requireNonNull(name, "name is null");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("collection name is empty");
        }
    }

    /**
     * Returns a reference in the default namespace.
     *
     * @param name the collection's name
     * @return the reference
     */
    public static CollectionRef of(String name) {
        return new CollectionRef("", name);
    }

    /** Returns {@code namespace.name}, or the name alone in the default namespace. */
    @Override
    public String toString() {
        return namespace.isEmpty() ? name : namespace + "." + name;
    }
}
