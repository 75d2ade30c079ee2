package dev.tobira.jdbc;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.SqlToken;
import java.util.List;

/**
 * Places parameter values into a text as literals, at the {@code ?} placeholders tobira's lexer
 * finds outside comments and strings, for a dialect with {@link Statements#literals}. A value is
 * only ever a literal: no other part of the text is touched, and a text whose placeholders do not
 * match its parameters one to one is refused before anything is sent.
 */
final class Placeholders {
    private Placeholders() {}

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
                    .cause(e).build();
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
                throw DriverException.of(ErrorKind.INVALID_ARGUMENT, driver, op,
                        "numbered placeholders such as " + token.text() + " are not supported; write ? for each parameter");
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
            out.append(literal(driver, op, literals, found, params.get(found - 1))).append(' ');
            copied = token.end();
        }
        if (found != params.size()) {
            throw DriverException.of(ErrorKind.INVALID_ARGUMENT, driver, op, "the text has " + found
                    + (found == 1 ? " placeholder" : " placeholders") + " (?) outside comments and strings, but "
                    + params.size() + (params.size() == 1 ? " parameter was" : " parameters were") + " given");
        }
        return out == null ? sql : out.append(sql, copied, sql.length()).toString();
    }
}
