package dev.tobira.driver.mongodb;

import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCredential;
import com.mongodb.ReadPreference;
import com.mongodb.ServerAddress;
import com.mongodb.connection.ClusterConnectionMode;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.Dsn;
import dev.tobira.spi.Redactor;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.bson.UuidRepresentation;

/**
 * Where and how to connect, from a DSN {@code mongodb://[user:password@]host[:port][/database][?options]}
 * or {@code mongodb+srv://…} and the configuration's password and options. The
 * {@link MongoClientSettings} are built from checked parts with their builders, never from a
 * connection string the vendor parses again: the host is a DNS name or an address (the DSN parser),
 * the user and database plain names ({@link Dsn.Url#requirePlainNames}), every option an enumeration
 * or a checked plain value.
 *
 * @param srv whether the host is an SRV record name ({@code mongodb+srv://})
 * @param host the host
 * @param port the port (unused for SRV)
 * @param database the default database: the DSN's path, else {@code test}
 * @param user the user, if any
 * @param password the password, empty for none
 * @param authSource the database that holds the user
 * @param authMechanism empty for the server's choice, else {@code SCRAM-SHA-1} or {@code SCRAM-SHA-256}
 * @param tls whether to use TLS
 * @param replicaSet the replica set name the servers must report, empty for none
 * @param direct whether to talk to the one host only, never discovering others
 * @param readPreference which members commands read from
 * @param connectTimeout how long connecting and finding a server may take
 * @param redactor masks the password in every message
 */
record Target(
        boolean srv,
        String host,
        int port,
        String database,
        Optional<String> user,
        String password,
        String authSource,
        String authMechanism,
        boolean tls,
        String replicaSet,
        boolean direct,
        ReadPreference readPreference,
        Duration connectTimeout,
        Redactor redactor) {
    static final int DEFAULT_PORT = 27017;
    static final String DEFAULT_DATABASE = "test";
    static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final Set<String> OPTIONS =
            Set.of("authSource", "authMechanism", "tls", "replicaSet", "directConnection", "readPreference");
    private static final Map<String, ReadPreference> READ_PREFERENCES = Map.of(
            "primary", ReadPreference.primary(),
            "primaryPreferred", ReadPreference.primaryPreferred(),
            "secondary", ReadPreference.secondary(),
            "secondaryPreferred", ReadPreference.secondaryPreferred(),
            "nearest", ReadPreference.nearest());

    static Target of(ConnConfig config) {
        Dsn.Url url = Dsn.parseUrl(MongoDriver.NAME, config.dsn()).requirePlainNames(MongoDriver.NAME);
        Redactor redactor = url.redactor(config.password());
        boolean srv;
        switch (url.scheme()) {
            case "mongodb":
                srv = false;
                break;
            case "mongodb+srv":
                srv = true;
                break;
            default:
                throw invalid("the scheme must be mongodb or mongodb+srv");
        }
        if (url.host().isEmpty()) {
            throw invalid("the DSN names no host");
        }
        if (srv && url.port().isPresent()) {
            throw invalid("a mongodb+srv DSN takes no port: the SRV record names them");
        }
        Map<String, String> options = url.options(MongoDriver.NAME, config.options(), OPTIONS);
        String database = url.database().isEmpty() ? DEFAULT_DATABASE : url.database();
        requireDatabaseName(database);
        Optional<String> user = url.user().filter(u -> !u.isEmpty());
        String password = !config.password().isEmpty()
                ? config.password().reveal()
                : url.password().orElse("");
        if (user.isPresent() && password.isEmpty()) {
            throw invalid("a user needs a password, in the DSN or the configuration");
        }
        if (user.isEmpty() && !password.isEmpty()) {
            throw invalid("a password needs a user");
        }
        String authSource = options.containsKey("authSource")
                ? Dsn.requireValue(MongoDriver.NAME, "authSource", options.get("authSource"), "")
                : url.database().isEmpty() ? "admin" : database;
        requireDatabaseName(authSource);
        String mechanism = options.getOrDefault("authMechanism", "");
        if (!Set.of("", "SCRAM-SHA-1", "SCRAM-SHA-256").contains(mechanism)) {
            throw invalid("authMechanism must be SCRAM-SHA-1 or SCRAM-SHA-256");
        }
        boolean tls = bool(options, "tls", srv);
        boolean direct = bool(options, "directConnection", false);
        if (srv && direct) {
            throw invalid("directConnection=true cannot be combined with mongodb+srv");
        }
        String replicaSet = options.containsKey("replicaSet")
                ? Dsn.requireValue(MongoDriver.NAME, "replicaSet", options.get("replicaSet"), "")
                : "";
        ReadPreference readPreference = ReadPreference.primary();
        if (options.containsKey("readPreference")) {
            readPreference = READ_PREFERENCES.get(options.get("readPreference"));
            if (readPreference == null) {
                throw invalid(
                        "readPreference must be primary, primaryPreferred, secondary, secondaryPreferred or nearest");
            }
        }
        Duration timeout = config.connectTimeout().orElse(DEFAULT_CONNECT_TIMEOUT);
        return new Target(
                srv,
                url.host(),
                url.port().orElse(DEFAULT_PORT),
                database,
                user,
                password,
                authSource,
                mechanism,
                tls,
                replicaSet,
                direct,
                readPreference,
                timeout,
                redactor);
    }

    /** The settings for the vendor client, each from a checked field. */
    MongoClientSettings settings() {
        long connectMillis = Math.max(1, connectTimeout.toMillis());
        MongoClientSettings.Builder b = MongoClientSettings.builder()
                .applicationName(MongoDriver.CLIENT_NAME)
                .retryWrites(false)
                .retryReads(false)
                .uuidRepresentation(UuidRepresentation.STANDARD)
                .readPreference(readPreference)
                .applyToClusterSettings(c -> {
                    if (srv) {
                        c.srvHost(host);
                    } else {
                        c.hosts(List.of(new ServerAddress(host, port)));
                    }
                    if (direct) {
                        c.mode(ClusterConnectionMode.SINGLE);
                    }
                    if (!replicaSet.isEmpty()) {
                        c.requiredReplicaSetName(replicaSet);
                    }
                    c.serverSelectionTimeout(connectMillis, TimeUnit.MILLISECONDS);
                })
                .applyToSocketSettings(
                        s -> s.connectTimeout(Math.min(Integer.MAX_VALUE, connectMillis), TimeUnit.MILLISECONDS))
                .applyToConnectionPoolSettings(p -> p.maxSize(8).maxWaitTime(connectMillis, TimeUnit.MILLISECONDS))
                .applyToSslSettings(s -> s.enabled(tls));
        if (user.isPresent()) {
            char[] secret = password.toCharArray();
            b.credential(
                    switch (authMechanism) {
                        case "SCRAM-SHA-1" -> MongoCredential.createScramSha1Credential(user.get(), authSource, secret);
                        case "SCRAM-SHA-256" ->
                            MongoCredential.createScramSha256Credential(user.get(), authSource, secret);
                        default -> MongoCredential.createCredential(user.get(), authSource, secret);
                    });
        }
        return b.build();
    }

    /** The address for messages: never the password. */
    String address() {
        String h = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        return srv ? "mongodb+srv://" + h : "mongodb://" + h + ":" + port;
    }

    @Override
    public String toString() {
        return "Target[" + address() + "/" + database + (user.isPresent() ? ", user=" + user.get() : "")
                + (password.isEmpty() ? "" : ", password=" + Redactor.MASK) + "]";
    }

    /**
     * MongoDB refuses these in database names itself; refusing them here keeps a name that is
     * really a path or a second part out of every message and request.
     */
    static void requireDatabaseName(String name) {
        for (int i = 0; i < name.length(); i++) {
            if ("/\\. \"$*<>:|?".indexOf(name.charAt(i)) >= 0 || Character.isISOControl(name.charAt(i))) {
                throw invalid("the database name holds a character MongoDB does not allow");
            }
        }
        if (name.length() > 63) {
            throw invalid("the database name is longer than 63 characters");
        }
    }

    private static boolean bool(Map<String, String> options, String name, boolean byDefault) {
        String v = options.get(name);
        if (v == null) {
            return byDefault;
        }
        return switch (v) {
            case "true" -> true;
            case "false" -> false;
            default -> throw invalid(name + " must be true or false");
        };
    }

    private static DriverException invalid(String detail) {
        return DriverException.of(ErrorKind.INVALID_ARGUMENT, MongoDriver.NAME, "open", detail);
    }
}
