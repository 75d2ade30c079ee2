package dev.tobira.api;

import static java.util.Objects.requireNonNull;

/**
 * What a connection is connected to.
 *
 * @param driver the driver's name, such as {@code postgres}
 * @param model the data model of the database
 * @param dialect the query language spoken, such as {@code sqlite}, {@code postgresql} or {@code redis}
 * @param serverVersion the server or engine version; empty if unknown
 * @since 0.1
 */
public record ConnInfo(String driver, Model model, String dialect, String serverVersion) {
    /**
     * Creates connection information.
     *
     * @param driver the driver's name, such as {@code postgres}
     * @param model the data model of the database
     * @param dialect the query language spoken, such as {@code sqlite}, {@code postgresql} or {@code redis}
     * @param serverVersion the server or engine version; empty if unknown
     * @throws NullPointerException if an argument is null
     */
    public ConnInfo {
        requireNonNull(driver, "driver is null");
        requireNonNull(model, "model is null");
        requireNonNull(dialect, "dialect is null");
        requireNonNull(serverVersion, "serverVersion is null");
    }

    /**
     * The data model of a database.
     *
     * @since 0.1
     */
    public enum Model {
        /** Relational, queried with SQL. */
        SQL,
        /** Key-value. */
        KV,
        /** Documents. */
        DOCUMENT,
        /** Vectors for similarity search. */
        VECTOR,
        /** An analytical warehouse. */
        WAREHOUSE,
        /** A search engine. */
        SEARCH,
        /** A graph. */
        GRAPH,
        /** Time series. */
        TIME_SERIES,
        /** Wide columns. */
        WIDE_COLUMN
    }
}
