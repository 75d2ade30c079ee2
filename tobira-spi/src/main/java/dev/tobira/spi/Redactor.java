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
 *       braced value is masked to its closing quote; a bare one to white space, or to a
 *       {@code ;} or {@code &} that a further {@code key=} follows.
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
    private static final List<String> SENSITIVE_SUFFIXES = List.of("password", "passwd", "pwd", "pass",
            "passphrase", "secret", "token", "apikey", "api_key", "api-key", "privatekey", "private_key",
            "private-key", "credential", "credentials");

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
            if (k >= n || (s.charAt(k) != '=' && s.charAt(k) != ':')) {
                i = j;
                continue;
            }
            int start = skipBlanks(s, k + 1);
            int[] span = value(s, start);
            any |= mark(masked, span[0], span[1]);
            i = Math.max(span[2], j);
        }
        return any;
    }

    private static int skipBlanks(String s, int k) {
        while (k < s.length() && (s.charAt(k) == ' ' || s.charAt(k) == '\t')) {
            k++;
        }
        return k;
    }

    /** Returns {maskFrom, maskTo, resumeAt} for the value starting at {@code start}. */
    private static int[] value(String s, int start) {
        int n = s.length();
        if (start >= n) {
            return new int[] {start, start, start};
        }
        char open = s.charAt(start);
        if (open == '\'' || open == '"' || open == '{') {
            char close = open == '{' ? '}' : open;
            int j = start + 1;
            while (j < n) {
                char c = s.charAt(j);
                if (c == '\\' && open != '{') {
                    j += 2;
                } else if (c == close) {
                    if (j + 1 < n && s.charAt(j + 1) == close) {
                        j += 2;
                    } else {
                        return new int[] {start + 1, j, j + 1};
                    }
                } else {
                    j++;
                }
            }
            return new int[] {start + 1, n, n};
        }
        int j = start;
        while (j < n) {
            char c = s.charAt(j);
            if (Character.isWhitespace(c) || ((c == ';' || c == '&') && keyFollows(s, j + 1))) {
                break;
            }
            j++;
        }
        return new int[] {start, j, j};
    }

    /** Whether {@code key=} (or the end of the text) follows, so a separator really ends a value. */
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

    private static boolean maskRun(String s, int from, int at, boolean[] masked) {
        String head = s.substring(from, at);
        int scheme = head.indexOf("://");
        int userStart = scheme >= 0 ? scheme + 3 : 0;
        int colon = head.indexOf(':', userStart);
        if (colon >= 0) {
            return mark(masked, from + colon + 1, at);
        }
        if (scheme < 0) {
            int slash = head.indexOf('/');
            if (slash > 0 && isOracleUser(head.substring(0, slash))) {
                return mark(masked, from + slash + 1, at);
            }
        }
        return false;
    }

    private static boolean isOracleUser(String user) {
        for (int i = 0; i < user.length(); i++) {
            char c = user.charAt(i);
            if (!(Ascii.isLetter(c) || Ascii.isDigit(c) || c == '_' || c == '$' || c == '#' || c == '"')) {
                return false;
            }
        }
        return true;
    }
}
