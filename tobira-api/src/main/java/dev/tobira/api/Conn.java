package dev.tobira.api;

import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * An open connection to one database, made by {@link Driver#open(ConnConfig)}.
 *
 * <p>A connection is meant for one thread at a time; only {@link #close()} and
 * {@link ResultSet#close()} may be called from another thread, to cancel. Closing a connection
 * closes its open results. The caller owns the connection and must close it.
 *
 * <p>On a connection opened read-only every query goes through the driver's read-only guard,
 * whatever {@link Query#readOnly()} says, and every mutating facet fails with
 * {@link ErrorKind#READ_ONLY}.
 *
 * @since 0.1
 */
public interface Conn extends AutoCloseable {
    /**
     * Runs a query and returns its streamed result.
     *
     * @param query the query
     * @return the result; the caller closes it
     * @throws IllegalStateException if the connection is closed
     * @throws DriverException READ_ONLY if the guard refuses the query, SYNTAX, NOT_FOUND, TIMEOUT
     *     and so on when the database fails it
     */
    ResultSet query(Query query);

    /**
     * Runs a write (an insert, update, delete, a DDL statement) and returns how many rows it
     * changed. This is {@link #query(Query) query(query)} with the result closed at once: the same
     * guard path, so a read-only connection or a {@linkplain Query#readOnly() read-only query}
     * refuses a write here exactly as {@code query} does, and a query that returns rows has them
     * discarded. It blocks until the database has run the statement.
     *
     * <p>The count is the one the database reports, 0 when the driver cannot tell (a DDL
     * statement, a store without counts). Where "none changed" and "not known" must be told
     * apart, run {@code query(q)} and read {@link QueryStats#rowsAffected()} from
     * {@link ResultSet#stats()} after closing the result.
     *
     * @param query the statement
     * @return the rows it changed, 0 when not known
     * @throws IllegalStateException if the connection is closed
     * @throws DriverException READ_ONLY if the guard refuses the query, SYNTAX, CONSTRAINT, TIMEOUT
     *     and so on when the database fails it
     * @since 0.1
     */
    default long execute(Query query) {
        ResultSet rs = query(query);
        rs.close();
        // final once closed; not known reads as 0, as documented
        return rs.stats().rowsAffected().orElse(0);
    }

    /**
     * Checks that the database answers.
     *
     * @throws IllegalStateException if the connection is closed
     * @throws DriverException CONNECTION or TIMEOUT if it does not
     */
    void ping();

    /**
     * Lists the namespaces: databases, schemas or logical databases.
     *
     * @return the namespace names; empty if the database has no such notion
     * @throws IllegalStateException if the connection is closed
     * @throws DriverException on failure
     */
    List<String> namespaces();

    /**
     * Lists the collections of a namespace: tables and views, key prefixes, document collections.
     *
     * @param namespace the namespace, not empty, or empty for the connection's default; such as
     *     {@link Query#namespace()} or {@link CollectionRef#namespace()}
     * @return the collections
     * @throws IllegalArgumentException if the namespace is present and empty
     * @throws IllegalStateException if the connection is closed
     * @throws DriverException NOT_FOUND if the namespace does not exist, or another kind
     */
    List<CollectionRef> collections(Optional<String> namespace);

    /**
     * Lists the collections of the connection's default namespace: {@link #collections(Optional)}
     * with no namespace.
     *
     * @return the collections
     * @throws IllegalStateException if the connection is closed
     * @throws DriverException on failure
     */
    default List<CollectionRef> collections() {
        return collections(Optional.empty());
    }

    /**
     * Describes a collection: fields with native type and kind, nullability, primary key, foreign
     * keys and indexes. Never DDL, never sample rows.
     *
     * @param collection the collection
     * @return the description
     * @throws IllegalStateException if the connection is closed
     * @throws DriverException NOT_FOUND if the collection does not exist, or another kind
     */
    CollectionInfo describe(CollectionRef collection);

    /**
     * Tells whether the connection was opened read-only.
     *
     * @return whether every query is guarded
     */
    boolean readOnly();

    /**
     * Tells what the connection is connected to.
     *
     * @return the driver, data model, dialect and server version
     */
    ConnInfo info();

    /**
     * Returns the facets this connection offers: exactly those {@link #as} hands out, so the two
     * answers agree for every implementation that overrides only {@code as}. A facet that works
     * only where the server has a feature (a change feed, an explainer) may be asked of the server
     * the first time; the answer is then kept.
     *
     * @return an unmodifiable set, never containing {@link Capability#READ_ONLY}
     * @throws IllegalStateException if the connection is closed before the server was asked
     * @throws DriverException CONNECTION or TIMEOUT if the server could not be asked
     */
    default Set<Capability> capabilities() {
        EnumSet<Capability> offered = EnumSet.noneOf(Capability.class);
        for (Capability c : Capability.values()) {
            c.facet().filter(f -> as(f).isPresent()).ifPresent(f -> offered.add(c));
        }
        return Collections.unmodifiableSet(offered);
    }

    /**
     * Returns this connection as a facet, if it offers it. The facet belongs to the connection:
     * it is usable while the connection is open, and its calls fail with
     * {@link IllegalStateException} after the connection is closed.
     *
     * @param <T> the facet type
     * @param facet the facet interface, such as {@code Browser.class}
     * @return the facet, or empty
     * @throws IllegalStateException if the connection is closed before the server was asked about
     *     a facet that depends on it
     * @throws DriverException CONNECTION or TIMEOUT if the server could not be asked
     */
    default <T extends Facet> Optional<T> as(Class<T> facet) {
        return facet.isInstance(this) ? Optional.of(facet.cast(this)) : Optional.empty();
    }

    /**
     * Returns the vendor object behind the connection, such as a {@code java.sql.Connection}, for
     * what tobira does not cover. Using it bypasses the read-only guard; drivers return empty on
     * read-only connections.
     *
     * @param <T> the type asked for
     * @param type the vendor type
     * @return the object, or empty
     */
    default <T> Optional<T> unwrap(Class<T> type) {
        return Optional.empty();
    }

    /**
     * Closes the connection and its open results. Idempotent; throws nothing; may be called from
     * any thread.
     */
    @Override
    void close();
}
