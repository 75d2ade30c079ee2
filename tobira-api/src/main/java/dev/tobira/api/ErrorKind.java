package dev.tobira.api;

/**
 * The class of a {@link DriverException}: what went wrong, independent of the database.
 *
 * <p>Callers decide what to do from the kind alone: retry ({@link #retryable()}), or map to
 * a process exit code ({@link #exitCode()}), the same mapping the tobira command-line tool
 * uses.
 *
 * <p>Two kinds tell apart what a database often reports under one heading. {@link #CONFLICT} is a
 * clash with another transaction that may be gone on the next try (a serialization failure, a
 * deadlock, a lock wait timeout), so it is retryable. {@link #CONSTRAINT} is the data refusing the
 * change (a duplicate key, a missing parent row): the same call fails the same way every time, so
 * it is not. {@link #INVALID_ARGUMENT} is a bad argument of the call itself (exit code 1, usage);
 * {@link #DATA} is a value the database met while running it (exit code 3, a query error).
 *
 * @since 0.1
 */
public enum ErrorKind {
    /** A write, or anything with a side effect, was refused on a read-only path. */
    READ_ONLY("read-only violation", false, 4),
    /** A namespace, collection, field, key or database file does not exist. */
    NOT_FOUND("not found", false, 3),
    /** The query text does not parse, or is more than one statement. */
    SYNTAX("syntax error", false, 3),
    /** The driver or database does not support the operation. */
    UNSUPPORTED("unsupported", false, 3),
    /** An argument, DSN or option has a bad value. */
    INVALID_ARGUMENT("invalid argument", false, 1),
    /** The database could not be reached, or the connection broke. */
    CONNECTION("connection failed", true, 2),
    /** The database refused the credentials. */
    AUTH("authentication failed", false, 2),
    /** The call ran past its timeout. */
    TIMEOUT("timed out", true, 3),
    /** The call was cancelled by the caller (a close from another thread, an interrupt). */
    CANCELLED("cancelled", false, 3),
    /** The database refused the operation for this user, or a policy refused it. */
    PERMISSION("permission denied", false, 4),
    /**
     * A transient clash with another transaction: a serialization failure, a deadlock, a lock wait
     * timeout, a database busy or locked by another writer (SQLState class {@code 40}, and vendor
     * codes such as a lock wait timeout's). Retrying the whole unit of work unchanged may succeed.
     */
    CONFLICT("conflict", true, 3),
    /**
     * A constraint refused the change: a unique or primary key (a duplicate key, a record that
     * exists already), a foreign key, a check or a not-null constraint (SQLState class {@code 23}).
     * Not retryable: the same call fails again until the data or the call changes.
     *
     * @since 0.1
     */
    CONSTRAINT("constraint violation", false, 3),
    /**
     * A value the database met while the call ran does not fit what the call does with it: a
     * division by zero, a number out of range, a text that does not convert to the column's type,
     * a key that holds another type (SQLState class {@code 22}, Redis {@code WRONGTYPE}). The
     * call reached the database and was understood; the data refused it. Not retryable, and
     * unlike {@link #INVALID_ARGUMENT} (a bad argument, DSN or option, a usage error) a query
     * error.
     *
     * @since 0.1
     */
    DATA("data exception", false, 3),
    /** Anything else: a bug in the driver, or an error the driver could not classify. */
    INTERNAL("internal error", false, 3);

    private final String words;
    private final boolean retryable;
    private final int exitCode;

    ErrorKind(String words, boolean retryable, int exitCode) {
        this.words = words;
        this.retryable = retryable;
        this.exitCode = exitCode;
    }

    /**
     * Returns the words that end every message of this kind, such as {@code read-only violation}.
     *
     * @return the fixed words of this kind
     */
    public String words() {
        return words;
    }

    /**
     * Tells whether trying the same call again, unchanged, may succeed. Only kinds whose cause may
     * pass on its own are: a failure of the way to the database, a call that ran out of time, a
     * clash with another transaction. A {@link #CONSTRAINT} violation is not (a duplicate key stays
     * a duplicate), nor is any refusal of the call itself.
     *
     * @return true for {@link #CONNECTION}, {@link #TIMEOUT} and {@link #CONFLICT}, false for every
     *     other kind
     */
    public boolean retryable() {
        return retryable;
    }

    /**
     * Returns the exit code a command-line caller uses for an error of this kind: 1 usage
     * (bad argument or configuration), 2 could not connect or authenticate, 3 any other query
     * error ({@link #CONFLICT} and {@link #CONSTRAINT} included), 4 read-only violation or
     * permission denied.
     *
     * @return 1, 2, 3 or 4
     */
    public int exitCode() {
        return exitCode;
    }
}
