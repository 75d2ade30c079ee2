package dev.tobira.drivertest;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;

/**
 * What a fixture adds to the kit's bad-input check: malformed literals of its language, and the
 * places where its queries take a parameter. The kit checks that every bad input either succeeds
 * or fails with a {@link dev.tobira.api.DriverException} that has a kind: never another
 * {@link Throwable} ({@code ClassCastException}, {@code NumberFormatException},
 * {@code StackOverflowError}, a {@code NullPointerException}), never a hang, and never a write when
 * sent read-only.
 *
 * <pre>{@code
 * BadInput.builder()
 *         .malformed("{\"find\": \"orders\", \"filter\": {\"_id\": {\"$oid\": \"zz\"}}}")   // malformed Extended JSON
 *         .positions("{\"find\": \"orders\", \"filter\": {\"status\": {\"$param\": 1}}}",     // a value
 *                 "{\"$param\": 1}")                                                       // a whole command
 *         .build();
 * }</pre>
 *
 * What the kit sends on its own, whatever the fixture says:
 * <ul>
 *   <li>for every language: an empty text, white space only, a NUL, a lone surrogate;</li>
 *   <li>SQL: unterminated strings, identifiers and comments, a bad hex literal, a number past any
 *       range, a placeholder without its parameter and a parameter without its placeholder, and a
 *       parenthesis nested 10,000 deep;</li>
 *   <li>JSON: documents cut short, every member of the customers query given a value of each wrong
 *       type, garbage before and after, bad escapes, {@code NaN} and numbers past any range, and an
 *       object and an array nested 10,000 deep in the value slot (or a member of the customers
 *       query); each malformed literal that is a JSON document is also sent as a
 *       {@link dev.tobira.api.Value.Json} parameter;</li>
 *   <li>in every {@linkplain Builder#positions(String...) position}: a parameter of every
 *       {@link dev.tobira.api.Value.Kind} (their extremes too), NaN and ±Infinity as a
 *       {@code Float} and inside a {@code Vector}, a {@code Doc} and an {@code Array} nested 10,000
 *       deep.</li>
 * </ul>
 * Each input runs on a new thread with the default stack size, so a recursion without a limit
 * shows as the {@code StackOverflowError} it is, on a writable connection and on a read-only one.
 *
 * @since 0.1
 */
public final class BadInput {
    private static final BadInput NONE = new BadInput(List.of(), List.of());
    private final List<String> malformed;
    private final List<String> positions;

    private BadInput(List<String> malformed, List<String> positions) {
        this.malformed = List.copyOf(malformed);
        this.positions = List.copyOf(positions);
    }

    /**
     * Returns no fixture-specific input: the kit's own inputs only, parameters sent in the fixture's
     * {@linkplain Fixture.Builder#parameterQuery(String, dev.tobira.api.Value) parameter query}.
     *
     * @return the value
     */
    public static BadInput none() {
        return NONE;
    }

    /**
     * Starts a bad-input value.
     *
     * @return the builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Returns the fixture's malformed literals. */
    public List<String> malformed() {
        return malformed;
    }

    /** Returns the query texts that each take one parameter, where the kit puts every kind. */
    public List<String> positions() {
        return positions;
    }

    /** Builds a {@link BadInput}. */
    public static final class Builder {
        private final List<String> malformed = new ArrayList<>();
        private final List<String> positions = new ArrayList<>();

        private Builder() {}

        /**
         * Adds texts of the language that are malformed (a literal the language cannot read, a
         * field of the wrong type): each must succeed or fail with a kind.
         *
         * @param texts the texts
         * @return this builder
         */
        public Builder malformed(String... texts) {
            for (String t : texts) {
                malformed.add(requireNonNull(t, "text is null"));
            }
            return this;
        }

        /**
         * Adds query texts that take exactly one parameter, each at another place the language
         * allows one (a value in a filter, a whole command, a limit). The fixture's parameter query
         * is used when none is given.
         *
         * @param texts the texts
         * @return this builder
         */
        public Builder positions(String... texts) {
            for (String t : texts) {
                positions.add(requireNonNull(t, "text is null"));
            }
            return this;
        }

        /**
         * Builds the value.
         *
         * @return the value
         */
        public BadInput build() {
            return new BadInput(malformed, positions);
        }
    }
}
