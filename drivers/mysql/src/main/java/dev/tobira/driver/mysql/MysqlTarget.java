package dev.tobira.driver.mysql;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.Dsn;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Where and how to connect, read from a {@link ConnConfig}: {@code mysql://user[:pass]@host[:port][/db]}
 * or {@code mariadb://…}, the password from {@link ConnConfig#password()} when set, else from the
 * DSN. Only the options the README lists reach Connector/J; its own URL options never do, so no
 * DSN can turn on multi-statements, local infile or a redirect.
 *
 * <p>The Connector/J URL is built from checked parts only: the host (a DNS name or an address,
 * checked by the parser), the port (a number) and a database that is a plain word; everything
 * else goes in {@link Properties}, whose values Connector/J never parses as URL options. User and
 * database hold no reserved character ({@link Dsn.Url#requirePlainNames}), so neither can end the
 * host, start a query string or end a field of the handshake packet.
 *
 * @param host the host name or address
 * @param port the port
 * @param database the default database, empty for none
 * @param user the user name
 * @param password the password, empty for none
 * @param options the recognised options, by name
 */
record MysqlTarget(String host, int port, String database, String user, String password, Map<String, String> options) {
    static final int DEFAULT_PORT = 3306;
    static final Set<String> OPTIONS = Set.of("sslMode", "serverSslCert");
    private static final Set<String> SSL_MODES = Set.of("disable", "trust", "verify-ca", "verify-full");
    /** Names that can go into the JDBC URL's path as they are; any other is selected with USE after connecting. */
    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z0-9_$]+");
    /** What a file path (serverSslCert) may hold of {@link Dsn#RESERVED}: separators, a drive letter's colon, spaces. */
    private static final String PATH_CHARACTERS = "/\\: ";
    /**
     * Authentication plugins that never send the password in clear text; {@code mysql_clear_password}
     * and {@code dialog} (PAM) would, on a connection that may have no TLS.
     */
    private static final String SAFE_AUTH =
            "mysql_native_password,caching_sha2_password,sha256_password,client_ed25519";

    static MysqlTarget of(String driver, ConnConfig config) {
        Dsn.Url url = Dsn.parseUrl(driver, config.dsn()).requirePlainNames(driver);
        if (url.host().isEmpty()) {
            throw invalid(driver, "the DSN names no host; use mysql://user[:password]@host:port/database");
        }
        String user = url.user().orElse("");
        if (user.isEmpty()) {
            throw invalid(driver, "the DSN names no user; use mysql://user[:password]@host:port/database");
        }
        String database = url.database();
        Map<String, String> options = url.options(driver, config.options(), OPTIONS);
        String sslMode = options.get("sslMode");
        if (sslMode != null && !SSL_MODES.contains(sslMode.toLowerCase(Locale.ROOT))) {
            throw invalid(driver, "option sslMode must be one of disable, trust, verify-ca, verify-full");
        }
        if (options.containsKey("serverSslCert")) {
            Dsn.requireValue(driver, "serverSslCert", options.get("serverSslCert"), PATH_CHARACTERS);
        }
        String password = config.password().isEmpty()
                ? url.password().orElse("")
                : config.password().reveal();
        return new MysqlTarget(
                url.host(), url.port().orElse(DEFAULT_PORT), database, user, password, Map.copyOf(options));
    }

    private static DriverException invalid(String driver, String detail) {
        return DriverException.of(ErrorKind.INVALID_ARGUMENT, driver, "open", detail);
    }

    private static final Pattern LOOPBACK_V4 = Pattern.compile("127(\\.(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])){3}");

    /** Whether the host is this machine, where TLS protects nothing and the server's key may be fetched. */
    boolean loopback() {
        String h = host.toLowerCase(Locale.ROOT);
        // an IPv4 literal of 127/8, never a name such as 127.example.com
        return h.equals("localhost")
                || LOOPBACK_V4.matcher(h).matches()
                || h.equals("::1")
                || h.equals("0:0:0:0:0:0:0:1");
    }

    /** Whether the database goes into the URL; otherwise it is selected with USE once connected. */
    boolean databaseInUrl() {
        return !database.isEmpty() && PLAIN_NAME.matcher(database).matches();
    }

    String jdbcUrl() {
        String h = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        return "jdbc:mariadb://" + h + ":" + port + "/" + (databaseInUrl() ? database : "");
    }

    Properties properties(long connectTimeoutMillis) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("user", user);
        if (!password.isEmpty()) {
            p.put("password", password);
        }
        String sslMode = options.getOrDefault("sslMode", "disable").toLowerCase(Locale.ROOT);
        p.put("sslMode", sslMode);
        if (options.containsKey("serverSslCert")) {
            p.put("serverSslCert", options.get("serverSslCert"));
        }
        // MySQL 8's caching_sha2_password over a plain socket needs the server's RSA key; only safe on loopback
        p.put("allowPublicKeyRetrieval", Boolean.toString(loopback() && sslMode.equals("disable")));
        p.put("restrictedAuth", SAFE_AUTH);
        p.put("connectTimeout", Long.toString(Math.min(Integer.MAX_VALUE, connectTimeoutMillis)));
        p.put("allowMultiQueries", "false");
        p.put("allowLocalInfile", "false");
        p.put("permitRedirect", "false");
        p.put("useServerPrepStmts", "false");
        p.put("dumpQueriesOnException", "false");
        p.put("yearIsDateType", "false");
        p.put("tinyInt1isBit", "true");
        p.put("useCatalogTerm", "CATALOG");
        Properties props = new Properties();
        props.putAll(p);
        return props;
    }

    @Override
    public String toString() {
        return "MysqlTarget[" + host + ":" + port + "/" + database + ", user=" + user
                + (password.isEmpty() ? "" : ", password=[redacted]") + ", options=" + options.keySet() + "]";
    }
}
