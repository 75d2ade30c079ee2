package dev.tobira.spi.base;

import dev.tobira.api.Capability;
import dev.tobira.api.ConnConfig;
import java.util.Set;

/**
 * What makes one database that is not JDBC different from the others, as
 * {@code dev.tobira.jdbc.JdbcDialect} is for the JDBC ones: its identity, how a session opens, and
 * the collaborators a connection is made of. A driver writes one package-private subclass (a
 * stateless object, apart from what the driver's connections share, such as a vendor client's
 * threads) and hands it to {@link BaseDriver#BaseDriver(Dialect)}.
 *
 * @param <S> the driver's session
 * @since 0.1
 */
public abstract class Dialect<S extends Session> {
    /** For subclasses. */
    protected Dialect() {}

    /**
     * Returns the driver's name, lower-case, such as {@code redis}; it starts every message.
     *
     * @return the name
     */
    public abstract String name();

    /**
     * Returns the DSN schemes the driver opens, lower-case.
     *
     * @return the schemes, at least one
     */
    public abstract Set<String> schemes();

    /**
     * Returns what the driver promises: {@link Capability#READ_ONLY} and the facets its connections
     * offer. {@link ConnParts#facet} refuses a facet not declared here.
     *
     * @return the declared capabilities
     */
    public abstract Set<Capability> declared();

    /**
     * Opens the vendor client for one connection and checks that the server answers.
     *
     * @param config where and how to connect
     * @return the open session
     * @throws dev.tobira.api.DriverException INVALID_ARGUMENT for a bad DSN or option, CONNECTION,
     *     AUTH or TIMEOUT when the server cannot be reached or refuses the credentials
     */
    protected abstract S openSession(ConnConfig config);

    /**
     * Gives a connection its collaborators: its info, catalog, query runner and facets. When this
     * throws, the base closes the session.
     *
     * @param session the open session
     * @param config where and how it connected
     * @param parts what the connection is built from
     */
    protected abstract void assemble(S session, ConnConfig config, ConnParts parts);

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + name() + "]";
    }
}
