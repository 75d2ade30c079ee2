package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Capability;
import dev.tobira.api.Conn;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Facet;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What {@link Conn#capabilities()} and {@link Conn#as} answer for a connection that implements
 * more facets than it offers: the mutator of a read-only connection, a facet the server turned out
 * not to have. Both answers come from the same rule, so they cannot disagree. The rule is asked
 * only about a facet the connection implements, and {@link #as} asks it only about the facet asked
 * for, so a facet whose presence costs a round trip is probed only when it matters.
 *
 * <p>Only for drivers not yet on {@link dev.tobira.spi.base.BaseDriver}, whose connections offer
 * facets as objects of their own; this goes when the last one has moved.
 *
 * @since 0.1
 */
public final class OfferedFacets {
    private OfferedFacets() {}

    /**
     * Returns the facets a connection implements, less those it withholds.
     *
     * @param conn the connection
     * @param withheld tells whether the connection withholds a facet it implements
     * @return an unmodifiable set
     * @throws NullPointerException if an argument is null
     */
    public static Set<Capability> capabilities(Conn conn, Predicate<Capability> withheld) {
        requireNonNull(withheld, "withheld is null");
        EnumSet<Capability> set = EnumSet.noneOf(Capability.class);
        requireNonNull(conn, "conn is null");
        for (Capability c : Capability.values()) {
            if (c.facet().filter(f -> f.isInstance(conn)).isPresent() && !withheld.test(c)) {
                set.add(c);
            }
        }
        return Collections.unmodifiableSet(set);
    }

    /**
     * Returns the connection as a facet, unless it does not implement it or withholds it.
     *
     * @param <T> the facet type
     * @param conn the connection
     * @param facet the facet interface
     * @param withheld tells whether the connection withholds a facet it implements
     * @return the facet, or empty
     * @throws NullPointerException if an argument is null
     */
    public static <T extends Facet> Optional<T> as(Conn conn, Class<T> facet, Predicate<Capability> withheld) {
        requireNonNull(conn, "conn is null");
        requireNonNull(facet, "facet is null");
        requireNonNull(withheld, "withheld is null");
        if (!facet.isInstance(conn)) {
            return Optional.empty();
        }
        for (Capability c : Capability.values()) {
            if (c.facet().filter(facet::equals).isPresent() && withheld.test(c)) {
                return Optional.empty();
            }
        }
        return Optional.of(facet.cast(conn));
    }

    /**
     * Refuses a change on a read-only connection: what the mutator it withholds does when a caller
     * reaches it anyway, by a cast, so that the guard does not rest on {@link #as} alone.
     *
     * @param readOnly whether the connection is read-only
     * @param driver the driver's name
     * @param op the operation
     * @throws DriverException ({@link ErrorKind#READ_ONLY}) if readOnly is true
     */
    public static void refuseOnReadOnly(boolean readOnly, String driver, String op) {
        if (readOnly) {
            throw DriverException.of(ErrorKind.READ_ONLY, driver, op, "the connection is read-only");
        }
    }
}
