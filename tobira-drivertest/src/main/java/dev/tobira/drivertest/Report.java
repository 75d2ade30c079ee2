package dev.tobira.drivertest;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tobira.api.Capability;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.jspecify.annotations.Nullable;

/**
 * What one run of the kit found for one driver, written as
 * {@code target/tobira-conformance/<reportName>.json}.
 * An append-only recorder ({@link Recorder}) of immutable records: the checks add what they found
 * as they run, nothing is ever changed or removed, and once all of them have run, failures
 * included, the records are written by Jackson as they are, with the totals summed up from them.
 */
final class Report implements Recorder {
    /** How a probe, or one of its variants, came out. */
    enum Verdict {
        /** Proven a real write, then refused on every read-only path with nothing changed. */
        REFUSED,
        /** Proven a real write, and a read-only path let it through or changed something. */
        VIOLATION,
        /** A base probe that could not prove itself a write: the probe or the fixture is broken. */
        BROKEN,
        /**
         * A variant that could not prove itself a write; not counted, but still sent on both
         * read-only paths, where it must be refused or change nothing ({@code problems} say if not).
         */
        UNPROVEN_VARIANT,
        /**
         * Named by the fixture as not applicable to this database: never run writable, but sent on
         * both read-only paths, where it must be refused or change nothing.
         */
        INAPPLICABLE,
        /** A test that ended (failed) before its probe had a verdict. */
        NOT_RUN
    }

    /** One read-only path a proven probe was sent on. */
    @JsonPropertyOrder({"path", "outcome", "message", "fingerprintUnchanged", "evidenceAbsent"})
    record PathResult(
            String path,
            String outcome,
            @Nullable String message,
            boolean fingerprintUnchanged,
            boolean evidenceAbsent) {}

    /** The record of one probe or variant, once its test is over. */
    @JsonPropertyOrder({
        "name",
        "family",
        "text",
        "variantOf",
        "provenEffective",
        "provenBy",
        "writableOutcome",
        "nativeRan",
        "readOnly",
        "outcome",
        "fingerprintUnchanged",
        "verdict",
        "harmless",
        "problems"
    })
    record ProbeRecord(
            String name,
            ProbeFamily family,
            String text,
            @Nullable String variantOf,
            @Nullable String provenBy,
            @Nullable String writableOutcome,

            @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable
            Boolean nativeRan,

            List<PathResult> readOnly,
            @Nullable Verdict verdict,
            List<String> problems)
            implements Recorder.Entry {
        ProbeRecord {
            readOnly = List.copyOf(readOnly);
            problems = List.copyOf(problems);
            verdict = verdict == null ? Verdict.NOT_RUN : verdict;
        }

        @JsonProperty("provenEffective")
        public boolean provenEffective() {
            return provenBy != null;
        }

        /** The first read-only path's outcome; absent when none was sent. */
        @JsonProperty("outcome")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        public @Nullable String outcome() {
            return readOnly.isEmpty() ? null : readOnly.get(0).outcome();
        }

        @JsonProperty("fingerprintUnchanged")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        public @Nullable Boolean fingerprintUnchanged() {
            return readOnly.isEmpty() ? null : readOnly.stream().allMatch(PathResult::fingerprintUnchanged);
        }

        /** For a text that is not counted: whether it was harmless read-only. */
        @JsonProperty("harmless")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        public @Nullable Boolean harmless() {
            return ((verdict == Verdict.UNPROVEN_VARIANT || verdict == Verdict.INAPPLICABLE) && !readOnly.isEmpty())
                    ? problems.isEmpty()
                    : null;
        }

        /** A proven write let through, or an uncounted text that changed something (or failed the wrong way) read-only. */
        boolean violated() {
            return verdict == Verdict.VIOLATION
                    || ((verdict == Verdict.UNPROVEN_VARIANT || verdict == Verdict.INAPPLICABLE)
                            && !problems.isEmpty());
        }
    }

    /** The record of one safe read. */
    @JsonPropertyOrder({"name", "text", "passed", "paths"})
    record SafeReadRecord(String name, String text, List<PathResult> paths, boolean passed) implements Recorder.Entry {
        SafeReadRecord {
            paths = List.copyOf(paths);
        }
    }

    /** A proven probe hidden in a parameter's value behind one carrier text, sent on three paths. */
    @JsonPropertyOrder({"probe", "carrier", "text", "value", "passed", "paths", "problems", "notes"})
    record ParameterRecord(
            String probe,
            String carrier,
            String text,
            String value,
            List<PathResult> paths,
            List<String> problems,
            List<String> notes)
            implements Recorder.Entry {
        ParameterRecord {
            paths = List.copyOf(paths);
            problems = List.copyOf(problems);
            notes = List.copyOf(notes);
        }

        @JsonProperty("passed")
        public boolean passed() {
            return problems.isEmpty();
        }
    }

    /**
     * One bad input, sent on a writable and a read-only connection: a result or a DriverException
     * with a kind on each. Immutable, and written by Jackson as it is: its components are the
     * report's fields.
     */
    @JsonPropertyOrder({"group", "name", "text", "parameter", "passed", "paths", "problems"})
    record BadInputRecord(
            String group,
            String name,
            String text,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) String parameter,
            List<PathResult> paths,
            List<String> problems)
            implements Recorder.Entry {
        BadInputRecord {
            paths = List.copyOf(paths);
            problems = List.copyOf(problems);
        }

        /** Returns whether nothing went wrong on either path. */
        @JsonProperty("passed")
        public boolean passed() {
            return problems.isEmpty();
        }
    }

    /** One call against a {@link SilentServer}: an open, or a query on a connection that opened lazily. */
    @JsonPropertyOrder({"name", "outcome", "message", "millis", "boundMillis", "passed"})
    record SilentRecord(String name, String outcome, String message, long millis, long boundMillis, boolean passed)
            implements Recorder.Entry {}

    /**
     * One hostile DSN: refused at open ({@code outcome} the error kind), or opened ({@code OPENED})
     * with the proven probes sent on it ({@code probes}, one path each).
     */
    @JsonPropertyOrder({"name", "dsn", "outcome", "message", "passed", "probes", "problems"})
    record DsnRecord(
            String name,
            String dsn,
            @Nullable String outcome,
            @Nullable String message,
            List<PathResult> probes,
            List<String> problems)
            implements Recorder.Entry {
        DsnRecord {
            probes = List.copyOf(probes);
            problems = List.copyOf(problems);
        }

        @JsonProperty("passed")
        public boolean passed() {
            return problems.isEmpty();
        }
    }

    /** One case of server code: proven on a writable connection, then called on both read-only paths. */
    @JsonPropertyOrder({
        "name",
        "call",
        "provenEffective",
        "provenBy",
        "writableOutcome",
        "passed",
        "readOnly",
        "problems"
    })
    record ServerCodeRecord(
            String name,
            String call,
            @Nullable String provenBy,
            @Nullable String writableOutcome,
            List<PathResult> readOnly,
            List<String> problems)
            implements Recorder.Entry {
        ServerCodeRecord {
            readOnly = List.copyOf(readOnly);
            problems = List.copyOf(problems);
        }

        @JsonProperty("provenEffective")
        public boolean provenEffective() {
            return provenBy != null;
        }

        @JsonProperty("passed")
        public boolean passed() {
            return problems.isEmpty();
        }
    }

    /** What one driver with layers turned off made of a probe: its read-only paths, and whether they changed nothing. */
    @JsonPropertyOrder({"stopped", "paths"})
    record LayerPaths(List<PathResult> paths) {
        LayerPaths {
            paths = List.copyOf(paths);
        }

        @JsonProperty("stopped")
        public boolean stopped() {
            return paths.stream().allMatch(r -> r.fingerprintUnchanged() && r.evidenceAbsent());
        }
    }

    /** One proven, refused probe sent again through each driver with some of its guard's layers turned off. */
    @JsonPropertyOrder({"probe", "family", "wholeGuard", "stoppedWith"})
    record LayerRecord(
            String probe, ProbeFamily family, @JsonIgnore Map<String, LayerPaths> layers) implements Recorder.Entry {
        LayerRecord {
            layers = Collections.unmodifiableMap(new LinkedHashMap<>(layers));
        }

        @JsonProperty("wholeGuard")
        public String wholeGuard() {
            return "REFUSED";
        }

        /** The layers that stopped it on their own, in the fixture's order. */
        @JsonProperty("stoppedWith")
        public List<String> stoppedWith() {
            return layers.entrySet().stream()
                    .filter(e -> e.getValue().stopped())
                    .map(Map.Entry::getKey)
                    .toList();
        }

        /** Each layer under its own name, after the fixed fields. */
        @JsonAnyGetter
        public Map<String, LayerPaths> byLayer() {
            return layers;
        }

        /** Whether what is left on with this layer's driver changed nothing on either path. */
        boolean stopped(String layer) {
            return requireNonNull(layers.get(layer), () -> "no layer " + layer).stopped();
        }
    }

    /** The outcome of one test, as JUnit reported it. */
    @JsonPropertyOrder({"name", "status", "message"})
    record TestRecord(
            String name,
            String status,

            @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable
            String message) implements Recorder.Entry {}

    /** The later layers of the guard, each timed, and each known to have run in this session. */
    enum Part {
        GUARD,
        PARAMETERS,
        DSN,
        SERVER_CODE,
        LAYERS,
        BAD_INPUTS
    }

    /** A part of the guard ran in this session. */
    record Ran(Part part) implements Recorder.Entry {}

    /** Time spent in a part, added up over its records. */
    record Spent(Part part, long nanos) implements Recorder.Entry {}

    /** A probe the DSN attacks proved on the writable configuration and send on every hostile DSN that opens. */
    record DsnProbe(String name) implements Recorder.Entry {}

    /** What kept the DSN attacks from checking everything (no probe proven); a violation as well. */
    record DsnProblem(String message) implements Recorder.Entry {}

    /** A probe the fixture declares absent, with its reason, found among the probes. */
    record Inapplicable(String probe, String reason) implements Recorder.Entry {}

    /** A probe the fixture declares absent that is no probe at all. */
    record UnknownInapplicable(String probe) implements Recorder.Entry {}

    /** A driver with layers of its guard turned off that the fixture offers. */
    record LayerName(String name) implements Recorder.Entry {}

    /** A guard violation: fails the test in strict mode, is only recorded otherwise. */
    record Violation(String message) implements Recorder.Entry {}

    /** A behaviour, {@code expected} or {@code absent: <reason>}. */
    record BehaviorState(String behavior, String state) implements Recorder.Entry {}

    /** A capability a connection offered. */
    record Offered(Capability capability) implements Recorder.Entry {}

    /** A capability the kit verified working. */
    record Verified(Capability capability) implements Recorder.Entry {}

    /** The fixture's reason for a family without a proven probe, as the family check read it. */
    record FamilyReason(ProbeFamily family, String reason) implements Recorder.Entry {}

    /** The server version of the first connection the kit opened. */
    record ServerVersion(String version) implements Recorder.Entry {}

    /** Why the silent-server check does not apply (NETWORK absent). */
    record SilentInapplicable(String reason) implements Recorder.Entry {}

    final String driver;
    final boolean strict;
    final Language language;
    final int minimumProvenProbes;
    final Set<Capability> declared;
    /** Every absence of the fixture's expectation model, with its reason; fixed when the run starts. */
    private final List<Expectations.Absence> absent;
    /** Everything the checks found, in the order they found it; only ever appended to. */
    private final ConcurrentLinkedQueue<Recorder.Entry> entries = new ConcurrentLinkedQueue<>();

    Report(
            String driver,
            boolean strict,
            Language language,
            int minimumProvenProbes,
            Set<Capability> declared,
            List<Expectations.Absence> absent) {
        this.absent = List.copyOf(absent);
        this.driver = driver;
        this.strict = strict;
        this.language = language;
        this.minimumProvenProbes = minimumProvenProbes;
        this.declared = declared.isEmpty() ? EnumSet.noneOf(Capability.class) : EnumSet.copyOf(declared);
    }

    /** How many violations were recorded: read after every dynamic test, so kept apart from a scan of the records. */
    private final java.util.concurrent.atomic.AtomicInteger violationCount =
            new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public void add(Recorder.Entry entry) {
        entries.add(requireNonNull(entry, "entry is null"));
        if (entry instanceof Violation) {
            violationCount.incrementAndGet();
        }
    }

    /** Returns how many violations were recorded so far. */
    int violationCount() {
        return violationCount.get();
    }

    /** The records of one type, in the order they were added. */
    <T extends Recorder.Entry> List<T> all(Class<T> type) {
        List<T> out = new ArrayList<>();
        for (Recorder.Entry e : entries) {
            if (type.isInstance(e)) {
                out.add(type.cast(e));
            }
        }
        return out;
    }

    /** Whether a part of the guard ran in this session. */
    boolean ran(Part part) {
        return entries.stream().anyMatch(e -> e instanceof Ran r && r.part() == part);
    }

    private long nanos(Part part) {
        return entries.stream()
                .mapToLong(e -> e instanceof Spent s && s.part() == part ? s.nanos() : 0)
                .sum();
    }

    /** Returns the safe reads recorded so far, in order. */
    List<SafeReadRecord> safeReads() {
        return all(SafeReadRecord.class);
    }

    /** Returns the violations recorded so far, in order. */
    List<String> violations() {
        return all(Violation.class).stream().map(Violation::message).toList();
    }

    /** Returns the server version of the first connection, or null before one opened. */
    @Nullable
    String serverVersion() {
        return all(ServerVersion.class).stream()
                .findFirst()
                .map(ServerVersion::version)
                .orElse(null);
    }

    long count(Verdict verdict) {
        return all(ProbeRecord.class).stream()
                .filter(p -> p.verdict() == verdict)
                .count();
    }

    /**
     * The probes and variants that broke the read-only contract: a proven write let through, or an
     * unproven variant or inapplicable probe that changed something (or failed the wrong way) read-only.
     */
    long violating() {
        return all(ProbeRecord.class).stream().filter(ProbeRecord::violated).count();
    }

    /** Carrier texts whose parameter became code on some path, or that failed the wrong way. */
    long parameterViolations() {
        return all(ParameterRecord.class).stream().filter(r -> !r.passed()).count();
    }

    /** Hostile DSNs that opened without the guard, failed the wrong way or showed the password, plus what kept the attack from running. */
    long dsnViolations() {
        return all(DsnRecord.class).stream().filter(r -> !r.passed()).count()
                + all(DsnProblem.class).size();
    }

    /** Server code that left its effect behind a read-only call, failed the wrong way, or could not be proven. */
    long serverCodeViolations() {
        return all(ServerCodeRecord.class).stream().filter(r -> !r.passed()).count();
    }

    /** Every violation of the guard, all layers: what strict mode fails on. */
    long allViolations() {
        return violating() + parameterViolations() + dsnViolations() + serverCodeViolations();
    }

    /** The families with at least one probe (or variant) proven and refused. */
    Set<ProbeFamily> coveredFamilies() {
        EnumSet<ProbeFamily> covered = EnumSet.noneOf(ProbeFamily.class);
        all(ProbeRecord.class).stream()
                .filter(p -> p.verdict() == Verdict.REFUSED)
                .forEach(p -> covered.add(p.family()));
        return covered;
    }

    /**
     * The tree with every lone surrogate in a string spelled as visible {@code \\uXXXX} text: the
     * bad inputs hold some on purpose, and a strict reader (jq) refuses a report that escapes one.
     */
    static com.fasterxml.jackson.databind.JsonNode wellFormed(com.fasterxml.jackson.databind.JsonNode node) {
        if (node instanceof ObjectNode o) {
            List<String> names = new ArrayList<>();
            o.properties().forEach(e -> names.add(e.getKey()));
            for (String n : names) {
                com.fasterxml.jackson.databind.JsonNode v = wellFormed(o.get(n));
                o.remove(n);
                o.set(visible(n), v);
            }
            return o;
        }
        if (node instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                a.set(i, wellFormed(a.get(i)));
            }
            return a;
        }
        if (node.isTextual()) {
            String t = node.textValue();
            String v = visible(t);
            return v.equals(t) ? node : com.fasterxml.jackson.databind.node.TextNode.valueOf(v);
        }
        return node;
    }

    private static String visible(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean paired = Character.isHighSurrogate(c)
                    ? i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
                    : !Character.isLowSurrogate(c) || (i > 0 && Character.isHighSurrogate(s.charAt(i - 1)));
            if (!paired && sb == null) {
                sb = new StringBuilder(s.length() + 8).append(s, 0, i);
            }
            if (sb != null) {
                if (paired) {
                    sb.append(c);
                } else {
                    sb.append(String.format("\\u%04X", (int) c));
                }
            }
        }
        return sb == null ? s : sb.toString();
    }

    /** A text cut to at most {@code max} characters, on one line. */
    static String shorten(String text, int max) {
        String oneLine = String.valueOf(text).replace("\r", "\\r").replace("\n", "\\n");
        return oneLine.length() <= max ? oneLine : oneLine.substring(0, max - 3) + "...";
    }

    /**
     * What differs between two fingerprints, in a few words: the part between their common start and
     * common end, with a little context, before and after.
     */
    static String difference(String before, String after) {
        int start = 0;
        int max = Math.min(before.length(), after.length());
        while (start < max && before.charAt(start) == after.charAt(start)) {
            start++;
        }
        int end = 0;
        while (end < max - start
                && before.charAt(before.length() - 1 - end) == after.charAt(after.length() - 1 - end)) {
            end++;
        }
        int from = Math.max(0, start - 20);
        String was = before.substring(from, before.length() - end);
        String now = after.substring(from, after.length() - end);
        return "\"" + (from > 0 ? "..." : "") + shorten(was, 90) + "\" became \"" + (from > 0 ? "..." : "")
                + shorten(now, 90) + "\"";
    }

    /** Writes {@code target/tobira-conformance/<name>.json}. */
    Path write(String name) {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        String version = serverVersion();
        root.put("driver", driver);
        root.put("report", name);
        root.put("serverVersion", version == null ? "" : version);
        root.put("strict", strict);
        root.put("language", language.name());
        root.put("minimumProvenProbes", minimumProvenProbes);
        ArrayNode probeArray = root.putArray("probes");
        ArrayNode unproven = root.putArray("unprovenVariants");
        List<ProbeRecord> probeList = all(ProbeRecord.class);
        for (ProbeRecord p : probeList) {
            (p.verdict() == Verdict.UNPROVEN_VARIANT ? unproven : probeArray).add(mapper.valueToTree(p));
        }
        List<Inapplicable> inapplicable = all(Inapplicable.class);
        ObjectNode inapplicableNode = root.putObject("inapplicableProbes");
        inapplicable.forEach(i -> inapplicableNode.put(i.probe(), i.reason()));
        ArrayNode unknown = root.putArray("unknownInapplicableNames");
        all(UnknownInapplicable.class).forEach(u -> unknown.add(u.probe()));
        ArrayNode reads = root.putArray("safeReads");
        List<SafeReadRecord> safeReadList = safeReads();
        safeReadList.forEach(r -> reads.add(mapper.valueToTree(r)));
        ArrayNode parameters = root.putArray("parameterAttacks");
        List<ParameterRecord> parameterList = all(ParameterRecord.class);
        parameterList.forEach(r -> parameters.add(mapper.valueToTree(r)));
        ObjectNode dsn = root.putObject("dsnAttacks");
        dsn.put("ran", ran(Part.DSN));
        ArrayNode dsnProbeNames = dsn.putArray("probes");
        all(DsnProbe.class).forEach(p -> dsnProbeNames.add(p.name()));
        ArrayNode dsnProblemNode = dsn.putArray("problems");
        all(DsnProblem.class).forEach(p -> dsnProblemNode.add(p.message()));
        ArrayNode cases = dsn.putArray("cases");
        List<DsnRecord> dsnList = all(DsnRecord.class);
        dsnList.forEach(r -> cases.add(mapper.valueToTree(r)));
        ArrayNode code = root.putArray("serverCode");
        List<ServerCodeRecord> codeList = all(ServerCodeRecord.class);
        codeList.forEach(r -> code.add(mapper.valueToTree(r)));
        ObjectNode layerNode = root.putObject("layers");
        ArrayNode declaredLayers = layerNode.putArray("declared");
        List<String> layerNames =
                all(LayerName.class).stream().map(LayerName::name).distinct().toList();
        layerNames.forEach(declaredLayers::add);
        if (layerNames.isEmpty()) {
            layerNode.put(
                    "note",
                    "the fixture offers no driver with a layer of its guard turned off, so each probe shows only that"
                            + " the whole guard refused it");
        }
        ObjectNode summary = layerNode.putObject("summary");
        ArrayNode layerProbes = layerNode.putArray("probes");
        List<LayerRecord> layerList = all(LayerRecord.class);
        for (String layer : layerNames) {
            ObjectNode n = summary.putObject(layer);
            List<LayerRecord> sent = layerList.stream()
                    .filter(r -> r.layers().containsKey(layer))
                    .toList();
            n.put("probes", sent.size());
            n.put("stopped", sent.stream().filter(r -> r.stopped(layer)).count());
            ArrayNode through = n.putArray("letThrough");
            sent.stream().filter(r -> !r.stopped(layer)).forEach(r -> through.add(r.probe()));
        }
        layerList.forEach(r -> layerProbes.add(mapper.valueToTree(r)));
        ArrayNode badNode = root.putArray("badInputs");
        List<BadInputRecord> bad = all(BadInputRecord.class);
        bad.forEach(r -> badNode.add(mapper.valueToTree(r)));
        long badPassed = bad.stream().filter(BadInputRecord::passed).count();
        ObjectNode silentNode = root.putObject("silentServer");
        all(SilentInapplicable.class).stream()
                .reduce((first, second) -> second)
                .ifPresent(i -> silentNode.put("inapplicable", i.reason()));
        ArrayNode silentCalls = silentNode.putArray("calls");
        all(SilentRecord.class).forEach(r -> silentCalls.add(mapper.valueToTree(r)));
        ObjectNode behaviorNode = root.putObject("behaviors");
        Map<String, String> behaviors = new LinkedHashMap<>();
        all(BehaviorState.class).forEach(b -> behaviors.put(b.behavior(), b.state()));
        behaviors.forEach(behaviorNode::put);
        ArrayNode absentNode = root.putArray("absent");
        absent.forEach(a -> absentNode.add(mapper.valueToTree(a)));
        EnumSet<Capability> offered = EnumSet.noneOf(Capability.class);
        all(Offered.class).forEach(o -> offered.add(o.capability()));
        EnumSet<Capability> verified = EnumSet.noneOf(Capability.class);
        all(Verified.class).forEach(v -> verified.add(v.capability()));
        ObjectNode caps = root.putObject("capabilities");
        words(caps.putArray("declared"), declared);
        words(caps.putArray("offered"), offered);
        words(caps.putArray("verified"), verified);
        ObjectNode families = root.putObject("families");
        Set<ProbeFamily> covered = coveredFamilies();
        ArrayNode coveredNode = families.putArray("covered");
        ArrayNode uncoveredNode = families.putArray("uncovered");
        for (ProbeFamily f : ProbeFamily.values()) {
            (covered.contains(f) ? coveredNode : uncoveredNode).add(f.name());
        }
        ArrayNode implied = families.putArray("implied");
        language.impliedFamilies().stream().sorted().forEach(f -> implied.add(f.name()));
        ObjectNode reasonNode = families.putObject("reasons");
        java.util.EnumMap<ProbeFamily, String> reasons = new java.util.EnumMap<>(ProbeFamily.class);
        all(FamilyReason.class).forEach(r -> reasons.put(r.family(), r.reason()));
        reasons.forEach((f, why) -> reasonNode.put(f.name(), why));
        ArrayNode violationNode = root.putArray("violations");
        violations().forEach(violationNode::add);
        ArrayNode testNode = root.putArray("tests");
        long passed = 0;
        long failed = 0;
        long aborted = 0;
        long violated = 0;
        for (TestRecord t : all(TestRecord.class)) {
            testNode.add(mapper.valueToTree(t));
            switch (t.status()) {
                case "passed" -> passed++;
                case "failed" -> failed++;
                case "violation" -> {
                    failed++; // non-strict: recorded instead of thrown, but a violation all the same
                    violated++;
                }
                default -> aborted++;
            }
        }
        ObjectNode totals = root.putObject("totals");
        totals.put(
                "probes",
                probeList.stream()
                        .filter(p -> p.variantOf() == null && p.verdict() != Verdict.INAPPLICABLE)
                        .count());
        totals.put(
                "variants",
                probeList.stream().filter(p -> p.variantOf() != null).count());
        totals.put(
                "proven",
                probeList.stream().filter(ProbeRecord::provenEffective).count());
        totals.put(
                "refused",
                probeList.stream().filter(p -> p.verdict() == Verdict.REFUSED).count());
        totals.put("violations", allViolations());
        totals.put(
                "broken",
                probeList.stream().filter(p -> p.verdict() == Verdict.BROKEN).count());
        totals.put(
                "unprovenVariants",
                probeList.stream()
                        .filter(p -> p.verdict() == Verdict.UNPROVEN_VARIANT)
                        .count());
        totals.put(
                "unprovenHarmless",
                probeList.stream()
                        .filter(p -> p.verdict() == Verdict.UNPROVEN_VARIANT
                                && !p.readOnly().isEmpty()
                                && p.problems().isEmpty())
                        .count());
        totals.put(
                "inapplicable",
                inapplicable.stream().map(Inapplicable::probe).distinct().count());
        totals.put("safeReads", safeReadList.size());
        totals.put(
                "safeReadsPassed",
                safeReadList.stream().filter(SafeReadRecord::passed).count());
        ObjectNode layers = totals.putObject("violationsByLayer");
        layers.put("probes", violating());
        layers.put("parameters", parameterViolations());
        layers.put("dsn", dsnViolations());
        layers.put("serverCode", serverCodeViolations());
        totals.put("parameterAttacks", parameterList.size());
        totals.put(
                "parameterAttacksPassed",
                parameterList.stream().filter(ParameterRecord::passed).count());
        totals.put(
                "parameterAttacksNoted",
                parameterList.stream().filter(r -> !r.notes().isEmpty()).count());
        totals.put("dsnAttacks", dsnList.size());
        totals.put(
                "dsnAttacksOpened",
                dsnList.stream().filter(r -> "OPENED".equals(r.outcome())).count());
        totals.put(
                "dsnAttacksPassed", dsnList.stream().filter(DsnRecord::passed).count());
        totals.put("serverCode", codeList.size());
        totals.put(
                "serverCodePassed",
                codeList.stream().filter(ServerCodeRecord::passed).count());
        totals.put("badInputs", badNode.size());
        totals.put("badInputsPassed", badPassed);
        totals.put("silentServerCalls", silentCalls.size());
        totals.put(
                "silentServerPassed",
                silentCalls.findValues("passed").stream()
                        .filter(JsonNode::asBoolean)
                        .count());
        ObjectNode millis = totals.putObject("millisByLayer");
        millis.put("parameters", nanos(Part.PARAMETERS) / 1_000_000);
        millis.put("dsn", nanos(Part.DSN) / 1_000_000);
        millis.put("serverCode", nanos(Part.SERVER_CODE) / 1_000_000);
        millis.put("layers", nanos(Part.LAYERS) / 1_000_000);
        millis.put("badInputs", nanos(Part.BAD_INPUTS) / 1_000_000);
        totals.put("capabilitiesDeclared", declared.size());
        totals.put("capabilitiesVerified", verified.size());
        totals.put("testsPassed", passed);
        totals.put("testsFailed", failed);
        totals.put("testsFailedNonStrict", violated);
        totals.put("testsSkipped", aborted);
        Path file = Path.of("target", "tobira-conformance", name + ".json");
        try {
            Files.createDirectories(file.getParent());
            mapper.writeValue(file.toFile(), wellFormed(root));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the conformance report " + file.toAbsolutePath(), e);
        }
        return file;
    }

    private static void words(ArrayNode array, Set<Capability> capabilities) {
        EnumSet<Capability> sorted = EnumSet.noneOf(Capability.class);
        sorted.addAll(capabilities);
        sorted.forEach(c -> array.add(c.word()));
    }
}
