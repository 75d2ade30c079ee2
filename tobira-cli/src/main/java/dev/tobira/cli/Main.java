package dev.tobira.cli;

import dev.tobira.api.DriverException;
import dev.tobira.history.HistoryException;
import java.io.IOException;
import java.io.UncheckedIOException;
import picocli.CommandLine;

/**
 * The {@code tobira} command's entry point: the picocli tree under {@link TobiraCommand}, and the
 * one mapping of failures to exit codes: 0 success; 1 usage (bad flags, unknown connection, bad
 * config); 2 could not open the connection; 3 any other query error; 4 read-only violation,
 * permission denied, refused by policy; 130 interrupted. A {@link DriverException}'s code is its
 * kind's code in {@link ExitCodes}. Every error is one {@code error: <message>} line on standard error,
 * through the redactor.
 */
public final class Main {
    private Main() {}

    /**
     * Runs the command and exits with its code.
     *
     * @param args the arguments
     */
    public static void main(String[] args) {
        // a driver's client that logs through java.util.logging (gRPC's start-up notes) stays off
        // standard error, as SLF4J's no-op binding keeps the others: the command prints its own errors
        java.util.logging.LogManager.getLogManager().reset();
        Io io = Io.system();
        int code = run(io, args);
        try {
            io.out.flush();
        } catch (IOException e) {
            // a reader that went away; what it read was what it wanted
        }
        System.exit(code);
    }

    static int run(Io io, String[] args) {
        CommandLine cli = new CommandLine(new TobiraCommand(io));
        cli.setOut(new java.io.PrintWriter(
                new java.io.OutputStreamWriter(io.out, java.nio.charset.StandardCharsets.UTF_8), true));
        // io.err is a PrintStream that already encodes (UTF-8 in main): the writer hands it chars
        @SuppressWarnings("DefaultCharset")
        java.io.PrintWriter err = new java.io.PrintWriter(io.err, true);
        cli.setErr(err);
        cli.setParameterExceptionHandler((e, a) -> {
            io.error(e.getMessage());
            e.getCommandLine().usage(io.err);
            return CliException.USAGE;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parsed) -> handle(io, e));
        return cli.execute(args);
    }

    static int handle(Io io, Throwable e) {
        if (e instanceof CliException c) {
            io.error(c.getMessage());
            return c.exitCode();
        }
        if (e instanceof DriverException d) {
            io.error(d.getMessage());
            return ExitCodes.of(d.kind());
        }
        if (e instanceof HistoryException h) {
            io.error(h.getMessage());
            return CliException.USAGE;
        }
        if (e instanceof BrokenPipe) {
            return 0; // the reader went away (| head): quietly, as a command in a pipeline does
        }
        if (e instanceof UncheckedIOException u) {
            io.error(java.util.Objects.requireNonNull(u.getCause()).getMessage()); // its constructors require one
            return 3;
        }
        io.error("internal error: " + e);
        return 3;
    }

    /** Standard output was closed by its reader. */
    static final class BrokenPipe extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BrokenPipe() {
            super(null, null, false, false);
        }
    }
}
