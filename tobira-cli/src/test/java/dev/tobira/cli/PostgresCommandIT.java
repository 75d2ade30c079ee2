package dev.tobira.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command against PostgreSQL, as a process, in a database of the test's own: the formats
 * byte for byte (the same bytes as SQLite's), the refused write, Ctrl-C cancelling on the server,
 * and a million rows exported under {@code -Xmx64m}.
 */
class PostgresCommandIT {
    static Servers.Address pg;
    static String db;

    @TempDir
    Path dir;

    Tobira tobira;

    @BeforeAll
    static void database() throws Exception {
        pg = Servers.postgres();
        db = "tobira_cli_" + ProcessHandle.current().pid() + "_" + Long.toHexString(System.nanoTime() & 0xffffff);
        try (Connection c = admin();
                Statement st = c.createStatement()) {
            st.execute("create database " + db);
        }
        Shop.seed(jdbc(db), pg.user());
    }

    @AfterAll
    static void drop() throws Exception {
        if (db != null) {
            try (Connection c = admin();
                    Statement st = c.createStatement()) {
                st.execute("drop database if exists " + db + " with (force)");
            }
        }
    }

    private static Connection admin() throws Exception {
        return DriverManager.getConnection(jdbc("postgres"), pg.user(), null);
    }

    private static String jdbc(String database) {
        return "jdbc:postgresql://" + pg.host() + ":" + pg.port() + "/" + database;
    }

    private static String dsn() {
        return "postgres://" + pg.user() + "@" + pg.host() + ":" + pg.port() + "/" + db;
    }

    @BeforeEach
    void config() throws Exception {
        tobira = new Tobira(dir);
        tobira.config("""
                connections:
                  - name: shop
                    driver: postgres
                    dsn: %s
                    read_only: true
                """.formatted(dsn()));
    }

    @Test
    void theFormatsAreTheBytesSqliteWrites() throws Exception {
        assertEquals(
                Expected.US_JSON,
                tobira.run("query", "shop", Shop.US + " order by id").outStable());
        assertEquals(
                Expected.US_TABLE,
                tobira.run("query", "shop", Shop.US + " order by id", "--format", "table")
                        .outStable());
        assertEquals(
                Expected.CUSTOMERS_CSV,
                tobira.run("query", "shop", Expected.CUSTOMERS_QUERY, "--format", "csv")
                        .out());
        assertEquals(
                Expected.CUSTOMERS_NDJSON,
                tobira.run("query", "shop", Expected.CUSTOMERS_QUERY, "--format", "ndjson")
                        .out());
    }

    @Test
    void aWriteOnTheReadOnlyConnectionExits4() throws Exception {
        Tobira.Run r = tobira.run("query", "shop", "delete from orders where status = 'refunded'");
        assertEquals(4, r.exit(), r.err());
        assertTrue(
                r.err().startsWith("error: postgres: query: ") && r.err().endsWith(": read-only violation\n"), r.err());
        assertEquals(
                "n\n7\n",
                tobira.run("query", "shop", "select count(*) as n from orders", "--format", "csv")
                        .out());
    }

    /** Issue 29: a data error (SQLState 22, ErrorKind.DATA) is a query error, exit 3, not usage. */
    @Test
    void aDivisionByZeroExits3() throws Exception {
        Tobira.Run r = tobira.run("query", "shop", "select 1/0 as x");
        assertEquals(3, r.exit(), r.err());
        assertTrue(r.err().startsWith("error: postgres: query: ") && r.err().contains("division by zero"), r.err());
    }

    @Test
    void ctrlCCancelsTheQueryOnTheServerAndExits130() throws Exception {
        Process p = tobira.start("query", "shop", "select pg_sleep(60) as slept");
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (sleeping() == 0) {
            assertTrue(System.nanoTime() < deadline, "the query never started");
            Thread.sleep(100);
        }
        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
        assertTrue(p.waitFor(20, java.util.concurrent.TimeUnit.SECONDS), "the command ended");
        assertEquals(130, p.exitValue());
        deadline = System.nanoTime() + 10_000_000_000L;
        while (sleeping() > 0) {
            assertTrue(System.nanoTime() < deadline, "the server still runs the cancelled query");
            Thread.sleep(100);
        }
    }

    /** The pg_sleep calls running in this test's database. */
    private static int sleeping() throws Exception {
        try (Connection c = admin();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("select count(*) from pg_stat_activity where datname = '" + db
                        + "' and state = 'active' and query like '%pg_sleep(60)%' and pid <> pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Test
    void aMillionRowsExportedUnder64Megabytes() throws Exception {
        tobira.jvm.add("-Xmx64m");
        Path out = dir.resolve("million.csv");
        Tobira.Run r = tobira.run(
                "query",
                "shop",
                "select i as id, 'customer ' || i as name from generate_series(1, 1000000) i",
                "--format",
                "csv",
                "--output",
                out.toString());
        assertEquals(0, r.exit(), r.err());
        try (Stream<String> lines = Files.lines(out)) {
            assertEquals(1_000_001, lines.count());
        }
        try (Stream<String> lines = Files.lines(out)) {
            assertEquals(
                    "id,name|1,customer 1|2,customer 2",
                    String.join("|", lines.limit(3).toList()));
        }
    }
}
