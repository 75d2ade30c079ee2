package dev.tobira.drivertest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tobira.api.Capability;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.Driver;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.ResultSets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A toy store whose queries are JSON command documents, for the kit's JSON language: {@code find},
 * {@code count} and {@code range} read; {@code insert}, {@code delete}, {@code drop} and
 * {@code batch} (commands in order) write; {@code explain} runs the command it holds, so a write
 * nested in it is a write. Documents are parsed once, and the first key names the command.
 *
 * <p>Its sound guard checks the parsed document, nested commands included. With {@link #weakened}
 * set, the guard reads the raw text instead: the first key as spelled (escapes not decoded), against
 * a list of writes, and nothing nested, which the kit's JSON variants must catch.
 */
final class JsonToyDriver implements Driver {
    static final NavigableMap<String, String> DATA = new ConcurrentSkipListMap<>();
    static volatile boolean weakened;
    /**
     * Bad input escapes raw: a document that does not parse as the JDK's IllegalArgumentException,
     * a command whose argument is not a string as a ClassCastException (as a client that casts the
     * parsed value would).
     */
    static volatile boolean rawErrors;

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Set<String> READS = Set.of("find", "count", "range");
    private static final Set<String> WRITES = Set.of("insert", "delete", "drop", "batch");
    private static final Pattern FIRST_KEY = Pattern.compile("^\\s*\\{\\s*\"([^\"]*)\"");
    private static final List<Column> DOC =
            List.of(Column.of("key", Value.Kind.TEXT), Column.of("value", Value.Kind.TEXT));

    /** Whether this instance checks statements at all; the toy has no other layer, so off lets everything through. */
    private final boolean statementCheck;

    JsonToyDriver() {
        this(true);
    }

    JsonToyDriver(boolean statementCheck) {
        this.statementCheck = statementCheck;
    }

    static void seedShop() {
        DATA.clear();
        DATA.putAll(Map.of(
                "customers/1",
                "Ada",
                "customers/2",
                "Grace",
                "customers/3",
                "Linus",
                "orders/1",
                "1|4999|paid",
                "orders/2",
                "1|1250|paid"));
    }

    @Override
    public String name() {
        return "jsontoy";
    }

    @Override
    public Set<String> schemes() {
        return Set.of("jsontoy");
    }

    @Override
    public Set<Capability> declared() {
        return EnumSet.of(Capability.READ_ONLY);
    }

    @Override
    public Conn open(ConnConfig config) {
        return new JsonConn(config.readOnly(), statementCheck);
    }

    private static DriverException error(ErrorKind kind, String detail) {
        return DriverException.of(kind, "jsontoy", "query", detail);
    }

    private static final class JsonConn implements Conn {
        private final boolean readOnly;
        private final boolean statementCheck;
        private volatile boolean closed;

        JsonConn(boolean readOnly, boolean statementCheck) {
            this.readOnly = readOnly;
            this.statementCheck = statementCheck;
        }

        @Override
        public ResultSet query(Query query) {
            ensureOpen();
            long start = System.nanoTime();
            JsonNode doc;
            try {
                doc = MAPPER.readTree(query.text());
            } catch (JsonProcessingException e) {
                if (rawErrors) {
                    throw new IllegalArgumentException(e);
                }
                throw error(ErrorKind.SYNTAX, "not a JSON document");
            }
            if (!(doc instanceof com.fasterxml.jackson.databind.node.ObjectNode) || doc.isEmpty()) {
                throw error(ErrorKind.SYNTAX, "a command is a JSON object");
            }
            if ((readOnly || query.readOnly()) && statementCheck) {
                if (weakened) {
                    Matcher m = FIRST_KEY.matcher(query.text());
                    if (m.find() && WRITES.contains(m.group(1))) {
                        throw error(ErrorKind.READ_ONLY, m.group(1) + " is a write");
                    }
                } else {
                    check(doc);
                }
            }
            List<Row> rows = run(doc);
            return ResultSets.of("jsontoy", DOC, rows.iterator(), query.limit(), start);
        }

        /** The sound guard: the parsed command, and every command nested in it, is a read. */
        private static void check(JsonNode doc) {
            String command = doc.properties().iterator().next().getKey();
            if (command.equals("explain")) {
                check(doc.get("explain"));
            } else if (!READS.contains(command)) {
                throw error(
                        ErrorKind.READ_ONLY,
                        "only find, count, range and explain of them are allowed on a read-only connection");
            }
        }

        private static List<Row> run(JsonNode doc) {
            if (!doc.isObject() || doc.isEmpty()) {
                throw error(ErrorKind.SYNTAX, "a command is a JSON object");
            }
            String command = doc.properties().iterator().next().getKey();
            JsonNode arg = doc.get(command);
            if (rawErrors && (command.equals("find") || command.equals("count"))) {
                ((com.fasterxml.jackson.databind.node.TextNode) arg).textValue().length();
            }
            List<Row> rows = new ArrayList<>();
            switch (command) {
                case "find" ->
                    DATA.subMap(arg.asText() + "/", arg.asText() + "0").forEach((k, v) -> {
                        JsonNode filter = doc.get("filter");
                        if (filter == null
                                || filter.isEmpty()
                                || filter.toString().contains(v)) {
                            rows.add(Row.of(DOC, Value.of(k), Value.of(v)));
                        }
                    });
                case "count" ->
                    rows.add(Row.of(
                            DOC,
                            Value.of(arg.asText()),
                            Value.of(String.valueOf(DATA.subMap(arg.asText() + "/", arg.asText() + "0")
                                    .size()))));
                case "range" -> {
                    for (long i = 1; i <= arg.asLong(); i++) {
                        rows.add(Row.of(DOC, Value.of("n"), Value.of(String.valueOf(i))));
                    }
                }
                case "insert" ->
                    doc.path("documents")
                            .forEach(d -> DATA.put(
                                    arg.asText() + "/" + d.path("_id").asText(),
                                    d.path("name").asText()));
                case "delete" ->
                    DATA.subMap(arg.asText() + "/", arg.asText() + "0").clear();
                case "drop" -> DATA.keySet().removeIf(k -> k.startsWith(arg.asText() + "/"));
                case "batch" -> arg.forEach(c -> rows.addAll(run(c)));
                case "explain" -> rows.addAll(run(arg));
                default -> throw error(ErrorKind.SYNTAX, "no such command: " + command);
            }
            return rows;
        }

        private void ensureOpen() {
            if (closed) {
                throw new IllegalStateException("closed");
            }
        }

        @Override
        public void ping() {
            ensureOpen();
        }

        @Override
        public List<String> namespaces() {
            return List.of();
        }

        @Override
        public List<CollectionRef> collections(Optional<String> namespace) {
            return List.of(CollectionRef.of("customers"), CollectionRef.of("orders"));
        }

        @Override
        public CollectionInfo describe(CollectionRef collection) {
            throw error(ErrorKind.UNSUPPORTED, "describe");
        }

        @Override
        public boolean readOnly() {
            return readOnly;
        }

        @Override
        public ConnInfo info() {
            return ConnInfo.of("jsontoy", ConnInfo.Model.DOCUMENT, "json").withServerVersion("1.0");
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
