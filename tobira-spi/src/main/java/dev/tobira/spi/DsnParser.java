package dev.tobira.spi;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** Parses {@link Dsn}s; its messages describe the problem and never quote the DSN. */
final class DsnParser {
    private static final String OP = "open";
    private static final String HEX = "0123456789ABCDEF";
    private static final String HOST_RULE =
            "a host is a DNS name of letters, digits, -, _ and ., an IPv4 address or an IPv6 address in brackets";

    private final String driver;
    private final String text;

    DsnParser(String driver, String text) {
        this.driver = driver;
        this.text = text;
    }

    static DriverException invalid(String driver, String problem) {
        return DriverException.of(ErrorKind.INVALID_ARGUMENT, driver, OP, "invalid DSN: " + problem);
    }

    private DriverException invalid(String problem) {
        return invalid(driver, problem);
    }

    static boolean isScheme(String s) {
        if (s.isEmpty() || !Ascii.isLetter(s.charAt(0))) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(Ascii.isLetter(c) || Ascii.isDigit(c) || c == '+' || c == '-' || c == '.')) {
                return false;
            }
        }
        return true;
    }

    Dsn parse() {
        if (text.isEmpty()) {
            throw invalid("the DSN is empty");
        }
        int colon = text.indexOf(':');
        if (colon <= 0 || !isScheme(text.substring(0, colon))) {
            throw invalid("expected scheme:… or scheme://…");
        }
        String scheme = Ascii.lower(text.substring(0, colon));
        String rest = text.substring(colon + 1);
        if (!rest.startsWith("//")) {
            if (rest.isEmpty()) {
                throw invalid("nothing follows the scheme");
            }
            return new Dsn.Opaque(scheme, rest);
        }
        return url(scheme, rest.substring(2));
    }

    private Dsn.Url url(String scheme, String s) {
        if (s.indexOf('#') >= 0) {
            throw invalid("a DSN has no fragment; write # as %23");
        }
        int authEnd = s.length();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '/' || c == '?') {
                authEnd = i;
                break;
            }
        }
        String authority = s.substring(0, authEnd);
        int at = authority.lastIndexOf('@');
        Optional<String> user = Optional.empty();
        Optional<String> password = Optional.empty();
        if (at >= 0) {
            String info = authority.substring(0, at);
            int c = info.indexOf(':');
            user = Optional.of(decode(c >= 0 ? info.substring(0, c) : info, "user"));
            if (c >= 0) {
                password = Optional.of(decode(info.substring(c + 1), "password"));
            }
        }
        String hostPort = authority.substring(at + 1);
        String host;
        String portText;
        if (hostPort.startsWith("[")) {
            int close = hostPort.indexOf(']');
            if (close < 0) {
                throw invalid("an IPv6 host lacks its closing bracket");
            }
            host = decode(hostPort.substring(1, close), "host");
            if (!isIpv6(host)) {
                throw invalid("the host in brackets is not an IPv6 address");
            }
            String after = hostPort.substring(close + 1);
            if (!after.isEmpty() && after.charAt(0) != ':') {
                throw invalid("only a port may follow an IPv6 host");
            }
            portText = after.isEmpty() ? "" : after.substring(1);
        } else {
            int c = hostPort.indexOf(':');
            host = decode(c >= 0 ? hostPort.substring(0, c) : hostPort, "host");
            portText = c >= 0 ? hostPort.substring(c + 1) : "";
            if (host.indexOf(':') >= 0 || portText.indexOf(':') >= 0) {
                throw invalid("an IPv6 host must be written in brackets, and only one host is allowed");
            }
            if (!host.isEmpty() && !isDnsName(host)) {
                throw invalid(
                        hasOnlyNameCharacters(host)
                                ? "the host is not a DNS name (" + HOST_RULE + ")"
                                : "the host holds a reserved character (" + HOST_RULE + ")");
            }
        }
        OptionalInt port = port(portText);
        String rest = s.substring(authEnd);
        int q = rest.indexOf('?');
        String path = decode(q >= 0 ? rest.substring(0, q) : rest, "path");
        Map<String, String> params = q >= 0 ? params(rest.substring(q + 1)) : Map.of();
        return new Dsn.Url(scheme, user, password, host, port, path, params);
    }

    private OptionalInt port(String s) {
        if (s.isEmpty()) {
            return OptionalInt.empty();
        }
        int value = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!Ascii.isDigit(c) || i >= 5) {
                throw invalid("the port is not a number from 1 to 65535");
            }
            value = value * 10 + (c - '0');
        }
        if (value < 1 || value > 65535) {
            throw invalid("the port is not a number from 1 to 65535");
        }
        return OptionalInt.of(value);
    }

    private Map<String, String> params(String query) {
        Map<String, String> params = new LinkedHashMap<>();
        for (String piece : query.split("&", -1)) {
            if (piece.isEmpty()) {
                continue;
            }
            int eq = piece.indexOf('=');
            String key = decode(eq >= 0 ? piece.substring(0, eq) : piece, "parameter name");
            String value = decode(eq >= 0 ? piece.substring(eq + 1) : "", "parameter value");
            if (key.isEmpty()) {
                throw invalid("a parameter has no name");
            }
            if (params.putIfAbsent(key, value) != null) {
                throw invalid("a parameter appears twice");
            }
        }
        return params;
    }

    /** Whether a host, as {@link Dsn.Url#host()} holds it, is empty, a DNS name, an IPv4 address or an IPv6 address. */
    static boolean isHost(String host) {
        return host.isEmpty() || isDnsName(host) || isIpv6(host);
    }

    private static boolean isNameCharacter(char c) {
        return Ascii.isLetter(c) || Ascii.isDigit(c) || c == '-' || c == '_' || c == '.';
    }

    private static boolean hasOnlyNameCharacters(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!isNameCharacter(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Letters, digits, {@code -}, {@code _} and {@code .} (an IPv4 address is one too), in labels that
     * are not empty (one trailing dot aside) and do not start with {@code -}, which a tool that
     * takes the host as an argument would read as an option.
     */
    static boolean isDnsName(String host) {
        if (!hasOnlyNameCharacters(host)) {
            return false;
        }
        String labels = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        for (String label : labels.split("\\.", -1)) {
            if (label.isEmpty() || label.charAt(0) == '-') {
                return false;
            }
        }
        return true;
    }

    /**
     * An IPv6 address (RFC 4291 text form, an IPv4 tail allowed), with an optional zone id after
     * {@code %} of letters, digits, {@code -}, {@code _} and {@code .}: an interface name or number.
     */
    static boolean isIpv6(String host) {
        int zone = host.indexOf('%');
        String address = zone >= 0 ? host.substring(0, zone) : host;
        if (zone >= 0 && (zone == host.length() - 1 || !hasOnlyNameCharacters(host.substring(zone + 1)))) {
            return false;
        }
        int gap = address.indexOf("::");
        if (gap < 0) {
            return groups(address, true) == 8;
        }
        if (address.indexOf("::", gap + 1) >= 0) {
            return false;
        }
        String tail = address.substring(gap + 2);
        int head = groups(address.substring(0, gap), false);
        int rest = groups(tail, true);
        return head >= 0 && rest >= 0 && head + rest <= 7;
    }

    /** The 16-bit groups of a colon-separated run (an IPv4 tail counts two), or -1 if it is not one. */
    private static int groups(String run, boolean ipv4Tail) {
        if (run.isEmpty()) {
            return 0;
        }
        String[] pieces = run.split(":", -1);
        int count = 0;
        for (int i = 0; i < pieces.length; i++) {
            String piece = pieces[i];
            if (ipv4Tail && i == pieces.length - 1 && piece.indexOf('.') >= 0) {
                if (!isIpv4(piece)) {
                    return -1;
                }
                count += 2;
            } else if (piece.isEmpty() || piece.length() > 4 || !isHex(piece)) {
                return -1;
            } else {
                count++;
            }
        }
        return count;
    }

    private static boolean isHex(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!Ascii.isHexDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isIpv4(String s) {
        String[] octets = s.split("\\.", -1);
        if (octets.length != 4) {
            return false;
        }
        for (String octet : octets) {
            if (octet.isEmpty() || octet.length() > 3) {
                return false;
            }
            for (int i = 0; i < octet.length(); i++) {
                if (!Ascii.isDigit(octet.charAt(i))) {
                    return false;
                }
            }
            if (Integer.parseInt(octet) > 255) {
                return false;
            }
        }
        return true;
    }

    private String decode(String s, String part) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                if (i + 2 >= s.length() || !Ascii.isHexDigit(s.charAt(i + 1)) || !Ascii.isHexDigit(s.charAt(i + 2))) {
                    throw invalid("the " + part + " holds a malformed percent-encoding");
                }
                bytes.write(Character.digit(s.charAt(i + 1), 16) * 16 + Character.digit(s.charAt(i + 2), 16));
                i += 2;
            } else {
                int len = 1;
                if (Character.isSurrogate(c)) {
                    if (!Character.isHighSurrogate(c)
                            || i + 1 >= s.length()
                            || !Character.isLowSurrogate(s.charAt(i + 1))) {
                        throw invalid("the " + part + " holds a lone surrogate character");
                    }
                    len = 2;
                }
                byte[] utf8 = s.substring(i, i + len).getBytes(StandardCharsets.UTF_8);
                bytes.write(utf8, 0, utf8.length);
                i += len - 1;
            }
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            throw invalid("the " + part + " is not UTF-8 once percent-decoded");
        }
    }

    // ---------------------------------------------------------------- the shared checks of Dsn

    /**
     * Whether a character is a control character (C0, DEL, C1), an invisible format character
     * (such as a bidirectional override) or a line or paragraph separator: never part of a name.
     */
    private static boolean isControl(char c) {
        int type = Character.getType(c);
        return Character.isISOControl(c)
                || type == Character.FORMAT
                || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR;
    }

    private static boolean isWhiteSpace(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c);
    }

    /** What {@link #requirePlain} refuses, for its message: the reserved characters not allowed, and the rest. */
    private static String refusedCharacters(String allowed) {
        StringBuilder sb = new StringBuilder();
        for (char c : Dsn.RESERVED.toCharArray()) {
            if (allowed.indexOf(c) < 0) {
                sb.append(c);
            }
        }
        String others = allowed.indexOf(' ') >= 0
                ? "white space other than a space or a control character"
                : "white space or a control character";
        return sb.length() == 0 ? others : "one of " + sb + ", " + others;
    }

    /**
     * Refuses a value holding a control character, white space (a plain space only where
     * {@code allowed} holds one) or a {@link Dsn#RESERVED} character {@code allowed} does not hold.
     * The message names the part and the refused characters, never the value.
     */
    static void requirePlain(String driver, String what, String value, String allowed) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean refused = isControl(c)
                    || (isWhiteSpace(c) && !(c == ' ' && allowed.indexOf(' ') >= 0))
                    || (Dsn.RESERVED.indexOf(c) >= 0 && allowed.indexOf(c) < 0);
            if (refused) {
                throw DriverException.of(
                        ErrorKind.INVALID_ARGUMENT,
                        driver,
                        OP,
                        what + " holds a reserved character (" + refusedCharacters(allowed) + ")");
            }
        }
    }

    /**
     * The DSN's parameters and the configuration's options as one map, refusing a name given twice
     * (in both places, or in two spellings that differ only in case), an unknown name and a value
     * with a control character. Names are quoted in messages only when they are plain words.
     */
    static Map<String, String> options(
            String driver,
            Map<String, String> params,
            Optional<String> password,
            Map<String, String> configured,
            Set<String> known) {
        List<Map.Entry<String, String>> entries = new ArrayList<>(params.entrySet());
        entries.addAll(new TreeMap<>(configured).entrySet());
        Map<String, String> options = new LinkedHashMap<>();
        Map<String, String> byLowerCase = new HashMap<>();
        for (Map.Entry<String, String> e : entries) {
            String name = requireNonNull(e.getKey(), "option name");
            String earlier = byLowerCase.putIfAbsent(Ascii.lower(name), name);
            if (earlier != null) {
                throw DriverException.of(
                        ErrorKind.INVALID_ARGUMENT,
                        driver,
                        OP,
                        earlier.equals(name)
                                ? shown(password, name)
                                        .map(n -> "option " + n + " is given both in the DSN and in the options")
                                        .orElse("an option is given both in the DSN and in the options")
                                : shown(password, earlier)
                                                .flatMap(a ->
                                                        shown(password, name).map(b -> "options " + a + " and " + b))
                                                .orElse("two options")
                                        + " differ only in case");
            }
            options.put(name, requireNonNull(e.getValue(), "option value"));
        }
        for (String name : options.keySet()) {
            if (!known.contains(name)) {
                String list = known.isEmpty()
                        ? "this driver takes none"
                        : "known: " + String.join(", ", new TreeSet<>(known));
                throw DriverException.of(
                        ErrorKind.INVALID_ARGUMENT,
                        driver,
                        OP,
                        shown(password, name)
                                .map(n -> "unknown option " + n + " (" + list + ")")
                                .orElse("unknown option: its name holds a reserved character (" + list + ")"));
            }
        }
        for (Map.Entry<String, String> e : options.entrySet()) {
            requirePlain(driver, "option " + e.getKey(), e.getValue(), Dsn.RESERVED + " ");
        }
        return Collections.unmodifiableMap(options);
    }

    private static <T> T requireNonNull(T value, String what) {
        if (value == null) {
            throw new NullPointerException(what + " is null");
        }
        return value;
    }

    /** A name as a message may quote it: a plain word of at most 64 characters that does not hold the DSN's password. */
    private static Optional<String> shown(Optional<String> password, String name) {
        boolean plain = !name.isEmpty()
                && name.length() <= 64
                && hasOnlyNameCharacters(name)
                && password.filter(p -> !p.isEmpty() && name.contains(p)).isEmpty();
        return plain ? Optional.of(name) : Optional.empty();
    }

    static String encode(String s, String specials) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%' || c <= ' ' || c == '\u007f' || specials.indexOf(c) >= 0) {
                sb.append('%').append(HEX.charAt(c >> 4)).append(HEX.charAt(c & 15));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
