package dev.tobira.drivertest;

import dev.tobira.spi.Dsn;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Hostile spellings of a fixture's own read-only DSN, for the DSN attacks. Each is a DSN a caller
 * could hand over: a reserved character percent-encoded into a part (a driver that decodes the part
 * and pastes it into a URL its vendor client parses again gives that character its meaning back),
 * an option the driver does not know, an option given twice, a whole URL smuggled inside the host,
 * a password to keep out of messages; for a DSN that names a file, the vendor's own URI and option
 * syntax appended to the path.
 */
final class HostileDsns {
    private HostileDsns() {}

    /** The characters that end or split a part of a URL for some parser, each put into every part. */
    static final String RESERVED = DsnCharacters.RESERVED;

    /**
     * Follows every character put into a host, user or path: a run of 70 letters, longer than the 63
     * a DNS label may hold. Whatever host name a confused parser cuts out of the part (the text
     * after an {@code @}, a comma-separated second host), it either is the fixture's own loopback
     * address or has a label that no resolver (glibc's, the JDK's, Netty's) sends a query for, so a
     * hostile DSN reaches this machine and nothing else.
     */
    static final String LONG_LABEL = "tobira" + "x".repeat(64);

    /** A password the kit puts in a DSN, which no message may then hold. */
    static final String SECRET = "tobira-kit-secret";

    /**
     * One hostile DSN.
     *
     * @param name what it tries, for the test name and the report
     * @param dsn the DSN
     * @param options configuration options added to the fixture's own
     * @param shown the DSN as the report shows it: passwords masked, {@link #LONG_LABEL} abbreviated
     * @param secrets the passwords it carries, which no message may hold
     */
    record Hostile(String name, String dsn, Map<String, String> options, String shown, List<String> secrets) {}

    /**
     * Returns the hostile spellings of a DSN, the DSN itself rebuilt from its parts first.
     *
     * @throws dev.tobira.api.DriverException if the DSN does not parse
     */
    static List<Hostile> of(String driver, String dsn) {
        Dsn parsed = Dsn.parse(driver, dsn);
        return parsed instanceof Dsn.Url url ? url(url) : opaque((Dsn.Opaque) parsed);
    }

    // ---------------------------------------------------------------- scheme://user:password@host:port/path?options

    private static List<Hostile> url(Dsn.Url url) {
        List<String> own =
                url.password().filter(p -> p.length() >= 4).map(List::of).orElse(List.of());
        String hostLiteral = url.host().indexOf(':') >= 0 ? "[" + url.host() + "]" : url.host();
        String port = url.port().isPresent() ? ":" + url.port().getAsInt() : "";
        List<String[]> params = new ArrayList<>();
        url.params().forEach((k, v) -> params.add(new String[] {encode(k), encode(v)}));
        Parts base = new Parts(
                url.scheme(),
                url.user().map(HostileDsns::encode).orElse(null),
                url.password().map(HostileDsns::encode).orElse(null),
                url.host().indexOf(':') >= 0 ? hostLiteral : encode(url.host()),
                port,
                encodePath(url.path()),
                params);
        String user = base.user == null ? "tobira" : base.user;
        String path = base.path.length() <= 1 ? "/tobira" : base.path;

        List<Hostile> out = new ArrayList<>();
        Adder add = (name, parts, options, secrets) ->
                out.add(new Hostile(name, parts.render(), options, shown(parts.shown()), concat(own, secrets)));
        add.add("the fixture's own DSN, rebuilt from its parts", base, Map.of(), List.of());
        for (int i = 0; i < RESERVED.length(); i++) {
            char c = RESERVED.charAt(i);
            String hostile = encode(String.valueOf(c)) + LONG_LABEL;
            String which = describe(c);
            add.add("host holds " + which, base.withHost(base.host + hostile), Map.of(), List.of());
            add.add("user holds " + which, base.withUser(user + hostile), Map.of(), List.of());
            add.add("database holds " + which, base.withPath(path + hostile), Map.of(), List.of());
            add.add(
                    "option name holds " + which,
                    base.plus("tobira" + encode(String.valueOf(c)) + "allowMultiQueries", "true"),
                    Map.of(),
                    List.of());
        }
        for (Map.Entry<String, String> o : UNKNOWN_OPTIONS.entrySet()) {
            add.add(
                    "unknown option " + o.getKey() + "=" + o.getValue(),
                    base.plus(encode(o.getKey()), encode(o.getValue())),
                    Map.of(),
                    List.of());
            add.add(
                    "unknown configuration option " + o.getKey() + "=" + o.getValue(),
                    base,
                    Map.of(o.getKey(), o.getValue()),
                    List.of());
        }
        for (Map.Entry<String, String> o : url.params().entrySet()) {
            String key = encode(o.getKey());
            String value = encode(o.getValue());
            add.add("option " + o.getKey() + " twice", base.plus(key, value), Map.of(), List.of());
            add.add(
                    "option " + o.getKey() + " twice, the second in upper case",
                    base.plus(key.toUpperCase(Locale.ROOT), value),
                    Map.of(),
                    List.of());
        }
        add.add("option mode twice, ro then rw", base.plus("mode", "ro").plus("mode", "rw"), Map.of(), List.of());
        add.add("option mode twice, ro then MODE=rw", base.plus("mode", "ro").plus("MODE", "rw"), Map.of(), List.of());

        String database = url.database().isEmpty() ? "tobira" : url.database();
        String tail = "?allowMultiQueries=true&x=" + LONG_LABEL;
        add.add(
                "host smuggles a path and an option",
                base.withHost(encode(hostLiteral + "/" + database + tail)),
                Map.of(),
                List.of());
        add.add(
                "host smuggles an option",
                base.withHost(encode(hostLiteral + "?mode=rw&x=" + LONG_LABEL)),
                Map.of(),
                List.of());
        add.add(
                "host smuggles a port, a path and a server setting",
                base.withHost(encode(hostLiteral + port + "/" + database
                        + "?options=-c%20default_transaction_read_only%3Doff&x=" + LONG_LABEL)),
                Map.of(),
                List.of());
        add.add(
                "host smuggles a path and an option, encoded twice",
                base.withHost(encode(encode(hostLiteral + "/" + database + tail))),
                Map.of(),
                List.of());
        add.add(
                "user smuggles a host, a path and an option",
                base.withUser(encode(url.user().orElse("tobira") + "@" + hostLiteral + port + "/" + database + tail)),
                Map.of(),
                List.of());
        add.add("database smuggles an option", base.withPath("/" + encode(database + tail)), Map.of(), List.of());

        String userOrEmpty = base.user == null ? "" : base.user;
        add.add(
                "a password in the DSN",
                base.withUser(userOrEmpty).withPassword(encode(SECRET)),
                Map.of(),
                List.of(SECRET));
        add.add(
                "a password holding reserved characters",
                base.withUser(userOrEmpty).withPassword(encode(SECRET + "@" + LONG_LABEL + ":/?#&")),
                Map.of(),
                List.of(SECRET));
        return out;
    }

    /** Options that would weaken a connection for some vendor client, if a driver passed them on. */
    private static final Map<String, String> UNKNOWN_OPTIONS = unknownOptions();

    private static Map<String, String> unknownOptions() {
        Map<String, String> o = new LinkedHashMap<>();
        o.put("allowMultiQueries", "true");
        o.put("initSql", "delete from orders");
        o.put("sessionVariables", "transaction_read_only=0");
        o.put("options", "-c default_transaction_read_only=off");
        o.put("mode", "rw");
        o.put("readOnly", "false");
        o.put("access_mode", "READ_WRITE");
        o.put("default_transaction_read_only", "off");
        return o;
    }

    /** A URL DSN in parts, each as written (percent-encoded), so a mutation can put any text in any part. */
    private record Parts(
            String scheme,
            @Nullable String user,
            @Nullable String password,
            String host,
            String port,
            String path,
            List<String[]> params) {
        Parts withUser(String u) {
            return new Parts(scheme, u, password, host, port, path, params);
        }

        Parts withPassword(String p) {
            return new Parts(scheme, user, p, host, port, path, params);
        }

        Parts withHost(String h) {
            return new Parts(scheme, user, password, h, port, path, params);
        }

        Parts withPath(String p) {
            return new Parts(scheme, user, password, host, port, p, params);
        }

        Parts plus(String key, String value) {
            List<String[]> more = new ArrayList<>(params);
            more.add(new String[] {key, value});
            return new Parts(scheme, user, password, host, port, path, more);
        }

        String render() {
            return render(password);
        }

        String shown() {
            return render(password == null ? null : "[redacted]");
        }

        private String render(@Nullable String pass) {
            StringBuilder sb = new StringBuilder(scheme).append("://");
            if (user != null || pass != null) {
                sb.append(user == null ? "" : user);
                if (pass != null) {
                    sb.append(':').append(pass);
                }
                sb.append('@');
            }
            sb.append(host).append(port).append(path);
            char sep = '?';
            for (String[] p : params) {
                sb.append(sep).append(p[0]).append('=').append(p[1]);
                sep = '&';
            }
            return sb.toString();
        }
    }

    @FunctionalInterface
    private interface Adder {
        void add(String name, Parts parts, Map<String, String> options, List<String> secrets);
    }

    // ---------------------------------------------------------------- scheme:body

    private static List<Hostile> opaque(Dsn.Opaque dsn) {
        String s = dsn.scheme() + ":";
        String body = dsn.body();
        List<Hostile> out = new ArrayList<>();
        Map<String, String> forms = new LinkedHashMap<>();
        forms.put("the fixture's own DSN", s + body);
        forms.put("a ?mode=rw query", s + body + "?mode=rw");
        forms.put("an encoded ?mode=rw query", s + body + "%3Fmode%3Drw");
        forms.put("a ;access_mode=READ_WRITE option", s + body + ";access_mode=READ_WRITE");
        forms.put("an encoded ;access_mode=READ_WRITE option", s + body + "%3Baccess_mode%3DREAD_WRITE");
        forms.put("a file: URI", s + "file:" + body);
        forms.put("a file: URI with ?mode=rw", s + "file:" + body + "?mode=rw");
        forms.put("a NUL, then ?mode=rw", s + body + "\0?mode=rw");
        if (body.startsWith("/")) {
            forms.put("the empty-host form with ?mode=rw", s + "//" + body + "?mode=rw");
        }
        forms.forEach((name, text) -> out.add(new Hostile(name, text, Map.of(), shown(text), List.of())));
        out.add(new Hostile(
                "configuration option mode=rw", s + body, Map.of("mode", "rw"), shown(s + body), List.of()));
        out.add(new Hostile(
                "configuration option access_mode=READ_WRITE",
                s + body,
                Map.of("access_mode", "READ_WRITE"),
                shown(s + body),
                List.of()));
        return out;
    }

    // ---------------------------------------------------------------- helpers

    /** Percent-encodes everything but the unreserved characters of RFC 3986, as UTF-8. */
    static String encode(String s) {
        StringBuilder sb = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '-'
                    || c == '.'
                    || c == '_'
                    || c == '~') {
                sb.append((char) c);
            } else {
                sb.append('%')
                        .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return sb.toString();
    }

    private static String encodePath(String path) {
        StringBuilder sb = new StringBuilder();
        String[] segments = path.split("/", -1);
        for (int i = 0; i < segments.length; i++) {
            if (i > 0) {
                sb.append('/');
            }
            sb.append(encode(segments[i]));
        }
        return sb.toString();
    }

    private static String describe(char c) {
        return switch (c) {
            case ' ' -> "a space";
            case '\n' -> "a line feed";
            case '\0' -> "a NUL";
            case '\r' -> "a carriage return";
            case '\t' -> "a tab";
            default -> "'" + c + "'";
        };
    }

    /** For test names and the report: the long label abbreviated, control characters escaped. */
    private static String shown(String dsn) {
        return dsn.replace(LONG_LABEL, "{long-label}")
                .replace("\0", "\\0")
                .replace("\n", "\\n")
                .replace("\r", "\\r");
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
