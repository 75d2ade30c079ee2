package dev.tobira.jdbc;

import dev.tobira.api.Value;
import dev.tobira.spi.SqlDialect;

/**
 * How a dialect writes parameter values into its text, for a database whose JDBC driver would
 * otherwise paste them in itself at the positions its own parser finds (MariaDB Connector/J's
 * client-side prepared statements). With {@link Statements#literals}, the base places every
 * value at a placeholder that tobira's lexer finds outside comments and strings, as read by
 * {@link #dialect()}, and nowhere else; the text then goes to the database as it is, with no
 * further parsing on the client, so the statement guard checks the very text the server reads.
 *
 * <p>Instances are immutable and describe one moment of one connection (its session's SQL mode).
 *
 * @since 0.1
 */
public interface Literals {
    /**
     * Returns how the database reads text on this connection now: the lexer dialect that finds the
     * placeholders.
     *
     * @return the dialect
     */
    SqlDialect dialect();

    /**
     * Writes one value as a literal that {@link #dialect()} reads as one literal of that value, with
     * nothing before or after it that could join a neighbouring token.
     *
     * @param value the value
     * @return the literal's text
     * @throws dev.tobira.api.DriverException of kind {@link dev.tobira.api.ErrorKind#UNSUPPORTED}
     *     for a kind the database has no literal for, or {@link dev.tobira.api.ErrorKind#INVALID_ARGUMENT}
     *     for a value it cannot hold (a NaN, say)
     */
    String literal(Value value);
}
