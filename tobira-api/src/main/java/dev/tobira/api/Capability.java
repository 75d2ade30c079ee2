package dev.tobira.api;

import java.util.Optional;

/**
 * What a driver promises beyond the core contract: the read-only guard, and each optional
 * {@link Facet} a connection may implement.
 *
 * <p>{@link Driver#declared()} lists what a driver promises; {@link Conn#capabilities()} lists the
 * facets one connection offers. New capabilities may be added in later versions; code that switches
 * over this enum should have a default branch.
 *
 * @since 0.1
 */
public enum Capability {
    /** The read-only guard: a read-only query or connection can never change anything. */
    READ_ONLY("read-only"),
    /** {@link Browser}: page through a collection. */
    BROWSER("browser", Browser.class),
    /** {@link Mutator}: insert, update and delete one record by key. */
    MUTATOR("mutator", Mutator.class),
    /** {@link Explainer}: show the plan of a query without running it. */
    EXPLAINER("explainer", Explainer.class),
    /** {@link Transactor}: run several queries in one transaction. */
    TRANSACTOR("transactor", Transactor.class),
    /** {@link Completer}: suggest keywords, collections and fields for partial query text. */
    COMPLETER("completer", Completer.class),
    /** {@link Exporter}: the database's own fast path for bulk export. */
    EXPORTER("exporter", Exporter.class),
    /** {@link ChangeFeed}: follow changes as they happen. */
    CHANGE_FEED("changefeed", ChangeFeed.class),
    /** {@link VectorSearcher}: nearest-neighbour search over vectors. */
    VECTOR_SEARCHER("vectorsearch", VectorSearcher.class),
    /** {@link TimeSeriesReader}: read a time range of a series. */
    TIME_SERIES_READER("timeseries", TimeSeriesReader.class);

    private final String word;
    private final Optional<Class<? extends Facet>> facet;

    Capability(String word) {
        this.word = word;
        this.facet = Optional.empty();
    }

    Capability(String word, Class<? extends Facet> facet) {
        this.word = word;
        this.facet = Optional.of(facet);
    }

    /**
     * Returns the short lower-case name used in listings, such as {@code browser}.
     *
     * @return the name
     */
    public String word() {
        return word;
    }

    /**
     * Returns the facet interface that provides this capability; empty for {@link #READ_ONLY}.
     *
     * @return the interface
     */
    public Optional<Class<? extends Facet>> facet() {
        return facet;
    }

    /** Returns {@link #word()}. */
    @Override
    public String toString() {
        return word;
    }
}
