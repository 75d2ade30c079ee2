package dev.tobira.spi.base;

import dev.tobira.api.Capability;
import dev.tobira.api.Facet;
import dev.tobira.spi.Nullable;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * One facet a connection may offer: built, and its condition asked, the first time a caller wants
 * it, so a facet whose presence costs a round trip is probed only when it matters, and once.
 */
final class Offer {
    private final Capability capability;
    private final Supplier<? extends Facet> factory;
    /** Null for a facet that always works: it then never needs the connection open to be offered. */
    private final @Nullable BooleanSupplier condition;

    private final Runnable ensureOpen;
    // null until first asked, then the answer, present or empty: null and empty differ here
    @SuppressWarnings("NullableOptional")
    private volatile @Nullable Optional<Facet> facet;

    Offer(
            Capability capability,
            Supplier<? extends Facet> factory,
            @Nullable BooleanSupplier condition,
            Runnable ensureOpen) {
        this.capability = capability;
        this.factory = factory;
        this.condition = condition;
        this.ensureOpen = ensureOpen;
    }

    Capability capability() {
        return capability;
    }

    /** The checked facet, or empty where the condition says it does not work on this connection. */
    Optional<Facet> facet() {
        Optional<Facet> f = facet;
        if (f == null) {
            synchronized (this) {
                f = facet;
                if (f == null) {
                    boolean offered = true;
                    if (condition != null) {
                        ensureOpen.run(); // the condition may ask the server
                        offered = condition.getAsBoolean();
                    }
                    f = offered ? Optional.of(checked()) : Optional.empty();
                    facet = f;
                }
            }
        }
        return f;
    }

    private Facet checked() {
        Facet made = factory.get();
        Class<? extends Facet> type = capability.facet().orElseThrow();
        if (!type.isInstance(made)) {
            throw new IllegalStateException("the driver's " + capability.word() + " is not a " + type.getSimpleName()
                    + ": " + (made == null ? "null" : made.getClass().getName()));
        }
        return CheckedFacets.of(capability, made, ensureOpen);
    }
}
