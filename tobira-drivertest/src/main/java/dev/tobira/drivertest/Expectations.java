package dev.tobira.drivertest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.tobira.api.Capability;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the kit expects of one fixture, resolved once when the fixture is built: each
 * {@link Behavior} expected or absent with its reason (declared by the fixture, or implied by a
 * behaviour it requires, an undeclared capability or the language), and every other absence the
 * fixture declares (a family of attack with no proven probe, a probe that cannot apply), each with
 * its reason. Immutable; the report lists its absences as they are.
 */
final class Expectations {
    /** Kinds of absence, as the report names them. */
    static final String BEHAVIOR = "behavior";

    static final String FAMILY = "family";
    static final String PROBE = "probe";

    /**
     * One thing the kit does not expect, and why: declared by the fixture, or implied (then the
     * reason starts with {@code implied: }).
     */
    @JsonPropertyOrder({"kind", "name", "reason", "declared"})
    record Absence(String kind, String name, String reason, boolean declared) {}

    private final Map<Behavior, Absence> absentBehaviors;
    private final List<Absence> absences;

    private Expectations(Map<Behavior, Absence> absentBehaviors, List<Absence> absences) {
        this.absentBehaviors = absentBehaviors;
        this.absences = absences;
    }

    /**
     * Resolves the fixture's declarations.
     *
     * @throws IllegalStateException naming every declaration that is refused: an absence without a
     *     reason, or a behaviour declared absent that a declared capability implies
     */
    static Expectations resolve(
            String driver,
            Set<Capability> declared,
            Language language,
            Map<Behavior, String> without,
            Map<ProbeFamily, String> families,
            Map<String, String> probes) {
        List<String> refused = new ArrayList<>();
        EnumMap<Behavior, Absence> absent = new EnumMap<>(Behavior.class);
        for (Behavior b : Behavior.values()) {
            String reason = without.get(b);
            Optional<Capability> capability = b.impliedBy();
            if (reason != null) {
                if (reason.isBlank()) {
                    refused.add("without(" + b + ", reason) gives no reason: say why the driver has no " + b);
                }
                if (capability.isPresent() && declared.contains(capability.get())) {
                    refused.add("without(" + b + ", reason): the driver declares "
                            + capability.get().name() + ", which implies " + b
                            + "; a behaviour is absent only with its capability");
                }
                absent.put(b, new Absence(BEHAVIOR, b.name(), reason, true));
            } else if (capability.isPresent() && !declared.contains(capability.get())) {
                absent.put(
                        b,
                        new Absence(
                                BEHAVIOR,
                                b.name(),
                                "implied: the driver does not declare "
                                        + capability.get().name(),
                                false));
            } else if (b.sqlOnly() && language != Language.SQL) {
                absent.put(
                        b,
                        new Absence(BEHAVIOR, b.name(), "implied: a fixture of the " + language + " language", false));
            } else if (b.requires().isPresent()
                    && absent.containsKey(b.requires().get())) {
                absent.put(
                        b,
                        new Absence(
                                BEHAVIOR, b.name(), "implied: " + b.requires().get() + " is absent", false));
            }
        }
        List<Absence> all = new ArrayList<>(absent.values());
        families.forEach((f, why) -> {
            if (why.isBlank()) {
                refused.add("without(" + f + ", reason) gives no reason: say why the database has no such write");
            }
            all.add(new Absence(FAMILY, f.name(), why, true));
        });
        probes.forEach((p, why) -> {
            if (why.isBlank()) {
                refused.add("withoutProbe(" + p + ", reason) gives no reason: say why the probe cannot apply");
            }
            all.add(new Absence(PROBE, p, why, true));
        });
        if (!refused.isEmpty()) {
            throw new IllegalStateException(
                    "the fixture of " + driver + " declares absences it may not: " + String.join("; ", refused));
        }
        return new Expectations(Collections.unmodifiableMap(absent), List.copyOf(all));
    }

    boolean expects(Behavior behavior) {
        return !absentBehaviors.containsKey(behavior);
    }

    /** The absent behaviours, each with its reason, in the order of {@link Behavior}. */
    Map<Behavior, String> absentBehaviors() {
        EnumMap<Behavior, String> reasons = new EnumMap<>(Behavior.class);
        absentBehaviors.forEach((b, a) -> reasons.put(b, a.reason()));
        return reasons;
    }

    /** Every absence: behaviours first, then families of attack, then probes. */
    List<Absence> absences() {
        return absences;
    }
}
