package dev.tobira.drivertest;

import dev.tobira.api.Conn;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.Value;
import dev.tobira.drivertest.Report.PathResult;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlLexer;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.SqlToken;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The guard attacked through a parameter: a proven write put in a parameter's value, behind a
 * placeholder that sits where the server reads a comment or a string. A driver that pastes values
 * into the text, with a lexer that disagrees with the server's on where a comment or string ends,
 * turns the value into code. A parameter is never code on any connection, so each carrier goes on
 * three paths: the writable connection as it is, then the two read-only paths. A violation is a
 * change (the fingerprint, the evidence) or anything thrown but a {@link dev.tobira.api.DriverException}.
 * Expected are a result (the value came back as text, or the carrier ran without it) or a refusal
 * as READ_ONLY, SYNTAX or INVALID_ARGUMENT (a placeholder the server does not see leaves a
 * parameter too many); a refusal of another kind changed nothing, so it is noted in the report
 * but not counted. A probe that is one SELECT is also joined by UNION, since a server that takes
 * one statement per call never runs a stacked one.
 */
final class ParameterAttacks {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Set<ErrorKind> REFUSALS =
            EnumSet.of(ErrorKind.READ_ONLY, ErrorKind.SYNTAX, ErrorKind.INVALID_ARGUMENT);
    private static final String PROBE = "<probe>";
    /** The paths, in the order sent: the writable connection as it is first, since a parameter is never code on any. */
    private static final String[] PATHS = {
        "writable connection", "read-only connection", "readOnly query on a writable connection"
    };

    /**
     * A text with one placeholder that the server reads inside a comment or a string, and the value
     * that would end that comment or string, run the probe, and open a comment over the rest.
     */
    record Carrier(String name, String text, String value) {
        String value(String probe) {
            return value.replace(PROBE, probe);
        }

        /**
         * The same carrier with the probe joined by UNION instead of stacked after a {@code ;}: one
         * statement, which a server that takes one statement per call still runs. Only for a probe
         * that is one SELECT (a function with a side effect, a lock) and a carrier with a trick.
         */
        Optional<Carrier> union(String probe, SqlDialect dialect) {
            SqlScan scan = SqlScan.of(probe, dialect);
            if (!value.contains(STACKED)
                    || scan.statementCount() != 1
                    || !scan.firstKeyword().orElse("").equals("SELECT")) {
                return Optional.empty();
            }
            String joined = " union all "
                    + (dialect.has(SqlDialect.Feature.BACKSLASH_ESCAPES) ? quoteFree(probe, dialect) : probe) + " ";
            return Optional.of(new Carrier(name + "+union", text, value.replace(STACKED, joined)));
        }
    }

    /**
     * The probe with each plain string literal spelled as a hex number, which MySQL reads as a
     * string where one is wanted: a client that pastes the value in escapes its quotes with a
     * backslash, and once the carrier's trick has ended the string, that backslash is a syntax
     * error. An attacker writes {@code get_lock(0x6b6974, 0)} instead.
     */
    static String quoteFree(String probe, SqlDialect dialect) {
        StringBuilder sb = new StringBuilder();
        for (SqlToken t : SqlLexer.of(dialect).tokenize(probe)) {
            String text = t.text();
            if (t.type() == SqlToken.Type.STRING
                    && text.length() >= 2
                    && text.charAt(0) == '\''
                    && text.endsWith("'")
                    && text.indexOf('\\') < 0) {
                String content = text.substring(1, text.length() - 1).replace("''", "'");
                sb.append(
                        content.isEmpty()
                                ? "''"
                                : "0x" + HexFormat.of().formatHex(content.getBytes(StandardCharsets.UTF_8)));
            } else {
                sb.append(text);
            }
        }
        return sb.toString();
    }

    /** How a carrier's value stacks the probe after what it closes. */
    private static final String STACKED = "; " + PROBE + "; ";

    /** The carriers for a dialect: the comment and string forms it has, and the plain bound form. */
    static List<Carrier> carriers(SqlDialect dialect) {
        List<Carrier> carriers = new ArrayList<>();
        carriers.add(new Carrier("block-comment", "select 1 /* ? */", "*/; <probe>; /*"));
        // a lexer that reads "/*/" as an opening and a closing sees the placeholder outside
        carriers.add(new Carrier("slash-star-slash", "select 1 /*/ ? */", "*/; <probe>; /*"));
        carriers.add(new Carrier("line-comment", "select 1 -- ?\n", "\n; <probe>; -- "));
        // a comment on most servers; on MySQL it is 1 - -?, a real placeholder
        carriers.add(new Carrier("dash-dash-no-space", "select 1 --?\n", "\n; <probe>; -- "));
        if (dialect.has(SqlDialect.Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT)) {
            carriers.add(new Carrier("line-comment-cr", "select 1 -- ?\r", "\r; <probe>; -- "));
        }
        if (dialect.has(SqlDialect.Feature.HASH_COMMENTS)) {
            carriers.add(new Carrier("hash-comment", "select 1 # ?\n", "\n; <probe>; -- "));
        }
        if (dialect.has(SqlDialect.Feature.NESTED_COMMENTS)) {
            carriers.add(new Carrier("nested-comment", "select 1 /* /* */ ? */", "*/; <probe>; /*"));
        }
        if (dialect.has(SqlDialect.Feature.EXECUTABLE_COMMENTS)) {
            carriers.add(new Carrier("executable-comment", "select 1 /*! , ? */", "*/; <probe>; /*"));
        }
        carriers.add(new Carrier("single-quote", "select '?'", "'; <probe>; -- "));
        if (dialect.has(SqlDialect.Feature.BACKSLASH_ESCAPES)) {
            carriers.add(new Carrier("backslash-quote", "select '\\' ?'", "'; <probe>; -- "));
        }
        if (dialect.has(SqlDialect.Feature.ESCAPE_STRINGS)) {
            carriers.add(new Carrier("escape-string", "select E'\\' ?'", "'; <probe>; -- "));
        }
        if (dialect.has(SqlDialect.Feature.DOUBLE_QUOTED_STRINGS)) {
            carriers.add(new Carrier("double-quote", "select \"?\"", "\"; <probe>; -- "));
        }
        if (dialect.has(SqlDialect.Feature.DOLLAR_QUOTES)) {
            carriers.add(new Carrier("dollar-quote", "select $$?$$", "$$; <probe>; -- "));
        }
        // no trick at all: the probe's text as a bound value comes back as text, or is refused
        carriers.add(new Carrier("bound", "select ?", PROBE));
        return carriers;
    }

    /** A carrier's record while it is sent: handed to the recorder once, immutable, when its paths are done. */
    private static final class ParameterDraft {
        final String probe;
        final String carrier;
        final String text;
        final String value;
        final List<PathResult> paths = new ArrayList<>();
        final List<String> problems = new ArrayList<>();
        /** Refusals of an unexpected kind that changed nothing: not escapes, so not counted. */
        final List<String> notes = new ArrayList<>();

        ParameterDraft(String probe, String carrier, String text, String value) {
            this.probe = probe;
            this.carrier = carrier;
            this.text = text;
            this.value = value;
        }

        Report.ParameterRecord record() {
            return new Report.ParameterRecord(probe, carrier, text, value, paths, problems, notes);
        }
    }

    private final KitContext kit;
    private final Recorder recorder;
    private final String driver;
    private final List<Carrier> carriers;

    ParameterAttacks(KitContext kit) {
        this.kit = kit;
        this.recorder = kit.recorder();
        this.driver = kit.driverName();
        this.carriers = carriers(kit.sqlDialect());
    }

    /**
     * Sends every carrier with a proven probe in its value, on the three paths, from the seeded
     * state; returns the violations found, one per carrier that made anything change or failed the
     * wrong way.
     */
    List<String> attack(WriteProbe probe, Optional<Evidence> evidence) {
        long start = System.nanoTime();
        try {
            return attackTimed(probe, evidence);
        } finally {
            recorder.add(new Report.Spent(Report.Part.PARAMETERS, System.nanoTime() - start));
        }
    }

    private List<String> attackTimed(WriteProbe probe, Optional<Evidence> evidence) {
        List<String> violations = new ArrayList<>();
        evidence.ifPresent(Evidence::clear);
        String base = kit.seeded();
        Sessions sessions = new Sessions();
        try {
            List<Carrier> forms = new ArrayList<>();
            for (Carrier c : carriers) {
                forms.add(c);
                c.union(probe.text().strip(), kit.sqlDialect()).ifPresent(forms::add);
            }
            for (Carrier c : forms) {
                ParameterDraft r = new ParameterDraft(probe.name(), c.name(), c.text(), c.value(probe.text()));
                Query query = Query.of(c.text()).withParams(Value.of(r.value)).withTimeout(TIMEOUT);
                // the state is looked at once per carrier, since a fingerprint costs round trips and some evidence a
                // wait; when anything changed, each path is sent again alone, with a look after each, to say which
                String after = paths(r, query, sessions, base, evidence, false);
                if (after == null) {
                    base = restore(sessions, evidence);
                    r.paths.clear();
                    r.problems.clear();
                    r.notes.clear();
                    // looked at after each path alone, it always has a base to go on from
                    base = java.util.Objects.requireNonNull(paths(r, query, sessions, base, evidence, true));
                    if (r.problems.isEmpty()) {
                        r.problems.add("the state changed after the three paths, though after none of them sent alone");
                    }
                }
                recorder.add(r.record());
                if (!r.problems.isEmpty()) {
                    violations.add(probe.name() + " in a parameter (" + c.name() + ", " + Guard.display(c.text())
                            + "): " + String.join("; ", r.problems));
                }
            }
        } finally {
            sessions.close();
        }
        return violations;
    }

    /**
     * Sends the carrier on the three paths. Looking after each path, it restores what a path
     * changed and returns the fingerprint to go on from; looking once after all three, it returns
     * null when anything changed, and records the paths as unchanged otherwise.
     */
    private @Nullable String paths(
            ParameterDraft r,
            Query query,
            Sessions sessions,
            String base,
            Optional<Evidence> evidence,
            boolean eachPath) {
        for (int i = 0; i < PATHS.length; i++) {
            Conn conn = i == 1 ? sessions.readOnly() : sessions.writable();
            Attempt a = Attempt.run(conn, i == 2 ? query.withReadOnly(true) : query);
            boolean unchanged = !eachPath || kit.fingerprint().equals(base);
            boolean absent = !eachPath || evidence.isEmpty() || !evidence.get().observed();
            record(r, PATHS[i], a, unchanged, absent);
            if (!unchanged || !absent) {
                base = restore(sessions, evidence);
            }
        }
        if (!eachPath
                && (!kit.fingerprint().equals(base)
                        || (evidence.isPresent() && evidence.get().observed()))) {
            return null;
        }
        return base;
    }

    /** Restores the seeded state and clears the evidence; the sessions start afresh, since clearing evidence may end one. */
    private String restore(Sessions sessions, Optional<Evidence> evidence) {
        sessions.close();
        kit.seed();
        evidence.ifPresent(Evidence::clear);
        String base = kit.fingerprint();
        kit.seededAs(base);
        return base;
    }

    private void record(ParameterDraft r, String path, Attempt a, boolean unchanged, boolean absent) {
        r.paths.add(new PathResult(path, a.outcome(), a.message(), unchanged, absent));
        if (a.error() != null) {
            r.problems.add(path + ": expected a result or a DriverException but got " + a);
        } else if (!a.succeeded() && !a.refusedWith(REFUSALS)) {
            // no escape, since nothing changed, but a caller's mistake reported as the wrong kind: noted, not counted
            r.notes.add(path + ": refused as " + a.outcome()
                    + ", where READ_ONLY, SYNTAX or INVALID_ARGUMENT was expected: " + a.message());
        } else if (!a.succeeded() && !a.message().startsWith(driver + ": ")) {
            r.notes.add(path + ": the refusal's message does not start with \"" + driver + ": \": " + a.message());
        }
        if (!unchanged) {
            r.problems.add(path + ": the fingerprint changed: the parameter ran as code");
        }
        if (!absent) {
            r.problems.add(path + ": the evidence was observed: the parameter ran as code");
        }
    }

    /**
     * A writable and a read-only connection for one probe's carriers, opened when first used. Not
     * the probe's own writable connection: clearing its evidence may have ended that session (a
     * lock is cleared by ending the session that holds it).
     */
    private final class Sessions {
        private @Nullable Conn writable;
        private @Nullable Conn readOnly;

        Conn writable() {
            if (writable == null) {
                writable = kit.open(kit.writableConfig());
            }
            return writable;
        }

        Conn readOnly() {
            if (readOnly == null) {
                readOnly = kit.open(kit.readOnlyConfig());
            }
            return readOnly;
        }

        void close() {
            try {
                if (writable != null) {
                    writable.close();
                }
            } finally {
                writable = null;
                if (readOnly != null) {
                    readOnly.close();
                }
                readOnly = null;
            }
        }
    }
}
