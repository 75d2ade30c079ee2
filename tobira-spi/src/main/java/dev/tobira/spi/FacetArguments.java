package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Exporter;
import dev.tobira.api.Query;
import dev.tobira.api.Value;
import java.io.OutputStream;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * The argument checks every driver's facets make before anything reaches a database, written once
 * so that every driver refuses the same bad call with the same exception and message, as the
 * facets' Javadoc promises.
 *
 * @since 0.1
 */
public final class FacetArguments {
    private FacetArguments() {}

    /**
     * Checks the arguments of {@link dev.tobira.api.Browser#browse}.
     *
     * @param collection the collection
     * @param cursor the cursor, not empty, or empty for the first page
     * @param size the page size
     * @throws NullPointerException if collection or cursor is null
     * @throws IllegalArgumentException if size is less than 1 or the cursor is present and empty
     */
    public static void browse(CollectionRef collection, Optional<String> cursor, int size) {
        requireNonNull(collection, "collection is null");
        requireNonNull(cursor, "cursor is null");
        if (cursor.isPresent() && cursor.get().isEmpty()) {
            throw new IllegalArgumentException("cursor must not be empty (Optional.empty() for the first page)");
        }
        if (size < 1) {
            throw new IllegalArgumentException("size is less than 1: " + size);
        }
    }

    /**
     * Checks the namespace of {@link dev.tobira.api.Conn#collections(Optional)}.
     *
     * @param namespace the namespace, not empty, or empty for the default
     * @throws NullPointerException if namespace is null
     * @throws IllegalArgumentException if the namespace is present and empty
     */
    public static void namespace(Optional<String> namespace) {
        requireNonNull(namespace, "namespace is null");
        if (namespace.isPresent() && namespace.get().isEmpty()) {
            throw new IllegalArgumentException("namespace must not be empty (Optional.empty() for the default)");
        }
    }

    /**
     * Checks the arguments of {@link dev.tobira.api.Mutator#insert}.
     *
     * @param collection the collection
     * @param values the record's values
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if values is empty
     */
    public static void insert(CollectionRef collection, Map<String, Value> values) {
        requireNonNull(collection, "collection is null");
        requireNonNull(values, "values is null");
        if (values.isEmpty()) {
            throw new IllegalArgumentException("values is empty");
        }
    }

    /**
     * Checks the arguments of {@link dev.tobira.api.Mutator#update}.
     *
     * @param collection the collection
     * @param key the record's key
     * @param changes the new values
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if key or changes is empty
     */
    public static void update(CollectionRef collection, Map<String, Value> key, Map<String, Value> changes) {
        requireNonNull(collection, "collection is null");
        requireNonNull(key, "key is null");
        requireNonNull(changes, "changes is null");
        if (key.isEmpty()) {
            throw new IllegalArgumentException("key is empty");
        }
        if (changes.isEmpty()) {
            throw new IllegalArgumentException("changes is empty");
        }
    }

    /**
     * Checks the arguments of {@link dev.tobira.api.Mutator#delete}.
     *
     * @param collection the collection
     * @param key the record's key
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if key is empty
     */
    public static void delete(CollectionRef collection, Map<String, Value> key) {
        requireNonNull(collection, "collection is null");
        requireNonNull(key, "key is null");
        if (key.isEmpty()) {
            throw new IllegalArgumentException("key is empty");
        }
    }

    /**
     * Checks the arguments of {@link dev.tobira.api.Completer#complete}.
     *
     * @param text the text
     * @param cursor the cursor's position in it
     * @throws NullPointerException if text is null
     * @throws IndexOutOfBoundsException if cursor is outside the text
     */
    public static void complete(String text, int cursor) {
        requireNonNull(text, "text is null");
        if (cursor < 0 || cursor > text.length()) {
            throw new IndexOutOfBoundsException("cursor " + cursor + " is outside the text of length " + text.length());
        }
    }

    /**
     * Checks the arguments of {@link dev.tobira.api.VectorSearcher#search}.
     *
     * @param collection the collection
     * @param vector the query vector
     * @param k how many neighbours
     * @throws NullPointerException if collection or vector is null
     * @throws IllegalArgumentException if k is less than 1
     */
    public static void search(CollectionRef collection, Value.Vector vector, int k) {
        requireNonNull(collection, "collection is null");
        requireNonNull(vector, "vector is null");
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1: " + k);
        }
    }

    /**
     * Checks the arguments of {@link dev.tobira.api.TimeSeriesReader#range}.
     *
     * @param series the series
     * @param from the start of the range
     * @param to the end of the range
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if to is before from
     */
    public static void range(CollectionRef series, Instant from, Instant to) {
        requireNonNull(series, "series is null");
        requireNonNull(from, "from is null");
        requireNonNull(to, "to is null");
        if (to.isBefore(from)) {
            throw new IllegalArgumentException("to (" + to + ") is before from (" + from + ")");
        }
    }

    /**
     * Checks the arguments of {@link dev.tobira.api.Exporter#export}.
     *
     * @param query the query
     * @param format the output format
     * @param out where to write
     * @throws NullPointerException if an argument is null
     */
    public static void export(Query query, Exporter.Format format, OutputStream out) {
        requireNonNull(query, "query is null");
        requireNonNull(format, "format is null");
        requireNonNull(out, "out is null");
    }
}
