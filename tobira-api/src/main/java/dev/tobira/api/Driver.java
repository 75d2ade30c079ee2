package dev.tobira.api;

import java.util.Set;

/**
 * Opens connections to one kind of database. Implementations are stateless and thread-safe, have
 * a public no-argument constructor, and are listed in {@code META-INF/services/dev.tobira.api.Driver}
 * and {@code provides dev.tobira.api.Driver} so that {@link Registry#discover()} finds them.
 *
 * @since 0.1
 */
public interface Driver {
    /**
     * Returns the driver's name, lower-case, such as {@code sqlite}. It starts every message.
     *
     * @return the name
     */
    String name();

    /**
     * Returns the DSN schemes this driver opens, lower-case, such as {@code postgres} and {@code postgresql}.
     *
     * @return the schemes, at least one
     */
    Set<String> schemes();

    /**
     * Returns what the driver promises: {@link Capability#READ_ONLY} if it guards read-only
     * connections, and each facet its connections offer. The conformance kit holds the driver to
     * exactly this set.
     *
     * @return the declared capabilities
     */
    Set<Capability> declared();

    /**
     * Opens a connection.
     *
     * @param config where and how to connect
     * @return the open connection; the caller closes it
     * @throws DriverException INVALID_ARGUMENT for a bad DSN or option, CONNECTION, AUTH, NOT_FOUND
     *     (a missing database file opened read-only), TIMEOUT, or UNSUPPORTED when read-only is
     *     asked of a database that cannot enforce it
     */
    Conn open(ConnConfig config);
}
