package dev.tobira.jdbc;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import dev.tobira.spi.Nullable;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.SqlToken;
import java.util.List;

/**
 * The one placeholder syntax of every SQL driver on the base, {@code ?}, checked before a statement
 * is prepared ({@link #check}); and, for a dialect with {@link Statements#literals}, the values
 * placed into the text as literals at the {@code ?} placeholders tobira's lexer finds outside
 * comments and strings ({@link #inline}). A value is only ever a literal: no other part of the text
 * is touched, and a text whose placeholders do not match its parameters one to one is refused
 * before anything is sent.
 */
final class Placeholders {
    private Placeholders() {}

    /** The form every SQL driver on the base reads, named in each refusal. */
    static final String FORM = "?";

    /**
     * Refuses, before anything is prepared, a text whose parameters are written in another form
     * than {@code ?} ({@code $1}, {@code ?1}, and on SQLite {@code :name}, {@code @name},
     * {@code $name}) or whose {@code ?} placeholders are more or fewer than the parameters given,
     * naming the form: what the vendor driver would say instead ("column index is out of range")
     * names neither. The placeholders are the ones tobira's lexer finds, so a {@code $1} or a
     * {@code ?} inside a string, a quoted name, a comment or a PostgreSQL dollar-quoted body is
     * text, as the server reads it. A {@code ??} is pgjdbc's escape of PostgreSQL's {@code ?}
     * operator and no placeholder; no other engine reads it as two placeholders either.
     *
     * @param driver the driver's name, for the message
     * @param op the operation, for the message
     * @param tokens the text's tokens, as the dialect reads them
     * @param given how many parameters the call has
     * @throws DriverException INVALID_ARGUMENT naming the form expected
     */
    static void check(String driver, String op, List<SqlToken> tokens, int given) {
        int found = 0;
        for (int i = 0; i < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            if (token.type() != SqlToken.Type.PARAMETER) {
                continue;
            }
            if (!token.text().equals(FORM)) {
                throw wrongForm(driver, op, token.text());
            }
            SqlToken next = i + 1 < tokens.size() ? tokens.get(i + 1) : null;
            if (next != null
                    && next.type() == SqlToken.Type.PARAMETER
                    && next.text().equals(FORM)
                    && next.start() == token.end()) {
                i++; // ?? : PostgreSQL's ? operator, as pgjdbc escapes it
                continue;
            }
            found++;
        }
        if (found != given) {
            String lookalike = namedLookalike(tokens);
            if (lookalike != null) {
                throw wrongForm(driver, op, lookalike);
            }
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    driver,
                    op,
                    "the text has " + found
                            + (found == 1 ? " placeholder" : " placeholders") + " (" + FORM
                            + ") outside comments and strings, but "
                            + given + (given == 1 ? " parameter was" : " parameters were")
                            + " given; parameters are written " + FORM);
        }
    }

    /** Tells whether a text may need {@link #check}: it has parameters, or a character that begins a placeholder of some form. */
    static boolean mayHavePlaceholders(String sql, int given) {
        if (given > 0) {
            return true;
        }
        for (int i = 0; i < sql.length(); i++) {
            char c = sql.charAt(i);
            if (c == '?' || c == '$' || c == ':' || c == '@') {
                return true;
            }
        }
        return false;
    }

    private static DriverException wrongForm(String driver, String op, String written) {
        return DriverException.of(
                ErrorKind.INVALID_ARGUMENT, driver, op, "parameters are written " + FORM + ", not " + written);
    }

    /**
     * The first {@code :name} or {@code @name} that the dialect reads as no parameter (a lone
     * {@code :} or {@code @} right before a name): asked only when the count is wrong, since the
     * same tokens are valid SQL elsewhere (MySQL's {@code @var}, an array slice {@code a[1:n]}).
     */
    private static @Nullable String namedLookalike(List<SqlToken> tokens) {
        for (int i = 0; i + 1 < tokens.size(); i++) {
            SqlToken t = tokens.get(i);
            SqlToken next = tokens.get(i + 1);
            if ((t.text().equals(":") || t.text().equals("@"))
                    && next.start() == t.end()
                    && next.type() == SqlToken.Type.WORD
                    && (i == 0
                            || !tokens.get(i - 1).text().equals(":")
                            || tokens.get(i - 1).end() != t.start())) {
                return t.text() + next.text();
            }
            if (t.type() == SqlToken.Type.WORD
                    && t.text().length() > 1
                    && t.text().charAt(0) == '@') {
                return t.text();
            }
        }
        return null;
    }

    /**
     * Returns the text with every placeholder replaced by its value's literal, set off by a space
     * on each side so it joins no neighbouring token (but for a {@code -} just before it, where a
     * space would turn {@code --} into a comment); the text itself when there are no parameters
     * and no placeholders.
     *
     * @throws DriverException INVALID_ARGUMENT when the count of placeholders differs from the
     *     count of parameters, or the text holds a numbered placeholder ({@code ?1})
     */
    /**
     * The value's literal; a value the dialect cannot write (a date past its years, say) is an
     * INVALID_ARGUMENT naming the parameter, never the JDK's exception.
     */
    private static String literal(String driver, String op, Literals literals, int index, Value value) {
        try {
            String literal = literals.literal(value);
            if (literal == null) {
                throw new NullPointerException(literals + ": literal returned null");
            }
            return literal;
        } catch (DriverException | NullPointerException e) {
            throw e;
        } catch (RuntimeException e) {
            throw DriverException.builder(ErrorKind.INVALID_ARGUMENT, driver, op)
                    .detail("parameter " + index + " is the " + value.kind().name() + " " + Binder.shown(value)
                            + ", which cannot be sent: " + e.getMessage())
                    .cause(e)
                    .build();
        }
    }

    static String inline(String driver, String op, String sql, List<Value> params, Literals literals) {
        SqlScan scan = SqlScan.of(sql, literals.dialect());
        int found = 0;
        StringBuilder out = null;
        int copied = 0;
        for (SqlToken token : scan.tokens()) {
            if (token.type() != SqlToken.Type.PARAMETER || token.text().charAt(0) != '?') {
                continue;
            }
            if (token.text().length() > 1) {
                throw DriverException.of(
                        ErrorKind.INVALID_ARGUMENT,
                        driver,
                        op,
                        "numbered placeholders such as " + token.text()
                                + " are not supported; write ? for each parameter");
            }
            found++;
            if (found > params.size()) {
                continue; // counted, to say how many there are
            }
            if (out == null) {
                out = new StringBuilder(sql.length() + 16 * params.size());
            }
            out.append(sql, copied, token.start());
            // a space would make a comment of "--" in front (MySQL's "-- "); no literal starts with what joins a "-"
            if (token.start() == 0 || sql.charAt(token.start() - 1) != '-') {
                out.append(' ');
            }
            out.append(literal(driver, op, literals, found, params.get(found - 1)))
                    .append(' ');
            copied = token.end();
        }
        if (found != params.size()) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    driver,
                    op,
                    "the text has " + found
                            + (found == 1 ? " placeholder" : " placeholders")
                            + " (?) outside comments and strings, but "
                            + params.size() + (params.size() == 1 ? " parameter was" : " parameters were") + " given");
        }
        return out == null ? sql : out.append(sql, copied, sql.length()).toString();
    }
}
