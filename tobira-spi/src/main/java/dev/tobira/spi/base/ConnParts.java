package dev.tobira.spi.base;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Capability;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.Facet;
import dev.tobira.api.Query;
import dev.tobira.spi.Nullable;
import dev.tobira.spi.OpenResults;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * What a driver hands the base for one connection, in {@link Dialect#assemble}: its
 * {@link ConnInfo}, {@link Catalog}, {@link QueryRunner} and facets. The connection the base builds
 * from them checks arguments and that it is open before every call, offers exactly the facets added
 * here that work on it, and closes its open results and then the {@link Session}.
 *
 * <p>A facet is added as a factory, called at most once, the first time a caller asks for it. The
 * base never builds a {@link Capability#MUTATOR} on a read-only connection: it would refuse every
 * change, so the connection does not offer one, and no cast reaches mutation code.
 *
 * <p>Not thread-safe: used by one thread while the connection is assembled.
 *
 * @since 0.1
 */
public final class ConnParts {
    private final String driver;
    private final Set<Capability> declared;
    private final Session session;
    private final boolean readOnly;
    private final OpenResults results = new OpenResults();
    private final Map<Capability, Entry> facets = new EnumMap<>(Capability.class);
    private @Nullable ConnInfo info;
    private @Nullable Catalog catalog;
    private @Nullable QueryRunner queries;
    private @Nullable Object client;

    private record Entry(
            Supplier<? extends Facet> factory, @Nullable BooleanSupplier condition) {}

    ConnParts(String driver, Set<Capability> declared, Session session, boolean readOnly) {
        this.driver = driver;
        this.declared = declared;
        this.session = session;
        this.readOnly = readOnly;
    }

    /**
     * Tells whether the connection is opened read-only; every query is then guarded.
     *
     * @return whether it is read-only
     */
    public boolean readOnly() {
        return readOnly;
    }

    /**
     * Returns the rule every path that runs a caller's query follows: guarded on a read-only
     * connection or for a read-only query. The base applies it to {@link QueryRunner}; a facet that
     * runs query text (an explainer, an exporter) applies this same rule, so no facet decides it
     * again.
     *
     * @return whether a query's call is guarded
     */
    public Predicate<Query> guarded() {
        return query -> readOnly || query.readOnly();
    }

    /**
     * Returns the connection's open results, which it closes before its session: a facet whose
     * results stay open past its return (a change feed's tail) adds them here.
     *
     * @return the open results
     */
    public OpenResults results() {
        return results;
    }

    /**
     * Sets what {@link Conn#info()} answers.
     *
     * @param info the connection's description
     * @return this
     */
    public ConnParts info(ConnInfo info) {
        this.info = requireNonNull(info, "info is null");
        return this;
    }

    /**
     * Sets what the database holds.
     *
     * @param catalog the catalog
     * @return this
     */
    public ConnParts catalog(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        return this;
    }

    /**
     * Sets how a query runs.
     *
     * @param queries the query runner
     * @return this
     */
    public ConnParts queries(QueryRunner queries) {
        this.queries = requireNonNull(queries, "queries is null");
        return this;
    }

    /**
     * Adds a facet the connection offers.
     *
     * @param capability the facet's capability, one the driver declares
     * @param factory makes the facet, which must implement the capability's interface
     * @return this
     * @throws IllegalArgumentException if the driver does not declare the capability or it has no facet
     */
    public ConnParts facet(Capability capability, Supplier<? extends Facet> factory) {
        return add(capability, factory, null);
    }

    /**
     * Adds a facet the connection offers only where a condition holds: a feature the server turned
     * out to have, asked once, the first time a caller wants the facet or the capabilities.
     *
     * @param capability the facet's capability, one the driver declares
     * @param factory makes the facet, which must implement the capability's interface
     * @param condition tells whether the facet works on this connection
     * @return this
     * @throws IllegalArgumentException if the driver does not declare the capability or it has no facet
     */
    public ConnParts facet(Capability capability, Supplier<? extends Facet> factory, BooleanSupplier condition) {
        return add(capability, factory, requireNonNull(condition, "condition is null"));
    }

    private ConnParts add(
            Capability capability, Supplier<? extends Facet> factory, @Nullable BooleanSupplier condition) {
        requireNonNull(capability, "capability is null");
        requireNonNull(factory, "factory is null");
        if (capability.facet().isEmpty()) {
            throw new IllegalArgumentException(capability + " has no facet");
        }
        if (!declared.contains(capability)) {
            throw new IllegalArgumentException("the " + driver + " driver does not declare " + capability);
        }
        if (capability == Capability.MUTATOR && readOnly) {
            return this;
        }
        facets.put(capability, new Entry(factory, condition));
        return this;
    }

    /**
     * Sets the vendor object {@link Conn#unwrap} hands out on a writable connection; a read-only
     * connection hands out nothing, since the vendor object could write past the guard.
     *
     * @param client the vendor client or session
     * @return this
     */
    public ConnParts client(Object client) {
        this.client = requireNonNull(client, "client is null");
        return this;
    }

    Conn build() {
        if (info == null || catalog == null || queries == null) {
            throw new IllegalStateException("the " + driver + " driver did not give the connection its "
                    + (info == null ? "info" : catalog == null ? "catalog" : "query runner"));
        }
        return new BaseConn(this);
    }

    String driver() {
        return driver;
    }

    Session session() {
        return session;
    }

    ConnInfo info() {
        return requireNonNull(info); // build() checked it
    }

    Catalog catalog() {
        return requireNonNull(catalog); // build() checked it
    }

    QueryRunner queries() {
        return requireNonNull(queries); // build() checked it
    }

    @Nullable
    Object client() {
        return client;
    }

    Map<Capability, Offer> offers(Runnable ensureOpen) {
        Map<Capability, Offer> offers = new EnumMap<>(Capability.class);
        facets.forEach((c, e) -> offers.put(c, new Offer(c, e.factory(), e.condition(), ensureOpen)));
        return offers;
    }
}
