package dev.tobira.spi.base;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Capability;
import dev.tobira.api.ConnConfig;
import java.util.Collections;
import java.util.EnumSet;
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
    private final String name;
    private final Set<String> schemes;
    private final Set<Capability> declared;

    /**
     * For subclasses: the driver's identity, given once.
     *
     * @param name the driver's name, lower-case, such as {@code redis}; it starts every message
     * @param schemes the DSN schemes the driver opens, lower-case, at least one
     * @param declared what the driver promises: {@link Capability#READ_ONLY} and the facets its
     *     connections offer; {@link ConnParts#facet} refuses a facet not declared here
     * @throws IllegalArgumentException if schemes is empty
     */
    protected Dialect(String name, Set<String> schemes, Set<Capability> declared) {
        this.name = requireNonNull(name, "name is null");
        this.schemes = Set.copyOf(schemes);
        this.declared = declared.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(declared));
        if (this.schemes.isEmpty()) {
            throw new IllegalArgumentException("a driver opens at least one scheme");
        }
    }

    /**
     * Returns the driver's name.
     *
     * @return the name
     */
    public final String name() {
        return name;
    }

    /**
     * Returns the DSN schemes the driver opens.
     *
     * @return the schemes
     */
    public final Set<String> schemes() {
        return schemes;
    }

    /**
     * Returns what the driver promises.
     *
     * @return the declared capabilities
     */
    public final Set<Capability> declared() {
        return declared;
    }

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
     * Checks a session just opened before the connection is assembled: connects, or asks the server
     * once, so that open fails early on a bad address or credential. When this throws, the base
     * closes the session. Nothing by default, for a session that {@link #openSession} checked.
     *
     * @param session the open session
     * @throws dev.tobira.api.DriverException CONNECTION, AUTH or TIMEOUT when the server cannot be
     *     reached or refuses the credentials
     */
    protected void verify(S session) {}

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
        return getClass().getSimpleName() + "[" + name + "]";
    }
}
