package dev.tobira.drivertest;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import org.opentest4j.AssertionFailedError;

/**
 * One group of bad inputs, each checked by a test of its own: sent on a writable and on a read-only
 * connection, it must end in a result or a DriverException with a kind within the bound, and leave
 * the state as seeded.
 *
 * <p>Opening a connection and reading the fingerprint per input per path was most of the kit's
 * time on a server, so the group is sent as a whole when its first test runs, a path's connection
 * kept from one input to the next, and the state read once at the end; each input's test then
 * reports its own outcome. What that must not cost: a call that ended in anything but a result or
 * a refusal the driver judged from the input may have left the connection unusable, so the
 * connection is dropped, and when that call ran on a kept connection it is sent again on a fresh
 * one, whose outcome is the one that counts (what a connection per input would have seen). When the
 * group's fingerprint differs from the seeded one, the group is sent again input by input from the
 * seeded state, one fresh connection and one fingerprint per path, so the report and the failing
 * test name the input that wrote and the path it wrote on.
 */
final class BadInputGroup {
    /** Refusals that say the connection, not the input, failed: the connection is not reused after them. */
    private static final Set<ErrorKind> CONNECTION_KINDS = EnumSet.of(
            ErrorKind.CONNECTION, ErrorKind.AUTH, ErrorKind.TIMEOUT, ErrorKind.CANCELLED, ErrorKind.INTERNAL);

    /** What one input did on both paths, before the state was read. */
    private record Sent(BadInputs.Input input, Bounded<Long> writable, Bounded<Long> readOnly) {}

    /** What one input's test reports: calls that failed badly or wrote while sent as a read, and writes sent read-only. */
    private record Outcome(List<String> broken, List<String> wrote) {}

    private final KitContext kit;
    private final List<BadInputs.Input> inputs;
    private final Kept writable;
    private final Kept readOnly;
    private @Nullable List<Outcome> outcomes;
    private @Nullable Throwable failure;
    /** The fingerprint of the seeded state while the group is sent; empty before. */
    private String seeded = "";

    BadInputGroup(KitContext kit, List<BadInputs.Input> inputs) {
        this.kit = kit;
        this.inputs = List.copyOf(inputs);
        this.writable = new Kept(kit.writableConfig());
        this.readOnly = new Kept(kit.readOnlyConfig());
    }

    /** The test of the input at {@code index}; the first one to run sends the whole group. */
    void check(int index) {
        if (outcomes == null && failure == null) {
            try {
                outcomes = send();
            } catch (RuntimeException | Error e) {
                failure = e;
                throw e;
            }
        }
        if (outcomes == null) {
            throw new AssertionFailedError("not checked: sending the group failed: " + failure, failure);
        }
        Outcome o = outcomes.get(index);
        kit.violations(o.wrote());
        if (!o.broken().isEmpty()) {
            throw new AssertionFailedError(String.join("\n", o.broken()));
        }
    }

    private List<Outcome> send() {
        seeded = kit.seeded();
        List<Sent> sent = new ArrayList<>();
        try {
            for (BadInputs.Input input : inputs) {
                sent.add(new Sent(input, writable.send(input), readOnly.send(input)));
            }
        } finally {
            writable.drop();
            readOnly.drop();
        }
        String now = kit.fingerprint();
        List<Outcome> result = new ArrayList<>();
        if (now.equals(seeded)) {
            for (Sent s : sent) {
                List<String> broken = new ArrayList<>(badly(s.input(), "writable connection", s.writable()));
                broken.addAll(badly(s.input(), "read-only connection", s.readOnly()));
                record(s.input(), List.of(path(true, s.writable(), true), path(false, s.readOnly(), true)), broken);
                result.add(new Outcome(broken, List.of()));
            }
            return result;
        }
        String groupSeeded = seeded;
        kit.seed();
        seeded = kit.fingerprint();
        kit.seededAs(seeded);
        for (BadInputs.Input input : inputs) {
            result.add(alone(input));
        }
        if (!result.isEmpty()
                && result.stream()
                        .allMatch(o -> o.broken().isEmpty() && o.wrote().isEmpty())) {
            // a write that needs what an earlier input left on a kept connection shows only in the group: never dismiss
            // it
            List<String> broken = new ArrayList<>(result.get(0).broken());
            broken.add("group " + inputs.get(0).group()
                    + ": sent one after another on kept connections, the inputs changed the"
                    + " state, and no input alone does: " + Report.difference(groupSeeded, now));
            result.set(0, new Outcome(broken, result.get(0).wrote()));
        }
        return result;
    }

    private static List<String> badly(BadInputs.Input input, String path, Bounded<Long> r) {
        if (!r.failedBadly()) {
            return List.of();
        }
        return List.of(input.name() + " [" + path + "]: expected a result or a DriverException with a kind, but got "
                + r.outcome() + " (" + r.message() + ")");
    }

    /** Sends one input from the seeded state on a fresh connection per path, reading the state after each. */
    private Outcome alone(BadInputs.Input input) {
        List<String> broken = new ArrayList<>();
        List<String> wrote = new ArrayList<>();
        List<Report.PathResult> paths = new ArrayList<>();
        for (Kept path : List.of(writable, readOnly)) {
            boolean ro = path == readOnly;
            Bounded<Long> r = path.send(input);
            path.drop();
            String now = kit.fingerprint();
            boolean unchanged = now.equals(seeded);
            paths.add(path(!ro, r, unchanged));
            broken.addAll(badly(input, path.name(), r));
            if (!unchanged) {
                String what = input.name() + " [" + path.name() + "]: sent " + (ro ? "read-only" : "as a read")
                        + ", the bad input changed the state: " + Report.difference(seeded, now);
                (ro ? wrote : broken).add(what);
                kit.seed();
                seeded = kit.fingerprint();
                kit.seededAs(seeded);
            }
        }
        List<String> problems = new ArrayList<>(broken);
        problems.addAll(wrote);
        record(input, paths, problems);
        return new Outcome(broken, wrote);
    }

    private static Report.PathResult path(boolean writable, Bounded<Long> r, boolean unchanged) {
        return new Report.PathResult(
                writable ? "writable connection" : "read-only connection", r.outcome(), r.message(), unchanged, true);
    }

    private void record(BadInputs.Input input, List<Report.PathResult> paths, List<String> problems) {
        kit.recorder()
                .add(new Report.BadInputRecord(
                        input.group(),
                        input.name(),
                        Report.shorten(input.text(), 200),
                        input.params().isEmpty() ? "" : input.name(),
                        paths,
                        problems));
    }

    /** A result, or a refusal the driver judged from the input: the connection is still fit for the next input. */
    private static boolean reusable(Bounded<Long> r) {
        if (r.hung() || r.error() != null) {
            return false;
        }
        return r.refusal() == null
                || (r.refusal().kind() != null
                        && !CONNECTION_KINDS.contains(r.refusal().kind()));
    }

    /** One path (writable or read-only) and the connection kept on it between inputs. */
    private final class Kept {
        private final ConnConfig config;
        private @Nullable Conn conn;

        Kept(ConnConfig config) {
            this.config = config;
        }

        String name() {
            return config.readOnly() ? "read-only connection" : "writable connection";
        }

        Bounded<Long> send(BadInputs.Input input) {
            boolean kept = conn != null;
            Bounded<Long> r = call(input);
            if (reusable(r)) {
                return r;
            }
            drop();
            if (!kept) {
                return r;
            }
            r = call(input);
            if (!reusable(r)) {
                drop();
            }
            return r;
        }

        private Bounded<Long> call(BadInputs.Input input) {
            Query query = Query.of(input.text()).withParams(input.params());
            AtomicReference<Conn> opened = new AtomicReference<>(conn);
            Bounded<Long> r = Bounded.call("bad-input", BadInputs.bound, () -> {
                Conn c = opened.get();
                if (c == null) {
                    c = kit.open(config);
                    opened.set(c);
                }
                try (ResultSet rs = c.query(query)) {
                    long n = 0;
                    while (rs.hasNext()) {
                        rs.next();
                        n++;
                    }
                    return n;
                }
            });
            conn = opened.get();
            return r;
        }

        /** Closes the kept connection, if any: bounded, since a close from another thread is how a caller ends a call that hangs. */
        void drop() {
            Conn c = conn;
            conn = null;
            if (c != null) {
                Bounded.call("bad-input-close", Duration.ofSeconds(5), () -> {
                    c.close();
                    return null;
                });
            }
        }
    }
}
