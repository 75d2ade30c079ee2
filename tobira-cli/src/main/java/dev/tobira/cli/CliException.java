package dev.tobira.cli;

/**
 * A failure of the command itself (bad flags, an unknown connection, a bad config file, a file it
 * cannot write), with the exit code it ends with. Its message is printed as {@code error: …}.
 */
final class CliException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Usage: bad arguments, unknown connection, bad config. */
    static final int USAGE = 1;
    /** The connection could not be opened (also: a secret reference that does not resolve). */
    static final int OPEN = 2;

    private final int exitCode;

    CliException(int exitCode, String message) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    static CliException usage(String message) {
        return new CliException(USAGE, message);
    }

    int exitCode() {
        return exitCode;
    }
}
