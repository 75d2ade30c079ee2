package dev.tobira.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.format.TerminalText;
import dev.tobira.history.History;
import dev.tobira.history.HistoryEntry;
import dev.tobira.history.Source;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 29, in process: what reaches a terminal, exit codes of data errors, and the config every command shares. */
class CommandSafetyTest {
    /** An OSC 52 clipboard write, a CR, a C1 CSI and a bidi override, as a database could hold them. */
    static final String HOSTILE = "\u001b]52;c;aGk=\u0007\r\u009b2J\u202eevil";

    static final String HOSTILE_SQL = "char(27)||']52;c;aGk='||char(7)||char(13)||char(155)||'2J'||char(8238)||'evil'";

    @TempDir
    Path dir;

    final Map<String, String> env = new HashMap<>();

    record Run(int exit, String out, String err) {}

    @BeforeEach
    void environment() {
        env.put("XDG_CONFIG_HOME", dir.resolve("config-home").toString());
        env.put("TOBIRA_HISTORY_ENABLED", "0");
    }

    Run run(boolean terminal, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Io io = new Io(
                out,
                new PrintStream(err, true, StandardCharsets.UTF_8),
                new ByteArrayInputStream(new byte[0]),
                env,
                terminal);
        int code = Main.run(io, args);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static void assertInert(String shown) {
        for (int i = 0; i < shown.length(); i++) {
            char c = shown.charAt(i);
            assertFalse(
                    c != '\n' && TerminalText.isUnsafe(c), () -> "raw U+" + Integer.toHexString(c) + " in " + shown);
        }
    }

    @Test
    void anErrorLineQuotingADatabaseValueCannotDriveTheTerminal() {
        Run r = run(false, "query", "sqlite::memory:", "select * from \"" + HOSTILE + "\"");
        assertEquals(3, r.exit(), r.err());
        assertEquals(
                "error: sqlite: query: no such table: \\x1b]52;c;aGk=\\x07\\r\\x9b2J\\u202eevil: not found\n", r.err());
    }

    @Test
    void tableJsonAndCsvOnATerminalAreInertAndCsvToAPipeIsExact() {
        String sql = "select " + HOSTILE_SQL + " as v";
        for (String format : new String[] {"table", "json", "ndjson", "csv"}) {
            Run r = run(true, "query", "sqlite::memory:", sql, "--format", format);
            assertEquals(0, r.exit(), r.err());
            assertInert(r.out());
        }
        assertTrue(run(true, "query", "sqlite::memory:", sql, "--format", "csv")
                .out()
                .contains("\\x1b]52;c;aGk=\\x07\\r\\x9b2J\\u202eevil"));
        Run piped = run(false, "query", "sqlite::memory:", sql, "--format", "csv");
        assertEquals("v\n\"" + HOSTILE + "\"\n", piped.out(), "a CSV for a program keeps the data exact");
        Run explain = run(true, "query", "sqlite::memory:", "select 1 as \"" + HOSTILE + "\"", "--explain");
        assertInert(explain.out());
    }

    @Test
    void theHistoryOfAnMcpClientIsInertInEveryFormat() {
        Path file = dir.resolve("history.db");
        try (History h = History.open(file)) {
            h.record(HistoryEntry.builder(Source.MCP)
                    .client("evil" + HOSTILE, "1" + HOSTILE)
                    .connection("shop")
                    .command("query")
                    .query("select '" + HOSTILE + "'")
                    .failed("no: " + HOSTILE)
                    .build());
        }
        env.put("TOBIRA_HISTORY", file.toString());
        env.remove("TOBIRA_HISTORY_ENABLED");
        for (String format : new String[] {"table", "json", "ndjson", "csv"}) {
            for (boolean terminal : new boolean[] {true, false}) {
                Run r = run(
                        terminal,
                        "history",
                        "--format",
                        format,
                        "--config",
                        writeConfig("history:\n  file: " + file + "\n").toString());
                assertEquals(0, r.exit(), r.err());
                assertInert(r.out());
                assertTrue(r.out().contains("evil"), r.out());
            }
        }
    }

    @Test
    void aDataErrorIsAQueryErrorNotAUsageError() {
        Run r = run(false, "query", "sqlite::memory:", "select abs(-9223372036854775807 - 1)"); // integer overflow
        assertEquals(3, r.exit(), r.err());
        assertTrue(r.err().startsWith("error: sqlite: query: "), r.err());
        assertEquals(1, run(false, "query", "nosuch://x", "select 1").exit(), "a DSN no driver opens is still usage");
        assertEquals(1, run(false, "query", "sqlite:", "select 1").exit(), "a DSN that names no file is still usage");
    }

    @Test
    void aTimeoutPastAnyClockIsRefusedAsUsage() {
        Run r = run(false, "query", "sqlite::memory:", "select 1", "--timeout", "99999999999999h");
        assertEquals(1, r.exit(), r.err());
        assertEquals("error: --timeout: \"99999999999999h\" is too long: at most 36500d\n", r.err());
        assertEquals(
                1,
                run(false, "mcp", "--expose", "x", "--timeout", "99999999999999h")
                        .exit());
    }

    @Test
    void theHistorySwitchOfTheEnvironmentReachesEveryCommand() throws Exception {
        Path config = writeConfig("history:\n  enabled: true\n");
        TobiraCommand root = new TobiraCommand(new Io(
                new ByteArrayOutputStream(),
                new PrintStream(new ByteArrayOutputStream()),
                new ByteArrayInputStream(new byte[0]),
                Map.of("TOBIRA_HISTORY_ENABLED", "0", "TOBIRA_CONFIG", config.toString()),
                false));
        assertFalse(root.loadConfig(null).history().enabled(), "the config mcp serves with records nothing");
        root = new TobiraCommand(new Io(
                new ByteArrayOutputStream(),
                new PrintStream(new ByteArrayOutputStream()),
                new ByteArrayInputStream(new byte[0]),
                Map.of("TOBIRA_HISTORY_ENABLED", "nope", "TOBIRA_CONFIG", config.toString()),
                false));
        TobiraCommand bad = root;
        assertEquals(
                1,
                org.junit.jupiter.api.Assertions.assertThrows(CliException.class, () -> bad.loadConfig(null))
                        .exitCode());
    }

    @Test
    void aRelativeDatabaseInAConfigIsTheConfigsWhereverTheCommandStarts() throws Exception {
        Path confDir = Files.createDirectories(dir.resolve("project"));
        Shop.seed("jdbc:sqlite:" + confDir.resolve("shop.db"), null);
        Path config = confDir.resolve("config.yaml");
        Files.writeString(config, "connections:\n  - name: shop\n    dsn: sqlite:./shop.db\n    read_only: true\n");
        assertFalse(Files.exists(Path.of("shop.db").toAbsolutePath()), "the test runs elsewhere than the config");
        Run q = run(
                false,
                "query",
                "shop",
                "select count(*) as n from customers",
                "--format",
                "csv",
                "--config",
                config.toString());
        assertEquals(0, q.exit(), q.err());
        assertEquals("n\n5\n", q.out());
        Run doctor = run(false, "doctor", "--config", config.toString());
        assertTrue(doctor.out().contains("\"name\":\"shop\",\"status\":\"ok\""), doctor.out());
    }

    @Test
    void aSymbolicLinkAsTheHistoryIsRefusedByEveryCommandAndNamedByDoctor() throws Exception {
        Path target = Files.writeString(dir.resolve("precious.txt"), "keep");
        Files.setPosixFilePermissions(target, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        Path link = Files.createSymbolicLink(dir.resolve("history.db"), target);
        Path config =
                writeConfig("connections:\n  - name: m\n    dsn: 'sqlite::memory:'\nhistory:\n  file: " + link + "\n");
        env.remove("TOBIRA_HISTORY_ENABLED");
        Run q = run(false, "query", "m", "select 1 as one", "--format", "csv", "--config", config.toString());
        assertEquals(0, q.exit(), "a failed record never fails the call");
        assertTrue(q.err().startsWith("warning: history: " + link + " is a symbolic link"), q.err());
        Run h = run(false, "history", "--config", config.toString());
        assertEquals(1, h.exit());
        Run d = run(false, "doctor", "--config", config.toString());
        assertEquals(1, d.exit());
        assertTrue(
                d.out()
                        .contains("\"name\":\"history\",\"status\":\"error\",\"detail\":\"" + link
                                + " is a symbolic link"),
                d.out());
        assertEquals("keep", Files.readString(target));
        assertEquals(
                "rw-r--r--",
                java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
    }

    private Path writeConfig(String yaml) {
        try {
            Path f = dir.resolve("c-" + Math.abs(yaml.hashCode()) + ".yaml");
            Files.writeString(f, yaml);
            return f;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
