package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Capability;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Facet;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.spi.Nullable;
import java.sql.Connection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A connection of any JDBC driver: every query through the statement guard, then the dialect's
 * read-only mode around the statement, results streamed. Its facets are separate objects, built
 * once for the capabilities its dialect declares and that work on it (no mutator on a read-only
 * connection); {@code as()} offers those and no other.
 */
final class JdbcConn implements Conn {
    private final Runner runner;
    private final ConnInfo info;
    private final Map<Capability, Facet> facets;

    JdbcConn(Runner runner, ConnInfo info) {
        this.runner = runner;
        this.info = info;
        EnumMap<Capability, Facet> built = new EnumMap<>(Capability.class);
        for (Capability c : runner.dialect().declared()) {
            Facet f = facet(c, runner);
            if (f != null) {
                built.put(c, f);
            }
        }
        this.facets = Collections.unmodifiableMap(built);
    }

    /** The facet of a declared capability on this connection, or null where the base has none or it cannot work here. */
    private static @Nullable Facet facet(Capability c, Runner runner) {
        return switch (c) {
            case BROWSER -> new JdbcBrowser(runner);
            case MUTATOR -> runner.readOnly() ? null : new JdbcMutator(runner); // every change would be refused
            case EXPLAINER -> new JdbcExplainer(runner);
            case TRANSACTOR -> new JdbcTransactor(runner);
            case COMPLETER -> new JdbcCompleter(runner);
            case EXPORTER -> new JdbcExporter(runner);
            default -> null;
        };
    }

    /** For tests. */
    Runner runner() {
        return runner;
    }

    @Override
    public ResultSet query(Query query) {
        requireNonNull(query, "query is null");
        runner.ensureOpen();
        runner.ensureNoTransaction();
        return runner.run(query, false);
    }

    @Override
    public void ping() {
        boolean answered =
                runner.onSession("ping", s -> runner.dialect().connector().ping(s, 5));
        if (!answered) {
            throw DriverException.of(
                    ErrorKind.CONNECTION, runner.dialect().name(), "ping", "the database did not answer");
        }
    }

    @Override
    public List<String> namespaces() {
        return List.copyOf(
                runner.onSession("namespaces", s -> runner.dialect().catalog().namespaces(s)));
    }

    @Override
    public List<CollectionRef> collections(Optional<String> namespace) {
        requireNonNull(namespace, "namespace is null");
        return List.copyOf(
                runner.onSession("collections", s -> runner.dialect().catalog().collections(s, namespace)));
    }

    @Override
    public CollectionInfo describe(CollectionRef collection) {
        requireNonNull(collection, "collection is null");
        return runner.onSession("describe", s -> runner.dialect().catalog().describe(s, collection));
    }

    @Override
    public boolean readOnly() {
        return runner.readOnly();
    }

    @Override
    public ConnInfo info() {
        return info;
    }

    @Override
    public Set<Capability> capabilities() {
        return facets.keySet();
    }

    @Override
    public <T extends Facet> Optional<T> as(Class<T> facet) {
        requireNonNull(facet, "facet is null");
        for (Map.Entry<Capability, Facet> e : facets.entrySet()) {
            if (e.getKey().facet().filter(facet::equals).isPresent()) {
                return Optional.of(facet.cast(e.getValue()));
            }
        }
        return Optional.empty();
    }

    @Override
    public <T> Optional<T> unwrap(Class<T> type) {
        requireNonNull(type, "type is null");
        if (runner.readOnly() || runner.closed()) {
            return Optional.empty();
        }
        Connection connection = runner.session().connection();
        return type.isInstance(connection) ? Optional.of(type.cast(connection)) : Optional.empty();
    }

    @Override
    public void close() {
        runner.close();
    }

    @Override
    public String toString() {
        return "JdbcConn[" + runner.dialect().name() + (runner.readOnly() ? ", read-only" : "")
                + (runner.closed() ? ", closed" : "") + "]";
    }
}
