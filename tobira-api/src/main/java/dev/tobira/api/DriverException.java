package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.io.Serial;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The one exception a driver throws for anything that goes wrong in the database or on the way
 * to it, classified by {@link ErrorKind}.
 *
 * <p>The message has the form {@code <driver>: <op>: <detail>: <kind words>}, for example
 * {@code sqlite: query: multiple statements are not supported yet: invalid query}. It never holds
 * a credential: drivers pass every detail through a redactor. The vendor exception, when there
 * is one, is the {@linkplain #getCause() cause}.
 *
 * <p>Programming errors (a null argument, a closed connection, an unknown column) are reported
 * with the JDK's own exceptions instead, never with this one.
 *
 * @since 0.1
 */
public final class DriverException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final ErrorKind kind;
    private final String driver;
    private final String op;
    private final String detail;
    private final String sqlState; // "" when the database gave none: the accessor answers an Optional
    private final int vendorCode;

    private DriverException(Builder b) {
        super(message(b.driver, b.op, b.detail, b.kindWords.orElse(b.kind.words())), b.cause.orElse(null));
        this.kind = b.kind;
        this.driver = b.driver;
        this.op = b.op;
        this.detail = b.detail;
        this.sqlState = b.sqlState.orElse("");
        this.vendorCode = b.vendorCode;
    }

    private static String message(String driver, String op, String detail, String words) {
        StringBuilder sb = new StringBuilder();
        if (!driver.isEmpty()) {
            sb.append(driver).append(": ");
        }
        if (!op.isEmpty()) {
            sb.append(op).append(": ");
        }
        if (!detail.isEmpty()) {
            sb.append(detail).append(": ");
        }
        return sb.append(words).toString();
    }

    /**
     * Creates an exception with the kind's own words at the end of the message.
     *
     * @param kind the class of the error
     * @param driver the driver's name, such as {@code sqlite}
     * @param op the operation, such as {@code query} or {@code open}
     * @param detail what failed, already redacted
     * @return the exception, ready to throw
     * @throws NullPointerException if an argument is null
     */
    public static DriverException of(ErrorKind kind, String driver, String op, String detail) {
        return builder(kind, driver, op).detail(detail).build();
    }

    /**
     * Starts an exception of the given kind.
     *
     * @param kind the class of the error
     * @param driver the driver's name
     * @param op the operation
     * @return a builder
     * @throws NullPointerException if an argument is null
     */
    public static Builder builder(ErrorKind kind, String driver, String op) {
        return new Builder(kind, driver, op);
    }

    /**
     * Returns the class of this error.
     *
     * @return the kind, never null
     */
    public ErrorKind kind() {
        return kind;
    }

    /**
     * Tells whether this error is of the given kind.
     *
     * @param kind the kind to test
     * @return {@code kind() == kind}
     */
    public boolean is(ErrorKind kind) {
        return this.kind == kind;
    }

    /**
     * Tells whether the same call may succeed if tried again, as {@link ErrorKind#retryable()}.
     *
     * @return whether a retry may help
     */
    public boolean retryable() {
        return kind.retryable();
    }

    /**
     * Returns the name of the driver that failed.
     *
     * @return the driver name, possibly empty, never null
     */
    public String driver() {
        return driver;
    }

    /**
     * Returns the operation that failed, such as {@code query}, {@code open} or {@code describe}.
     *
     * @return the operation, possibly empty, never null
     */
    public String op() {
        return op;
    }

    /**
     * Returns the redacted detail of the message, without driver, operation or kind words.
     *
     * @return the detail, possibly empty, never null
     */
    public String detail() {
        return detail;
    }

    /**
     * Returns the SQLState the database reported, for SQL databases.
     *
     * @return the five-character SQLState, or empty
     */
    public Optional<String> sqlState() {
        return sqlState.isEmpty() ? Optional.empty() : Optional.of(sqlState);
    }

    /**
     * Returns the vendor's own error code, such as MySQL's {@code 1062} for a duplicate key.
     *
     * @return the vendor code, or empty when the database reported none (a code of 0 is none)
     */
    public OptionalInt vendorCode() {
        return vendorCode == 0 ? OptionalInt.empty() : OptionalInt.of(vendorCode);
    }

    /**
     * Builds a {@link DriverException}. Not thread-safe; use once.
     *
     * @since 0.1
     */
    public static final class Builder {
        private final ErrorKind kind;
        private final String driver;
        private final String op;
        private String detail = "";
        private Optional<String> kindWords = Optional.empty();
        private Optional<Throwable> cause = Optional.empty();
        private Optional<String> sqlState = Optional.empty();
        private int vendorCode;

        private Builder(ErrorKind kind, String driver, String op) {
            this.kind = requireNonNull(kind, "kind is null");
            this.driver = requireNonNull(driver, "driver is null");
            this.op = requireNonNull(op, "op is null");
        }

        /**
         * Sets the redacted detail.
         *
         * @param detail what failed; never a credential
         * @return this builder
         */
        public Builder detail(String detail) {
            this.detail = requireNonNull(detail, "detail is null");
            return this;
        }

        /**
         * Replaces the kind's words at the end of the message, for wordings fixed by the
         * reference tool (such as {@code invalid query} for a multi-statement text of kind
         * {@link ErrorKind#SYNTAX}).
         *
         * @param words the closing words
         * @return this builder
         */
        public Builder kindWords(String words) {
            this.kindWords = Optional.of(requireNonNull(words, "words is null"));
            return this;
        }

        /**
         * Sets the cause, normally the vendor exception.
         *
         * @param cause the cause, or null for none
         * @return this builder
         */
        public Builder cause(Throwable cause) {
            this.cause = Optional.ofNullable(cause);
            return this;
        }

        /**
         * Sets the SQLState reported by the database.
         *
         * @param sqlState the SQLState, or null for none
         * @return this builder
         */
        public Builder sqlState(String sqlState) {
            // an empty SQLState is none, as null is: JDBC drivers give either
            this.sqlState = Optional.ofNullable(sqlState).filter(state -> !state.isEmpty());
            return this;
        }

        /**
         * Sets the vendor's own error code.
         *
         * @param vendorCode the code, 0 for none ({@link DriverException#vendorCode()} is then empty)
         * @return this builder
         */
        public Builder vendorCode(int vendorCode) {
            this.vendorCode = vendorCode;
            return this;
        }

        /**
         * Builds the exception.
         *
         * @return the exception, ready to throw
         */
        public DriverException build() {
            return new DriverException(this);
        }
    }
}
