package dev.tobira.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command against SQLite, as a process: the README's walk-through line by line, every format
 * byte for byte, every exit code, and the bad-input cases.
 */
class SqliteCommandIT {
    @TempDir
    Path dir;

    Tobira tobira;

    @BeforeEach
    void shop() throws Exception {
        tobira = new Tobira(dir);
        Shop.seed("jdbc:sqlite:" + dir.resolve("shop.db"), null);
        tobira.linkBesideConfig("shop.db"); // the config's ./shop.db is the one beside it
        tobira.config(Expected.SHOP_CONFIG);
    }

    // ---------------------------------------------------------------- the README walk-through

    @Test
    void readmeTable() throws Exception {
        tobira.jvm.add("-Dtobira.stdout.tty=true"); // what the launcher passes on a terminal: table is the default
        Tobira.Run r = tobira.run("query", "shop", Shop.TOTALS);
        assertEquals(0, r.exit(), r.err());
        assertEquals(Expected.TOTALS_TABLE, r.outStable());
        assertEquals("", r.err());
    }

    @Test
    void readmeJsonIsTheDefaultWhenPiped() throws Exception {
        Tobira.Run r = tobira.run("query", "shop", Shop.US);
        assertEquals(0, r.exit(), r.err());
        assertEquals(Expected.US_JSON, r.outStable());
    }

    @Test
    void readmeRefusedDelete() throws Exception {
        Tobira.Run r = tobira.run("query", "shop", "delete from customers");
        assertEquals(4, r.exit());
        assertEquals(Expected.SQLITE_READ_ONLY, r.err());
        assertEquals("", r.out());
        assertEquals(
                "5",
                tobira.run("query", "shop", "select count(*) as n from customers", "--format", "csv")
                        .out()
                        .lines()
                        .toList()
                        .get(1),
                "nothing was deleted");
    }

    @Test
    void readmeDoctor() throws Exception {
        Tobira.Run r = tobira.run("doctor");
        assertEquals(0, r.exit(), r.out() + r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(
                lines.get(0)
                        .matches(
                                "\\{\"section\":\"connections\",\"name\":\"shop\",\"status\":\"ok\",\"detail\":\"reachable in \\d+ms"
                                        + " \\(read-only open, driver sqlite\\)\"}"),
                lines.get(0));
        assertEquals(
                "{\"section\":\"mcp\",\"name\":\"mcp\",\"status\":\"ok\",\"detail\":\"not configured; nothing is exposed\"}",
                lines.get(1));
        assertEquals(
                "{\"section\":\"permissions\",\"name\":\"config\",\"status\":\"ok\",\"detail\":\"0600 "
                        + tobira.configFile() + "\"}",
                lines.get(2));
    }

    @Test
    void readmeDoctorWarnsOfAReadableConfig() throws Exception {
        Files.setPosixFilePermissions(tobira.configFile(), PosixFilePermissions.fromString("rw-r--r--"));
        Tobira.Run r = tobira.run("doctor", "--format", "ndjson");
        assertEquals(1, r.exit(), "a warning exits non-zero");
        assertTrue(
                r.out()
                        .contains(
                                "{\"section\":\"permissions\",\"name\":\"config\",\"status\":\"warn\",\"detail\":\"0644 is"
                                        + " group-readable, world-readable; run chmod 600 config.yaml\"}\n"),
                r.out());
    }

    @Test
    void readmeHistory() throws Exception {
        assertEquals(0, tobira.run("query", "shop", Shop.US).exit());
        assertEquals(4, tobira.run("query", "shop", "delete from customers").exit());
        tobira.jvm.add("-Dtobira.stdout.tty=true");
        Tobira.Run r = tobira.run("history");
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(4, lines.size(), r.out());
        assertTrue(lines.get(0).matches("at {20}conn  source  client  ok     rows  ms +query"), lines.get(0));
        assertTrue(
                lines.get(2)
                        .matches(
                                "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ  shop  cli +false  0 +\\d+ +delete from customers"),
                lines.get(2));
        assertTrue(
                lines.get(3)
                        .matches(
                                "\\d{4}-.{14}Z  shop  cli +true   3 +\\d+ +select id, name, country from customers where country='US'"),
                lines.get(3));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(tobira.historyFile())));
    }

    // ---------------------------------------------------------------- formats, byte for byte

    @Test
    void everyFormat() throws Exception {
        assertEquals(
                Expected.CUSTOMERS_CSV,
                tobira.run("query", "shop", Expected.CUSTOMERS_QUERY, "--format", "csv")
                        .out());
        assertEquals(
                Expected.CUSTOMERS_NDJSON,
                tobira.run("query", "shop", Expected.CUSTOMERS_QUERY, "--format", "ndjson")
                        .out());
        assertEquals(
                Expected.US_TABLE,
                tobira.run("query", "shop", Shop.US + " order by id", "--format", "table")
                        .outStable());
        assertEquals(
                Expected.US_JSON,
                tobira.run("query", "shop", Shop.US, "--format", "json").outStable());
    }

    @Test
    void theLauncherScriptRunsTheJar() throws Exception {
        Tobira.Run r =
                tobira.shell(Tobira.quote(Tobira.LAUNCHER.toAbsolutePath().toString()) + " query shop "
                        + Tobira.quote(Shop.US) + " --format csv");
        assertEquals(0, r.exit(), r.err());
        assertEquals("id,name,country\n2,Grace Hopper,US\n4,Margaret Hamilton,US\n5,Ken Thompson,US\n", r.out());
        assertEquals("", r.err(), "the JVM's own notes stay off both streams");
    }

    @Test
    void statementFromStandardInputAndParameters() throws Exception {
        Tobira.Run r = tobira.withInput(
                "select name from customers where country = ? and id > ? order by id",
                "query",
                "shop",
                "-f",
                "-",
                "--format",
                "csv",
                "--param",
                "US",
                "--param",
                "2");
        assertEquals(0, r.exit(), r.err());
        assertEquals("name\nMargaret Hamilton\nKen Thompson\n", r.out());
        assertEquals(
                "n\n1\n",
                tobira.run(
                                "query",
                                "sqlite:./shop.db",
                                "select count(*) as n from customers where email is ?",
                                "--param",
                                "null",
                                "--format",
                                "csv")
                        .out());
    }

    @Test
    void limitTruncates() throws Exception {
        Tobira.Run r = tobira.run("query", "shop", Expected.CUSTOMERS_QUERY, "--limit", "2", "--format", "table");
        assertTrue(r.outStable().endsWith("\n2 rows · truncated · <DURATION>\n"), r.out());
        assertTrue(tobira.run("query", "shop", Expected.CUSTOMERS_QUERY, "--limit", "2")
                .out()
                .contains("\"truncated\": true"));
        // --limit 0 is every row: the command sends no limit, as Query.withLimit refuses 0 (issue 31)
        assertEquals(
                Expected.CUSTOMERS_CSV,
                tobira.run("query", "shop", Expected.CUSTOMERS_QUERY, "--limit", "0", "--format", "csv")
                        .out());
    }

    @Test
    void explainPrintsThePlan() throws Exception {
        Tobira.Run r = tobira.run("query", "shop", "select * from orders where id = 3", "--explain");
        assertEquals(0, r.exit(), r.err());
        assertTrue(
                r.out().toUpperCase().contains("SEARCH")
                        || r.out().toUpperCase().contains("PRIMARY KEY"),
                r.out());
    }

    @Test
    void aBareDsnIsWritableUnlessReadOnlyIsAsked() throws Exception {
        Tobira.Run ro = tobira.run("query", "sqlite:./shop.db", "update customers set country = 'XX'", "--read-only");
        assertEquals(4, ro.exit());
        assertEquals(Expected.SQLITE_READ_ONLY, ro.err());
        Tobira.Run rw = tobira.run(
                "query", "sqlite:./shop.db", "update customers set country = 'XX' where id = 5", "--format", "table");
        assertEquals(0, rw.exit(), rw.err());
        assertEquals("1 row affected · <DURATION>\n", rw.outStable());
    }

    // ---------------------------------------------------------------- exit codes and bad input

    @Test
    void multipleStatementsExit3() throws Exception {
        Tobira.Run r = tobira.run("query", "shop", "select 1; select 2");
        assertEquals(3, r.exit());
        assertEquals(Expected.SQLITE_MULTI, r.err());
    }

    @Test
    void aSyntaxErrorExits3() throws Exception {
        Tobira.Run r = tobira.run("query", "shop", "selec 1");
        assertEquals(3, r.exit());
        assertTrue(
                r.err().startsWith("error: sqlite: query: ") && r.err().lines().count() == 1, r.err());
    }

    @Test
    void anUnknownConnectionExits1AndNamesTheKnownOnes() throws Exception {
        tobira.config(Expected.SHOP_CONFIG + """
                  - name: cache
                    dsn: redis://127.0.0.1:6379/0
                """);
        Tobira.Run r = tobira.run("query", "prod", "select 1");
        assertEquals(1, r.exit());
        assertEquals("error: unknown connection \"prod\" (known: shop, cache)\n", r.err());
    }

    @Test
    void badFlagsExit1WithUsage() throws Exception {
        Tobira.Run r = tobira.run("query", "shop", "select 1", "--frobnicate");
        assertEquals(1, r.exit());
        assertTrue(r.err().startsWith("error: Unknown option: '--frobnicate'\nUsage: tobira query"), r.err());
        Tobira.Run bad = tobira.run("query", "shop", "select 1", "--format", "xml");
        assertEquals(1, bad.exit());
        assertEquals("error: --format: unknown format \"xml\" (known: table, json, ndjson, csv)\n", bad.err());
        assertEquals(
                1, tobira.run("query", "shop", "select 1", "--timeout", "soon").exit());
        assertEquals(1, tobira.run("frobnicate").exit());
        assertEquals(1, tobira.run().exit(), "no command");
        for (String[] help :
                new String[][] {{"--help"}, {"query", "--help"}, {"history", "clear", "--help"}, {"doctor", "-h"}}) {
            Tobira.Run h = tobira.run(help);
            assertEquals(0, h.exit(), String.join(" ", help));
            assertTrue(h.out().startsWith("Usage: tobira"), h.out());
        }
        assertEquals(1, tobira.run("query", "shop").exit(), "no statement");
        assertEquals(1, tobira.run("query", "sqlite-nope:x", "select 1").exit(), "a scheme no driver opens is usage");
    }

    @Test
    void anUnresolvableReferenceExits2() throws Exception {
        tobira.config("""
                connections:
                  - name: pg
                    dsn: postgres://app@127.0.0.1:5432/shop
                    password: env:TOBIRA_TEST_UNSET_PASSWORD
                  - name: pg2
                    dsn: postgres://app@127.0.0.1:5432/shop
                    password: dotenv:.env#PGPASSWORD
                """);
        Tobira.Run r = tobira.run("query", "pg", "select 1");
        assertEquals(2, r.exit());
        assertEquals(
                "error: secret reference env:TOBIRA_TEST_UNSET_PASSWORD does not resolve: the environment variable"
                        + " TOBIRA_TEST_UNSET_PASSWORD is not set\n",
                r.err());
        Tobira.Run d = tobira.run("query", "pg2", "select 1");
        assertEquals(2, d.exit());
        assertTrue(
                d.err().startsWith("error: secret reference dotenv:.env#PGPASSWORD does not resolve: no such file: "),
                d.err());
    }

    @Test
    void aLiteralPasswordIsALoadErrorThatNamesTheFieldNeverTheValue() throws Exception {
        tobira.config("""
                connections:
                  - name: pg
                    dsn: postgres://app@127.0.0.1:5432/shop
                    password: hunter2-literal
                """);
        Tobira.Run r = tobira.run("query", "pg", "select 1");
        assertEquals(1, r.exit());
        assertEquals(
                "error: config " + tobira.configFile()
                        + ": connection \"pg\": password is a literal secret, which the config"
                        + " does not hold; use env:NAME, file:PATH or dotenv:PATH#KEY\n",
                r.err());
        tobira.config("""
                connections:
                  - name: pg
                    dsn: postgres://app:hunter2-in-dsn@127.0.0.1:5432/shop
                """);
        Tobira.Run dsn = tobira.run("doctor");
        assertEquals(1, dsn.exit());
        assertTrue(dsn.err().contains("connection \"pg\": dsn holds a literal password"), dsn.err());
        assertFalse(dsn.err().contains("hunter2") || dsn.out().contains("hunter2"), dsn.err());
        tobira.config("""
                connections: []
                mcp:
                  expose: []
                  token: hunter2-token
                """);
        Tobira.Run token = tobira.run("doctor");
        assertEquals(1, token.exit());
        assertTrue(token.err().contains("mcp: token is a literal secret"), token.err());
        assertFalse(token.err().contains("hunter2"), token.err());
    }

    @Test
    void referencesResolveFromEnvFileAndDotenv() throws Exception {
        Files.writeString(dir.resolve("pw.txt"), "from-file\n");
        Files.writeString(dir.resolve(".env"), "# a comment\nexport PGPASSWORD='from-dotenv'\n");
        tobira.config(Expected.SHOP_CONFIG + """
                  - name: a
                    dsn: postgres://nobody@127.0.0.1:1/x
                    password: env:TOBIRA_TEST_PW
                  - name: b
                    dsn: postgres://nobody@127.0.0.1:1/x
                    password: file:%s
                  - name: c
                    dsn: postgres://nobody@127.0.0.1:1/x
                    password: dotenv:%s#PGPASSWORD
                """.formatted(dir.resolve("pw.txt"), dir.resolve(".env")));
        tobira.env.put("TOBIRA_TEST_PW", "from-env");
        Tobira.Run r = tobira.run("doctor");
        // each reference resolved (the failure is the closed port, exit 2's kind), no secret in the report
        for (String name : List.of("a", "b", "c")) {
            assertTrue(
                    r.out()
                            .lines()
                            .anyMatch(l -> l.startsWith("{\"section\":\"connections\",\"name\":\"" + name
                                            + "\",\"status\":\"error\"")
                                    && !l.contains("does not resolve")),
                    r.out());
        }
        assertFalse(
                r.out().contains("from-env")
                        || r.out().contains("from-file")
                        || r.out().contains("from-dotenv"),
                r.out());
    }

    @Test
    void anUnwritableOutputExits1AndLeavesNothing() throws Exception {
        Tobira.Run r = tobira.run(
                "query",
                "shop",
                Shop.US,
                "--output",
                dir.resolve("no/such/dir/out.csv").toString());
        assertEquals(1, r.exit());
        assertTrue(r.err().startsWith("error: cannot write "), r.err());
        Path locked = Files.createDirectory(dir.resolve("locked"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-x------"));
        if (!Files.isWritable(locked)) { // root writes anywhere; the failing query below covers that machine
            Tobira.Run denied = tobira.run(
                    "query",
                    "shop",
                    Shop.US,
                    "--output",
                    locked.resolve("out.json").toString());
            assertEquals(1, denied.exit());
            assertEquals("error: cannot write " + locked.resolve("out.json") + ": permission denied\n", denied.err());
        }
        Tobira.Run failing = tobira.run(
                "query",
                "shop",
                "select * from no_such_table",
                "--output",
                dir.resolve("out.json").toString());
        assertEquals(3, failing.exit());
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(
                    List.of(),
                    left.filter(p -> p.getFileName().toString().contains("out.json"))
                            .toList(),
                    "no output and no partial file");
        }
        Tobira.Run ok =
                tobira.run("query", "shop", Expected.CUSTOMERS_QUERY, "--format", "csv", "--output", "customers.csv");
        assertEquals(0, ok.exit(), ok.err());
        assertEquals("", ok.out());
        assertEquals(Expected.CUSTOMERS_CSV, Files.readString(dir.resolve("customers.csv")));
    }

    @Test
    void aMillionRowsToAFileUnder64Megabytes() throws Exception {
        tobira.jvm.add("-Xmx64m");
        String million = "with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000000)"
                + " select i as id, 'customer ' || i as name, i * 0.5 as half from n";
        for (String format : List.of("csv", "json", "ndjson", "table")) {
            Path out = dir.resolve("million." + format);
            Tobira.Run r =
                    tobira.run("query", "sqlite:./shop.db", million, "--format", format, "--output", out.toString());
            assertEquals(0, r.exit(), format + ": " + r.err());
            long lines;
            try (Stream<String> s = Files.lines(out)) {
                lines = s.count();
            }
            long expected = switch (format) {
                case "csv" -> 1_000_001;
                case "ndjson" -> 1_000_000;
                case "json" -> 1_000_000 + 6;
                default -> 1_000_000 + 4;
            };
            assertEquals(expected, lines, format);
            Files.delete(out);
        }
    }

    @Test
    void aBrokenPipeExitsQuietly() throws Exception {
        Tobira.Run r = tobira.shell(
                "($TOBIRA query sqlite:./shop.db 'with recursive n(i) as (select 1 union all select i + 1 from n"
                        + " where i < 5000000) select i from n' --format csv; echo $? > status) | head -1; echo \"status $(cat status)\"");
        assertEquals("i\nstatus 0\n", r.out());
        assertEquals("", r.err(), "no error line, no stack trace");
        Tobira.Run direct = tobira.shell(
                "$TOBIRA query sqlite:./shop.db 'with recursive n(i) as (select 1 union all select i + 1"
                        + " from n where i < 5000000) select i from n' --format ndjson | head -c 10 >/dev/null; exit 0");
        assertEquals("", direct.err());
    }

    @Test
    void theTimeoutBoundsTheCall() throws Exception {
        Tobira.Run r = tobira.run(
                "query",
                "sqlite:./shop.db",
                "with recursive n(i) as (select 1 union all select i + 1 from n)" + " select count(*) from n",
                "--timeout",
                "1s");
        assertEquals(3, r.exit(), r.err());
        assertTrue(r.err().startsWith("error: ") && r.err().contains("timed out"), r.err());
    }

    @Test
    void historyMasksCredentialsAndIsTheOwnersAlone() throws Exception {
        Tobira.Run r =
                tobira.run("query", "postgres://app:hunter2@127.0.0.1:1/shop", "select 'hunter2'", "--timeout", "5s");
        assertEquals(2, r.exit(), r.err());
        assertFalse(r.err().contains("hunter2"), r.err());
        Tobira.Run h = tobira.run("history", "--format", "ndjson");
        assertTrue(h.out().contains("\"conn\":\"postgres://app:[redacted]@127.0.0.1:1/shop\""), h.out());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(tobira.historyFile())));
        assertFalse(new String(Files.readAllBytes(tobira.historyFile()), StandardCharsets.ISO_8859_1)
                .contains(":hunter2@"));
        Tobira.Run cleared = tobira.run("history", "clear");
        assertEquals(0, cleared.exit(), cleared.err());
        assertTrue(
                tobira.run("history").out().contains("\"rows\": [],"),
                "json is the default when piped, and empty after clear");
        assertTrue(tobira.run("history", "--format", "csv")
                .out()
                .equals("at,conn,source,client,ok,rows,ms,query,error\n"));
    }

    @Test
    void theReferenceHistoryTableOfMcpCalls() throws Exception {
        java.time.Instant t = java.time.Instant.parse("2026-10-27T23:02:18Z");
        try (dev.tobira.history.History h = dev.tobira.history.History.open(tobira.historyFile())) {
            h.record(dev.tobira.history.HistoryEntry.builder(dev.tobira.history.Source.MCP)
                    .at(t)
                    .client("claude-code", "2.1.308")
                    .command("list_connections")
                    .ok(0)
                    .duration(java.time.Duration.ofMillis(2))
                    .build());
            h.record(dev.tobira.history.HistoryEntry.builder(dev.tobira.history.Source.MCP)
                    .at(t.plusSeconds(8))
                    .client("claude-code", "2.1.308")
                    .connection("shop")
                    .command("describe")
                    .query("{\"collection\":\"orders\",\"connection\":\"shop\"}")
                    .ok(0)
                    .duration(java.time.Duration.ofMillis(1))
                    .build());
            h.record(dev.tobira.history.HistoryEntry.builder(dev.tobira.history.Source.CLI)
                    .at(t.plusSeconds(10))
                    .connection("shop")
                    .command("query")
                    .query("select 1")
                    .ok(1)
                    .build());
            h.record(dev.tobira.history.HistoryEntry.builder(dev.tobira.history.Source.MCP)
                    .at(t.plusSeconds(14))
                    .client("claude-code", "2.1.308")
                    .connection("shop")
                    .command("query")
                    .query("DELETE FROM orders WHERE status='refunded'")
                    .failed("sqlite: query: only SELECT …: read-only violation")
                    .build());
        }
        Tobira.Run r = tobira.run("history", "--mcp", "--format", "table");
        assertEquals(0, r.exit(), r.err());
        assertEquals("""
                at                    conn  source  client               ok     rows  ms  query
                ────────────────────  ────  ──────  ───────────────────  ─────  ────  ──  ──────────────────────────────
                2026-10-27T23:02:32Z  shop  mcp     claude-code/2.1.308  false  0     0   DELETE FROM orders WHERE status='refunded'
                2026-10-27T23:02:26Z  shop  mcp     claude-code/2.1.308  true   0     1   describe {"collection":"orders","connection":"shop"}
                2026-10-27T23:02:18Z        mcp     claude-code/2.1.308  true   0     2   list_connections
                """, r.out());
    }

    @Test
    void aHistoryThatCannotBeWrittenIsAWarningNotAFailure() throws Exception {
        Files.writeString(dir.resolve("not-a-dir"), "x");
        tobira.env.put("TOBIRA_HISTORY", dir.resolve("not-a-dir/history.db").toString());
        Tobira.Run r = tobira.run("query", "shop", "select 1 as n", "--format", "csv");
        assertEquals(0, r.exit(), r.err());
        assertEquals("n\n1\n", r.out());
        assertTrue(r.err().startsWith("warning: history: cannot create "), r.err());
    }

    @Test
    void doctorOnATerminalIsATable() throws Exception {
        tobira.jvm.add("-Dtobira.stdout.tty=true");
        Tobira.Run r = tobira.run("doctor");
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(0).matches("section +name +status +detail"), lines.get(0));
        assertTrue(
                lines.get(2).matches("connections +shop +ok +reachable in \\d+ms \\(read-only open, driver sqlite\\)"),
                lines.get(2));
    }

    @Test
    void historyRetentionFromTheConfig() throws Exception {
        tobira.config(Expected.SHOP_CONFIG + "history:\n  max_entries: 2\n");
        for (int i = 0; i < 3; i++) {
            assertEquals(0, tobira.run("query", "shop", "select " + i + " as n").exit());
        }
        assertEquals(
                "query\nselect 2 as n\nselect 1 as n\n",
                tobira.run("history", "--format", "csv")
                        .out()
                        .lines()
                        .map(l -> l.split(",")[7])
                        .reduce("", (a, b) -> a + b + "\n"));
    }

    @Test
    void driversListsWhatTheClassPathHolds() throws Exception {
        Tobira.Run r = tobira.run("drivers", "--format", "csv");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("driver,schemes,capabilities\n"), r.out());
        assertTrue(
                r.out().contains("\nsqlite,sqlite,read-only browser mutator explainer transactor completer\n"),
                r.out());
        assertTrue(r.out().contains("\npostgres,postgres postgresql,read-only "), r.out());
        assertTrue(r.out().contains("\nredis,redis rediss,read-only "), r.out());
    }
}
