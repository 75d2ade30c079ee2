package dev.tobira.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigTest {
    @TempDir
    Path dir;

    private Config load(String yaml) throws Exception {
        Path f = dir.resolve("config.yaml");
        Files.writeString(f, yaml);
        return Config.load(f, true);
    }

    private String refused(String yaml) {
        CliException e = assertThrows(CliException.class, () -> load(yaml));
        assertEquals(1, e.exitCode());
        return e.getMessage();
    }

    @Test
    void theReferenceExampleLoads() throws Exception {
        Config c = load("""
                connections:
                  - name: shop
                    driver: sqlite
                    dsn: sqlite:./shop.db
                    read_only: true
                mcp:
                  expose: [shop, cache]       # the only connections a client can see
                  allow_writes: [cache]       # a subset of expose; execute exists only for these
                  max_rows: 200               # 1 to 1000, per tool result
                  token: env:TOBIRA_MCP_TOKEN # HTTP mode only
                """);
        assertEquals(1, c.connections().size());
        Config.Conn shop = c.connections().get(0);
        assertEquals("shop", shop.name());
        assertEquals("sqlite", shop.driver());
        assertTrue(shop.readOnly());
        assertEquals(200, c.mcp().path("max_rows").asInt());
        assertEquals(Config.HistorySettings.DEFAULT, c.history());
    }

    @Test
    void literalSecretsAreRefusedByFieldNeverByValue() {
        for (String yaml : new String[] {
            "connections:\n  - name: a\n    dsn: postgres://u@h/db\n    password: hunter2\n",
            "connections:\n  - name: a\n    dsn: postgres://u:hunter2@h/db\n",
            "connections:\n  - name: a\n    dsn: redis://:hunter2@h:6379/0\n",
            "connections:\n  - name: a\n    dsn: postgres://u@h/db?password=hunter2\n",
            "connections:\n  - name: a\n    dsn: x://h\n    options:\n      api_key: hunter2\n",
            "mcp:\n  token: hunter2\n",
            "connections:\n  - name: a\n    dsn: postgres://u@h/db\n    password: 'env:'\n"
        }) {
            String m = refused(yaml);
            assertFalse(m.contains("hunter2"), m);
            assertTrue(m.contains("literal"), m);
        }
    }

    @Test
    void referencesParse() {
        assertEquals(Optional.of(new SecretRef("env", "PGPASSWORD", "")), SecretRef.parse("env:PGPASSWORD"));
        assertEquals(
                Optional.of(new SecretRef("file", "/run/secrets/pg", "")), SecretRef.parse("file:///run/secrets/pg"));
        assertEquals(Optional.of(new SecretRef("file", "pg.txt", "")), SecretRef.parse("file:pg.txt"));
        assertEquals(Optional.of(new SecretRef("dotenv", ".env", "PG")), SecretRef.parse("dotenv://.env#PG"));
        assertEquals(Optional.of(new SecretRef("dotenv", "a/.env", "PG")), SecretRef.parse("dotenv:a/.env#PG"));
        assertEquals(Optional.empty(), SecretRef.parse("hunter2"));
        assertEquals(Optional.empty(), SecretRef.parse("dotenv:.env"));
        assertEquals(Optional.empty(), SecretRef.parse("env:NOT A NAME"));
    }

    @Test
    void referencesResolveRelativeToTheConfigAndNameThemselvesWhenTheyDoNot() throws Exception {
        Files.writeString(dir.resolve("pw"), "s3cret\n");
        Files.writeString(
                dir.resolve(".env"), "A=1\nexport PG=\"two \\\"words\\\"\" \nB='x # y' # comment\nC=bare # comment\n");
        assertEquals(
                "s3cret",
                SecretRef.parse("file:pw").orElseThrow().resolve(Map.of(), dir).reveal());
        assertEquals(
                "two \"words\"",
                SecretRef.parse("dotenv:.env#PG")
                        .orElseThrow()
                        .resolve(Map.of(), dir)
                        .reveal());
        assertEquals(
                "x # y",
                SecretRef.parse("dotenv:.env#B")
                        .orElseThrow()
                        .resolve(Map.of(), dir)
                        .reveal());
        assertEquals(
                "bare",
                SecretRef.parse("dotenv:.env#C")
                        .orElseThrow()
                        .resolve(Map.of(), dir)
                        .reveal());
        assertEquals(
                "v",
                SecretRef.parse("env:X")
                        .orElseThrow()
                        .resolve(Map.of("X", "v"), dir)
                        .reveal());
        CliException e = assertThrows(
                CliException.class,
                () -> SecretRef.parse("dotenv:.env#NOPE").orElseThrow().resolve(Map.of(), dir));
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().endsWith(".env has no key NOPE"), e.getMessage());
    }

    @Test
    void badShapesNameWhatIsWrong() {
        assertTrue(refused("connections: {}\n").endsWith("connections must be a list"));
        assertTrue(refused("connections:\n  - dsn: sqlite:x\n").endsWith("connections[0]: name is missing"));
        assertTrue(refused("connections:\n  - name: a\n    dsn: sqlite:x\n    colour: red\n")
                .contains("connection \"a\": unknown key \"colour\""));
        assertTrue(refused("connections:\n  - name: a\n    dsn: sqlite:x\n  - name: a\n    dsn: sqlite:y\n")
                .endsWith("two connections are named \"a\""));
        assertTrue(refused("conections: []\n").contains("unknown key \"conections\""));
        assertTrue(refused("connections:\n  - name: a\n    dsn: sqlite:x\n    dsn: sqlite:y\n")
                .contains("not valid YAML at line"));
        String yaml = refused("connections:\n  - name: a\n    password: [unclosed 'hunter2\n");
        assertTrue(yaml.contains("not valid YAML at line"), yaml);
        assertFalse(yaml.contains("hunter2"), yaml);
    }

    @Test
    void historySettings() throws Exception {
        Config c = load("history:\n  max_entries: 500\n  max_age: 30d\n  file: h.db\n");
        assertEquals(500, c.history().maxEntries());
        assertEquals(Duration.ofDays(30), c.history().maxAge());
        assertEquals(dir.resolve("h.db"), c.history().file());
        assertTrue(refused("history:\n  max_entries: 0\n").contains("max_entries"));
    }

    @Test
    void aMissingDefaultFileIsAnEmptyConfigAndANamedOneAnError() {
        assertEquals(
                0, Config.load(dir.resolve("none.yaml"), false).connections().size());
        assertEquals(
                1,
                assertThrows(CliException.class, () -> Config.load(dir.resolve("none.yaml"), true))
                        .exitCode());
    }

    @Test
    void durations() {
        assertEquals(Duration.ofMillis(500), Durations.parse("500ms"));
        assertEquals(Duration.ofSeconds(30), Durations.parse("30"));
        assertEquals(Duration.ofMillis(1500), Durations.parse("1.5s"));
        assertEquals(Duration.ofMinutes(2), Durations.parse("2m"));
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("soon"));
    }

    @Test
    void parametersReadAsJsonElseText() {
        assertEquals(
                java.util.List.of(
                        dev.tobira.api.Value.of(42),
                        dev.tobira.api.Value.of("007"),
                        dev.tobira.api.Value.NULL,
                        dev.tobira.api.Value.of("x y"),
                        dev.tobira.api.Value.of("007")),
                QueryCommand.values(java.util.List.of("42", "\"007\"", "null", "x y", "007")));
    }

    @Test
    void everyOptionThatMustBeAReferenceIsResolvedAsOne() throws Exception {
        // the load refuses a literal under these keys; the same rule decides what is resolved
        Config c = load("connections:\n  - name: a\n    dsn: x://h\n    options:\n      passwd: env:DB_PASS\n"
                + "      sslkey_password: env:KEY_PASS\n      keyspace: file:ks\n");
        Io io = new Io(
                java.io.OutputStream.nullOutputStream(),
                new java.io.PrintStream(java.io.OutputStream.nullOutputStream()),
                java.io.InputStream.nullInputStream(),
                Map.of("DB_PASS", "s3cret-1", "KEY_PASS", "s3cret-2"),
                false);
        dev.tobira.api.ConnConfig cc =
                new Connections(io, c).resolve(c.connection("a").orElseThrow());
        assertEquals("s3cret-1", cc.options().get("passwd"));
        assertEquals("s3cret-2", cc.options().get("sslkey_password"));
        assertEquals("file:ks", cc.options().get("keyspace"), "not a credential: kept as written");
        assertEquals("x: [redacted]", io.redactor().redact("x: s3cret-1"));
    }

    /** Issue 29: a misspelt or mistyped setting is refused, never read as a default. */
    @Test
    void misspeltAndMistypedSettingsAreRefusedNotIgnored() {
        assertTrue(refused("history:\n  enabled: n\n").endsWith("history: enabled must be true or false"));
        assertTrue(refused("history:\n  enabled: 'false'\n").endsWith("history: enabled must be true or false"));
        assertTrue(refused("history:\n  file: [a]\n").endsWith("history: file must be a path"));
        assertTrue(refused("history:\n  max_age: 99999999999999h\n").contains("too long"));
        assertTrue(refused("mcp:\n  expose: [shop]\n  alow_writes: [shop]\n")
                .contains("mcp: unknown key \"alow_writes\""));
        assertTrue(refused("mcp:\n  expose: [shop]\n  max_rows: 200x\n")
                .contains("mcp.max_rows must be a whole number from 1 to 1000"));
        assertTrue(refused("mcp:\n  max_rows: 5000\n").contains("mcp.max_rows"));
        assertTrue(refused("mcp:\n  max_result_bytes: 12\n")
                .contains("mcp.max_result_bytes must be a whole number from 1024"));
        assertTrue(refused("mcp:\n  max_result_bytes: 1MiB\n").contains("mcp.max_result_bytes"));
        assertTrue(refused("mcp:\n  expose: [[shop]]\n").contains("mcp.expose must be a list of connection names"));
        assertTrue(refused("mcp:\n  timeout: soon\n").contains("mcp.timeout"));
        assertTrue(refused("mcp:\n  token: [env:X]\n").contains("mcp.token must be a reference"));
        assertTrue(refused("connections:\n  - name: a\n    dsn: sqlite:x\n    driver: [sqlite]\n")
                .endsWith("driver must be text"));
        assertTrue(refused(
                        "connections:\n  - name: a\n    dsn: sqlite:x\n---\nconnections:\n  - name: b\n    dsn: sqlite:y\n")
                .contains("holds more than one YAML document"));
    }

    /** Issue 29: a relative file in a DSN is the config's, so every command and every working directory open the same file. */
    @Test
    void relativeDatabaseFilesAreFromTheConfigsDirectory() throws Exception {
        Config c = load(
                "connections:\n  - name: a\n    dsn: sqlite:./shop.db\n  - name: b\n    dsn: duckdb:data/../x.duckdb\n"
                        + "  - name: m\n    dsn: 'sqlite::memory:'\n  - name: abs\n    dsn: sqlite:///abs/shop.db\n  - name: pg\n"
                        + "    dsn: postgres://u@h:5432/db\n  - name: up\n    dsn: sqlite:../up.db\n");
        assertEquals(
                "sqlite:" + dir.resolve("shop.db"),
                c.connection("a").orElseThrow().dsn());
        assertEquals(
                "duckdb:" + dir.resolve("x.duckdb"),
                c.connection("b").orElseThrow().dsn());
        assertEquals("sqlite::memory:", c.connection("m").orElseThrow().dsn());
        assertEquals("sqlite:///abs/shop.db", c.connection("abs").orElseThrow().dsn());
        assertEquals("postgres://u@h:5432/db", c.connection("pg").orElseThrow().dsn());
        assertEquals(
                "sqlite:" + dir.getParent().resolve("up.db"),
                c.connection("up").orElseThrow().dsn());
        assertEquals("x:C:/data/shop.db", Config.dsn("x:C:/data/shop.db", dir), "a drive letter is absolute");
        assertEquals("x:file:rel.db", Config.dsn("x:file:rel.db", dir), "a URI is the driver's to refuse");
        assertEquals("memdemo:shop", Config.dsn("memdemo:shop", dir), "a bare name may be a name to its driver");
        assertEquals(
                "sqlite:" + dir.resolve("shop.db") + "?mode=ro&x=../y",
                Config.dsn("sqlite:./shop.db?mode=ro&x=../y", dir),
                "the query stays as written");
    }
}
