package dev.tobira.cli;

import dev.tobira.api.ErrorKind;

/**
 * The command's exit code for each {@link ErrorKind}: 1 usage (a bad argument or configuration),
 * 2 could not connect or authenticate, 3 any other query error ({@link ErrorKind#CONFLICT} and
 * {@link ErrorKind#CONSTRAINT} included), 4 read-only violation or permission denied. The mapping
 * is the command line's, so it lives here and not in the API's {@code ErrorKind}.
 */
final class ExitCodes {
    private ExitCodes() {}

    /** The exit code of an error of this kind. */
    static int of(ErrorKind kind) {
        return switch (kind) {
            case INVALID_ARGUMENT -> 1;
            case CONNECTION, AUTH -> 2;
            case READ_ONLY, PERMISSION -> 4;
            case NOT_FOUND, SYNTAX, UNSUPPORTED, TIMEOUT, CANCELLED, CONFLICT, CONSTRAINT, DATA, INTERNAL -> 3;
        };
    }
}
