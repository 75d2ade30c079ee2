package dev.tobira.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30: {@code tobira mcp --expose NAME=DSN}, in process, for everything that ends before the
 * server serves: each bad input is one {@code error:} line and exit 1 (usage), never a stack trace.
 * Serving is {@link McpCommandIT}'s.
 */
class McpExposeTest {
    @TempDir
    Path dir;

    final Map<String, String> env = new HashMap<>();

    record Run(int exit, String out, String err) {}

    @BeforeEach
    void environment() {
        env.put("XDG_CONFIG_HOME", dir.resolve("config-home").toString());
        env.put("XDG_STATE_HOME", dir.resolve("state-home").toString());
    }

    Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Io io = new Io(
                out,
                new PrintStream(err, true, StandardCharsets.UTF_8),
                new ByteArrayInputStream(new byte[0]),
                env,
                false);
        int code = Main.run(io, args);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Run usage(String... args) {
        Run r = run(args);
        assertEquals(1, r.exit(), r.err());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("error: "), r.err());
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), "no stack trace: " + r.err());
        return r;
    }

    @Test
    void badExposeValuesAreUsageErrors() {
        String db = "sqlite:" + dir.resolve("shop.db");
        assertEquals(
                "error: --expose =...: the name before '=' is empty; write --expose NAME=DSN\n",
                usage("mcp", "--expose", "=" + db).err());
        assertEquals(
                "error: --expose shop=: the DSN after '=' is empty\n",
                usage("mcp", "--expose", "shop=").err());
        assertEquals(
                "error: --expose shop=shop.db: not a DSN (scheme:..., such as sqlite:./shop.db)\n",
                usage("mcp", "--expose", "shop=shop.db").err());
        String scheme = usage("mcp", "--expose", "shop=nosuch:x").err();
        assertTrue(scheme.startsWith("error: --expose shop=nosuch:x: no driver opens nosuch: DSNs (known: "), scheme);
        assertTrue(scheme.contains("sqlite"), scheme);
        assertEquals(
                "error: --expose: connection \"shop\" is exposed twice\n",
                usage("mcp", "--expose", "shop=" + db, "--expose", "shop=" + db).err());
        assertEquals(
                "error: --expose: a connection name is empty\n",
                usage("mcp", "--expose", "shop,").err());
        assertEquals(
                "error: --expose my shop=...: a connection name is letters, digits, '_', '.' or '-'\n",
                usage("mcp", "--expose", "my shop=" + db).err());
        assertEquals(
                "error: mcp: unknown connection \"shop\" (no config file); to serve a DSN without a config entry,"
                        + " write --expose shop=DSN\n",
                usage("mcp", "--expose", "shop").err());
        assertTrue(
                usage("mcp", "--expose").err().startsWith("error: Missing required parameter for option '--expose'"));
    }

    @Test
    void aDsnWithAPasswordIsRefusedWithoutShowingIt() {
        Run r = usage("mcp", "--expose", "pg=postgresql://app:hunter2@127.0.0.1:5432/shop");
        assertEquals(
                "error: --expose pg=...: the DSN holds a password, which a command line shows to every user of the machine;"
                        + " put the connection in the config file, its password a reference (env:NAME, file:PATH or dotenv:PATH#KEY),"
                        + " and expose it by name (--expose pg)\n",
                r.err());
    }

    @Test
    void aNameTheConfigAlreadyUsesIsAUsageErrorAndTheConfigsOwnIsServedBesideADsn() throws Exception {
        Path config = Files.createDirectories(dir.resolve("config-home/tobira")).resolve("config.yaml");
        Files.writeString(config, "connections:\n  - name: shop\n    dsn: sqlite:" + dir.resolve("shop.db") + "\n");
        Run r = usage("mcp", "--expose", "shop=sqlite:" + dir.resolve("other.db"));
        assertEquals(
                "error: --expose shop=...: the config " + config + " already has a connection named \"shop\"; choose"
                        + " another name, or expose the config's with --expose shop\n",
                r.err());
        // and both together, with a bind refused: everything before serving went through
        Run both = usage(
                "mcp",
                "--expose",
                "shop",
                "--expose",
                "other=sqlite:" + dir.resolve("other.db"),
                "--http",
                "0.0.0.0:0");
        assertTrue(both.err().startsWith("error: mcp: refusing to bind 0.0.0.0: not a loopback address"), both.err());
    }

    /** Moved from the removed dev.tobira.mcp.Main: a non-loopback bind and nothing exposed are usage errors. */
    @Test
    void theCommandRefusesANonLoopbackBindAndNothingExposed() {
        Run bind = usage("mcp", "--expose", "shop=sqlite:" + dir.resolve("shop.db"), "--http", "0.0.0.0:0");
        assertTrue(bind.err().startsWith("error: mcp: refusing to bind 0.0.0.0: not a loopback address"), bind.err());
        assertTrue(bind.err().contains("--insecure-bind"), bind.err());
        assertEquals(
                "error: nothing is exposed: name connections with --expose or mcp.expose\n",
                usage("mcp").err());
    }

    /** tobira-mcp logs through System.Logger; the command prints its lines on standard error, escaped. */
    @Test
    void theServersLogLinesReachStandardErrorEscaped() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Io io = new Io(
                new ByteArrayOutputStream(),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                new ByteArrayInputStream(new byte[0]),
                env,
                false);
        Runnable unlog = McpCommand.logTo(io);
        try {
            System.getLogger("dev.tobira.mcp.StdioTransport").log(Level.WARNING, "stdin: \u001b[2Jgone\nforged");
            System.getLogger("dev.tobira.mcp.Tools").log(Level.DEBUG, "not shown");
        } finally {
            unlog.run();
        }
        System.getLogger("dev.tobira.mcp.Tools").log(Level.WARNING, "after the server: not shown");
        assertEquals("tobira mcp: stdin: \\x1b[2Jgone\\nforged\n", err.toString(StandardCharsets.UTF_8));
    }
}
