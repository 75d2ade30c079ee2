package dev.tobira.driver.postgres;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.Dsn;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * Where and how to connect, read from a configuration: the pgjdbc URL and its properties. Only the
 * DSN parameters {@link PostgresDriver} documents pass; every other pgjdbc option stays at a value
 * chosen here, because some of them (socket and SSL factories, logger files) load classes or write
 * files.
 *
 * @param url the pgjdbc URL, without credentials or options
 * @param properties the pgjdbc properties, the password included; never printed
 * @param dsnPassword the password the DSN held, if any, for the redactor
 */
record PgTarget(String url, Properties properties, String dsnPassword) {
    static final String DEFAULT_APPLICATION_NAME = "tobira";
    private static final int DEFAULT_PORT = 5432;
    private static final Set<String> SSL_MODES = Set.of("disable", "allow", "prefer", "require", "verify-ca", "verify-full");
    private static final List<String> PARAMS = List.of("sslmode", "sslrootcert", "application_name", "connect_timeout",
            "search_path");

    @Override
    public String toString() {
        return "PgTarget[" + url + "]";
    }

    static PgTarget of(ConnConfig config) {
        Dsn.Url dsn = Dsn.parseUrl(PostgresDialect.NAME, config.dsn());
        if (!config.options().isEmpty()) {
            throw invalid("the postgres driver takes no options (" + String.join(", ", config.options().keySet())
                    + "); put connection parameters in the DSN");
        }
        for (String key : dsn.params().keySet()) {
            if (!PARAMS.contains(key)) {
                throw invalid("unknown DSN parameter " + key + " (known: " + String.join(", ", PARAMS) + ")");
            }
        }
        Map<String, String> params = dsn.params();
        String host = dsn.host().isEmpty() ? "localhost" : dsn.host();
        if (host.indexOf('/') >= 0) {
            throw invalid("Unix-domain sockets are not supported; name a host such as 127.0.0.1");
        }
        String user = dsn.user().filter(u -> !u.isEmpty()).orElse(System.getProperty("user.name", "postgres"));
        String database = dsn.database().isEmpty() ? user : dsn.database();
        if (database.indexOf('/') >= 0 || database.indexOf('?') >= 0) {
            throw invalid("the database name holds a '/' or '?'");
        }
        int port = dsn.port().orElse(DEFAULT_PORT);

        Properties p = new Properties();
        p.setProperty("user", user);
        String password = !config.password().isEmpty() ? config.password().reveal() : dsn.password().orElse("");
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
        if (config.readOnly()) {
            // a second layer under the per-call READ ONLY transaction: the session's default too
            p.setProperty("readOnly", "true");
            p.setProperty("readOnlyMode", "transaction");
            p.setProperty("options", "-c default_transaction_read_only=on");
        }
        String hostPart = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        return new PgTarget("jdbc:postgresql://" + hostPart + ":" + port + "/" + urlEncode(database), p,
                dsn.password().orElse(""));
    }

    /** The configuration's connect timeout, else the DSN's {@code connect_timeout}, else the default; the DSN's is checked either way. */
    private static int connectSeconds(Duration configured, String fromDsn) {
        int dsnSeconds = -1;
        if (fromDsn != null) {
            try {
                dsnSeconds = Integer.parseInt(fromDsn.trim());
            } catch (NumberFormatException e) {
                dsnSeconds = -1;
            }
            if (dsnSeconds < 0) {
                throw invalid("connect_timeout must be a whole number of seconds");
            }
        }
        if (!configured.isZero()) {
            return (int) Math.max(1, Math.min(Integer.MAX_VALUE, (configured.toMillis() + 999) / 1000));
        }
        return dsnSeconds >= 0 ? dsnSeconds : (int) ConnConfig.DEFAULT_CONNECT_TIMEOUT.toSeconds();
    }

    private static String urlEncode(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
    }

    static DriverException invalid(String detail) {
        return DriverException.of(ErrorKind.INVALID_ARGUMENT, PostgresDialect.NAME, "open", detail);
    }
}
