package dev.tobira.drivertest;

import dev.tobira.api.Conn;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.drivertest.Report.PathResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;

/**
 * The guard attacked through code on the server ({@link ServerCode}): each case proven on a
 * writable connection, then called on both read-only paths, where the call may be refused or run,
 * but must leave nothing behind. Each path opens its own connection and looks at the evidence
 * before closing it, because closing would end a session lock the driver failed to release.
 */
final class ServerCodeAttacks {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Set<ErrorKind> REFUSALS = EnumSet.of(ErrorKind.READ_ONLY, ErrorKind.PERMISSION);

    /** A case's record while it is called: handed to the recorder once, immutable, when the case is over. */
    private static final class ServerCodeDraft {
        final String name;
        final String call;

        @Nullable
        String provenBy;

        @Nullable
        String writableOutcome;

        final List<PathResult> readOnly = new ArrayList<>();
        final List<String> problems = new ArrayList<>();

        ServerCodeDraft(String name, String call) {
            this.name = name;
            this.call = call;
        }

        Report.ServerCodeRecord record() {
            return new Report.ServerCodeRecord(name, call, provenBy, writableOutcome, readOnly, problems);
        }
    }

    private final KitContext kit;
    private final Recorder recorder;
    private final String driver;

    ServerCodeAttacks(KitContext kit) {
        this.kit = kit;
        this.recorder = kit.recorder();
        this.driver = kit.driverName();
    }

    Stream<DynamicNode> attacks() {
        if (!kit.expects(Behavior.READ_ONLY)) {
            return Stream.of(Guard.notDeclared(kit, "server code"));
        }
        recorder.add(new Report.Ran(Report.Part.SERVER_CODE));
        List<ServerCode> cases = kit.serverCode();
        if (cases.isEmpty()) {
            // optional by design: an embedded engine has no code of its own on a server to call
            return Stream.of(DynamicTest.dynamicTest("server code: the fixture supplies none", () -> {}));
        }
        Set<String> names = new HashSet<>();
        return cases.stream()
                .map(c -> names.add(c.name())
                        ? DynamicTest.dynamicTest(
                                c.name() + ": " + Guard.display(c.call()),
                                kit.tracker().checked(() -> timed(c)))
                        : DynamicTest.dynamicTest(
                                "duplicate server code name " + c.name(),
                                () -> Assertions.fail("two serverCode() cases are named " + c.name())));
    }

    private void timed(ServerCode c) {
        long start = System.nanoTime();
        try {
            attack(c);
        } finally {
            recorder.add(new Report.Spent(Report.Part.SERVER_CODE, System.nanoTime() - start));
        }
    }

    private void attack(ServerCode c) {
        ServerCodeDraft r = new ServerCodeDraft(c.name(), c.call());
        try {
            attack(c, r);
        } finally {
            recorder.add(r.record());
        }
        if (!r.problems.isEmpty()) {
            kit.violation(c.name() + ": " + String.join("; ", r.problems));
        }
    }

    private void attack(ServerCode c, ServerCodeDraft r) {
        if (!c.setup().isEmpty() && !kit.executeNatively(c.setup())) {
            r.problems.add(
                    "broken case: its setup could not run, since the fixture's nativeExecution does not run text (it returned false)");
            return;
        }
        Evidence evidence = c.evidence();
        evidence.clear();
        String before = kit.seeded();
        try (Conn writable = kit.open(kit.writableConfig())) {
            Attempt w = Attempt.run(writable, Query.of(c.call()).withTimeout(TIMEOUT));
            r.writableOutcome = w.toString();
            if (!kit.fingerprint().equals(before)) {
                r.provenBy = "fingerprint";
            } else if (evidence.observed()) {
                r.provenBy = "evidence";
            }
        }
        // the writable session has ended, and a lock it took with it
        evidence.clear();
        String base = kit.seeded();
        if (r.provenBy == null) {
            r.problems.add("broken case: on a writable connection the call gave " + r.writableOutcome
                    + " and neither the fingerprint nor the evidence changed. Fix the case, its setup or its evidence");
            return;
        }
        try (Conn readOnly = kit.open(kit.readOnlyConfig())) {
            base = path("read-only connection", readOnly, Query.of(c.call()), base, evidence, r);
        }
        try (Conn writable = kit.open(kit.writableConfig())) {
            path(
                    "readOnly query on a writable connection",
                    writable,
                    Query.of(c.call()).withReadOnly(true),
                    base,
                    evidence,
                    r);
        }
    }

    /** Calls the code on one read-only path and looks for its effect with the connection still open; returns the base for the next path. */
    private String path(String path, Conn conn, Query query, String base, Evidence evidence, ServerCodeDraft r) {
        Attempt a = Attempt.run(conn, query.withTimeout(TIMEOUT));
        boolean absent = !evidence.observed();
        boolean unchanged = kit.fingerprint().equals(base);
        r.readOnly.add(new PathResult(path, a.outcome(), a.message(), unchanged, absent));
        if (!a.succeeded() && !a.refusedWith(REFUSALS)) {
            r.problems.add(path + ": expected a result or a refusal (READ_ONLY, PERMISSION) but got " + a);
        } else if (!a.succeeded() && !a.message().startsWith(driver + ": ")) {
            r.problems.add(path + ": the refusal's message does not start with \"" + driver + ": \": " + a.message());
        }
        if (!absent) {
            r.problems.add(
                    path + ": the evidence was observed after the call" + (a.succeeded() ? ", which succeeded" : ""));
            evidence.clear();
        }
        if (unchanged) {
            return base;
        }
        r.problems.add(path + ": the fingerprint changed");
        kit.seed();
        String seeded = kit.fingerprint();
        kit.seededAs(seeded);
        return seeded;
    }
}
