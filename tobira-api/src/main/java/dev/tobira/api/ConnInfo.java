package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.util.Objects;
import java.util.Optional;

/**
 * What a connection is connected to. Immutable; start with
 * {@link #of(String, Model, String)}, and {@link #withServerVersion(String)} adds the version when
 * the driver knows it.
 *
 * @since 0.1
 */
public final class ConnInfo {
    private final String driver;
    private final Model model;
    private final String dialect;
    private final String serverVersion; // "" here only: withServerVersion refuses an empty version

    private ConnInfo(String driver, Model model, String dialect, String serverVersion) {
        this.driver = requireNonNull(driver, "driver is null");
        this.model = requireNonNull(model, "model is null");
        this.dialect = requireNonNull(dialect, "dialect is null");
        this.serverVersion = serverVersion;
    }

    /**
     * Returns connection information with no known server version.
     *
     * @param driver the driver's name, such as {@code postgres}
     * @param model the data model of the database
     * @param dialect the query language spoken, such as {@code sqlite}, {@code postgresql} or {@code redis}
     * @return the information
     * @throws NullPointerException if an argument is null
     */
    public static ConnInfo of(String driver, Model model, String dialect) {
        return new ConnInfo(driver, model, dialect, "");
    }

    /**
     * Returns this information with the server's version.
     *
     * @param serverVersion the server or engine version, not empty
     * @return a copy
     * @throws NullPointerException if serverVersion is null
     * @throws IllegalArgumentException if serverVersion is empty
     */
    public ConnInfo withServerVersion(String serverVersion) {
        requireNonNull(serverVersion, "serverVersion is null");
        if (serverVersion.isEmpty()) {
            throw new IllegalArgumentException("serverVersion must not be empty (leave it unset when unknown)");
        }
        return new ConnInfo(driver, model, dialect, serverVersion);
    }

    /**
     * Returns the driver's name.
     *
     * @return the name, such as {@code postgres}
     */
    public String driver() {
        return driver;
    }

    /**
     * Returns the data model of the database.
     *
     * @return the model
     */
    public Model model() {
        return model;
    }

    /**
     * Returns the query language spoken.
     *
     * @return the dialect, such as {@code sqlite}, {@code postgresql} or {@code redis}
     */
    public String dialect() {
        return dialect;
    }

    /**
     * Returns the server or engine version.
     *
     * @return the version, not empty, or empty when the driver cannot tell
     */
    public Optional<String> serverVersion() {
        return serverVersion.isEmpty() ? Optional.empty() : Optional.of(serverVersion);
    }

    /**
     * Tells whether another object is information with the same driver, model, dialect and version.
     *
     * @param o the other object
     * @return whether they are equal
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof ConnInfo i
                && driver.equals(i.driver)
                && model == i.model
                && dialect.equals(i.dialect)
                && serverVersion.equals(i.serverVersion);
    }

    /** Returns a hash code consistent with {@link #equals(Object)}. */
    @Override
    public int hashCode() {
        return Objects.hash(driver, model, dialect, serverVersion);
    }

    /** Returns the driver, model, dialect and version, if known. */
    @Override
    public String toString() {
        return "ConnInfo[driver=" + driver + ", model=" + model + ", dialect=" + dialect
                + (serverVersion.isEmpty() ? "" : ", serverVersion=" + serverVersion) + "]";
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
