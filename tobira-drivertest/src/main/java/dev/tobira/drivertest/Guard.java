package dev.tobira.drivertest;

import dev.tobira.api.Conn;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.drivertest.Report.PathResult;
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
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.Executable;

/**
 * The read-only guard, attacked in strict mode: each write probe is first proven a real write on a
 * writable connection, then sent read-only on both read-only paths, where it must be refused and
 * change nothing. A variant that does not prove itself is not counted, but is sent on both paths
 * all the same, where it must be refused or change nothing. Safe reads must pass both paths. For
 * SQL, each proven base probe is then hidden in parameters ({@link ParameterAttacks}) in the same
 * test, reusing its proof.
 */
final class Guard {
    /** A probe may run long on a broken guard; the whole call is bounded so the kit never hangs. */
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(30);
    /** The row cap of the capped read-only path: the MCP server's default. */
    private static final int CAP = 200;

    private static final Set<ErrorKind> INVALID = EnumSet.of(ErrorKind.SYNTAX, ErrorKind.INVALID_ARGUMENT);

    private final KitContext kit;
    private final Recorder recorder;
    private final String driver;
    /** The parameter attacks, for SQL only: other languages have no placeholder syntax the kit knows. */
    private final @Nullable ParameterAttacks parameters;
    /** Each layer of the guard on its own, where the fixture offers a driver with layers turned off. */
    private final LayerAttacks layers;

    Guard(KitContext kit) {
        this.kit = kit;
        this.recorder = kit.recorder();
        this.driver = kit.driverName();
        this.parameters =
                kit.language() == Language.SQL && kit.expects(Behavior.PARAMETERS) ? new ParameterAttacks(kit) : null;
        this.layers = new LayerAttacks(kit);
    }

    private boolean declared() {
        return kit.expects(Behavior.READ_ONLY);
    }

    Stream<DynamicNode> probes() {
        if (!declared()) {
            return Stream.of(notDeclared(kit, "write probes"));
        }
        recorder.add(new Report.Ran(Report.Part.GUARD));
        if (parameters != null) {
            recorder.add(new Report.Ran(Report.Part.PARAMETERS));
        }
        kit.fx().layers().keySet().forEach(name -> recorder.add(new Report.LayerName(name)));
        Map<String, WriteProbe> all = new LinkedHashMap<>();
        List<DynamicNode> nodes = new ArrayList<>();
        List<WriteProbe> candidates = new ArrayList<>();
        if (kit.language() == Language.SQL) {
            candidates.addAll(Catalogue.sqlProbes());
        }
        candidates.addAll(kit.writeProbes());
        for (WriteProbe p : candidates) {
            if (all.putIfAbsent(p.name(), p) != null) {
                nodes.add(DynamicTest.dynamicTest(
                        "duplicate probe name " + p.name(),
                        () -> Assertions.fail("two write probes are named " + p.name()
                                + "; writeProbes() must not reuse a built-in name")));
            }
        }
        Map<String, String> inapplicable = kit.inapplicableProbes();
        for (Map.Entry<String, String> e : inapplicable.entrySet()) {
            if (all.containsKey(e.getKey())) {
                recorder.add(new Report.Inapplicable(e.getKey(), e.getValue()));
            } else {
                recorder.add(new Report.UnknownInapplicable(e.getKey()));
                nodes.add(DynamicTest.dynamicTest(
                        "withoutProbe(probe, reason) names an unknown probe: " + e.getKey(),
                        () -> kit.violation("withoutProbe(probe, reason) names " + e.getKey()
                                + ", which is no probe; known: " + all.keySet())));
            }
        }
        for (WriteProbe p : all.values()) {
            String reason = inapplicable.get(p.name());
            if (reason != null) {
                nodes.add(DynamicTest.dynamicTest(
                        p.name() + " [not applicable, checked harmless read-only]: " + display(p.text()),
                        checked(() -> inapplicable(p, reason))));
                continue;
            }
            Stream<DynamicNode> base =
                    Stream.of(DynamicTest.dynamicTest(p.name() + ": " + display(p.text()), checked(() -> base(p))));
            // JUnit pulls a container's children one at a time and runs each before it pulls the next,
            // so a variant is proven (or not) just before its test is named, and the name can say which
            Stream<DynamicNode> variants = p.variants() ? variants(p) : Stream.empty();
            nodes.add(DynamicContainer.dynamicContainer(
                    p.name() + " [" + p.family() + "]", Stream.concat(base, variants)));
        }
        return nodes.stream();
    }

    /** The generated spellings of a probe, each proven (or not) just before its test runs. */
    private Stream<DynamicNode> variants(WriteProbe p) {
        List<Variants.Variant> spellings;
        try {
            spellings = kit.language() == Language.JSON
                    ? JsonVariants.probe(p.text(), kit.fx().json())
                    : Variants.of(p.text(), kit.language(), kit.sqlDialect());
        } catch (IllegalArgumentException e) {
            return Stream.of(DynamicTest.dynamicTest(
                    p.name() + ": no variants",
                    () -> Assertions.fail(p.name() + " is no JSON document, so the kit cannot spell it otherwise: "
                            + e.getMessage())));
        }
        return spellings.stream().map(v -> variant(p, v));
    }

    Stream<DynamicNode> safeReads() {
        if (!declared()) {
            return Stream.of(notDeclared(kit, "safe reads"));
        }
        List<SafeRead> reads = new ArrayList<>();
        if (kit.language() == Language.SQL) {
            reads.addAll(Catalogue.sqlSafeReads(kit.customersQuery(), kit.sqlDialect()));
        }
        reads.addAll(kit.safeReads());
        if (kit.language() == Language.JSON) {
            // a read spelled otherwise is still a read: key order, white space and escapes must not make the guard
            // refuse it
            List<SafeRead> own = List.copyOf(reads);
            reads.addAll(JsonVariants.safeReads(kit.fx().json()));
            for (SafeRead s : own) {
                try {
                    JsonVariants.read(s.text())
                            .forEach(v -> reads.add(SafeRead.of(s.name() + "~" + v.suffix(), v.text())));
                } catch (IllegalArgumentException e) {
                    // a read that is no JSON document still runs as given; its own test says what the driver made of it
                }
            }
        }
        Set<String> names = new HashSet<>();
        List<DynamicNode> nodes = new ArrayList<>();
        for (SafeRead s : reads) {
            if (!names.add(s.name())) {
                nodes.add(DynamicTest.dynamicTest(
                        "duplicate safe read name " + s.name(),
                        () -> Assertions.fail("two safe reads are named " + s.name())));
                continue;
            }
            nodes.add(DynamicTest.dynamicTest(s.name() + ": " + display(s.text()), checked(() -> safeRead(s))));
        }
        return nodes.stream();
    }

    /** Without a guard there is nothing to attack; what must hold instead is that read-only is refused, not pretended. */
    static DynamicTest notDeclared(KitContext kit, String what) {
        return DynamicTest.dynamicTest(
                what + ": READ_ONLY is not declared, so opening read-only fails with UNSUPPORTED",
                kit::assertReadOnlyRefused);
    }

    private Executable checked(Executable body) {
        return kit.tracker().checked(body);
    }

    private Executable checked(int[] mark, Executable body) {
        return kit.tracker().checked(mark, body);
    }

    private void base(WriteProbe p) {
        try (Run run = prove(p.name(), p.family(), p.text(), p.evidence(), null)) {
            ProbeDraft r = run.record;
            if (!run.proven()) {
                r.verdict = Verdict.BROKEN;
                r.problems.add(
                        "broken probe: it is not a proven write here. On a writable connection it gave "
                                + run.writableAttempt
                                + " and neither the fingerprint nor the evidence changed"
                                + (run.refusedAsInvalid
                                        ? (Boolean.TRUE.equals(r.nativeRan)
                                                ? "; the fixture's nativeExecution ran it and nothing changed either"
                                                : "; the fixture's nativeExecution does not run text (it returned false), so the refusal could not be bypassed to prove it")
                                        : "")
                                + ". Fix the probe, the fingerprint or the nativeExecution, or name it in the fixture's withoutProbe(probe, reason) with the reason");
                clear(run.evidence);
                kit.violation(p.name() + ": " + String.join("; ", r.problems));
                return;
            }
            refused(run);
            List<String> violations = new ArrayList<>();
            if (r.verdict == Verdict.VIOLATION) {
                violations.add(String.join("\n", r.problems));
            } else if (layers.any()) {
                // refused by the whole guard: now what each driver with layers turned off makes of it
                layers.attack(p, run.evidence);
            }
            if (parameters != null) {
                // the proof is reused: only a write proven here is worth hiding in a parameter
                violations.addAll(parameters.attack(p, run.evidence));
            }
            kit.violations(violations);
        }
    }

    /**
     * Proves the variant on a writable connection now, while JUnit asks for its test, and names the
     * test by the outcome: a proven variant must be refused, an unproven one must be harmless.
     */
    private DynamicTest variant(WriteProbe p, Variants.Variant v) {
        int[] mark = kit.tracker().mark();
        String shown = p.name() + "~" + v.suffix() + ": " + display(v.text());
        Run run;
        try {
            run = prove(p.name() + "~" + v.suffix(), p.family(), v.text(), p.evidence(), p.name());
        } catch (RuntimeException | Error e) {
            // failing here would end the whole container; the variant's own test reports it instead
            return DynamicTest.dynamicTest(shown, checked(mark, () -> {
                throw e;
            }));
        }
        if (run.proven()) {
            return DynamicTest.dynamicTest(shown, checked(mark, () -> {
                try (run) {
                    refused(run);
                }
                if (run.record.verdict == Verdict.VIOLATION) {
                    kit.violation(String.join("\n", run.record.problems));
                }
            }));
        }
        Attempt w = run.writableAttempt;
        String why = w.succeeded() ? "ran when writable and changed nothing" : w.outcome() + " when writable";
        return DynamicTest.dynamicTest(
                p.name() + "~" + v.suffix() + " [unproven variant, " + why + "; checked harmless read-only]: "
                        + display(v.text()),
                checked(mark, () -> {
                    try (run) {
                        harmless(run);
                    }
                    if (!run.record.problems.isEmpty()) {
                        kit.violation("unproven variant, so it must be harmless read-only:\n"
                                + String.join("\n", run.record.problems));
                    }
                }));
    }

    /**
     * A probe the fixture names as not applicable is never run writable, but the guard still owes it
     * the read-only contract: refused, or a result that changed nothing.
     */
    private void inapplicable(WriteProbe p, String reason) {
        Assertions.assertFalse(reason.isBlank(), "withoutProbe(probe, reason) gives " + p.name() + " no reason");
        ProbeDraft r = new ProbeDraft(p.name(), p.family(), p.text(), null);
        r.verdict = Verdict.INAPPLICABLE;
        try {
            inapplicable(p, r);
        } finally {
            recorder.add(r.record());
        }
    }

    private void inapplicable(WriteProbe p, ProbeDraft r) {
        Optional<Evidence> evidence = p.evidence();
        clear(evidence);
        String base = kit.seeded();
        Set<ErrorKind> allowed = EnumSet.of(ErrorKind.READ_ONLY);
        allowed.addAll(INVALID);
        try (Conn readOnly = kit.open(kit.readOnlyConfig())) {
            PathResult a = send("read-only connection", readOnly, Query.of(p.text()), base, evidence, allowed, true, r);
            if (!a.fingerprintUnchanged() || !a.evidenceAbsent()) {
                kit.seed();
                clear(evidence);
                base = kit.fingerprint();
            }
        }
        try (Conn writable = kit.open(kit.writableConfig())) {
            PathResult b = send(
                    "readOnly query on a writable connection",
                    writable,
                    Query.of(p.text()).withReadOnly(true),
                    base,
                    evidence,
                    allowed,
                    true,
                    r);
            if (!b.fingerprintUnchanged()) {
                kit.seed();
            }
        }
        clear(evidence);
        if (!r.problems.isEmpty()) {
            kit.violation("not applicable, so it must be harmless read-only:\n" + String.join("\n", r.problems));
        }
    }

    /**
     * A probe's record while its test runs: filled in by this class alone, then handed to the
     * recorder once, as an immutable {@link Report.ProbeRecord}, when the test is over.
     */
    private static final class ProbeDraft {
        final String name;
        final ProbeFamily family;
        final String text;
        final @Nullable String variantOf;

        @Nullable
        String provenBy;

        @Nullable
        String writableOutcome;

        @Nullable
        Boolean nativeRan;

        final List<PathResult> readOnly = new ArrayList<>();

        @Nullable
        Verdict verdict;

        final List<String> problems = new ArrayList<>();

        ProbeDraft(String name, ProbeFamily family, String text, @Nullable String variantOf) {
            this.name = name;
            this.family = family;
            this.text = text;
            this.variantOf = variantOf;
        }

        Report.ProbeRecord record() {
            return new Report.ProbeRecord(
                    name, family, text, variantOf, provenBy, writableOutcome, nativeRan, readOnly, verdict, problems);
        }
    }

    /**
     * One probe or variant run on a writable connection. The connection stays open for the
     * read-only step, because a probe that changes its session (a setting, a transaction mode) must
     * still be refused on the very connection it changed.
     */
    private static final class Run implements AutoCloseable {
        final ProbeDraft record;
        final Recorder recorder;
        final Optional<Evidence> evidence;
        final Conn writable;
        final String before;
        final Attempt writableAttempt;
        final boolean refusedAsInvalid;

        Run(
                ProbeDraft record,
                Recorder recorder,
                Optional<Evidence> evidence,
                Conn writable,
                String before,
                Attempt writableAttempt,
                boolean refusedAsInvalid) {
            this.record = record;
            this.recorder = recorder;
            this.evidence = evidence;
            this.writable = writable;
            this.before = before;
            this.writableAttempt = writableAttempt;
            this.refusedAsInvalid = refusedAsInvalid;
        }

        boolean proven() {
            return record.provenBy != null;
        }

        /** Closes the writable connection and records the probe as its test left it: once, when the run is over. */
        @Override
        public void close() {
            try {
                writable.close();
            } finally {
                recorder.add(record.record());
            }
        }
    }

    /** Runs the text on a writable connection and looks for its effect, through the fixture's native execution if the driver refused it as invalid. */
    private Run prove(
            String name, ProbeFamily family, String text, Optional<Evidence> evidence, @Nullable String variantOf) {
        ProbeDraft r = new ProbeDraft(name, family, text, variantOf);
        clear(evidence);
        String before = kit.seeded();
        Conn writable = kit.open(kit.writableConfig());
        try {
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
            if (proof == null && variantOf != null) {
                r.verdict = Verdict.UNPROVEN_VARIANT;
            }
            return new Run(r, recorder, evidence, writable, before, w, refusedAsInvalid);
        } catch (RuntimeException | Error e) {
            try {
                writable.close();
            } finally {
                recorder.add(r.record());
            }
            throw e;
        }
    }

    /** A proven write, sent on both read-only paths from the seeded state: each must refuse it and change nothing. */
    private void refused(Run run) {
        Set<ErrorKind> allowed = EnumSet.of(ErrorKind.READ_ONLY);
        if (run.refusedAsInvalid) {
            allowed.addAll(INVALID);
        }
        kit.seed();
        clear(run.evidence);
        String base = kit.fingerprint();
        kit.seededAs(base);
        readOnlyPaths(run, base, allowed, false);
        run.record.verdict = run.record.problems.isEmpty() ? Verdict.REFUSED : Verdict.VIOLATION;
    }

    /**
     * A variant that wrote nothing here, sent on both read-only paths all the same: the guard must
     * refuse it (READ_ONLY, or SYNTAX/INVALID_ARGUMENT) or run it without any change. It stays an
     * unproven variant and is not counted.
     */
    private void harmless(Run run) {
        Set<ErrorKind> allowed = EnumSet.of(ErrorKind.READ_ONLY);
        allowed.addAll(INVALID);
        // nothing changed on the writable connection, so the state is still the seeded one
        readOnlyPaths(run, run.before, allowed, true);
        run.record.verdict = Verdict.UNPROVEN_VARIANT;
    }

    private void readOnlyPaths(Run run, String base, Set<ErrorKind> allowed, boolean readAllowed) {
        String text = run.record.text;
        try (Conn readOnly = kit.open(kit.readOnlyConfig())) {
            PathResult a = send(
                    "read-only connection",
                    readOnly,
                    Query.of(text),
                    base,
                    run.evidence,
                    allowed,
                    readAllowed,
                    run.record);
            if (!a.fingerprintUnchanged() || !a.evidenceAbsent()) {
                kit.seed();
                clear(run.evidence);
                base = kit.fingerprint();
            }
            // with a row cap, as every read of the MCP server and the command is sent: a driver may
            // take another path for it (PostgreSQL fetches a capped read whole, in one flight), and
            // on the connection the uncapped attempt may have changed
            PathResult c = send(
                    "read-only connection, capped",
                    readOnly,
                    Query.of(text).withLimit(CAP),
                    base,
                    run.evidence,
                    allowed,
                    readAllowed,
                    run.record);
            if (!c.fingerprintUnchanged() || !c.evidenceAbsent()) {
                kit.seed();
                clear(run.evidence);
                base = kit.fingerprint();
            }
        }
        PathResult b = send(
                "readOnly query on a writable connection",
                run.writable,
                Query.of(text).withReadOnly(true),
                base,
                run.evidence,
                allowed,
                readAllowed,
                run.record);
        if (!b.fingerprintUnchanged() || !b.evidenceAbsent()) {
            kit.seed();
            clear(run.evidence);
            base = kit.fingerprint();
        }
        // the MCP server's query on a connection it may also write to: read-only and capped
        PathResult d = send(
                "readOnly query on a writable connection, capped",
                run.writable,
                Query.of(text).withReadOnly(true).withLimit(CAP),
                base,
                run.evidence,
                allowed,
                readAllowed,
                run.record);
        if (!d.fingerprintUnchanged()) {
            kit.seed();
        }
        clear(run.evidence);
    }

    private @Nullable String proof(String before, Optional<Evidence> evidence, String prefix) {
        if (!kit.fingerprint().equals(before)) {
            return prefix + "fingerprint";
        }
        if (evidence.isPresent() && evidence.get().observed()) {
            return prefix + "evidence";
        }
        return null;
    }

    /**
     * Sends the text on one read-only path and records what happened. A refusal must be of an
     * allowed kind and name the driver; a result is accepted only where {@code readAllowed} (a text
     * not proven to write). Either way the fingerprint must be unchanged and the evidence absent.
     */
    private PathResult send(
            String path,
            Conn conn,
            Query query,
            String base,
            Optional<Evidence> evidence,
            Set<ErrorKind> allowed,
            boolean readAllowed,
            ProbeDraft r) {
        Attempt a = Attempt.run(conn, query.withTimeout(PROBE_TIMEOUT));
        String after = kit.fingerprint();
        boolean unchanged = after.equals(base);
        boolean absent = evidence.isEmpty() || !evidence.get().observed();
        PathResult result = new PathResult(path, a.outcome(), a.message(), unchanged, absent);
        r.readOnly.add(result);
        // one line per path: the probe, the path, the outcome and what changed
        List<String> wrong = new ArrayList<>();
        if (a.succeeded() && readAllowed) {
            // a text that is no write here may run as a read; the checks below say whether it changed anything
        } else if (!a.refusedWith(allowed)) {
            wrong.add((a.succeeded() ? "let through, " : "") + "expected " + expectation(allowed, readAllowed)
                    + " but got " + Report.shorten(a.toString(), 200));
        } else if (!a.message().startsWith(driver + ": ")) {
            wrong.add("the refusal's message does not start with \"" + driver + ": \": "
                    + Report.shorten(a.message(), 200));
        }
        if (!unchanged) {
            wrong.add("the fingerprint changed: " + Report.difference(base, after));
        }
        if (!absent) {
            wrong.add("the evidence was observed");
        }
        if (!wrong.isEmpty()) {
            r.problems.add(r.name + " [" + path + "]: " + String.join("; ", wrong));
        }
        return result;
    }

    private static String expectation(Set<ErrorKind> allowed, boolean readAllowed) {
        if (!readAllowed) {
            return allowed.size() > 1
                    ? "READ_ONLY (or SYNTAX/INVALID_ARGUMENT, since the writable connection refused it as invalid)"
                    : "READ_ONLY";
        }
        return "a refusal (" + allowed.stream().map(Enum::name).collect(Collectors.joining(", "))
                + ") or a result that changes nothing";
    }

    private void safeRead(SafeRead s) {
        String base = kit.seeded();
        List<PathResult> paths = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        try (Conn readOnly = kit.open(kit.readOnlyConfig());
                Conn writable = kit.open(kit.writableConfig())) {
            paths.add(safePath("read-only connection", readOnly, Query.of(s.text()), base, problems));
            paths.add(safePath(
                    "readOnly query on a writable connection",
                    writable,
                    Query.of(s.text()).withReadOnly(true),
                    base,
                    problems));
        }
        recorder.add(new Report.SafeReadRecord(s.name(), s.text(), paths, problems.isEmpty()));
        if (!problems.isEmpty()) {
            kit.violation("safe read " + s.name() + " " + String.join("; ", problems));
        }
    }

    private PathResult safePath(String path, Conn conn, Query query, String base, List<String> problems) {
        Attempt a = Attempt.run(conn, query.withTimeout(PROBE_TIMEOUT));
        boolean unchanged = kit.fingerprint().equals(base);
        if (!a.succeeded()) {
            problems.add("[" + path + "]: a legitimate read was refused: " + Report.shorten(a.toString(), 200));
        }
        if (!unchanged) {
            problems.add("[" + path + "]: the fingerprint changed");
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
