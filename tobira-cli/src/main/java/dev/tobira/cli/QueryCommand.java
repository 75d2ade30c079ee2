package dev.tobira.cli;

import dev.tobira.api.Conn;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Explainer;
import dev.tobira.api.Exporter;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Value;
import dev.tobira.format.JsonValues;
import dev.tobira.format.OutputFormat;
import dev.tobira.format.TerminalText;
import dev.tobira.history.HistoryEntry;
import dev.tobira.history.Source;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code tobira query CONN|DSN "TEXT"}: runs one statement and streams its result. */
// picocli sets the @Spec, @ParentCommand and @Option fields by reflection before call() runs
@SuppressWarnings("NullAway.Init")
@Command(
        name = "query",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = "Run one statement on a connection (a configured name or a DSN) and print its result.",
        sortOptions = false)
final class QueryCommand implements Callable<Integer> {
    @ParentCommand
    TobiraCommand root;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CONN|DSN", description = "a connection's name from the config, or a DSN")
    String target;

    @Parameters(
            index = "1",
            arity = "0..1",
            paramLabel = "TEXT",
            description = "the statement, in the database's own language")
    String text;

    @Option(
            names = {"-f", "--file"},
            paramLabel = "FILE",
            description = "read the statement from FILE; - is standard input")
    String file;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            description = "table, json, ndjson or csv (default: table on a terminal, json otherwise)")
    String format;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description = "write the result to FILE (any size; replaced only when complete)")
    Path output;

    @Option(names = "--explain", description = "print the plan instead of running the statement")
    boolean explain;

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            description = "bound the whole call, connecting included (500ms, 30s, 2m)")
    String timeout;

    @Option(names = "--read-only", description = "open read-only and send the statement read-only")
    boolean readOnly;

    @Option(names = "--limit", paramLabel = "N", description = "return at most N rows (0: all)")
    long limit;

    @Option(
            names = "--param",
            paramLabel = "VALUE",
            description = "a positional parameter, repeatable; JSON (42, true, null, \"text\") or else text")
    List<String> params = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        Io io = root.io;
        OutputFormat fmt = format(io);
        Duration bound = timeout == null ? Duration.ZERO : parseTimeout(timeout);
        if (limit < 0) {
            throw CliException.usage("--limit must be 0 or more");
        }
        String statement = statement(io);
        Config config = root.loadConfig(spec);
        Connections connections = new Connections(io, config);
        Connections.Target t = connections.target(target, readOnly, bound);
        Partial partial = output == null ? null : Partial.create(output);

        Instant at = Instant.now();
        long start = System.nanoTime();
        HistoryEntry.Builder entry = HistoryEntry.builder(Source.CLI)
                .at(at)
                .connection(t.label())
                .command(explain ? "explain" : "query")
                .query(statement);
        AtomicReference<AutoCloseable> running = new AtomicReference<>();
        AtomicBoolean timedOut = new AtomicBoolean();
        AtomicBoolean interrupted = new AtomicBoolean();
        ScheduledExecutorService watchdog = null;
        if (!bound.isZero()) {
            watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread th = new Thread(r, "tobira-timeout");
                th.setDaemon(true);
                return th;
            });
            // the task only sets a flag and closes the call; nothing waits for its result
            var unused = watchdog.schedule(
                    () -> {
                        timedOut.set(true);
                        closeQuietly(running.get());
                    },
                    bound.toNanos(),
                    TimeUnit.NANOSECONDS);
        }
        Thread onInterrupt = new Thread(
                () -> {
                    // Ctrl-C: end the call on the server (a close cancels), leave no partial file; the JVM exits 130
                    interrupted.set(true);
                    closeQuietly(running.get());
                    if (partial != null) {
                        partial.discard();
                    }
                    Recorder.record(
                            io,
                            config,
                            entry.failed("interrupted")
                                    .duration(Duration.ofNanos(System.nanoTime() - start))
                                    .build());
                },
                "tobira-interrupt");
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        long rows = 0;
        boolean terminal = io.stdoutTerminal && partial == null; // what a person reads, not a file or a program
        try (Conn conn = connections.open(t)) {
            running.set(conn);
            if (timedOut.get()) {
                throw timeoutError(bound);
            }
            Query q = Query.of(statement)
                    .withReadOnly(readOnly || t.config().readOnly())
                    .withParams(values(params));
            if (limit > 0) { // --limit 0 is "all rows", checked above
                q = q.withLimit(limit);
            }
            if (!bound.isZero()) {
                Duration left = bound.minusNanos(System.nanoTime() - start);
                if (left.isNegative() || left.isZero()) {
                    throw timeoutError(bound);
                }
                q = q.withTimeout(left);
            }
            OutputStream out = partial != null ? partial.stream() : io.out;
            if (explain) {
                Explainer explainer = conn.as(Explainer.class)
                        .orElseThrow(() -> DriverException.of(
                                ErrorKind.UNSUPPORTED,
                                conn.info().driver(),
                                "explain",
                                "explain plans are not supported"));
                String plan = explainer.explain(q).text();
                if (terminal) {
                    plan = plan.lines().map(TerminalText::escape).collect(java.util.stream.Collectors.joining("\n"));
                }
                write(out, (plan.endsWith("\n") ? plan : plan + "\n").getBytes(StandardCharsets.UTF_8), partial);
            } else if (fmt == OutputFormat.CSV
                    && !terminal
                    && q.params().isEmpty()
                    && conn.as(Exporter.class).isPresent()) {
                // the driver's bulk path (PostgreSQL COPY … TO STDOUT), guarded like a query; the
                // same CSV bytes as the row writer (the JDBC base's fallback is that writer)
                try {
                    rows = conn.as(Exporter.class).get().export(q, Exporter.Format.CSV, out);
                } catch (DriverException e) {
                    if (partial == null && e.getCause() instanceof IOException) {
                        throw new Main.BrokenPipe();
                    }
                    throw e;
                }
            } else {
                ResultSet rs = conn.query(q);
                running.set(rs); // a close from the watchdog or Ctrl-C cancels the statement on the server
                try {
                    rows = (terminal ? fmt.terminalWriter() : fmt.writer()).write(rs, out);
                } catch (IOException e) {
                    if (partial == null) {
                        rs.close();
                        throw new Main.BrokenPipe();
                    }
                    throw new CliException(CliException.USAGE, "cannot write " + output + ": " + e.getMessage());
                }
                if (rows == 0) {
                    rows = rs.stats().rowsAffected().orElse(0);
                }
            }
            if (partial != null) {
                partial.commit();
            } else {
                flush(io);
            }
            Recorder.record(
                    io,
                    config,
                    entry.ok(rows)
                            .duration(Duration.ofNanos(System.nanoTime() - start))
                            .build());
            return 0;
        } catch (RuntimeException e) {
            if (partial != null) {
                partial.discard();
            }
            if (interrupted.get()) {
                Thread.sleep(5000); // the shutdown hook is ending the process with 130; print nothing meanwhile
            }
            RuntimeException reported = timedOut.get() ? timeoutError(bound) : e;
            if (!(reported instanceof Main.BrokenPipe)) {
                Recorder.record(
                        io,
                        config,
                        entry.failed(java.util.Objects.requireNonNullElse(reported.getMessage(), ""))
                                .duration(Duration.ofNanos(System.nanoTime() - start))
                                .build());
            }
            throw reported;
        } finally {
            if (watchdog != null) {
                watchdog.shutdownNow();
            }
            if (!interrupted.get()) {
                try {
                    Runtime.getRuntime().removeShutdownHook(onInterrupt);
                } catch (IllegalStateException shuttingDown) {
                    // the hook runs already
                }
            }
        }
    }

    private OutputFormat format(Io io) {
        if (format == null) {
            return io.stdoutTerminal && output == null ? OutputFormat.TABLE : OutputFormat.JSON;
        }
        try {
            return OutputFormat.of(format);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--format: " + e.getMessage());
        }
    }

    private static Duration parseTimeout(String s) {
        try {
            Duration d = Durations.parse(s);
            if (d.isZero()) {
                throw CliException.usage("--timeout must be more than zero");
            }
            return d;
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--timeout: " + e.getMessage());
        }
    }

    private String statement(Io io) {
        if (file != null && text != null) {
            throw CliException.usage("give the statement as TEXT or with -f, not both");
        }
        if (file == null) {
            if (text == null) {
                throw CliException.usage("the statement is missing: give TEXT, or -f FILE (-f - for standard input)");
            }
            return text;
        }
        try {
            byte[] bytes = file.equals("-") ? io.in.readAllBytes() : Files.readAllBytes(Path.of(file));
            String s = new String(bytes, StandardCharsets.UTF_8).strip();
            if (s.isEmpty()) {
                throw CliException.usage((file.equals("-") ? "standard input" : file) + " holds no statement");
            }
            return s;
        } catch (IOException e) {
            throw CliException.usage("cannot read " + file + ": " + reason(e));
        }
    }

    static List<Value> values(List<String> params) {
        List<Value> out = new ArrayList<>(params.size());
        for (String p : params) {
            Value v;
            try {
                v = JsonValues.fromJson(p);
                if (v.kind() == Value.Kind.ARRAY || v.kind() == Value.Kind.DOC) {
                    v = new Value.Json(p); // a structure goes to the database as JSON text
                }
            } catch (DriverException notJson) {
                v = Value.of(p);
            }
            out.add(v);
        }
        return out;
    }

    private static DriverException timeoutError(Duration bound) {
        return DriverException.of(
                ErrorKind.TIMEOUT, "tobira", "query", "the call took longer than --timeout " + bound.toMillis() + "ms");
    }

    private static void write(OutputStream out, byte[] bytes, @Nullable Partial partial) {
        try {
            out.write(bytes);
        } catch (IOException e) {
            if (partial == null) {
                throw new Main.BrokenPipe();
            }
            throw new CliException(CliException.USAGE, "cannot write: " + e.getMessage());
        }
    }

    private static void flush(Io io) {
        try {
            io.out.flush();
        } catch (IOException e) {
            throw new Main.BrokenPipe();
        }
    }

    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static void closeQuietly(@Nullable AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception ignored) {
            // ending a call that is failing anyway
        }
    }

    /**
     * The file of {@code --output}, written beside its target under a temporary name and moved
     * into place only when the result is complete, so a failure leaves nothing half-written.
     */
    static final class Partial {
        private final Path target;
        private final Path temp;
        private final OutputStream stream;
        private volatile boolean done;

        private Partial(Path target, Path temp, OutputStream stream) {
            this.target = target;
            this.temp = temp;
            this.stream = stream;
        }

        static Partial create(Path target) {
            Path abs = target.toAbsolutePath();
            if (Files.isDirectory(abs)) {
                throw CliException.usage("cannot write " + target + ": it is a directory");
            }
            Path dir = abs.getParent();
            try {
                Path temp = Files.createTempFile(dir, "." + abs.getFileName() + ".", ".partial");
                return new Partial(abs, temp, new BufferedOutputStream(Files.newOutputStream(temp), 1 << 16));
            } catch (IOException e) {
                throw CliException.usage("cannot write " + target + ": " + reason(e));
            }
        }

        OutputStream stream() {
            return stream;
        }

        void commit() {
            try {
                stream.close();
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                done = true;
            } catch (IOException e) {
                discard();
                throw CliException.usage("cannot write " + target + ": " + reason(e));
            }
        }

        void discard() {
            if (done) {
                return;
            }
            done = true;
            try {
                stream.close();
            } catch (IOException ignored) {
                // the file goes anyway
            }
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // nothing more to do: the temporary name says what it is
            }
        }
    }
}
