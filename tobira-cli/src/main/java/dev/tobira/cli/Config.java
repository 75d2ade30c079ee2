package dev.tobira.cli;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.tobira.mcp.McpPolicy;
import dev.tobira.spi.Redactor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The config file ({@code ~/.config/tobira/config.yaml} by default): named connections, the MCP
 * section (kept for the MCP server, only checked here for literal secrets), and history settings.
 *
 * <p>A literal secret is a load error that names the field and never the value: a connection's
 * {@code password}, an option whose key names a credential, {@code mcp.token}, and a DSN that holds
 * a password of its own. Secrets are references ({@link SecretRef}), resolved when a connection
 * opens.
 *
 * @param file the file read, or null when there is none
 * @param connections the connections, in file order
 * @param mcp the {@code mcp} section as written, or a missing node
 * @param history the history settings
 */
record Config(@Nullable Path file, List<Conn> connections, JsonNode mcp, HistorySettings history) {
    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build());
    private static final Set<String> TOP_KEYS = Set.of("connections", "mcp", "history");
    private static final Set<String> CONN_KEYS = Set.of("name", "driver", "dsn", "read_only", "password", "options");
    /** The keys of the {@code mcp} section that {@code tobira mcp} reads. */
    static final Set<String> MCP_KEYS =
            Set.of("expose", "allow_writes", "max_rows", "max_result_bytes", "timeout", "token");

    private static final Set<String> HISTORY_KEYS = Set.of("enabled", "file", "max_entries", "max_age");
    private static final Set<String> SECRET_WORDS =
            Set.of("password", "pwd", "pass", "passwd", "secret", "token", "apikey", "api_key", "client_secret", "key");

    /**
     * One named connection.
     *
     * @param name its name
     * @param driver the driver named in the file, or empty
     * @param dsn the DSN, holding no credential
     * @param readOnly whether it opens read-only
     * @param password the password's reference, if any
     * @param options driver options; values whose key names a credential are references
     */
    record Conn(
            String name,
            String driver,
            String dsn,
            boolean readOnly,
            Optional<SecretRef> password,
            Map<String, String> options) {}

    /**
     * The {@code history} section.
     *
     * @param enabled whether calls are recorded
     * @param file the history file, or null for the default
     * @param maxEntries the most entries kept
     * @param maxAge the oldest entry kept, zero for no limit
     */
    record HistorySettings(boolean enabled, @Nullable Path file, int maxEntries, Duration maxAge) {
        static final HistorySettings DEFAULT = new HistorySettings(true, null, 10_000, Duration.ZERO);
    }

    /** This config with history recording switched on or off (TOBIRA_HISTORY_ENABLED). */
    Config withHistoryEnabled(boolean enabled) {
        HistorySettings h = history;
        return new Config(file, connections, mcp, new HistorySettings(enabled, h.file(), h.maxEntries(), h.maxAge()));
    }

    static Config empty() {
        return new Config(null, List.of(), MissingNode.getInstance(), HistorySettings.DEFAULT);
    }

    static Path defaultFile(Map<String, String> env) {
        String xdg = env.get("XDG_CONFIG_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config");
        return base.resolve("tobira").resolve("config.yaml");
    }

    /**
     * Loads a config file.
     *
     * @param file the file
     * @param required whether a missing file is an error (it was named with --config) or an empty
     *     config (the default path)
     */
    static Config load(Path file, boolean required) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            if (required) {
                throw CliException.usage("config " + file + ": no such file");
            }
            return empty();
        } catch (IOException e) {
            throw CliException.usage(
                    "config " + file + ": cannot read (" + e.getClass().getSimpleName() + ")");
        }
        JsonNode root;
        try (JsonParser parser = YAML.createParser(text)) {
            // a key given twice is an error, not a silent last-one-wins
            root = YAML.readTree(parser);
            if (parser.nextToken() != null) {
                // a second document would be ignored by every reader of the first
                throw fail(
                        file,
                        "holds more than one YAML document (a second '---' at line "
                                + parser.currentTokenLocation().getLineNr() + "); put everything in one");
            }
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            // the parser's own message can quote the text, and the text can hold a secret
            throw fail(
                    file,
                    "not valid YAML"
                            + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr()));
        } catch (IOException e) {
            throw fail(
                    file, "cannot read (" + e.getClass().getSimpleName() + ")"); // a String does not fail; kept honest
        }
        if (root == null || root.isNull() || root.isMissingNode()) {
            return new Config(file, List.of(), MissingNode.getInstance(), HistorySettings.DEFAULT);
        }
        if (!root.isObject()) {
            throw fail(file, "the top level must be a mapping (connections:, mcp:, history:)");
        }
        unknownKeys(file, "", root, TOP_KEYS);
        List<Conn> connections = connections(file, root.path("connections"));
        JsonNode mcp = root.path("mcp");
        if (!mcp.isMissingNode()) {
            checkMcp(file, mcp);
        }
        return new Config(file, connections, mcp, history(file, root.path("history")));
    }

    private static List<Conn> connections(Path file, JsonNode list) {
        if (list.isMissingNode() || list.isNull()) {
            return List.of();
        }
        if (!list.isArray()) {
            throw fail(file, "connections must be a list");
        }
        List<Conn> out = new ArrayList<>();
        Map<String, Boolean> names = new LinkedHashMap<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode c = list.get(i);
            String where = "connections[" + i + "]";
            if (!c.isObject()) {
                throw fail(file, where + " must be a mapping");
            }
            String name = text(file, where, c, "name", true);
            if (!name.matches("[A-Za-z0-9_][A-Za-z0-9_.-]*")) {
                throw fail(file, where + ".name must be letters, digits, '_', '.' or '-'");
            }
            where = "connection \"" + name + "\"";
            unknownKeys(file, where + ": ", c, CONN_KEYS);
            if (names.put(name, true) != null) {
                throw fail(file, "two connections are named \"" + name + "\"");
            }
            String dsn = text(file, where, c, "dsn", true);
            if (!Redactor.standard().redact(dsn).equals(dsn)) {
                throw fail(
                        file,
                        where + ": dsn holds a literal password; take it out of the DSN and set"
                                + " password: env:NAME, file:PATH or dotenv:PATH#KEY");
            }
            JsonNode ro = c.path("read_only");
            if (!ro.isMissingNode() && !ro.isBoolean()) {
                throw fail(file, where + ": read_only must be true or false");
            }
            Optional<SecretRef> password = Optional.empty();
            if (c.has("password")) {
                password = Optional.of(secret(file, where, "password", text(file, where, c, "password", true)));
            }
            Map<String, String> options = new LinkedHashMap<>();
            JsonNode opts = c.path("options");
            if (!opts.isMissingNode()) {
                if (!opts.isObject()) {
                    throw fail(file, where + ": options must be a mapping");
                }
                for (Map.Entry<String, JsonNode> e : opts.properties()) {
                    if (!e.getValue().isValueNode() || e.getValue().isNull()) {
                        throw fail(file, where + ": options." + e.getKey() + " must be a single value");
                    }
                    String v = e.getValue().asText();
                    if (isSecretKey(e.getKey())) {
                        secret(file, where, "options." + e.getKey(), v);
                    }
                    options.put(e.getKey(), v);
                }
            }
            String driver = text(file, where, c, "driver", false);
            out.add(new Conn(name, driver, dsn(dsn, base(file)), ro.asBoolean(false), password, Map.copyOf(options)));
        }
        return List.copyOf(out);
    }

    private static void checkMcp(Path file, JsonNode mcp) {
        if (!mcp.isObject()) {
            throw fail(file, "mcp must be a mapping");
        }
        unknownKeys(file, "mcp: ", mcp, MCP_KEYS);
        for (String list : List.of("expose", "allow_writes")) {
            JsonNode n = mcp.path(list);
            boolean names = n.isMissingNode() || n.isTextual();
            if (n.isArray()) {
                names = true;
                for (JsonNode x : n) {
                    names &= x.isTextual();
                }
            }
            if (!names) {
                throw fail(file, "mcp." + list + " must be a list of connection names");
            }
        }
        JsonNode rows = mcp.path("max_rows");
        if (!rows.isMissingNode()
                && (!rows.isIntegralNumber() || !rows.canConvertToInt() || rows.asInt() < 1 || rows.asInt() > 1000)) {
            throw fail(file, "mcp.max_rows must be a whole number from 1 to 1000");
        }
        JsonNode bytes = mcp.path("max_result_bytes");
        if (!bytes.isMissingNode()
                && (!bytes.isIntegralNumber()
                        || !bytes.canConvertToInt()
                        || bytes.asInt() < McpPolicy.MIN_RESULT_BYTES
                        || bytes.asInt() > McpPolicy.MAX_RESULT_BYTES_LIMIT)) {
            throw fail(
                    file,
                    "mcp.max_result_bytes must be a whole number from " + McpPolicy.MIN_RESULT_BYTES + " to "
                            + McpPolicy.MAX_RESULT_BYTES_LIMIT);
        }
        JsonNode timeout = mcp.path("timeout");
        if (!timeout.isMissingNode()) {
            duration(file, "mcp.timeout", timeout);
        }
        JsonNode token = mcp.path("token");
        if (!token.isMissingNode()) {
            if (!token.isTextual()) {
                throw fail(file, "mcp.token must be a reference (env:NAME, file:PATH, dotenv:PATH#KEY)");
            }
            secret(file, "mcp", "token", token.asText());
        }
    }

    /** A duration written as text ({@code 30s}) or a number of seconds; a bad or absurd one is a load error. */
    static Duration duration(Path file, String field, JsonNode n) {
        if (!n.isTextual() && !n.isNumber()) {
            throw fail(file, field + " must be a duration such as 30s, 2m, 1h or 7d");
        }
        try {
            return Durations.parse(n.asText());
        } catch (IllegalArgumentException e) {
            throw fail(file, field + ": " + e.getMessage());
        }
    }

    private static HistorySettings history(Path file, JsonNode h) {
        if (h.isMissingNode() || h.isNull()) {
            return HistorySettings.DEFAULT;
        }
        if (!h.isObject()) {
            throw fail(file, "history must be a mapping");
        }
        unknownKeys(file, "history: ", h, HISTORY_KEYS);
        JsonNode on = h.path("enabled");
        if (!on.isMissingNode() && !on.isBoolean()) {
            // YAML's own words only: a "n" or "off" read as a default would record what the user switched off
            throw fail(file, "history: enabled must be true or false");
        }
        boolean enabled = on.asBoolean(true);
        JsonNode f = h.path("file");
        if (!f.isMissingNode() && (!f.isTextual() || f.asText().isBlank())) {
            throw fail(file, "history: file must be a path");
        }
        Path historyFile = f.isMissingNode() ? null : base(file).resolve(f.asText());
        int max = 10_000;
        if (h.has("max_entries")) {
            JsonNode m = h.path("max_entries");
            if (!m.canConvertToInt() || m.asInt() < 1 || !m.isIntegralNumber()) {
                throw fail(file, "history: max_entries must be a whole number, 1 or more");
            }
            max = m.asInt();
        }
        Duration age = Duration.ZERO;
        if (h.has("max_age")) {
            age = duration(file, "history: max_age", h.path("max_age"));
        }
        return new HistorySettings(enabled, historyFile, max, age);
    }

    private static SecretRef secret(Path file, String where, String field, String value) {
        return SecretRef.parse(value)
                .orElseThrow(
                        () -> fail(
                                file,
                                where + ": " + field
                                        + " is a literal secret, which the config does not hold; use env:NAME, file:PATH or dotenv:PATH#KEY"));
    }

    /** Whether a key names a credential: its value must be a reference, and is resolved as one. */
    static boolean isSecretKey(String key) {
        String k = key.toLowerCase(Locale.ROOT).replace('-', '_');
        return SECRET_WORDS.contains(k) || k.endsWith("_password") || k.endsWith("_token") || k.endsWith("_secret");
    }

    private static String text(Path file, String where, JsonNode node, String field, boolean required) {
        JsonNode v = node.path(field);
        if (v.isMissingNode() || v.isNull()) {
            if (required) {
                throw fail(file, where + ": " + field + " is missing");
            }
            return "";
        }
        if (!v.isTextual()) {
            throw fail(file, where + ": " + field + " must be text");
        }
        return v.asText();
    }

    private static void unknownKeys(Path file, String where, JsonNode node, Set<String> known) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!known.contains(k)) {
                throw fail(
                        file,
                        where + "unknown key \"" + k + "\" (known: " + String.join(", ", new java.util.TreeSet<>(known))
                                + ")");
            }
        }
    }

    /**
     * A DSN as every command opens it: one whose body (after {@code scheme:}) is a relative path
     * ({@code sqlite:./shop.db}, {@code duckdb:data/x.duckdb}) names that path from the config
     * file's directory, not from wherever a command happens to start (an agent starts
     * {@code tobira mcp} anywhere). A relative path is a body that begins with neither {@code /}
     * nor {@code \}, holds no {@code :} and has a {@code /} ({@code ./x}, {@code dir/x}), which
     * leaves every host form ({@code //…}), absolute path, special name ({@code ::memory:}), bare
     * name ({@code memdemo:shop}), URI and drive letter as written, and a {@code ?…} query as it
     * is; no driver is named.
     */
    static String dsn(String dsn, Path base) {
        int colon = dsn.indexOf(':');
        if (colon <= 0) {
            return dsn;
        }
        String body = dsn.substring(colon + 1);
        int query = body.indexOf('?');
        String path = query < 0 ? body : body.substring(0, query);
        if (path.isEmpty()
                || path.startsWith("/")
                || path.startsWith("\\")
                || path.indexOf(':') >= 0
                || path.startsWith("~")
                || path.indexOf('/') < 0) {
            // only what is written as a path (./x, ../x, dir/x) is one: memdemo:shop or sqlite:shop.db
            // may be a name to its driver, and stays as written
            return dsn;
        }
        Path p;
        try {
            p = base.resolve(path).normalize();
        } catch (java.nio.file.InvalidPathException e) {
            return dsn; // not a path after all; the driver says what it is
        }
        return dsn.substring(0, colon + 1) + p + (query < 0 ? "" : body.substring(query));
    }

    static Path base(@Nullable Path file) {
        Path parent = file == null ? null : file.toAbsolutePath().getParent();
        return parent == null ? Path.of("").toAbsolutePath() : parent;
    }

    private static CliException fail(Path file, String message) {
        return CliException.usage("config " + file + ": " + message);
    }

    Optional<Conn> connection(String name) {
        return connections.stream().filter(c -> c.name().equals(name)).findFirst();
    }
}
