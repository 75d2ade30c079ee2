package dev.tobira.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.util.Optional;

/**
 * Where the benchmarks find their servers: {@code TOBIRA_TEST_<X>_URL} as the driver tests read it,
 * else the machine's own server. The benchmarks never use the tests' database: they create and fill
 * {@link #DATABASE} (PostgreSQL, MariaDB) or logical database {@link #REDIS_DB} (Redis), so a
 * conformance kit that fingerprints {@code test} never sees a million-row table.
 */
final class Servers {
    /** The database the SQL servers' benchmark data lives in. */
    static final String DATABASE = "tobira_bench";
    /** The Redis logical database of the benchmark keys (the Redis tests own 14 and 15). */
    static final int REDIS_DB = 11;

    private Servers() {}

    /** A server address and login, parsed from a DSN such as {@code postgres://postgres@127.0.0.1:5432/test}. */
    record Server(String kind, String host, int port, String user, String password, String database, String source) {
        /** Why the benchmarks cannot use it, or empty when something answers on its port. */
        Optional<String> absent() {
            return answers(host, port)
                    ? Optional.empty()
                    : Optional.of("no " + kind + " server answers at " + host + ":" + port + " (" + source + ")");
        }

        /** The same server's DSN for tobira, on the benchmark database. */
        String dsn(String scheme, String database) {
            String login = user.isEmpty() ? "" : user + (password.isEmpty() ? "" : ":" + password) + "@";
            return scheme + "://" + login + host + ":" + port + "/" + database;
        }
    }

    static Server postgres() {
        return find(
                "PostgreSQL", new String[] {"POSTGRES", "POSTGRESQL"}, "postgres://postgres@127.0.0.1:5432/test", 5432);
    }

    static Server mariadb() {
        return find("MariaDB", new String[] {"MYSQL", "MARIADB"}, "mysql://root@127.0.0.1:3306/test", 3306);
    }

    static Server mongodb() {
        return find("MongoDB", new String[] {"MONGODB"}, "mongodb://127.0.0.1:27017/test", 27017);
    }

    static Server redis() {
        return find("Redis", new String[] {"REDIS"}, "redis://127.0.0.1:6379/0", 6379);
    }

    /** A DynamoDB API endpoint: dynalite's own default port unless TOBIRA_TEST_DYNAMODB_URL names one. */
    static Server dynamodb() {
        return find("DynamoDB", new String[] {"DYNAMODB"}, "http://127.0.0.1:4567", 4567);
    }

    /** A Qdrant gRPC endpoint: the default port 6334 unless TOBIRA_TEST_QDRANT_URL names one ({@code qdrant://host:port}). */
    static Server qdrant() {
        return find("Qdrant", new String[] {"QDRANT"}, "qdrant://127.0.0.1:6334", 6334);
    }

    private static Server find(String kind, String[] names, String fallback, int defaultPort) {
        String url = fallback;
        String source = "the default; set TOBIRA_TEST_" + names[0] + "_URL to use another";
        for (String name : names) {
            String env = "TOBIRA_TEST_" + name + "_URL";
            String v = System.getenv(env);
            if (v != null && !v.isBlank()) {
                url = v.strip();
                source = "from " + env;
                break;
            }
        }
        URI u = URI.create(url);
        String host = u.getHost() == null ? "127.0.0.1" : u.getHost();
        int port = u.getPort() < 0 ? defaultPort : u.getPort();
        String info = u.getRawUserInfo() == null ? "" : u.getUserInfo();
        int colon = info.indexOf(':');
        String user = colon < 0 ? info : info.substring(0, colon);
        String password = colon < 0 ? "" : info.substring(colon + 1);
        String path = u.getPath() == null ? "" : u.getPath();
        String database = path.startsWith("/") ? path.substring(1) : path;
        return new Server(kind, host, port, user, password, database, source);
    }

    static boolean answers(String host, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
