package dev.tobira.driver.mysql;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import dev.tobira.jdbc.Literals;
import dev.tobira.spi.SqlDialect;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Locale;

/**
 * Parameter values as MySQL literals, for the base to place at the placeholders tobira's lexer
 * finds ({@link dev.tobira.jdbc.Statements#literals}), so Connector/J never places them by its
 * own reading of the text. Every literal is a number, a keyword, a hex string or a quoted string
 * whose only escape is a doubled quote: no value can end its literal, whatever the session's SQL
 * mode or client character set.
 *
 * @param noBackslashEscapes whether the session's sql_mode has {@code NO_BACKSLASH_ESCAPES}, from
 *     the status flags of the server's last reply, which decides how the caller's text is read
 *     ({@link #dialect()}); a guarded statement never runs in such a session
 */
record MysqlLiterals(boolean noBackslashEscapes) implements Literals {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();
    static final MysqlLiterals STANDARD = new MysqlLiterals(false);
    private static final MysqlLiterals VERBATIM = new MysqlLiterals(true);
    private static final SqlDialect VERBATIM_DIALECT = SqlDialect.MYSQL.without(SqlDialect.Feature.BACKSLASH_ESCAPES);

    static MysqlLiterals of(boolean noBackslashEscapes) {
        return noBackslashEscapes ? VERBATIM : STANDARD;
    }

    @Override
    public SqlDialect dialect() {
        return noBackslashEscapes ? VERBATIM_DIALECT : SqlDialect.MYSQL;
    }

    @Override
    public String literal(Value value) {
        switch (value.kind()) {
            case NULL:
                return "NULL";
            case BOOL:
                return ((Value.Bool) value).value() ? "TRUE" : "FALSE";
            case INT:
                return Long.toString(((Value.Int) value).value());
            case FLOAT:
                return floating(((Value.Float) value).value());
            case DECIMAL:
                return ((Value.Decimal) value).value().toPlainString();
            case TEXT:
                return quoted(((Value.Text) value).value());
            case BYTES:
                return hex(((Value.Bytes) value).value());
            case UUID:
                return quoted(value.toString());
            case DATE:
                return quoted(inRange(((Value.Date) value).value()).toString());
            case TIME:
                return quoted(time(((Value.Time) value).value()));
            case DATETIME:
                return quoted(dateTime(inRange(((Value.DateTime) value).value())));
            case TIMESTAMP:
                // the UTC date-time, as the session (time zone +00:00) reads it: no client zone takes part
                return quoted(dateTime(inRange(((Value.Timestamp) value).value())));
            case JSON:
            case DOC:
                return quoted(value.toString());
            default:
                throw DriverException.of(
                        ErrorKind.UNSUPPORTED,
                        MysqlDialect.NAME,
                        "query",
                        "parameters of kind " + value.kind().name().toLowerCase(Locale.ROOT) + " are not supported");
        }
    }

    /** What MySQL's DATE, DATETIME and TIMESTAMP literals hold: a year of four digits. */
    static final String YEARS = "MySQL's dates and date-times take the years 0000 to 9999";

    private static final java.time.Instant FIRST =
            LocalDateTime.of(0, 1, 1, 0, 0).toInstant(ZoneOffset.UTC);
    private static final java.time.Instant LAST =
            LocalDateTime.of(10000, 1, 1, 0, 0).toInstant(ZoneOffset.UTC);

    /**
     * The date, refused past the years MySQL reads ({@code LocalDate} writes a sign and more digits
     * there): the base makes the refusal an INVALID_ARGUMENT naming the parameter.
     */
    private static java.time.LocalDate inRange(java.time.LocalDate d) {
        if (d.getYear() < 0 || d.getYear() > 9999) {
            throw new IllegalArgumentException(YEARS);
        }
        return d;
    }

    private static LocalDateTime inRange(LocalDateTime t) {
        inRange(t.toLocalDate());
        return t;
    }

    private static LocalDateTime inRange(java.time.Instant i) {
        if (i.isBefore(FIRST) || !i.isBefore(LAST)) {
            throw new IllegalArgumentException(YEARS + " (in UTC)");
        }
        return LocalDateTime.ofInstant(i, ZoneOffset.UTC);
    }

    private static String dateTime(LocalDateTime t) {
        return t.toLocalDate() + " " + time(t.toLocalTime());
    }

    /** {@code HH:mm:ss} with the fraction's digits up to the last that is not zero. */
    private static String time(LocalTime t) {
        String s = String.format(Locale.ROOT, "%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond());
        if (t.getNano() == 0) {
            return s;
        }
        String fraction = String.format(Locale.ROOT, "%09d", t.getNano()).replaceFirst("0+$", "");
        return s + "." + fraction;
    }

    /** A double with an exponent, which MySQL reads as a DOUBLE rather than a DECIMAL. */
    private static String floating(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    MysqlDialect.NAME,
                    "query",
                    "MySQL has no NaN or infinite DOUBLE; the parameter " + d + " cannot be sent");
        }
        String s = Double.toString(d);
        return s.indexOf('E') >= 0 ? s : s + "E0";
    }

    /**
     * A quoted string whose only escape is a doubled quote, read the same with and without
     * backslash escapes and in any client character set: no multibyte character set has a quote
     * among its trailing bytes, as some have a backslash. A value holding a backslash, a NUL, a double
     * quote or a backtick ({@link #needsHex}) is a hex string with its character set named instead
     * ({@code _utf8mb4 X'…'}).
     */
    private static String quoted(String s) {
        if (needsHex(s)) {
            return "_utf8mb4 " + hex(s.getBytes(StandardCharsets.UTF_8));
        }
        StringBuilder sb = new StringBuilder(s.length() + 2).append('\'');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append(c == '\'' ? "''" : String.valueOf(c));
        }
        return sb.append('\'').toString();
    }

    /**
     * A backslash or NUL would need an escape; a double quote or backtick could end a quoted
     * identifier that the server reads around the literal when a writable session has
     * {@code ANSI_QUOTES}, which the status flags do not report: such a value is sent in hex.
     */
    private static boolean needsHex(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' || c == '\0' || c == '"' || c == '`') {
                return true;
            }
        }
        return false;
    }

    private static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder(bytes.length * 2 + 3).append("X'");
        for (byte b : bytes) {
            sb.append(HEX[(b >> 4) & 15]).append(HEX[b & 15]);
        }
        return sb.append('\'').toString();
    }
}
