package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * Names a collection: a table, view, key prefix, index or document collection, in a namespace or
 * in the connection's default one. Immutable; start with {@link #of(String)} or
 * {@link #of(String, String)}.
 *
 * @since 0.1
 */
public final class CollectionRef {
    private final String namespace; // "" here only: of(namespace, name) refuses an empty namespace
    private final String name;

    private CollectionRef(String namespace, String name) {
        this.namespace = namespace;
        this.name = requireNonNull(name, "name is null");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("collection name is empty");
        }
    }

    /**
     * Returns a reference in the connection's default namespace.
     *
     * @param name the collection's name, not empty
     * @return the reference
     * @throws NullPointerException if name is null
     * @throws IllegalArgumentException if name is empty
     */
    public static CollectionRef of(String name) {
        return new CollectionRef("", name);
    }

    /**
     * Returns a reference in a namespace.
     *
     * @param namespace the database, schema or logical database, not empty
     * @param name the collection's name, not empty
     * @return the reference
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if an argument is empty
     */
    public static CollectionRef of(String namespace, String name) {
        requireNonNull(namespace, "namespace is null");
        if (namespace.isEmpty()) {
            throw new IllegalArgumentException("namespace must not be empty (of(name) for the default)");
        }
        return new CollectionRef(namespace, name);
    }

    /**
     * Returns a reference in a namespace, or in the default one when none is given.
     *
     * @param namespace the database, schema or logical database, not empty, or empty for the default
     * @param name the collection's name, not empty
     * @return the reference
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if name or the namespace is empty
     */
    public static CollectionRef of(Optional<String> namespace, String name) {
        return requireNonNull(namespace, "namespace is null").isPresent() ? of(namespace.get(), name) : of(name);
    }

    /**
     * Returns the namespace.
     *
     * @return the database, schema or logical database, not empty, or empty for the connection's default
     */
    public Optional<String> namespace() {
        return namespace.isEmpty() ? Optional.empty() : Optional.of(namespace);
    }

    /**
     * Returns the collection's name.
     *
     * @return the name, not empty
     */
    public String name() {
        return name;
    }

    /**
     * Tells whether another object is a reference with the same namespace and name.
     *
     * @param o the other object
     * @return whether they are equal
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof CollectionRef r && namespace.equals(r.namespace) && name.equals(r.name);
    }

    /** Returns a hash code consistent with {@link #equals(Object)}. */
    @Override
    public int hashCode() {
        return 31 * namespace.hashCode() + name.hashCode();
    }

    /** Returns {@code namespace.name}, or the name alone in the default namespace. */
    @Override
    public String toString() {
        return namespace.isEmpty() ? name : namespace + "." + name;
    }
}
