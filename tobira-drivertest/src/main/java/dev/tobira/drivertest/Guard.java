package dev.tobira.drivertest;

import dev.tobira.api.Capability;
import dev.tobira.api.Conn;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.drivertest.Report.PathResult;
import dev.tobira.drivertest.Report.ProbeRecord;
import dev.tobira.drivertest.Report.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.Executable;

/**
 * The read-only guard, attacked in strict mode: each write probe is first proven a real write on a
 * writable connection, then sent read-only on both read-only paths, where it must be refused and
 * change nothing. Safe reads must pass both paths.
 */
final class Guard {
    /** A probe may run long on a broken guard; the whole call is bounded so the kit never hangs. */
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(30);
    private static final Set<ErrorKind> INVALID = EnumSet.of(ErrorKind.SYNTAX, ErrorKind.INVALID_ARGUMENT);

    private final DriverConformanceTest kit;
    private final Report report;
    private final String driver;
    private String seededFingerprint;

    Guard(DriverConformanceTest kit) {
        this.kit = kit;
        this.report = kit.report();
        this.driver = report.driver;
    }

    private boolean declared() {
        return report.declared.contains(Capability.READ_ONLY);
    }

    Stream<DynamicNode> probes() {
        if (!declared()) {
            return Stream.of(notDeclared("write probes"));
        }
        report.guardRan = true;
        Map<String, WriteProbe> all = new LinkedHashMap<>();
        List<DynamicNode> nodes = new ArrayList<>();
        List<WriteProbe> candidates = new ArrayList<>();
        if (kit.language() == Language.SQL) {
            candidates.addAll(Catalogue.sqlProbes());
        }
        candidates.addAll(kit.writeProbes());
        for (WriteProbe p : candidates) {
            if (all.putIfAbsent(p.name(), p) != null) {
                nodes.add(DynamicTest.dynamicTest("duplicate probe name " + p.name(), () -> Assertions.fail(
                        "two write probes are named " + p.name() + "; writeProbes() must not reuse a built-in name")));
            }
        }
        Map<String, String> inapplicable = kit.inapplicableProbes();
        for (Map.Entry<String, String> e : inapplicable.entrySet()) {
            if (all.containsKey(e.getKey())) {
                report.inapplicable.put(e.getKey(), e.getValue());
            } else {
                report.unknownInapplicable.add(e.getKey());
                nodes.add(DynamicTest.dynamicTest("inapplicableProbes() names an unknown probe: " + e.getKey(),
                        () -> kit.violation("inapplicableProbes() names " + e.getKey() + ", which is no probe; known: " + all.keySet())));
            }
        }
        for (WriteProbe p : all.values()) {
            String reason = inapplicable.get(p.name());
            if (reason != null) {
                nodes.add(DynamicTest.dynamicTest(p.name() + " [not applicable]: " + display(p.text()),
                        () -> Assumptions.abort("not applicable to " + driver + ": " + reason)));
                continue;
            }
            List<DynamicNode> children = new ArrayList<>();
            children.add(DynamicTest.dynamicTest("base: " + display(p.text()), checked(() -> base(p))));
            if (p.variants()) {
                for (Variants.Variant v : Variants.of(p.text(), kit.language(), kit.sqlDialect())) {
                    children.add(DynamicTest.dynamicTest(v.suffix() + ": " + display(v.text()),
                            checked(() -> variant(p, v))));
                }
            }
            nodes.add(DynamicContainer.dynamicContainer(p.name() + " [" + p.family() + "]", children.stream()));
        }
        return nodes.stream();
    }

    Stream<DynamicNode> safeReads() {
        if (!declared()) {
            return Stream.of(notDeclared("safe reads"));
        }
        List<SafeRead> reads = new ArrayList<>();
        if (kit.language() == Language.SQL) {
            reads.addAll(Catalogue.sqlSafeReads(kit.customersQuery()));
        }
        reads.addAll(kit.safeReads());
        Set<String> names = new HashSet<>();
        List<DynamicNode> nodes = new ArrayList<>();
        for (SafeRead s : reads) {
            if (!names.add(s.name())) {
                nodes.add(DynamicTest.dynamicTest("duplicate safe read name " + s.name(),
                        () -> Assertions.fail("two safe reads are named " + s.name())));
                continue;
            }
            nodes.add(DynamicTest.dynamicTest(s.name() + ": " + display(s.text()), checked(() -> safeRead(s))));
        }
        return nodes.stream();
    }

    private DynamicTest notDeclared(String what) {
        return DynamicTest.dynamicTest(what + ": READ_ONLY is not declared",
                () -> Assumptions.abort(driver + " does not declare READ_ONLY, so it must refuse read-only connections"
                        + " (checked by the read-only open test) and there is no guard to attack"));
    }

    private Executable checked(Executable body) {
        return () -> {
            int[] mark = kit.tracker().mark();
            Throwable failure = null;
            try {
                body.execute();
            } catch (Throwable t) {
                failure = t;
            }
            List<String> leaks = kit.tracker().leaksSince(mark);
            if (!leaks.isEmpty()) {
                AssertionError leak = new AssertionError("leaked: " + String.join("; ", leaks));
                if (failure == null) {
                    throw leak;
                }
                failure.addSuppressed(leak);
            }
            if (failure != null) {
                throw failure;
            }
        };
    }

    private void base(WriteProbe p) {
        ProbeRecord r = execute(p.name(), p.family(), p.text(), p.evidence(), null);
        if (r.verdict == Verdict.BROKEN || r.verdict == Verdict.VIOLATION) {
            kit.violation(p.name() + ": " + String.join("; ", r.problems));
        }
    }

    private void variant(WriteProbe p, Variants.Variant v) {
        ProbeRecord r = execute(p.name() + "~" + v.suffix(), p.family(), v.text(), p.evidence(), p.name());
        if (r.verdict == Verdict.VIOLATION) {
            kit.violation(r.name + ": " + String.join("; ", r.problems));
        } else if (r.verdict == Verdict.UNPROVEN_VARIANT) {
            Assumptions.abort("unproven variant, not counted: on a writable connection it gave " + r.writableOutcome
                    + " and changed nothing");
        }
    }

    private ProbeRecord execute(String name, ProbeFamily family, String text, Optional<Evidence> evidence, String variantOf) {
        ProbeRecord r = new ProbeRecord(name, family, text, variantOf);
        report.probes.add(r);
        clear(evidence);
        String before = seeded();
        try (Conn writable = kit.open(kit.writableConfig())) {
            Attempt w = Attempt.run(writable, Query.of(text).withTimeout(PROBE_TIMEOUT));
            r.writableOutcome = w.toString();
            String proof = proof(before, evidence, "");
            boolean refusedAsInvalid = w.refusedWith(INVALID);
            if (proof == null && refusedAsInvalid) {
                r.nativeRan = kit.executeNatively(text);
                if (r.nativeRan) {
                    proof = proof(before, evidence, "native ");
                }
            }
            r.provenBy = proof;
            if (proof == null) {
                r.verdict = variantOf == null ? Verdict.BROKEN : Verdict.UNPROVEN_VARIANT;
                if (variantOf == null) {
                    r.problems.add("broken probe: it is not a proven write here. On a writable connection it gave " + w
                            + " and neither the fingerprint nor the evidence changed"
                            + (refusedAsInvalid ? (Boolean.TRUE.equals(r.nativeRan)
                                    ? "; executeNatively() ran it and nothing changed either"
                                    : "; executeNatively() does not run text (it returned false), so the refusal could not be bypassed to prove it")
                                    : "")
                            + ". Fix the probe, the fingerprint or executeNatively(), or name it in inapplicableProbes() with the reason");
                }
                clear(evidence);
                return r;
            }
            Set<ErrorKind> allowed = EnumSet.of(ErrorKind.READ_ONLY);
            if (refusedAsInvalid) {
                allowed.addAll(INVALID);
            }
            kit.seed();
            clear(evidence);
            String base = kit.fingerprint();
            seededFingerprint = base;
            try (Conn readOnly = kit.open(kit.readOnlyConfig())) {
                PathResult a = send("read-only connection", readOnly, Query.of(text), base, evidence, allowed, r);
                if (!a.fingerprintUnchanged() || !a.evidenceAbsent()) {
                    kit.seed();
                    clear(evidence);
                    base = kit.fingerprint();
                }
            }
            PathResult b = send("readOnly query on a writable connection", writable, Query.of(text).withReadOnly(true), base,
                    evidence, allowed, r);
            if (!b.fingerprintUnchanged()) {
                kit.seed();
            }
            clear(evidence);
        }
        r.verdict = r.problems.isEmpty() ? Verdict.REFUSED : Verdict.VIOLATION;
        return r;
    }

    /**
     * Returns the fingerprint of the seeded state, seeding only when the state is not already
     * that: a run that ends refused leaves the seeded state behind, and on a server where DDL is
     * slow a seed costs far more than a fingerprint.
     */
    private String seeded() {
        String now = kit.fingerprint();
        if (now.equals(seededFingerprint)) {
            return now;
        }
        kit.seed();
        seededFingerprint = kit.fingerprint();
        return seededFingerprint;
    }

    private String proof(String before, Optional<Evidence> evidence, String prefix) {
        if (!kit.fingerprint().equals(before)) {
            return prefix + "fingerprint";
        }
        if (evidence.isPresent() && evidence.get().observed()) {
            return prefix + "evidence";
        }
        return null;
    }

    private PathResult send(String path, Conn conn, Query query, String base, Optional<Evidence> evidence,
                            Set<ErrorKind> allowed, ProbeRecord r) {
        Attempt a = Attempt.run(conn, query.withTimeout(PROBE_TIMEOUT));
        boolean unchanged = kit.fingerprint().equals(base);
        boolean absent = evidence.isEmpty() || !evidence.get().observed();
        PathResult result = new PathResult(path, a.outcome(), a.message(), unchanged, absent);
        r.readOnly.add(result);
        if (!a.refusedWith(allowed)) {
            r.problems.add(path + ": expected " + (allowed.size() > 1
                    ? "READ_ONLY (or SYNTAX/INVALID_ARGUMENT, since the writable connection refused it as invalid)"
                    : "READ_ONLY") + " but got " + a);
        } else if (!a.refusal().getMessage().startsWith(driver + ": ")) {
            r.problems.add(path + ": the refusal's message does not start with \"" + driver + ": \": " + a.refusal().getMessage());
        }
        if (!unchanged) {
            r.problems.add(path + ": the fingerprint changed");
        }
        if (!absent) {
            r.problems.add(path + ": the evidence was observed");
        }
        return result;
    }

    private void safeRead(SafeRead s) {
        String base = seeded();
        List<PathResult> paths = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        try (Conn readOnly = kit.open(kit.readOnlyConfig()); Conn writable = kit.open(kit.writableConfig())) {
            paths.add(safePath("read-only connection", readOnly, Query.of(s.text()), base, problems));
            paths.add(safePath("readOnly query on a writable connection", writable, Query.of(s.text()).withReadOnly(true), base,
                    problems));
        }
        report.safeReads.add(new Report.SafeReadRecord(s.name(), s.text(), paths, problems.isEmpty()));
        if (!problems.isEmpty()) {
            kit.violation("safe read " + s.name() + ": " + String.join("; ", problems));
        }
    }

    private PathResult safePath(String path, Conn conn, Query query, String base, List<String> problems) {
        Attempt a = Attempt.run(conn, query.withTimeout(PROBE_TIMEOUT));
        boolean unchanged = kit.fingerprint().equals(base);
        if (!a.succeeded()) {
            problems.add(path + ": a legitimate read was refused: " + a);
        }
        if (!unchanged) {
            problems.add(path + ": the fingerprint changed");
            kit.seed();
        }
        return new PathResult(path, a.outcome(), a.message(), unchanged, true);
    }

    private static void clear(Optional<Evidence> evidence) {
        evidence.ifPresent(Evidence::clear);
    }

    /** Probe texts as test names: one line, and short enough to read in a report. */
    static String display(String text) {
        String oneLine = text.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t");
        return oneLine.length() > 120 ? oneLine.substring(0, 117) + "..." : oneLine;
    }
}
