package dev.tobira.spi.base;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Browser;
import dev.tobira.api.Capability;
import dev.tobira.api.ChangeFeed;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Completer;
import dev.tobira.api.Explainer;
import dev.tobira.api.Exporter;
import dev.tobira.api.Facet;
import dev.tobira.api.Mutator;
import dev.tobira.api.Page;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.TimeSeriesReader;
import dev.tobira.api.Transactor;
import dev.tobira.api.Value;
import dev.tobira.api.VectorSearcher;
import dev.tobira.spi.FacetArguments;
import java.io.OutputStream;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The facet a caller gets: the driver's facet behind the argument checks and the open check every
 * facet's Javadoc promises, so no driver writes them and none can forget one.
 */
final class CheckedFacets {
    private CheckedFacets() {}

    /** Returns the driver's facet of a capability behind the checks. */
    static Facet of(Capability capability, Facet facet, Runnable ensureOpen) {
        return switch (capability) {
            case BROWSER -> new CheckedBrowser((Browser) facet, ensureOpen);
            case MUTATOR -> new CheckedMutator((Mutator) facet, ensureOpen);
            case EXPLAINER -> new CheckedExplainer((Explainer) facet, ensureOpen);
            case TRANSACTOR -> new CheckedTransactor((Transactor) facet, ensureOpen);
            case COMPLETER -> new CheckedCompleter((Completer) facet, ensureOpen);
            case EXPORTER -> new CheckedExporter((Exporter) facet, ensureOpen);
            case CHANGE_FEED -> new CheckedChangeFeed((ChangeFeed) facet, ensureOpen);
            case VECTOR_SEARCHER -> new CheckedVectorSearcher((VectorSearcher) facet, ensureOpen);
            case TIME_SERIES_READER -> new CheckedTimeSeriesReader((TimeSeriesReader) facet, ensureOpen);
            default -> throw new IllegalArgumentException(capability + " has no facet");
        };
    }

    private record CheckedBrowser(Browser facet, Runnable ensureOpen) implements Browser {
        @Override
        public Page browse(CollectionRef collection, Optional<String> cursor, int size) {
            FacetArguments.browse(collection, cursor, size);
            ensureOpen.run();
            return facet.browse(collection, cursor, size);
        }
    }

    private record CheckedMutator(Mutator facet, Runnable ensureOpen) implements Mutator {
        @Override
        public long insert(CollectionRef collection, Map<String, Value> values) {
            FacetArguments.insert(collection, values);
            ensureOpen.run();
            return facet.insert(collection, values);
        }

        @Override
        public long update(CollectionRef collection, Map<String, Value> key, Map<String, Value> changes) {
            FacetArguments.update(collection, key, changes);
            ensureOpen.run();
            return facet.update(collection, key, changes);
        }

        @Override
        public long delete(CollectionRef collection, Map<String, Value> key) {
            FacetArguments.delete(collection, key);
            ensureOpen.run();
            return facet.delete(collection, key);
        }
    }

    private record CheckedExplainer(Explainer facet, Runnable ensureOpen) implements Explainer {
        @Override
        public Plan explain(Query query) {
            requireNonNull(query, "query is null");
            ensureOpen.run();
            return facet.explain(query);
        }
    }

    private record CheckedTransactor(Transactor facet, Runnable ensureOpen) implements Transactor {
        @Override
        public Tx begin() {
            ensureOpen.run();
            return facet.begin();
        }
    }

    private record CheckedCompleter(Completer facet, Runnable ensureOpen) implements Completer {
        @Override
        public List<Completion> complete(String text, int cursor) {
            FacetArguments.complete(text, cursor);
            ensureOpen.run();
            return facet.complete(text, cursor);
        }
    }

    private record CheckedExporter(Exporter facet, Runnable ensureOpen) implements Exporter {
        @Override
        public long export(Query query, Format format, OutputStream out) {
            FacetArguments.export(query, format, out);
            ensureOpen.run();
            return facet.export(query, format, out);
        }
    }

    private record CheckedChangeFeed(ChangeFeed facet, Runnable ensureOpen) implements ChangeFeed {
        @Override
        public ResultSet tail(CollectionRef collection) {
            requireNonNull(collection, "collection is null");
            ensureOpen.run();
            return facet.tail(collection);
        }
    }

    private record CheckedVectorSearcher(VectorSearcher facet, Runnable ensureOpen) implements VectorSearcher {
        @Override
        public ResultSet search(CollectionRef collection, Value.Vector vector, int k) {
            FacetArguments.search(collection, vector, k);
            ensureOpen.run();
            return facet.search(collection, vector, k);
        }
    }

    private record CheckedTimeSeriesReader(TimeSeriesReader facet, Runnable ensureOpen) implements TimeSeriesReader {
        @Override
        public ResultSet range(CollectionRef series, Instant from, Instant to) {
            FacetArguments.range(series, from, to);
            ensureOpen.run();
            return facet.range(series, from, to);
        }
    }
}
