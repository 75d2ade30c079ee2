package dev.tobira.drivertest;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * One attack on the read-only guard: a query text that writes, or has a side effect, when run on
 * a writable connection. The kit first proves that it does (the fingerprint changes, or its
 * {@link Evidence} appears), then sends it read-only and requires a refusal with the fingerprint
 * unchanged.
 *
 * @param name a short unique name, used in reports
 * @param family the family of the attack
 * @param text the query text, in the driver's language
 * @param evidence the side effect that proves it, when the fingerprint cannot
 * @param variants whether the kit should also send generated variants (case, whitespace, comments, nesting)
 * @since 0.1
 */
public record WriteProbe(String name, ProbeFamily family, String text, Optional<Evidence> evidence, boolean variants) {
    /**
     * Creates a probe.
     *
     * @param name a short unique name, used in reports
     * @param family the family of the attack
     * @param text the query text, in the driver's language
     * @param evidence the side effect that proves it, when the fingerprint cannot
     * @param variants whether the kit should also send generated variants
     * @throws NullPointerException if an argument is null
     */
    public WriteProbe {
        requireNonNull(name, "name is null");
        requireNonNull(family, "family is null");
        requireNonNull(text, "text is null");
        requireNonNull(evidence, "evidence is null");
    }

    /**
     * Returns a probe proven by the fingerprint, with generated variants.
     *
     * @param name a short unique name
     * @param family the family
     * @param text the query text
     * @return the probe
     */
    public static WriteProbe of(String name, ProbeFamily family, String text) {
        return new WriteProbe(name, family, text, Optional.empty(), true);
    }

    /**
     * Returns this probe proven by a side effect instead of the fingerprint.
     *
     * @param evidence the side effect
     * @return a copy
     */
    public WriteProbe provenBy(Evidence evidence) {
        return new WriteProbe(name, family, text, Optional.of(evidence), variants);
    }

    /**
     * Returns this probe without generated variants, for texts whose variants would not be valid.
     *
     * @return a copy
     */
    public WriteProbe withoutVariants() {
        return new WriteProbe(name, family, text, evidence, false);
    }
}
