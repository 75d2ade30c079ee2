package dev.tobira.spi;

import java.text.Normalizer;
import java.util.Locale;

/**
 * What a name in SQL text stands for, decoded once as its dialect reads it and then normalised for
 * comparison. A guard compares the normalised form only: an escape, a quote, a case or a compatibility
 * form the server folds onto the plain name must not hide that name from the guard.
 *
 * <p>The normal form errs on the refusing side: it folds more than any server does (compatibility
 * forms such as full-width letters, accents, Unicode case), so two names that one server tells apart
 * may compare equal here, never the other way round. That is why it ignores the dialect's
 * {@link SqlDialect.IdentifierCase}: names that any of its foldings makes one ({@code "FOO"} and
 * {@code foo} on an upper-folding server, {@code "foo"} and {@code FOO} on a lower-folding one) are
 * one here too, so a forbidden name is found whichever way the server folds; the declared folding
 * ({@link SqlDialect#identifierKey}) is for telling names apart exactly, never for refusing.
 */
final class IdentifierNames {
    private IdentifierNames() {}

    /**
     * The comparable form of a decoded name: NFKD without combining marks and spaces, then Unicode case folded
     * both ways (so {@code ſ}, the Kelvin sign and a dotless {@code ı} fold onto ASCII letters as
     * in some collations), in upper case. Plain ASCII names take the short path.
     */
    static String normalise(String name) {
        boolean ascii = true;
        for (int i = 0; i < name.length() && ascii; i++) {
            ascii = name.charAt(i) < 128;
        }
        if (ascii) {
            return Ascii.upper(name);
        }
        String decomposed = Normalizer.normalize(name, Normalizer.Form.NFKD);
        StringBuilder sb = new StringBuilder(decomposed.length());
        for (int i = 0; i < decomposed.length(); i++) {
            char c = decomposed.charAt(i);
            int type = Character.getType(c);
            // a space inside a name (set_config\u00a0 is one name to PostgreSQL) is dropped: the
            // comparison only decides what to refuse, so reading more names as a refused one is safe
            if (type != Character.NON_SPACING_MARK
                    && type != Character.ENCLOSING_MARK
                    && type != Character.FORMAT
                    && !Character.isSpaceChar(c)
                    && !Character.isWhitespace(c)) {
                sb.append(c);
            }
        }
        return sb.toString().toLowerCase(Locale.ROOT).toUpperCase(Locale.ROOT);
    }

    /**
     * The name a quoted identifier token stands for, its quotes taken off and its escapes decoded
     * as the dialect reads them: GoogleSQL's string escapes in backticks, doubled closing quotes
     * elsewhere.
     */
    static String unquote(SqlDialect dialect, String quoted) {
        if (quoted.length() < 2) {
            return quoted;
        }
        char close = quoted.charAt(quoted.length() - 1);
        String inner = quoted.substring(1, quoted.length() - 1);
        if (close == '`' && dialect.has(SqlDialect.Feature.BACKTICK_BACKSLASH_ESCAPES)) {
            return googleSqlEscapes(inner);
        }
        String doubled = String.valueOf(close) + close;
        return inner.replace(doubled, String.valueOf(close));
    }

    /**
     * GoogleSQL's escapes, which quoted identifiers share with string literals: {@code \a \b \f \n
     * \r \t \v \\ \? \" \' \`}, {@code \ooo} (three octal digits), {@code \xhh} or {@code \Xhh},
     * <code>&#92;uhhhh</code> and {@code \Uhhhhhhhh}. An escape the server would refuse is kept as written:
     * the text fails there anyway.
     */
    static String googleSqlEscapes(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 >= s.length()) {
                sb.append(c);
                i++;
                continue;
            }
            char e = s.charAt(i + 1);
            int simple = simpleEscape(e);
            if (simple >= 0) {
                sb.append((char) simple);
                i += 2;
            } else if (isOctal(s, i + 1, 3)) {
                sb.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 4;
            } else if ((e == 'x' || e == 'X') && isHex(s, i + 2, 2)) {
                sb.append((char) Integer.parseInt(s.substring(i + 2, i + 4), 16));
                i += 4;
            } else if (e == 'u' && isHex(s, i + 2, 4)) {
                sb.append((char) Integer.parseInt(s.substring(i + 2, i + 6), 16));
                i += 6;
            } else if (e == 'U' && isHex(s, i + 2, 8)) {
                appendCodePoint(sb, Long.parseLong(s.substring(i + 2, i + 10), 16));
                i += 10;
            } else {
                sb.append(c).append(e);
                i += 2;
            }
        }
        return sb.toString();
    }

    private static int simpleEscape(char e) {
        switch (e) {
            case 'a':
                return 7;
            case 'b':
                return '\b';
            case 'f':
                return '\f';
            case 'n':
                return '\n';
            case 'r':
                return '\r';
            case 't':
                return '\t';
            case 'v':
                return 11;
            case '\\':
            case '?':
            case '"':
            case '\'':
            case '`':
                return e;
            default:
                return -1;
        }
    }

    /**
     * The SQL standard's {@code U&"…"} body, as PostgreSQL reads it: the escape character then four
     * hex digits, or then {@code +} and six; the escape character twice stands for itself.
     */
    static String unicodeEscapes(String s, char escape) {
        if (s.indexOf(escape) < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c != escape || i + 1 >= s.length()) {
                sb.append(c);
                i++;
            } else if (s.charAt(i + 1) == escape) {
                sb.append(escape);
                i += 2;
            } else if (s.charAt(i + 1) == '+' && isHex(s, i + 2, 6)) {
                appendCodePoint(sb, Long.parseLong(s.substring(i + 2, i + 8), 16));
                i += 8;
            } else if (isHex(s, i + 1, 4)) {
                sb.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
                i += 5;
            } else {
                sb.append(c);
                i++;
            }
        }
        return sb.toString();
    }

    private static void appendCodePoint(StringBuilder sb, long cp) {
        if (cp >= 0 && cp <= Character.MAX_CODE_POINT) {
            sb.appendCodePoint((int) cp);
        } else {
            sb.append('\ufffd');
        }
    }

    private static boolean isHex(String s, int from, int count) {
        if (from + count > s.length()) {
            return false;
        }
        for (int i = from; i < from + count; i++) {
            if (!Ascii.isHexDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isOctal(String s, int from, int count) {
        if (from + count > s.length()) {
            return false;
        }
        for (int i = from; i < from + count; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '7') {
                return false;
            }
        }
        return true;
    }
}
