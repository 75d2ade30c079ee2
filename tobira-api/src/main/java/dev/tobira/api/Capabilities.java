package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Helpers for capability sets.
 *
 * @since 0.1
 */
public final class Capabilities {
    private Capabilities() {}

    /**
     * Returns the facets an object implements, in declaration order: what {@link Conn#capabilities()}
     * reports by default. Never includes {@link Capability#READ_ONLY}, which is a promise of the
     * driver rather than an interface.
     *
     * @param conn the connection
     * @return an unmodifiable set
     * @throws NullPointerException if conn is null
     */
    public static Set<Capability> of(Conn conn) {
        requireNonNull(conn, "conn is null");
        EnumSet<Capability> set = EnumSet.noneOf(Capability.class);
        for (Capability c : Capability.values()) {
            c.facet().filter(f -> f.isInstance(conn)).ifPresent(f -> set.add(c));
        }
        return Collections.unmodifiableSet(set);
    }

    /**
     * Formats a set as the listing the tobira tool prints, such as {@code [browser mutator]}.
     *
     * @param capabilities the set
     * @return the names in declaration order, space-separated, in brackets
     */
    public static String format(Set<Capability> capabilities) {
        EnumSet<Capability> sorted = capabilities.isEmpty() ? EnumSet.noneOf(Capability.class) : EnumSet.copyOf(capabilities);
        return sorted.stream().map(Capability::word).collect(Collectors.joining(" ", "[", "]"));
    }
}
