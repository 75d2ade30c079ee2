package dev.tobira.spi;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/** Parses {@link Dsn}s; its messages describe the problem and never quote the DSN. */
final class DsnParser {
    private static final String OP = "open";
    private static final String HEX = "0123456789ABCDEF";

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
                throw invalid("an IPv6 host lacks its closing ]");
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

    private static boolean isIpv6(String host) {
        int zone = host.indexOf('%');
        String address = zone >= 0 ? host.substring(0, zone) : host;
        if (address.indexOf(':') < 0 || (zone >= 0 && zone == host.length() - 1)) {
            return false;
        }
        for (int i = 0; i < address.length(); i++) {
            char c = address.charAt(i);
            if (!(Ascii.isHexDigit(c) || c == ':' || c == '.')) {
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
                if (i + 2 >= s.length() || !Ascii.isHexDigit(s.charAt(i + 1))
                        || !Ascii.isHexDigit(s.charAt(i + 2))) {
                    throw invalid("the " + part + " holds a malformed percent-encoding");
                }
                bytes.write(Character.digit(s.charAt(i + 1), 16) * 16 + Character.digit(s.charAt(i + 2), 16));
                i += 2;
            } else {
                int len = 1;
                if (Character.isSurrogate(c)) {
                    if (!Character.isHighSurrogate(c) || i + 1 >= s.length()
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
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            throw invalid("the " + part + " is not UTF-8 once percent-decoded");
        }
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
