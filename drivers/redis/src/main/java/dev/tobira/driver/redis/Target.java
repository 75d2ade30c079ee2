package dev.tobira.driver.redis;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.Dsn;
import dev.tobira.spi.Redactor;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslVerifyMode;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where and how to connect, from a DSN {@code redis://[user:password@]host:port/db} or
 * {@code rediss://…} (TLS) and the configuration's password and options. The {@link RedisURI} is
 * built from the checked parts, never parsed from a string: the host is a DNS name or an address
 * (the parser), the user a plain name ({@link Dsn.Url#requirePlainNames}), the path a database
 * number, and the one option an enumeration.
 *
 * @param host the host
 * @param port the port
 * @param tls whether to use TLS
 * @param db the default logical database
 * @param user the ACL user, if any
 * @param password the password, empty for none
 * @param verifyPeer how TLS checks the server: full, ca or none
 * @param connectTimeout how long connecting may take
 * @param redactor masks the password in every message
 */
record Target(
        String host,
        int port,
        boolean tls,
        int db,
        Optional<String> user,
        String password,
        String verifyPeer,
        Duration connectTimeout,
        Redactor redactor) {
    static final int DEFAULT_PORT = 6379;
    static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final Set<String> OPTIONS = Set.of("verifyPeer");

    static Target of(ConnConfig config) {
        Dsn.Url url = Dsn.parseUrl(RedisDriver.NAME, config.dsn()).requirePlainNames(RedisDriver.NAME);
        Redactor redactor = url.redactor(config.password());
        boolean tls;
        switch (url.scheme()) {
            case "redis":
                tls = false;
                break;
            case "rediss":
                tls = true;
                break;
            default:
                throw invalid("the scheme must be redis or rediss");
        }
        String host = url.host().isEmpty() ? "127.0.0.1" : url.host();
        int port = url.port().orElse(DEFAULT_PORT);
        int db = 0;
        String database = url.database();
        if (!database.isEmpty()) {
            db = parseDb(database).orElseThrow(() -> invalid("the path must be a logical database number, such as /0"));
        }
        Map<String, String> options = url.options(RedisDriver.NAME, config.options(), OPTIONS);
        String verify = options.getOrDefault("verifyPeer", "full").toLowerCase(Locale.ROOT);
        if (!Set.of("full", "ca", "none").contains(verify)) {
            throw invalid("verifyPeer must be full, ca or none");
        }
        String password = !config.password().isEmpty()
                ? config.password().reveal()
                : url.password().orElse("");
        Optional<String> user = url.user().filter(u -> !u.isEmpty());
        Duration timeout = config.connectTimeout().orElse(DEFAULT_CONNECT_TIMEOUT);
        return new Target(host, port, tls, db, user, password, verify, timeout, redactor);
    }

    static Optional<Integer> parseDb(String s) {
        if (s.isEmpty() || s.length() > 9) {
            return Optional.empty();
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return Optional.empty();
            }
        }
        return Optional.of(Integer.parseInt(s));
    }

    RedisURI uri() {
        RedisURI.Builder b = RedisURI.builder()
                .withHost(host)
                .withPort(port)
                .withDatabase(db)
                .withSsl(tls)
                .withClientName(RedisDriver.CLIENT_NAME)
                .withTimeout(connectTimeout);
        if (tls) {
            b.withVerifyPeer(
                    verifyPeer.equals("none")
                            ? SslVerifyMode.NONE
                            : verifyPeer.equals("ca") ? SslVerifyMode.CA : SslVerifyMode.FULL);
        }
        if (!password.isEmpty()) {
            if (user.isPresent()) {
                b.withAuthentication(user.get(), password.toCharArray());
            } else {
                b.withPassword(password.toCharArray());
            }
        }
        return b.build();
    }

    /** The address for messages: never the password. */
    String address() {
        return (tls ? "rediss://" : "redis://") + (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    @Override
    public String toString() {
        return "Target[" + address() + "/" + db + (user.isPresent() ? ", user=" + user.get() : "")
                + (password.isEmpty() ? "" : ", password=" + Redactor.MASK) + "]";
    }

    private static DriverException invalid(String detail) {
        return DriverException.of(ErrorKind.INVALID_ARGUMENT, RedisDriver.NAME, "open", detail);
    }
}
