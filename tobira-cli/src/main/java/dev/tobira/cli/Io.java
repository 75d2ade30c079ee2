package dev.tobira.cli;

import dev.tobira.format.TerminalText;
import dev.tobira.spi.Redactor;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The process's streams and environment, as the commands see them. Standard output is the file
 * descriptor itself, not {@code System.out}: a {@code PrintStream} swallows the broken pipe that
 * must end a result piped into {@code head}.
 */
final class Io {
    final OutputStream out;
    final PrintStream err;
    final InputStream in;
    final Map<String, String> env;
    final boolean stdoutTerminal;
    private Redactor redactor = Redactor.standard();

    Io(OutputStream out, PrintStream err, InputStream in, Map<String, String> env, boolean stdoutTerminal) {
        this.out = out;
        this.err = err;
        this.in = in;
        this.env = env;
        this.stdoutTerminal = stdoutTerminal;
    }

    static Io system() {
        return new Io(
                new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16),
                new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8),
                System.in,
                System.getenv(),
                stdoutIsTerminal()); // System.in: FileInputStream.readAllBytes fails on a pipe
    }

    /**
     * Whether standard output is a terminal: the launcher script asks the shell ({@code [ -t 1 ]})
     * and passes {@code -Dtobira.stdout.tty}; run as {@code java -jar}, the JDK's console check
     * (a terminal on both ends) decides.
     */
    private static boolean stdoutIsTerminal() {
        String told = System.getProperty("tobira.stdout.tty");
        if (told != null && !told.isEmpty()) {
            return Boolean.parseBoolean(told);
        }
        // the build targets Java 17, where System.console() is null without a terminal
        @SuppressWarnings("SystemConsoleNull")
        boolean console = System.console() != null;
        return console;
    }

    Redactor redactor() {
        return redactor;
    }

    /** Adds a secret the config resolved, so no message shows it. */
    void addSecret(String secret) {
        if (!secret.isEmpty()) {
            redactor = redactor.withSecret(secret);
        }
    }

    /**
     * Prints one {@code error:} line: the message redacted, then made safe for a terminal
     * ({@link TerminalText}), so a database value or a server's message quoted in it can neither
     * drive the terminal nor break the line.
     */
    void error(@Nullable String message) {
        err.println("error: " + TerminalText.escape(redactor.redact(String.valueOf(message))));
    }

    /** Prints one {@code warning:} line, as {@link #error}. */
    void warn(@Nullable String message) {
        err.println("warning: " + TerminalText.escape(redactor.redact(String.valueOf(message))));
    }
}
