package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.List;

/**
 * A query in the database's own language: SQL, a Redis command line, a MongoDB command document
 * as JSON, PartiQL and so on. Immutable; the {@code with…} methods return changed copies.
 *
 * @param text the query text; SQL drivers take exactly one statement
 * @param params positional parameters, bound in order where the language has placeholders
 * @param readOnly whether the driver's read-only guard must refuse anything that writes; a
 *     connection opened read-only guards every query whatever this says
 * @param limit the most rows to return, 0 for no limit; a result cut by it reports
 *     {@link QueryStats#truncated()}
 * @param timeout how long the whole call may take, connecting included; {@link Duration#ZERO} for none
 * @param namespace the database, schema or logical database to run in; empty for the connection's default
 * @since 0.1
 */
public record Query(String text, List<Value> params, boolean readOnly, long limit, Duration timeout, String namespace) {
    /**
     * Creates a query.
     *
     * @param text the query text; SQL drivers take exactly one statement
     * @param params positional parameters, bound in order where the language has placeholders
     * @param readOnly whether the driver's read-only guard must refuse anything that writes; a connection opened read-only guards every query whatever this says
     * @param limit the most rows to return, 0 for no limit; a result cut by it reports {@link QueryStats#truncated()}
     * @param timeout how long the whole call may take, connecting included; {@link Duration#ZERO} for none
     * @param namespace the database, schema or logical database to run in; empty for the connection's default
     * @throws NullPointerException if text, params, an element of params, timeout or namespace is null
     * @throws IllegalArgumentException if limit or timeout is negative
     */
    public Query {
        requireNonNull(text, "text is null");
        params = List.copyOf(requireNonNull(params, "params is null"));
        requireNonNull(timeout, "timeout is null");
        requireNonNull(namespace, "namespace is null");
        if (limit < 0) {
            throw new IllegalArgumentException("limit is negative: " + limit);
        }
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("timeout is negative: " + timeout);
        }
    }

    /**
     * Returns a writable query with no parameters, limit, timeout or namespace.
     *
     * @param text the query text
     * @return the query
     * @throws NullPointerException if text is null
     */
    public static Query of(String text) {
        return new Query(text, List.of(), false, 0, Duration.ZERO, "");
    }

    /**
     * Returns this query with other text.
     *
     * @param text the new text
     * @return a copy
     */
    public Query withText(String text) {
        return new Query(text, params, readOnly, limit, timeout, namespace);
    }

    /**
     * Returns this query with other parameters.
     *
     * @param params the parameters in order
     * @return a copy
     */
    public Query withParams(List<Value> params) {
        return new Query(text, params, readOnly, limit, timeout, namespace);
    }

    /**
     * Returns this query with other parameters.
     *
     * @param params the parameters in order
     * @return a copy
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
     * Returns this query with a row limit.
     *
     * @param limit the most rows to return, 0 for none
     * @return a copy
     * @throws IllegalArgumentException if limit is negative
     */
    public Query withLimit(long limit) {
        return new Query(text, params, readOnly, limit, timeout, namespace);
    }

    /**
     * Returns this query with a timeout for the whole call.
     *
     * @param timeout the timeout, {@link Duration#ZERO} for none
     * @return a copy
     * @throws IllegalArgumentException if timeout is negative
     */
    public Query withTimeout(Duration timeout) {
        return new Query(text, params, readOnly, limit, timeout, namespace);
    }

    /**
     * Returns this query in another namespace.
     *
     * @param namespace the namespace, empty for the default
     * @return a copy
     */
    public Query withNamespace(String namespace) {
        return new Query(text, params, readOnly, limit, timeout, namespace);
    }

    /**
     * Tells whether the query has a timeout.
     *
     * @return whether {@link #timeout()} is positive
     */
    public boolean hasTimeout() {
        return !timeout.isZero();
    }

    /** Returns the text with the flags, never parameter values (they may be sensitive). */
    @Override
    public String toString() {
        return "Query[" + text + (readOnly ? ", readOnly" : "") + (limit > 0 ? ", limit=" + limit : "")
                + (hasTimeout() ? ", timeout=" + timeout : "") + (namespace.isEmpty() ? "" : ", namespace=" + namespace)
                + (params.isEmpty() ? "" : ", " + params.size() + " params") + "]";
    }
}
