package dev.tobira.spi.base;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Capability;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.Facet;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.spi.FacetArguments;
import dev.tobira.spi.Nullable;
import dev.tobira.spi.OpenResults;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

/**
 * The connection of every driver on this base, built from its {@link ConnParts}: each call checks
 * its arguments and that the connection is open, then goes to the collaborator that does it.
 * {@link #capabilities()} and {@link #as} answer from the same offers, so they cannot disagree.
 */
final class BaseConn implements Conn {
    private final String driver;
    private final Session session;
    private final boolean readOnly;
    private final ConnInfo info;
    private final Catalog catalog;
    private final QueryRunner queries;
    private final OpenResults results;
    private final @Nullable Object client;
    private final Map<Capability, Offer> offers;
    private final Predicate<Query> guarded;
    private final AtomicBoolean closed = new AtomicBoolean();

    BaseConn(ConnParts parts) {
        this.driver = parts.driver();
        this.session = parts.session();
        this.readOnly = parts.readOnly();
        this.info = parts.info();
        this.catalog = parts.catalog();
        this.queries = parts.queries();
        this.results = parts.results();
        this.client = parts.client();
        this.offers = parts.offers(this::ensureOpen);
        this.guarded = parts.guarded();
    }

    @Override
    public ResultSet query(Query query) {
        requireNonNull(query, "query is null");
        ensureOpen();
        return queries.run(query, guarded.test(query), results);
    }

    @Override
    public void ping() {
        ensureOpen();
        session.ping();
    }

    @Override
    public List<String> namespaces() {
        ensureOpen();
        return List.copyOf(catalog.namespaces());
    }

    @Override
    public List<CollectionRef> collections(Optional<String> namespace) {
        FacetArguments.namespace(namespace);
        ensureOpen();
        return List.copyOf(catalog.collections(namespace));
    }

    @Override
    public CollectionInfo describe(CollectionRef collection) {
        requireNonNull(collection, "collection is null");
        ensureOpen();
        return catalog.describe(collection);
    }

    @Override
    public boolean readOnly() {
        return readOnly;
    }

    @Override
    public ConnInfo info() {
        return info;
    }

    @Override
    public Set<Capability> capabilities() {
        EnumSet<Capability> offered = EnumSet.noneOf(Capability.class);
        for (Offer o : offers.values()) {
            if (o.facet().isPresent()) {
                offered.add(o.capability());
            }
        }
        return Collections.unmodifiableSet(offered);
    }

    @Override
    public <T extends Facet> Optional<T> as(Class<T> facet) {
        requireNonNull(facet, "facet is null");
        for (Offer o : offers.values()) {
            if (o.capability().facet().filter(facet::equals).isPresent()) {
                return o.facet().map(facet::cast);
            }
        }
        return Optional.empty();
    }

    @Override
    public <T> Optional<T> unwrap(Class<T> type) {
        requireNonNull(type, "type is null");
        if (readOnly || closed.get() || !type.isInstance(client)) {
            return Optional.empty();
        }
        return Optional.of(type.cast(client));
    }

    @Override
    public void close() {
        if (closed.getAndSet(true)) {
            return;
        }
        results.closeAll();
        session.close();
    }

    private void ensureOpen() {
        if (closed.get() || session.isClosed()) {
            throw new IllegalStateException("the connection is closed");
        }
    }

    @Override
    public String toString() {
        return "Conn[" + driver + " " + session.address() + (readOnly ? ", read-only" : "")
                + (closed.get() ? ", closed" : "") + "]";
    }
}
