package dev.tobira.drivertest;

import static java.util.Objects.requireNonNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Capability;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.SqlDialect;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What an attack sees of the kit: the fixture, connections opened through the tracker, the seeded
 * state and the recorder. The attacks get this, not the test instance nor the report, so that
 * nothing they do can reach the JUnit lifecycle or read and change what others recorded, and so
 * that what they depend on is written down in one place.
 */
final class KitContext {
    private final Fixture fixture;
    private final Tracker tracker;
    private final Recorder recorder;
    /** Whether the first connection has been asked its server version for the report. */
    private final java.util.concurrent.atomic.AtomicBoolean versionAsked =
            new java.util.concurrent.atomic.AtomicBoolean();
    /** The fingerprint read just after the last seed; null before the first. */
    private @Nullable String seededFingerprint;

    KitContext(Fixture fixture, Tracker tracker, Recorder recorder) {
        this.fixture = requireNonNull(fixture, "fixture is null");
        this.tracker = requireNonNull(tracker, "tracker is null");
        this.recorder = requireNonNull(recorder, "recorder is null");
    }

    Fixture fx() {
        return fixture;
    }

    Tracker tracker() {
        return tracker;
    }

    Recorder recorder() {
        return recorder;
    }

    /** The name of the driver under test, which starts every message it gives. */
    String driverName() {
        return fixture.driver().name();
    }

    boolean expects(Behavior behavior) {
        return fixture.expects(behavior);
    }

    // ---------------------------------------------------------------- the fixture's parts the attacks read

    ConnConfig writableConfig() {
        return fixture.writable();
    }

    ConnConfig readOnlyConfig() {
        return fixture.readOnly();
    }

    Language language() {
        return fixture.language();
    }

    SqlDialect sqlDialect() {
        return fixture.sqlDialect();
    }

    String customersQuery() {
        return fixture.customersQuery();
    }

    List<WriteProbe> writeProbes() {
        return fixture.writeProbes();
    }

    List<SafeRead> safeReads() {
        return fixture.safeReads();
    }

    Map<String, String> inapplicableProbes() {
        return fixture.inapplicableProbes();
    }

    List<ServerCode> serverCode() {
        return fixture.serverCode();
    }

    boolean executeNatively(String text) {
        return fixture.executeNatively(text);
    }

    // ---------------------------------------------------------------- connections

    /** Opens a connection the tracker will check was closed; the first one also gives the report its server version. */
    Conn open(ConnConfig config) {
        Conn conn = tracker.open(fixture.driver(), config);
        if (versionAsked.compareAndSet(false, true)) {
            try {
                Optional<String> version = conn.info().serverVersion();
                if (version.isPresent()) {
                    recorder.add(new Report.ServerVersion(version.get()));
                } else {
                    versionAsked.set(false);
                }
            } catch (RuntimeException e) {
                // contractPing reports a broken info(); the report only lacks the version
                versionAsked.set(false);
            }
        }
        return conn;
    }

    // ---------------------------------------------------------------- the seeded state

    void seed() {
        fixture.seed();
    }

    String fingerprint() {
        return fixture.fingerprint();
    }

    /**
     * Returns the fingerprint of the seeded state, seeding only when the state is not already
     * that: a run that ends refused leaves the seeded state behind, and on a server where DDL is
     * slow a seed costs far more than a fingerprint.
     */
    String seeded() {
        @Nullable String now;
        try {
            now = fingerprint();
        } catch (RuntimeException e) {
            // a state that cannot even be read (a fake whose connection a cancelled call left
            // interrupted) counts as changed: the seed brings back one that can; if it cannot, the
            // fingerprint after it fails the test
            now = null;
        }
        if (now != null && now.equals(seededFingerprint)) {
            return now;
        }
        seed();
        seededFingerprint = fingerprint();
        return seededFingerprint;
    }

    /** Remembers the fingerprint read just after a seed, so {@link #seeded()} knows the state. */
    void seededAs(String fingerprint) {
        seededFingerprint = fingerprint;
    }

    // ---------------------------------------------------------------- findings

    /** A guard violation: fails in strict mode, is only recorded otherwise. */
    void violation(String message) {
        violations(List.of(message));
    }

    /** Several guard violations of one test: each is recorded, and in strict mode the test fails once, naming them all. */
    void violations(List<String> messages) {
        if (messages.isEmpty()) {
            return;
        }
        messages.forEach(m -> recorder.add(new Report.Violation(m)));
        if (fixture.strict()) {
            throw new GuardViolation(String.join("\n", messages));
        }
        messages.forEach(m -> System.err.println("[tobira] " + driverName() + " (non-strict) violation: " + m));
    }

    /** What holds without a guard: a driver that does not declare READ_ONLY refuses read-only connections rather than pretend. */
    void assertReadOnlyRefused() {
        assertFalse(fixture.driver().declared().contains(Capability.READ_ONLY), "READ_ONLY is declared");
        DriverException e = assertThrows(
                DriverException.class,
                () -> open(readOnlyConfig()).close(),
                fixture.driver().name() + " does not declare READ_ONLY, so opening read-only must fail");
        assertEquals(ErrorKind.UNSUPPORTED, e.kind(), e.getMessage());
        String prefix = fixture.driver().name() + ": ";
        assertTrue(
                String.valueOf(e.getMessage()).startsWith(prefix),
                "messages start with \"" + prefix + "\", this one is: " + e.getMessage());
    }
}
