package dev.tobira.api;

/**
 * An optional interface a connection may implement, such as {@link Browser} or {@link Mutator}.
 * Find one with {@link Conn#as(Class)}; each facet is named by a {@link Capability}.
 *
 * <p>The marker exists so that {@link Conn#as(Class)} accepts only facet types. The enum is named
 * {@code Capability} and the marker {@code Facet} because the enum also names the read-only guard,
 * which is a promise rather than an interface.
 *
 * @since 0.1
 */
public interface Facet {}
