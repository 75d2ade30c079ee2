package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Masks credentials in DSNs, messages and log lines, replacing each with {@value #MASK}. Every
 * message a driver builds from text it did not write (a DSN, a vendor error) passes through one.
 *
 * <p>{@link #standard()} recognizes credentials by their form:
 * <ul>
 *   <li>the password of URL user information, {@code scheme://user:password@host}, up to the last
 *       {@code @} of the URL, so a raw {@code @}, {@code :} or {@code /} in the password is masked
 *       too; also without a scheme, {@code user:password@tcp(host)/db}, and Oracle's
 *       {@code user/password@host};
 *   <li>the value of a key that names a credential, such as {@code password}, {@code pwd},
 *       {@code pass}, {@code passwd}, {@code secret}, {@code token}, {@code apikey},
 *       {@code api_key} or {@code client_secret}, in any case, after {@code =} or {@code :}:
 *       key-value DSNs ({@code password='a b'}), JDBC and ADO.NET strings
 *       ({@code Password={a;b};}), URL queries ({@code ?password=…&}), JSON and YAML. A quoted or
 *       braced value is masked to its closing quote, read both with backslash escapes and with
 *       doubled quotes (the longer of the two when both find a closing quote). A bare value is
 *       masked at most to the end of the line: after {@code ?} or {@code &} to white space or to a {@code &} that a further
 *       {@code key=} follows; after {@code ;} to a {@code ;} that a further {@code key=} follows;
 *       elsewhere to white space that a further {@code key=} follows, so free text after a
 *       {@code password=} is masked with it;
 *   <li>SQL's credential literals: a quoted string after such a word and white space
 *       ({@code PASSWORD 'x'}, {@code ENCRYPTED PASSWORD 'x'}, {@code IDENTIFIED BY PASSWORD 'x'}) and
 *       after {@code IDENTIFIED [WITH plugin] BY} ({@code CREATE USER u IDENTIFIED BY 'x'}).
 * </ul>
 * A URL password holding white space must be percent-encoded, as URL syntax demands: white space
 * ends a URL here.
 *
 * <p>{@link #withSecret(String)} adds literal credentials, masked wherever they appear, raw or
 * percent-encoded: a password that came from configuration rather than from the DSN.
 *
 * <p>Redaction prefers masking too much to too little. Instances are immutable and thread-safe.
 *
 * @since 0.1
 */
public final class Redactor {
    /** The text that replaces every credential. */
    public static final String MASK = "[redacted]";

    private static final Redactor STANDARD = new Redactor(List.of());
    private static final List<String> SENSITIVE_SUFFIXES = List.of(
            "password",
            "passwd",
            "pwd",
            "pass",
            "passphrase",
            "secret",
            "token",
            "apikey",
            "api_key",
            "api-key",
            "privatekey",
            "private_key",
            "private-key",
            "credential",
            "credentials");

    private final List<String> literals;

    private Redactor(List<String> literals) {
        this.literals = literals;
    }

    /**
     * Returns the redactor that masks credentials by their form.
     *
     * @return the shared standard redactor
     */
    public static Redactor standard() {
        return STANDARD;
    }

    /**
     * Returns a redactor that also masks a literal credential wherever it appears, raw or
     * percent-encoded. An empty secret is ignored. A very short secret masks every occurrence of
     * its characters in the text, which is the price of never leaking it.
     *
     * @param secret the credential
     * @return the derived redactor
     * @throws NullPointerException if secret is null
     */
    public Redactor withSecret(String secret) {
        return withSecrets(List.of(requireNonNull(secret, "secret is null")));
    }

    /**
     * Returns a redactor that also masks literal credentials, as {@link #withSecret(String)}.
     *
     * @param secrets the credentials
     * @return the derived redactor
     * @throws NullPointerException if secrets is or holds null
     */
    public Redactor withSecrets(Collection<String> secrets) {
        Set<String> forms = new LinkedHashSet<>(literals);
        for (String secret : secrets) {
            requireNonNull(secret, "secret is null");
            if (!secret.isEmpty()) {
                String form = URLEncoder.encode(secret, StandardCharsets.UTF_8);
                forms.add(secret);
                forms.add(form);
                forms.add(form.replace("+", "%20").replace("*", "%2A").replace("%7E", "~"));
            }
        }
        List<String> sorted = new ArrayList<>(forms);
        sorted.sort(Comparator.comparingInt(String::length).reversed());
        return new Redactor(List.copyOf(sorted));
    }

    /**
     * Masks the credentials in a text.
     *
     * @param text the text, such as a DSN or an error message
     * @return the text with each credential, or run of adjacent credentials, replaced by
     *     {@value #MASK}
     * @throws NullPointerException if text is null
     */
    public String redact(String text) {
        requireNonNull(text, "text is null");
        boolean[] masked = new boolean[text.length()];
        boolean any = maskKeyValues(text, masked);
        any |= maskIdentifiedBy(text, masked);
        any |= maskUserInfo(text, masked);
        for (String literal : literals) {
            for (int i = text.indexOf(literal); i >= 0; i = text.indexOf(literal, i + 1)) {
                mark(masked, i, i + literal.length());
                any = true;
            }
        }
        return any ? apply(text, masked) : text;
    }

    @Override
    public String toString() {
        return literals.isEmpty() ? "Redactor[standard]" : "Redactor[standard, with secrets]";
    }

    private static String apply(String text, boolean[] masked) {
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            if (!masked[i]) {
                sb.append(text.charAt(i));
            } else if (i == 0 || !masked[i - 1]) {
                sb.append(MASK);
            }
        }
        return sb.toString();
    }

    private static boolean mark(boolean[] masked, int from, int to) {
        for (int i = from; i < to; i++) {
            masked[i] = true;
        }
        return to > from;
    }

    private static boolean isKeyChar(char c) {
        return Ascii.isLetter(c) || Ascii.isDigit(c) || c == '_' || c == '-' || c == '.';
    }

    private static boolean isSensitive(String key) {
        String lower = Ascii.lower(key);
        if (lower.contains("password") || lower.contains("secret")) {
            return true;
        }
        for (String suffix : SENSITIVE_SUFFIXES) {
            if (lower.endsWith(suffix)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Masks the literal after {@code IDENTIFIED [WITH plugin] BY} (MySQL, MariaDB, Oracle), which no
     * credential word stands before; returns whether it masked anything.
     */
    private static boolean maskIdentifiedBy(String s, boolean[] masked) {
        boolean any = false;
        String lower = Ascii.lower(s);
        for (int at = lower.indexOf("identified"); at >= 0; at = lower.indexOf("identified", at + 1)) {
            int by = lower.indexOf("by", at + 10);
            // BY within the clause: IDENTIFIED WITH a_plugin_name BY fits, a BY further on does not
            if (by < 0
                    || by - at > 80
                    || (by > 0 && isKeyChar(s.charAt(by - 1)))
                    || (by + 2 < s.length() && isKeyChar(s.charAt(by + 2)))) {
                continue;
            }
            int k = skipBlanks(s, by + 2);
            if (k > by + 2 && k < s.length() && (s.charAt(k) == '\'' || s.charAt(k) == '"')) {
                int[] span = value(s, k, context(s, by));
                any |= mark(masked, span[0], span[1]);
            }
        }
        return any;
    }

    /** Masks the values of credential keys; returns whether it masked anything. */
    private static boolean maskKeyValues(String s, boolean[] masked) {
        int n = s.length();
        boolean any = false;
        int i = 0;
        while (i < n) {
            if (!isKeyChar(s.charAt(i)) || (i > 0 && isKeyChar(s.charAt(i - 1)))) {
                i++;
                continue;
            }
            int j = i;
            while (j < n && isKeyChar(s.charAt(j))) {
                j++;
            }
            if (!isSensitive(s.substring(i, j))) {
                i = j;
                continue;
            }
            int k = j;
            if (k < n && (s.charAt(k) == '"' || s.charAt(k) == '\'') && i > 0 && s.charAt(i - 1) == s.charAt(k)) {
                k++;
            }
            k = skipBlanks(s, k);
            if (k < n
                    && s.charAt(k) == '('
                    && k + 1 < n
                    && (s.charAt(skipBlanks(s, k + 1)) == '\'' || s.charAt(skipBlanks(s, k + 1)) == '"')) {
                k = skipBlanks(s, k + 1); // PASSWORD('x'), the function of MySQL's SET PASSWORD
            }
            if (k > j && k < n && (s.charAt(k) == '\'' || s.charAt(k) == '"')) {
                // SQL gives a credential as a literal after its keyword: PASSWORD 'x', IDENTIFIED BY PASSWORD 'x'
                int[] span = value(s, k, context(s, i));
                any |= mark(masked, span[0], span[1]);
                i = Math.max(span[2], j);
                continue;
            }
            if (k >= n || (s.charAt(k) != '=' && s.charAt(k) != ':')) {
                i = j;
                continue;
            }
            int start = skipBlanks(s, k + 1);
            char context = context(s, i);
            int[] span = value(s, start, context);
            span[1] = closingParenthesis(s, i, span[0], span[1]);
            any |= mark(masked, span[0], span[1]);
            i = Math.max(span[2], j);
        }
        return any;
    }

    /**
     * Where the key sits inside parentheses opened before it on its line, a value running to a
     * closing parenthesis ends before it: {@code (using password: YES)} and
     * {@code (dsn x:db?password=p)} keep their {@code )}. A bare {@code password=a)b} of a key-value
     * DSN has no such parenthesis, and its value is masked whole; a password the configuration
     * names is masked as a literal besides, wherever it stands.
     */
    private static int closingParenthesis(String s, int keyStart, int from, int to) {
        int depth = 0;
        for (int p = keyStart - 1; p >= 0 && s.charAt(p) != '\n' && s.charAt(p) != '\r'; p--) {
            char c = s.charAt(p);
            if (c == ')') {
                depth--;
            } else if (c == '(') {
                depth++;
            }
        }
        if (depth <= 0) {
            return to;
        }
        for (int j = from; j < to; j++) {
            if (s.charAt(j) == ')') {
                return j;
            }
        }
        return to;
    }

    private static int skipBlanks(String s, int k) {
        while (k < s.length() && (s.charAt(k) == ' ' || s.charAt(k) == '\t')) {
            k++;
        }
        return k;
    }

    /**
     * Returns the last character before a key, past blanks and the key's own opening quote: a
     * {@code ?} or {@code &} puts the value in a URL query, a {@code ;} in a JDBC or ADO.NET string,
     * anything else in free text or a key-value DSN.
     */
    private static char context(String s, int keyStart) {
        int p = keyStart - 1;
        if (p >= 0 && (s.charAt(p) == '"' || s.charAt(p) == '\'')) {
            p--;
        }
        while (p >= 0 && (s.charAt(p) == ' ' || s.charAt(p) == '\t')) {
            p--;
        }
        return p >= 0 ? s.charAt(p) : '\0';
    }

    /** Returns {maskFrom, maskTo, resumeAt} for the value starting at {@code start}. */
    private static int[] value(String s, int start, char context) {
        int n = s.length();
        if (start >= n) {
            return new int[] {start, start, start};
        }
        char open = s.charAt(start);
        if (open == '\'' || open == '"' || open == '{') {
            char close = open == '{' ? '}' : open;
            // JSON and libpq escape with a backslash, ADO.NET and ODBC double the quote. The right
            // reading of a well-formed value always finds its closing quote, so when both readings
            // do, the longer one covers it; when only one does, that one is right
            int end = closing(s, start + 1, close, false);
            if (open != '{') {
                int other = closing(s, start + 1, close, true);
                end = end == n ? other : other == n ? end : Math.max(end, other);
            }
            return end < n ? new int[] {start + 1, end, end + 1} : new int[] {start + 1, n, n};
        }
        int j = start;
        while (j < n) {
            char c = s.charAt(j);
            if (c == '\n' || c == '\r') {
                break;
            }
            if (context == '?' || context == '&') {
                if (Character.isWhitespace(c) || (c == '&' && keyFollows(s, j + 1))) {
                    break;
                }
            } else if (context == ';') {
                if (c == ';' && keyFollows(s, j + 1)) {
                    break;
                }
            } else if (Character.isWhitespace(c) && !Character.isWhitespace(s.charAt(j - 1)) && keyFollows(s, j)) {
                // only the first blank of a run looks ahead, which keeps the scan linear
                break;
            }
            j++;
        }
        return new int[] {start, j, j};
    }

    /** Returns the index of the closing quote, or the text's length when there is none. */
    private static int closing(String s, int from, char close, boolean backslash) {
        int j = from;
        while (j < s.length()) {
            char c = s.charAt(j);
            if (backslash && c == '\\') {
                j += 2;
            } else if (c == close) {
                if (j + 1 < s.length() && s.charAt(j + 1) == close) {
                    j += 2;
                } else {
                    return j;
                }
            } else {
                j++;
            }
        }
        return s.length();
    }

    /**
     * Whether {@code key=}, a line break or the end of the text follows, past blanks, so that a
     * separator really ends a value.
     */
    private static boolean keyFollows(String s, int k) {
        int n = s.length();
        k = skipBlanks(s, k);
        if (k >= n || Character.isWhitespace(s.charAt(k))) {
            return true;
        }
        int key = k;
        while (k < n && isKeyChar(s.charAt(k))) {
            k++;
        }
        if (k == key) {
            return false;
        }
        k = skipBlanks(s, k);
        return k < n && s.charAt(k) == '=';
    }

    /** Masks passwords of URL user information in every run of text without white space. */
    private static boolean maskUserInfo(String s, boolean[] masked) {
        int n = s.length();
        boolean any = false;
        int i = 0;
        while (i < n) {
            if (Character.isWhitespace(s.charAt(i))) {
                i++;
                continue;
            }
            int end = i;
            int at = -1;
            while (end < n && !Character.isWhitespace(s.charAt(end))) {
                if (s.charAt(end) == '@') {
                    at = end;
                }
                end++;
            }
            if (at > i) {
                any |= maskRun(s, i, at, masked);
            }
            i = end;
        }
        return any;
    }

    // | on purpose: both sides mark characters in masked, so both must run
    @SuppressWarnings("ShortCircuitBoolean")
    private static boolean maskRun(String s, int from, int at, boolean[] masked) {
        String head = s.substring(from, at);
        int scheme = head.indexOf("://");
        if (scheme >= 0) {
            int colon = head.indexOf(':', scheme + 3);
            boolean any = colon >= 0 && mark(masked, from + colon + 1, at);
            // "://" may also sit inside the password of a DSN without a scheme
            // (user:pa://ss@tcp(host)/db); unless the scheme is plainly one, read it both ways
            return isPlainScheme(head, scheme) ? any : maskSchemeless(head, from, at, masked) | any;
        }
        return maskSchemeless(head, from, at, masked);
    }

    /**
     * Whether the letters before {@code ://} are a scheme and only what may open a URL in text
     * comes before them: quotes, brackets, a {@code key=}, a {@code jdbc:}; no {@code :},
     * {@code @} or {@code /}, which would make them part of a password.
     */
    private static boolean isPlainScheme(String head, int scheme) {
        int k = scheme;
        while (k > 0
                && (Ascii.isLetter(head.charAt(k - 1))
                        || Ascii.isDigit(head.charAt(k - 1))
                        || "+.-".indexOf(head.charAt(k - 1)) >= 0)) {
            k--;
        }
        if (k == scheme || !Ascii.isLetter(head.charAt(k))) {
            return false;
        }
        String before = head.substring(0, k);
        if (Ascii.lower(before).endsWith("jdbc:")) {
            before = before.substring(0, before.length() - 5);
        }
        return before.indexOf(':') < 0 && before.indexOf('@') < 0 && before.indexOf('/') < 0;
    }

    /**
     * Without a scheme, the user is a run of user characters right before the first {@code :}
     * ({@code user:password@tcp(host)/db}) or {@code /} (Oracle's {@code user/password@host});
     * anything else, such as {@code "user":"ada"} in JSON or a path, is not user information.
     */
    private static boolean maskSchemeless(String head, int from, int at, boolean[] masked) {
        int userStart = 0;
        for (int i = 0; i < head.length(); i++) {
            char c = head.charAt(i);
            boolean hasUser = i > userStart;
            if (c == ':' && hasUser) {
                return mark(masked, from + i + 1, at);
            }
            if (c == '/' && hasUser && (userStart == 0 || head.charAt(userStart - 1) != '/')) {
                return mark(masked, from + i + 1, at);
            }
            if (!isUserChar(c)) {
                userStart = i + 1;
            }
        }
        return false;
    }

    private static boolean isUserChar(char c) {
        return Ascii.isLetter(c)
                || Ascii.isDigit(c)
                || c == '_'
                || c == '-'
                || c == '.'
                || c == '$'
                || c == '#'
                || c == '%'
                || c == '+'
                || c == '~'
                || c >= 0x80;
    }
}
