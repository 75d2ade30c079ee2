package dev.tobira.api;

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
     * Formats a set as the listing the tobira tool prints, such as {@code [browser mutator]}.
     *
     * @param capabilities the set
     * @return the names in declaration order, space-separated, in brackets
     */
    public static String format(Set<Capability> capabilities) {
        EnumSet<Capability> sorted =
                capabilities.isEmpty() ? EnumSet.noneOf(Capability.class) : EnumSet.copyOf(capabilities);
        return sorted.stream().map(Capability::word).collect(Collectors.joining(" ", "[", "]"));
    }
}
