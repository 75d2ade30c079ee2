package dev.tobira.driver.postgres;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.Dsn;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Where and how to connect, read from a configuration: the pgjdbc URL and its properties. Only the
 * DSN parameters {@link PostgresDriver} documents pass; every other pgjdbc option stays at a value
 * chosen here, because some of them (socket and SSL factories, logger files) load classes or write
 * files.
 *
 * <p>Every part is checked before it reaches pgjdbc. pgjdbc writes the user, the database,
 * {@code search_path} and {@code options} into the startup packet as NUL-terminated strings, and
 * the server reads every further name and value there as a setting, so a NUL (or any control
 * character) in one of them would start a setting of the DSN's choosing, such as
 * {@code default_transaction_read_only=off}. So: the host is a DNS name or an address (the
 * parser), user and database hold no reserved character ({@link Dsn.Url#requirePlainNames}),
 * each parameter value only what its syntax needs ({@link Dsn#requireValue}), and pgjdbc's
 * {@code options} property is set by this class alone, from no DSN part.
 *
 * @param url the pgjdbc URL, without credentials or options
 * @param properties the pgjdbc properties, the password included; never printed
 * @param dsnPassword the password the DSN held, if any, for the redactor
 */
record PgTarget(String url, Properties properties, String dsnPassword) {
    static final String DEFAULT_APPLICATION_NAME = "tobira";
    private static final int DEFAULT_PORT = 5432;
    private static final Set<String> SSL_MODES =
            Set.of("disable", "allow", "prefer", "require", "verify-ca", "verify-full");
    private static final Set<String> PARAMS =
            Set.of("sslmode", "sslrootcert", "application_name", "connect_timeout", "search_path");
    /** What each free-form value may hold of {@link Dsn#RESERVED}: a label spaces, a schema list commas, a path its separators. */
    private static final String LABEL_CHARACTERS = " ";

    private static final String LIST_CHARACTERS = ", ";
    private static final String PATH_CHARACTERS = "/\\: ";

    @Override
    public String toString() {
        return "PgTarget[" + url + "]";
    }

    static PgTarget of(ConnConfig config) {
        Dsn.Url dsn = Dsn.parseUrl(PostgresDialect.NAME, config.dsn()).requirePlainNames(PostgresDialect.NAME);
        if (!config.options().isEmpty()) {
            throw invalid("the postgres driver takes no options; put connection parameters in the DSN");
        }
        Map<String, String> params = dsn.options(PostgresDialect.NAME, Map.of(), PARAMS);
        // a Unix-domain socket's directory (a host with '/') the parser has refused already
        String host = dsn.host().isEmpty() ? "localhost" : dsn.host();
        String user = dsn.user().filter(u -> !u.isEmpty()).orElse(System.getProperty("user.name", "postgres"));
        String database = dsn.database().isEmpty() ? user : dsn.database();
        check("application_name", params, LABEL_CHARACTERS);
        check("search_path", params, LIST_CHARACTERS);
        check("sslrootcert", params, PATH_CHARACTERS);
        int port = dsn.port().orElse(DEFAULT_PORT);

        Properties p = new Properties();
        p.setProperty("user", user);
        String password = !config.password().isEmpty()
                ? config.password().reveal()
                : dsn.password().orElse("");
        if (!password.isEmpty()) {
            p.setProperty("password", password);
        }
        int timeout = connectSeconds(config.connectTimeout(), params.get("connect_timeout"));
        if (timeout > 0) {
            p.setProperty("connectTimeout", Integer.toString(timeout));
            p.setProperty("loginTimeout", Integer.toString(timeout));
        }
        p.setProperty("ApplicationName", params.getOrDefault("application_name", DEFAULT_APPLICATION_NAME));
        String sslmode = params.getOrDefault("sslmode", "prefer").toLowerCase(Locale.ROOT);
        if (!SSL_MODES.contains(sslmode)) {
            throw invalid("sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full");
        }
        p.setProperty("sslmode", sslmode);
        if (params.containsKey("sslrootcert")) {
            p.setProperty("sslrootcert", params.get("sslrootcert"));
        }
        if (params.containsKey("search_path")) {
            p.setProperty("currentSchema", params.get("search_path"));
        }
        // one protocol, every statement prepared: the server parses each statement on its own
        p.setProperty("preferQueryMode", "extendedForPrepared");
        p.setProperty("tcpKeepAlive", "true");
        p.setProperty("socketTimeout", "0");
        // setReadOnly(true) makes pgjdbc begin a guarded call's transaction READ ONLY, on every connection
        p.setProperty("readOnlyMode", "transaction");
        if (config.readOnly()) {
            // a second layer under the per-call READ ONLY transaction: the session's default too
            p.setProperty("readOnly", "true");
            p.setProperty("options", "-c default_transaction_read_only=on");
        }
        String hostPart = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        return new PgTarget(
                "jdbc:postgresql://" + hostPart + ":" + port + "/" + urlEncode(database),
                p,
                dsn.password().orElse(""));
    }

    private static void check(String name, Map<String, String> params, String allowed) {
        if (params.containsKey(name)) {
            Dsn.requireValue(PostgresDialect.NAME, name, params.get(name), allowed);
        }
    }

    /** The configuration's connect timeout, else the DSN's {@code connect_timeout}, else the default; the DSN's is checked either way. */
    private static int connectSeconds(Optional<Duration> configured, @Nullable String fromDsn) {
        int dsnSeconds = -1;
        if (fromDsn != null) {
            try {
                // digits only: no sign, no white space for parseInt to forgive
                dsnSeconds = fromDsn.chars().allMatch(c -> c >= '0' && c <= '9') ? Integer.parseInt(fromDsn) : -1;
            } catch (NumberFormatException e) {
                dsnSeconds = -1;
            }
            if (dsnSeconds < 0) {
                throw invalid("connect_timeout must be a whole number of seconds");
            }
        }
        if (configured.isPresent()) {
            return (int)
                    Math.max(1, Math.min(Integer.MAX_VALUE, (configured.get().toMillis() + 999) / 1000));
        }
        return dsnSeconds >= 0 ? dsnSeconds : (int) ConnConfig.DEFAULT_CONNECT_TIMEOUT.toSeconds();
    }

    private static String urlEncode(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8)
                .replace("+", "%20");
    }

    static DriverException invalid(String detail) {
        return DriverException.of(ErrorKind.INVALID_ARGUMENT, PostgresDialect.NAME, "open", detail);
    }
}
