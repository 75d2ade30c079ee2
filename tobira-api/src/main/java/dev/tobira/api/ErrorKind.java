package dev.tobira.api;

/**
 * The class of a {@link DriverException}: what went wrong, independent of the database.
 *
 * <p>Callers decide what to do from the kind alone: retry ({@link #retryable()}), report, or map
 * to a process exit code of their own (the tobira command-line tool has one: 1 usage, 2 connection,
 * 3 query error, 4 read-only or permission).
 *
 * <p>Two kinds tell apart what a database often reports under one heading. {@link #CONFLICT} is a
 * clash with another transaction that may be gone on the next try (a serialization failure, a
 * deadlock, a lock wait timeout), so it is retryable. {@link #CONSTRAINT} is the data refusing the
 * change (a duplicate key, a missing parent row): the same call fails the same way every time, so
 * it is not. {@link #INVALID_ARGUMENT} is a bad argument of the call itself (a usage error);
 * {@link #DATA} is a value the database met while running it (a query error).
 *
 * @since 0.1
 */
public enum ErrorKind {
    /** A write, or anything with a side effect, was refused on a read-only path. */
    READ_ONLY("read-only violation", false),
    /** A namespace, collection, field, key or database file does not exist. */
    NOT_FOUND("not found", false),
    /** The query text does not parse, or is more than one statement. */
    SYNTAX("syntax error", false),
    /** The driver or database does not support the operation. */
    UNSUPPORTED("unsupported", false),
    /** An argument, DSN or option has a bad value. */
    INVALID_ARGUMENT("invalid argument", false),
    /** The database could not be reached, or the connection broke. */
    CONNECTION("connection failed", true),
    /** The database refused the credentials. */
    AUTH("authentication failed", false),
    /** The call ran past its timeout. */
    TIMEOUT("timed out", true),
    /** The call was cancelled by the caller (a close from another thread, an interrupt). */
    CANCELLED("cancelled", false),
    /** The database refused the operation for this user, or a policy refused it. */
    PERMISSION("permission denied", false),
    /**
     * A transient clash with another transaction: a serialization failure, a deadlock, a lock wait
     * timeout, a database busy or locked by another writer (SQLState class {@code 40}, and vendor
     * codes such as a lock wait timeout's). Retrying the whole unit of work unchanged may succeed.
     */
    CONFLICT("conflict", true),
    /**
     * A constraint refused the change: a unique or primary key (a duplicate key, a record that
     * exists already), a foreign key, a check or a not-null constraint (SQLState class {@code 23}).
     * Not retryable: the same call fails again until the data or the call changes.
     *
     * @since 0.1
     */
    CONSTRAINT("constraint violation", false),
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
    DATA("data exception", false),
    /** Anything else: a bug in the driver, or an error the driver could not classify. */
    INTERNAL("internal error", false);

    private final String words;
    private final boolean retryable;

    ErrorKind(String words, boolean retryable) {
        this.words = words;
        this.retryable = retryable;
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
}
