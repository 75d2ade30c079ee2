package dev.tobira.drivertest;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.drivertest.Report.PathResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.Executable;

/**
 * The guard attacked through the DSN: hostile spellings of the fixture's own read-only DSN
 * ({@link HostileDsns}), each opened read-only with the fixture's password and options. Each must
 * either fail to open with a {@link DriverException} whose message holds no password, or open with
 * the guard intact: a few write probes, proven first on the writable configuration, are each
 * refused with READ_ONLY there and change nothing.
 */
final class DsnAttacks {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Set<ErrorKind> INVALID = EnumSet.of(ErrorKind.SYNTAX, ErrorKind.INVALID_ARGUMENT);
    /** How many proven probes each hostile DSN that opens must refuse: a few, so some ninety DSNs stay quick. */
    private static final int PROBES = 3;
    /** How many probes are tried to find them, so a database where few prove themselves stays quick too. */
    private static final int TRIES = 12;

    private static final List<ProbeFamily> PREFERRED = List.of(ProbeFamily.DML, ProbeFamily.DDL, ProbeFamily.STACKING);

    private final KitContext kit;
    private final Recorder recorder;
    private final String driver;
    private final List<Proven> proven = new ArrayList<>();

    /** A hostile DSN's record while it is tried: handed to the recorder once, immutable, when the try is over. */
    private static final class DsnDraft {
        final String name;
        final String dsn;

        @Nullable
        String outcome;

        @Nullable
        String message;

        final List<PathResult> probes = new ArrayList<>();
        final List<String> problems = new ArrayList<>();

        DsnDraft(String name, String dsn) {
            this.name = name;
            this.dsn = dsn;
        }

        Report.DsnRecord record() {
            return new Report.DsnRecord(name, dsn, outcome, message, probes, problems);
        }
    }

    /** A probe proven on the writable configuration, and the refusals that count read-only. */
    private record Proven(WriteProbe probe, Set<ErrorKind> allowed) {}

    DsnAttacks(KitContext kit) {
        this.kit = kit;
        this.recorder = kit.recorder();
        this.driver = kit.driverName();
    }

    Stream<DynamicNode> attacks() {
        if (!kit.expects(Behavior.READ_ONLY)) {
            return Stream.of(Guard.notDeclared(kit, "DSN attacks"));
        }
        recorder.add(new Report.Ran(Report.Part.DSN));
        ConnConfig readOnly = kit.readOnlyConfig();
        List<HostileDsns.Hostile> hostile;
        try {
            hostile = HostileDsns.of(driver, readOnly.dsn());
        } catch (DriverException e) {
            return Stream.of(DynamicTest.dynamicTest(
                    "the DSN of readOnlyConfig() parses",
                    () -> Assertions.fail(
                            "the DSN attacks are made from the DSN of readOnlyConfig(), which does not parse: "
                                    + e.getMessage(),
                            e)));
        }
        // JUnit runs each dynamic test before it pulls the next, so the probes are proven before any DSN is tried
        Stream<DynamicNode> proof = Stream.of(
                DynamicTest.dynamicTest("write probes proven on the writable configuration", timed(this::prove)));
        Stream<DynamicNode> attacks = hostile.stream()
                .map(h -> DynamicTest.dynamicTest(
                        h.name() + ": " + Guard.display(h.shown()), timed(() -> attack(h, readOnly))));
        return Stream.concat(proof, attacks);
    }

    private Executable timed(Runnable body) {
        return kit.tracker().checked(() -> {
            long start = System.nanoTime();
            try {
                body.run();
            } finally {
                recorder.add(new Report.Spent(Report.Part.DSN, System.nanoTime() - start));
            }
        });
    }

    /**
     * Proves up to {@link #PROBES} probes, of DML, DDL and stacking, one of each where it can, as
     * Guard proves a probe. The guard's other families are attacked by text already; what a hostile
     * DSN would weaken (a read-only session, one statement per call) shows with these.
     */
    private void prove() {
        Map<String, WriteProbe> all = new LinkedHashMap<>();
        if (kit.language() == Language.SQL) {
            Catalogue.sqlProbes().forEach(p -> all.putIfAbsent(p.name(), p));
        }
        kit.writeProbes().forEach(p -> all.putIfAbsent(p.name(), p));
        kit.inapplicableProbes().keySet().forEach(all::remove);
        // one of each of the plainest families first: cheap to restore, and never server-wide (FLUSHALL, SET GLOBAL);
        // the others only for a driver that has none of those
        List<WriteProbe> ordered = new ArrayList<>();
        for (ProbeFamily f : PREFERRED) {
            all.values().stream().filter(p -> p.family() == f).findFirst().ifPresent(ordered::add);
        }
        all.values().stream()
                .filter(p -> !ordered.contains(p) && PREFERRED.contains(p.family()))
                .forEach(ordered::add);
        all.values().stream().filter(p -> !ordered.contains(p)).forEach(ordered::add);
        int tries = 0;
        for (WriteProbe p : ordered) {
            if (proven.size() == PROBES || tries++ == TRIES) {
                break;
            }
            prove(p).ifPresent(proven::add);
        }
        proven.forEach(p -> recorder.add(new Report.DsnProbe(p.probe().name())));
        System.err.println("[tobira] " + driver + ": DSN attacks send "
                + proven.stream().map(p -> p.probe().name()).toList());
        if (proven.isEmpty()) {
            String m = "DSN attacks: none of the first " + TRIES
                    + " write probes proved itself on the writable configuration,"
                    + " so a hostile DSN that opens cannot be checked";
            recorder.add(new Report.DsnProblem(m));
            kit.violation(m);
        }
    }

    private Optional<Proven> prove(WriteProbe p) {
        Optional<Evidence> evidence = p.evidence();
        evidence.ifPresent(Evidence::clear);
        String before = kit.seeded();
        boolean proof;
        boolean invalid;
        try (Conn writable = kit.open(kit.writableConfig())) {
            // looked at while the session is open: a lock it took ends with it
            Attempt w = Attempt.run(writable, Query.of(p.text()).withTimeout(TIMEOUT));
            proof = changed(before, evidence);
            invalid = w.refusedWith(INVALID);
            if (!proof && invalid && kit.executeNatively(p.text())) {
                proof = changed(before, evidence);
            }
        }
        evidence.ifPresent(Evidence::clear);
        if (!kit.fingerprint().equals(before)) {
            kit.seed();
            kit.seededAs(kit.fingerprint());
        }
        if (!proof) {
            return Optional.empty();
        }
        Set<ErrorKind> allowed = EnumSet.of(ErrorKind.READ_ONLY);
        if (invalid) {
            allowed.addAll(INVALID);
        }
        return Optional.of(new Proven(p, allowed));
    }

    private boolean changed(String before, Optional<Evidence> evidence) {
        return !kit.fingerprint().equals(before)
                || (evidence.isPresent() && evidence.get().observed());
    }

    private void attack(HostileDsns.Hostile h, ConnConfig readOnly) {
        DsnDraft r = new DsnDraft(h.name(), h.shown());
        try {
            attack(h, readOnly, r);
        } finally {
            recorder.add(r.record());
        }
        finish(r);
    }

    private void attack(HostileDsns.Hostile h, ConnConfig readOnly, DsnDraft r) {
        List<String> secrets = new ArrayList<>(h.secrets());
        if (readOnly.password().reveal().length() >= 4) {
            secrets.add(readOnly.password().reveal());
        }
        Map<String, String> options = new HashMap<>(readOnly.options());
        options.putAll(h.options());
        ConnConfig plain = ConnConfig.of(h.dsn())
                .withName(readOnly.name())
                .withReadOnly(true)
                .withPassword(readOnly.password());
        ConnConfig config =
                readOnly.connectTimeout().map(plain::withConnectTimeout).orElseGet(plain::withoutConnectTimeout);
        for (Map.Entry<String, String> o : options.entrySet()) {
            config = config.withOption(o.getKey(), o.getValue());
        }
        proven.forEach(p -> p.probe().evidence().ifPresent(Evidence::clear));
        String base = kit.seeded();
        Conn conn;
        try {
            conn = kit.open(config);
        } catch (DriverException e) {
            MessageCheck.assertWhole(e);
            r.outcome = e.kind().name();
            r.message = masked(String.valueOf(e.getMessage()), secrets);
            if (!r.message.equals(String.valueOf(e.getMessage()))) {
                r.problems.add("the refusal's message holds the password");
            }
            unchanged(r, "failing to open it", base);
            return;
        } catch (RuntimeException e) {
            r.outcome = "ERROR " + e.getClass().getSimpleName();
            r.message = masked(e.toString(), secrets);
            r.problems.add("opening it threw " + r.message + " instead of a DriverException");
            unchanged(r, "failing to open it", base);
            return;
        }
        r.outcome = "OPENED";
        try (conn) {
            if (!conn.readOnly()) {
                r.problems.add("it opened, and the connection says it is not read-only");
            }
            if (!unchanged(r, "opening it", base)) {
                base = kit.fingerprint();
            }
            for (Proven p : proven) {
                base = send(r, conn, p, base, secrets);
            }
        }
    }

    /** Sends one proven probe on the hostile connection; returns the fingerprint to compare the next one with. */
    private String send(DsnDraft r, Conn conn, Proven p, String base, List<String> secrets) {
        Optional<Evidence> evidence = p.probe().evidence();
        Attempt a = Attempt.run(conn, Query.of(p.probe().text()).withTimeout(TIMEOUT));
        boolean unchanged = kit.fingerprint().equals(base);
        boolean absent = evidence.isEmpty() || !evidence.get().observed();
        r.probes.add(new PathResult(p.probe().name(), a.outcome(), masked(a.message(), secrets), unchanged, absent));
        String name = p.probe().name() + " on it";
        if (!a.refusedWith(p.allowed())) {
            r.problems.add(name + ": expected "
                    + (p.allowed().size() > 1 ? "READ_ONLY (or SYNTAX/INVALID_ARGUMENT)" : "READ_ONLY") + " but got "
                    + masked(a.toString(), secrets));
        } else if (!a.message().startsWith(driver + ": ")) {
            r.problems.add(name + ": the refusal's message does not start with \"" + driver + ": \"");
        }
        if (!unchanged) {
            r.problems.add(name + ": the fingerprint changed");
        }
        if (!absent) {
            r.problems.add(name + ": the evidence was observed");
        }
        evidence.ifPresent(Evidence::clear);
        if (unchanged) {
            return base;
        }
        kit.seed();
        String seeded = kit.fingerprint();
        kit.seededAs(seeded);
        return seeded;
    }

    /** Records a change made by the step named, and restores the seeded state; returns whether nothing changed. */
    private boolean unchanged(DsnDraft r, String step, String base) {
        if (kit.fingerprint().equals(base)) {
            return true;
        }
        r.problems.add(step + " changed the state");
        kit.seed();
        kit.seededAs(kit.fingerprint());
        return false;
    }

    private void finish(DsnDraft r) {
        if (!r.problems.isEmpty()) {
            kit.violation("hostile DSN (" + r.name + ") " + r.dsn + ": " + String.join("; ", r.problems));
        }
    }

    /** The report never repeats a password a driver let into a message. */
    private static String masked(String text, List<String> secrets) {
        String out = text;
        for (String s : secrets) {
            out = out.replace(s, "[redacted]");
        }
        return out;
    }
}
