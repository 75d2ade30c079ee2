package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A query in the database's own language: SQL, a Redis command line, a MongoDB command document
 * as JSON, PartiQL and so on. Immutable and safe to share between threads; start with
 * {@link #of(String)}, and the {@code with…} and {@code without…} methods return changed copies.
 *
 * <p>A query has no row limit, no timeout and no namespace until one is set: each is then present
 * in {@link #limit()}, {@link #timeout()} and {@link #namespace()}, and no value of the type stands
 * for "none".
 *
 * @since 0.1
 */
public final class Query {
    private final String text;
    private final List<Value> params;
    private final boolean readOnly;
    // absence is held as 0, ZERO and "" here only: the setters refuse those values, so they never collide
    private final long limit;
    private final Duration timeout;
    private final String namespace;

    private Query(String text, List<Value> params, boolean readOnly, long limit, Duration timeout, String namespace) {
        this.text = requireNonNull(text, "text is null");
        this.params = List.copyOf(requireNonNull(params, "params is null"));
        this.readOnly = readOnly;
        this.limit = limit;
        this.timeout = timeout;
        this.namespace = namespace;
    }

    /**
     * Returns a writable query with no parameters, limit, timeout or namespace.
     *
     * @param text the query text; SQL drivers take exactly one statement
     * @return the query
     * @throws NullPointerException if text is null
     */
    public static Query of(String text) {
        return new Query(text, List.of(), false, 0, Duration.ZERO, "");
    }

    /**
     * Returns the query text.
     *
     * @return the text; SQL drivers take exactly one statement
     */
    public String text() {
        return text;
    }

    /**
     * Returns the positional parameters, bound in order where the language has placeholders.
     *
     * @return the parameters, unmodifiable, empty for none
     */
    public List<Value> params() {
        return params;
    }

    /**
     * Tells whether the driver's read-only guard must refuse anything that writes. A connection
     * opened read-only guards every query whatever this says.
     *
     * @return whether the query is read-only
     */
    public boolean readOnly() {
        return readOnly;
    }

    /**
     * Returns the most rows to return; a result cut by it reports {@link QueryStats#truncated()}.
     *
     * @return the limit, at least 1, or empty for no limit
     */
    public OptionalLong limit() {
        return limit == 0 ? OptionalLong.empty() : OptionalLong.of(limit);
    }

    /**
     * Returns how long the whole call may take, connecting included.
     *
     * @return the timeout, positive, or empty for none
     */
    public Optional<Duration> timeout() {
        return timeout.isZero() ? Optional.empty() : Optional.of(timeout);
    }

    /**
     * Returns the database, schema or logical database to run in.
     *
     * @return the namespace, not empty, or empty for the connection's default
     */
    public Optional<String> namespace() {
        return namespace.isEmpty() ? Optional.empty() : Optional.of(namespace);
    }

    /**
     * Returns this query with other text.
     *
     * @param text the new text
     * @return a copy
     * @throws NullPointerException if text is null
     */
    public Query withText(String text) {
        return new Query(text, params, readOnly, limit, timeout, namespace);
    }

    /**
     * Returns this query with other parameters.
     *
     * @param params the parameters in order; the list is copied
     * @return a copy
     * @throws NullPointerException if params or an element of it is null
     */
    public Query withParams(List<Value> params) {
        return new Query(text, params, readOnly, limit, timeout, namespace);
    }

    /**
     * Returns this query with other parameters.
     *
     * @param params the parameters in order; the array is copied
     * @return a copy
     * @throws NullPointerException if params or an element of it is null
     */
    public Query withParams(Value... params) {
        return withParams(List.of(params));
    }

    /**
     * Returns this query with the read-only flag set or cleared.
     *
     * @param readOnly whether the guard must refuse writes
     * @return a copy
     */
    public Query withReadOnly(boolean readOnly) {
        return new Query(text, params, readOnly, limit, timeout, namespace);
    }

    /**
     * Returns this query with a row limit. To have none, use {@link #withoutLimit()}.
     *
     * @param limit the most rows to return, at least 1
     * @return a copy
     * @throws IllegalArgumentException if limit is less than 1
     */
    public Query withLimit(long limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, not " + limit + " (withoutLimit() for none)");
        }
        return new Query(text, params, readOnly, limit, timeout, namespace);
    }

    /**
     * Returns this query with no row limit.
     *
     * @return a copy
     */
    public Query withoutLimit() {
        return new Query(text, params, readOnly, 0, timeout, namespace);
    }

    /**
     * Returns this query with a timeout for the whole call. To have none, use
     * {@link #withoutTimeout()}.
     *
     * @param timeout the timeout, positive
     * @return a copy
     * @throws NullPointerException if timeout is null
     * @throws IllegalArgumentException if timeout is zero or negative
     */
    public Query withTimeout(Duration timeout) {
        requireNonNull(timeout, "timeout is null");
        if (timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException(
                    "timeout must be positive, not " + timeout + " (withoutTimeout() for none)");
        }
        return new Query(text, params, readOnly, limit, timeout, namespace);
    }

    /**
     * Returns this query with no timeout.
     *
     * @return a copy
     */
    public Query withoutTimeout() {
        return new Query(text, params, readOnly, limit, Duration.ZERO, namespace);
    }

    /**
     * Returns this query in another namespace. To run in the connection's default, use
     * {@link #withoutNamespace()}.
     *
     * @param namespace the database, schema or logical database, not empty
     * @return a copy
     * @throws NullPointerException if namespace is null
     * @throws IllegalArgumentException if namespace is empty
     */
    public Query withNamespace(String namespace) {
        requireNonNull(namespace, "namespace is null");
        if (namespace.isEmpty()) {
            throw new IllegalArgumentException("namespace must not be empty (withoutNamespace() for the default)");
        }
        return new Query(text, params, readOnly, limit, timeout, namespace);
    }

    /**
     * Returns this query in the connection's default namespace.
     *
     * @return a copy
     */
    public Query withoutNamespace() {
        return new Query(text, params, readOnly, limit, timeout, "");
    }

    /**
     * Tells whether another object is a query with the same text, parameters, flag, limit,
     * timeout and namespace.
     *
     * @param o the other object
     * @return whether they are equal
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof Query q
                && text.equals(q.text)
                && params.equals(q.params)
                && readOnly == q.readOnly
                && limit == q.limit
                && timeout.equals(q.timeout)
                && namespace.equals(q.namespace);
    }

    /** Returns a hash code consistent with {@link #equals(Object)}. */
    @Override
    public int hashCode() {
        return Objects.hash(text, params, readOnly, limit, timeout, namespace);
    }

    /** Returns the text with the flags, never parameter values (they may be sensitive). */
    @Override
    public String toString() {
        return "Query[" + text + (readOnly ? ", readOnly" : "") + (limit > 0 ? ", limit=" + limit : "")
                + (timeout.isZero() ? "" : ", timeout=" + timeout)
                + (namespace.isEmpty() ? "" : ", namespace=" + namespace)
                + (params.isEmpty() ? "" : ", " + params.size() + " params") + "]";
    }
}
