package dev.tobira.mcp;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tobira.api.Browser;
import dev.tobira.api.Capability;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Explainer;
import dev.tobira.api.Page;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.api.VectorSearcher;
import dev.tobira.format.JsonValues;
import dev.tobira.history.HistoryEntry;
import dev.tobira.history.Source;
import dev.tobira.spi.Redactor;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The tools, with their input schemas and annotations, and the one path every call takes: find the
 * connection (an unexposed name is an unknown one), run within the timeout, cap the rows, turn an
 * error into an {@code isError} result with the redacted message, record the call.
 */
final class Tools {
    /** The rows {@code sample} returns when the client names no limit. */
    static final int SAMPLE_ROWS = 10;
    /** The neighbours {@code similar} returns when the client names no k. */
    static final int SIMILAR_K = 10;
    /** The most characters of a name a client sends (its own name and version, a connection) kept in the history. */
    static final int MAX_HISTORY_NAME = 256;
    /** The most characters of a query, a tool's arguments or an error kept in the history. */
    static final int MAX_HISTORY_TEXT = 16 * 1024;

    private static final System.Logger LOG = Logs.of(Tools.class);

    private final Map<String, Exposed> exposed;
    private final McpPolicy policy;
    private final Redactor redactor;
    private final CallLog log;
    /** The one JSON ⇄ Value of the project (tobira-format), and its mapper for the JSON around the values. */
    private final ObjectMapper json = JsonValues.mapper();

    Tools(Map<String, Exposed> exposed, McpPolicy policy, Redactor redactor, CallLog log) {
        this.exposed = exposed;
        this.policy = policy;
        this.redactor = redactor;
        this.log = log;
    }

    /** The tools of this policy: {@code similar} only with a vector store, {@code execute} only with allow_writes. */
    List<SyncToolSpecification> specifications() {
        List<SyncToolSpecification> specs = new ArrayList<>();
        specs.add(reading(
                "list_connections",
                "List the connections this server exposes, with driver, data model, dialect and whether they are read-only.",
                Schemas.object(Map.of(), List.of()),
                this::listConnections));
        specs.add(reading(
                "list_namespaces",
                "List the namespaces (databases, schemas) of a connection.",
                Schemas.object(Map.of("connection", Schemas.CONNECTION), List.of("connection")),
                this::listNamespaces));
        specs.add(reading(
                "list_collections",
                "List the collections (tables, views, key prefixes, document collections) of a namespace; each is also a resource tobira://<connection>/<namespace>/<collection>/schema.",
                Schemas.object(
                        Map.of("connection", Schemas.CONNECTION, "namespace", Schemas.NAMESPACE),
                        List.of("connection")),
                this::listCollections));
        specs.add(reading(
                "describe",
                "Describe a collection: fields with type and nullability, primary key, foreign keys, indexes. Never DDL, never rows.",
                Schemas.object(
                        Map.of(
                                "connection",
                                Schemas.CONNECTION,
                                "collection",
                                Schemas.COLLECTION,
                                "namespace",
                                Schemas.NAMESPACE),
                        List.of("connection", "collection")),
                this::describe));
        specs.add(reading(
                "sample",
                "Return the first rows of a collection (" + SAMPLE_ROWS + " unless limit says fewer or more, at most "
                        + policy.maxRows() + ").",
                Schemas.object(
                        Map.of(
                                "connection",
                                Schemas.CONNECTION,
                                "collection",
                                Schemas.COLLECTION,
                                "namespace",
                                Schemas.NAMESPACE,
                                "limit",
                                Schemas.limit(policy.maxRows())),
                        List.of("connection", "collection")),
                this::sample));
        specs.add(reading(
                "query",
                "Run one read-only query in the connection's own language (SQL, a Redis command line, ...). Writes are refused by the driver's guard. At most "
                        + policy.maxRows() + " rows and " + policy.maxResultBytes()
                        + " bytes of JSON; truncated says whether there were more.",
                Schemas.object(
                        Map.of(
                                "connection",
                                Schemas.CONNECTION,
                                "query",
                                Schemas.text("the query, one statement"),
                                "params",
                                Schemas.PARAMS,
                                "namespace",
                                Schemas.NAMESPACE,
                                "limit",
                                Schemas.limit(policy.maxRows())),
                        List.of("connection", "query")),
                this::query));
        specs.add(reading(
                "explain",
                "Show how the database would run a read-only query, without running it.",
                Schemas.object(
                        Map.of(
                                "connection",
                                Schemas.CONNECTION,
                                "query",
                                Schemas.text("the query, one statement"),
                                "params",
                                Schemas.PARAMS,
                                "namespace",
                                Schemas.NAMESPACE),
                        List.of("connection", "query")),
                this::explain));
        if (exposed.values().stream()
                .anyMatch(e -> e.driver()
                        .map(d -> d.declared().contains(Capability.VECTOR_SEARCHER))
                        .orElse(false))) {
            specs.add(reading(
                    "similar",
                    "Find the k records nearest to a vector in a collection of a vector-capable connection.",
                    Schemas.object(
                            Map.of(
                                    "connection",
                                    Schemas.CONNECTION,
                                    "collection",
                                    Schemas.COLLECTION,
                                    "namespace",
                                    Schemas.NAMESPACE,
                                    "vector",
                                    Schemas.VECTOR,
                                    "k",
                                    Schemas.limit(policy.maxRows())),
                            List.of("connection", "collection", "vector")),
                    this::similar));
        }
        if (!policy.allowWrites().isEmpty()) {
            Tool tool = Tool.builder(
                            "execute",
                            Schemas.object(
                                    Map.of(
                                            "connection",
                                            Schemas.CONNECTION,
                                            "statement",
                                            Schemas.text("the statement"),
                                            "params",
                                            Schemas.PARAMS,
                                            "namespace",
                                            Schemas.NAMESPACE),
                                    List.of("connection", "statement")))
                    .description("Run one statement that may write, on a connection in allow_writes ("
                            + String.join(", ", new java.util.TreeSet<>(policy.allowWrites()))
                            + "). There is no confirmation.")
                    .annotations(new ToolAnnotations("execute", false, true, false, false, null))
                    .build();
            specs.add(new SyncToolSpecification(tool, (ex, req) -> call("execute", ex, req, this::execute)));
        }
        return specs;
    }

    private SyncToolSpecification reading(String name, String description, Map<String, Object> schema, Body body) {
        Tool tool = Tool.builder(name, schema)
                .description(description)
                .annotations(new ToolAnnotations(name, true, false, true, false, null))
                .build();
        return new SyncToolSpecification(tool, (ex, req) -> call(name, ex, req, body));
    }

    /** What a tool's body returns: the JSON text of its result and the rows in it. */
    record Outcome(String json, long rows) {}

    @FunctionalInterface
    interface Body {
        Outcome run(Args args);
    }

    private CallToolResult call(
            String tool, McpSyncServerExchange exchange, McpSchema.CallToolRequest request, Body body) {
        Instant at = Instant.now();
        long start = System.nanoTime();
        Args args = new Args(tool, request.arguments());
        McpSchema.Implementation client = exchange == null ? null : exchange.getClientInfo();
        // everything here is the client's to choose: bounded before it is kept
        HistoryEntry.Builder entry = HistoryEntry.builder(Source.MCP)
                .at(at)
                .command(tool)
                .client(
                        client == null ? "" : cap(client.name(), MAX_HISTORY_NAME),
                        client == null ? "" : cap(client.version(), MAX_HISTORY_NAME))
                .connection(cap(args.optionalTextQuietly("connection"), MAX_HISTORY_NAME))
                .query(cap(historyText(tool, args), MAX_HISTORY_TEXT));
        CallToolResult result;
        try {
            Outcome out = body.run(args);
            if (Utf8Budget.bytes(out.json()) > policy.maxResultBytes()) {
                // the row tools stop reading before the cap; this is a list or a description that large
                throw new ToolError(tool + ": the result is larger than " + policy.maxResultBytes()
                        + " bytes (the server's max_result_bytes)");
            }
            entry.ok(out.rows());
            result = CallToolResult.builder()
                    .addTextContent(out.json())
                    .isError(false)
                    .build();
        } catch (DriverException | ToolError e) {
            result = error(String.valueOf(e.getMessage()));
            entry.failed(cap(java.util.Objects.requireNonNullElse(e.getMessage(), ""), MAX_HISTORY_TEXT));
        } catch (RuntimeException e) {
            String message =
                    "tobira: " + tool + ": internal error (" + e.getClass().getSimpleName() + "): " + e.getMessage();
            result = error(message);
            entry.failed(cap(message, MAX_HISTORY_TEXT));
        }
        record(entry.duration(Duration.ofNanos(System.nanoTime() - start)).build());
        return result;
    }

    /** At most max characters (a surrogate pair is not split), with an ellipsis when cut. */
    static String cap(String s, int max) {
        if (s == null || s.length() <= max) {
            return s;
        }
        int end = Character.isHighSurrogate(s.charAt(max - 1)) ? max - 1 : max;
        return s.substring(0, end) + "…";
    }

    private CallToolResult error(String message) {
        return CallToolResult.builder()
                .addTextContent(redactor.redact(message))
                .isError(true)
                .build();
    }

    private void record(HistoryEntry entry) {
        try {
            log.record(entry);
        } catch (RuntimeException e) {
            // the history is a record of calls, not a gate on them: a full disk must not fail a query
            Logs.warn(LOG, redactor, "history: " + e.getMessage());
        }
    }

    /** The text the history keeps: the query itself, or the tool's arguments (sorted) for the others. */
    private String historyText(String tool, Args args) {
        switch (tool) {
            case "query", "explain" -> {
                return args.optionalTextQuietly("query");
            }
            case "execute" -> {
                return args.optionalTextQuietly("statement");
            }
            default -> {
                if (args.all().isEmpty()) {
                    return "";
                }
                try {
                    return json.writeValueAsString(new TreeMap<>(args.all()));
                } catch (IOException e) {
                    return "";
                }
            }
        }
    }

    private Exposed connection(Args args) {
        String name = args.text("connection");
        Exposed e = exposed.get(name);
        if (e == null) {
            throw ToolError.unknownConnection(name);
        }
        return e;
    }

    /** The connection of a tool that reads data, which only a driver with the read-only guard may serve. */
    private Exposed guarded(Args args, String tool) {
        Exposed e = connection(args);
        if (!e.guarded()) {
            throw new ToolError(tool + ": connection \"" + e.name() + "\": its driver declares no read-only guard, so "
                    + tool + " is not offered on it");
        }
        return e;
    }

    private Outcome listConnections(Args args) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = json.createGenerator(out)) {
            g.writeStartArray();
            for (Exposed e : exposed.values()) {
                String status = e.status();
                g.writeStartObject();
                g.writeStringField("name", e.name());
                try {
                    ConnInfo info = e.call("list_connections", policy.timeout(), Conn::info);
                    g.writeStringField("driver", info.driver());
                    g.writeStringField("kind", info.model().name().toLowerCase(Locale.ROOT));
                    g.writeStringField("dialect", info.dialect());
                    g.writeBooleanField("read_only", !e.writesAllowed());
                    g.writeStringField("status", status);
                } catch (DriverException ex) {
                    g.writeStringField("driver", e.driver().map(d -> d.name()).orElse(""));
                    g.writeBooleanField("read_only", !e.writesAllowed());
                    g.writeStringField("status", "unavailable");
                    g.writeStringField("error", redactor.redact(String.valueOf(ex.getMessage())));
                }
                g.writeEndObject();
            }
            g.writeEndArray();
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return new Outcome(out.toString(), exposed.size());
    }

    private Outcome listNamespaces(Args args) {
        Exposed e = connection(args);
        List<String> names = e.call("list_namespaces", policy.timeout(), Conn::namespaces);
        return new Outcome(
                write(g -> {
                    g.writeStartArray();
                    for (String n : names) {
                        g.writeString(n);
                    }
                    g.writeEndArray();
                }),
                names.size());
    }

    private Outcome listCollections(Args args) {
        Exposed e = connection(args);
        Optional<String> ns = args.namespace();
        List<CollectionRef> refs = e.call("list_collections", policy.timeout(), c -> c.collections(ns));
        return new Outcome(
                write(g -> {
                    g.writeStartArray();
                    for (CollectionRef r : refs) {
                        g.writeStartObject();
                        g.writeStringField("namespace", r.namespace().orElse(""));
                        g.writeStringField("name", r.name());
                        g.writeStringField("resource", SchemaResource.uri(e.name(), r));
                        g.writeEndObject();
                    }
                    g.writeEndArray();
                }),
                refs.size());
    }

    private Outcome describe(Args args) {
        Exposed e = connection(args);
        CollectionRef ref = CollectionRef.of(args.namespace(), args.text("collection"));
        CollectionInfo info = e.call("describe", policy.timeout(), c -> c.describe(ref));
        return new Outcome(describeJson(info), 0);
    }

    /** The description as {@code describe} and the schema resource return it: fields and keys, never DDL or rows. */
    String describeJson(CollectionInfo info) {
        return write(g -> {
            g.writeStartObject();
            g.writeStringField("namespace", info.ref().namespace().orElse(""));
            g.writeStringField("collection", info.ref().name());
            g.writeStringField("type", info.type());
            g.writeArrayFieldStart("fields");
            for (Column f : info.fields()) {
                g.writeStartObject();
                g.writeStringField("name", f.name());
                g.writeStringField("type", f.nativeType().orElseGet(() -> JsonValues.typeName(f.kind())));
                g.writeBooleanField("nullable", f.nullable());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("primary_key");
            for (String k : info.primaryKey()) {
                g.writeString(k);
            }
            g.writeEndArray();
            g.writeArrayFieldStart("foreign_keys");
            for (CollectionInfo.ForeignKey fk : info.foreignKeys()) {
                g.writeStartObject();
                strings(g, "fields", fk.fields());
                g.writeStringField("references", fk.target().toString());
                strings(g, "ref_fields", fk.targetFields());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("indexes");
            for (CollectionInfo.Index ix : info.indexes()) {
                g.writeStartObject();
                g.writeStringField("name", ix.name());
                strings(g, "fields", ix.fields());
                g.writeBooleanField("unique", ix.unique());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    private Outcome sample(Args args) {
        Exposed e = guarded(args, "sample");
        CollectionRef ref = CollectionRef.of(args.namespace(), args.text("collection"));
        int limit = args.count("limit", SAMPLE_ROWS, policy.maxRows());
        return e.call("sample", policy.timeout(), c -> {
            Browser browser = c.as(Browser.class)
                    .orElseThrow(() -> DriverException.of(
                            ErrorKind.UNSUPPORTED,
                            c.info().driver(),
                            "sample",
                            "this connection cannot page through a collection"));
            Page page = browser.browse(ref, limit);
            return rowsResult(page.columns(), page.rows().iterator(), limit, page.hasNext())
                    .outcome();
        });
    }

    private Query readQuery(Args args, String textArg) {
        return inNamespace(Query.of(args.text(textArg)).withParams(args.params()), args)
                .withReadOnly(true)
                .withTimeout(policy.timeout());
    }

    private static Query inNamespace(Query q, Args args) {
        return args.namespace().map(q::withNamespace).orElse(q);
    }

    private Outcome query(Args args) {
        Exposed e = guarded(args, "query");
        int cap = args.count("limit", policy.maxRows(), policy.maxRows());
        Query q = readQuery(args, "query").withLimit(cap);
        return e.call("query", policy.timeout(), c -> {
            try (ResultSet rs = c.query(q)) {
                return result(rs, cap, false);
            }
        });
    }

    private Outcome explain(Args args) {
        Exposed e = guarded(args, "explain");
        Query q = readQuery(args, "query");
        return e.call("explain", policy.timeout(), c -> {
            Explainer ex = c.as(Explainer.class)
                    .orElseThrow(() -> DriverException.of(
                            ErrorKind.UNSUPPORTED,
                            c.info().driver(),
                            "explain",
                            "this connection cannot explain a query"));
            Explainer.Plan plan = ex.explain(q);
            return new Outcome(
                    write(g -> {
                        g.writeStartObject();
                        g.writeStringField("format", plan.format());
                        g.writeFieldName("plan");
                        if ("json".equals(plan.format())) {
                            g.writeTree(json.readTree(plan.text()));
                        } else {
                            g.writeString(plan.text());
                        }
                        g.writeEndObject();
                    }),
                    0);
        });
    }

    private Outcome similar(Args args) {
        Exposed e = guarded(args, "similar");
        CollectionRef ref = CollectionRef.of(args.namespace(), args.text("collection"));
        float[] vector = args.vector("vector");
        int k = args.count("k", SIMILAR_K, policy.maxRows());
        return e.call("similar", policy.timeout(), c -> {
            VectorSearcher vs = c.as(VectorSearcher.class)
                    .orElseThrow(() -> DriverException.of(
                            ErrorKind.UNSUPPORTED,
                            c.info().driver(),
                            "similar",
                            "this connection cannot search vectors"));
            try (ResultSet rs = vs.search(ref, new Value.Vector(vector), k)) {
                return result(rs, k, false);
            }
        });
    }

    private Outcome execute(Args args) {
        Exposed e = connection(args);
        if (!policy.writable(e.name())) {
            throw new ToolError("execute: connection \"" + e.name() + "\" is not in allow_writes: refused by policy");
        }
        int cap = policy.maxRows();
        Query q = inNamespace(Query.of(args.text("statement")).withParams(args.params()), args)
                .withReadOnly(false)
                .withLimit(cap)
                .withTimeout(policy.timeout());
        return e.call("execute", policy.timeout(), c -> {
            try (ResultSet rs = c.query(q)) {
                return result(rs, cap, true);
            }
        });
    }

    /** Reads at most cap rows of a result, and at most the policy's bytes, into the query shape: columns, rows as arrays, truncated. */
    private Outcome result(ResultSet rs, int cap, boolean withAffected) {
        List<Column> columns = rs.columns();
        if (withAffected && columns.isEmpty()) {
            long affected = rs.stats().rowsAffected().orElse(-1); // the tool's -1 for "the driver cannot tell" stays
            return new Outcome(
                    write(g -> {
                        g.writeStartObject();
                        g.writeNumberField("rows_affected", affected);
                        g.writeEndObject();
                    }),
                    0);
        }
        Rows rows = rowsResult(columns, rs, cap, false);
        // ask for one more row first: a driver learns that its limit cut the result only when asked past it
        boolean more = !rows.cut() && rows.json().size() == cap && rs.hasNext();
        return new Rows(
                        rows.columns(),
                        rows.json(),
                        rows.cut(),
                        rows.truncated() || more || rs.stats().truncated())
                .outcome();
    }

    /**
     * The rows of a result, each already written as JSON, read until cap rows or until the next one
     * would take the whole result past the byte cap ({@code cut}): a row is never split, and no more
     * rows are asked for once one does not fit.
     */
    private record Rows(String columns, List<String> json, boolean cut, boolean truncated) {
        Outcome outcome() {
            StringBuilder out = new StringBuilder(columns.length()
                    + 32
                    + json.stream().mapToInt(String::length).sum()
                    + json.size());
            out.append("{\"columns\":").append(columns).append(",\"rows\":[");
            for (int i = 0; i < json.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                out.append(json.get(i));
            }
            out.append("],\"truncated\":").append(cut || truncated).append('}');
            return new Outcome(out.toString(), json.size());
        }
    }

    private Rows rowsResult(List<Column> columns, Iterator<Row> rows, int cap, boolean more) {
        String head = write(g -> {
            g.writeStartArray();
            for (Column c : columns) {
                g.writeStartObject();
                g.writeStringField("name", c.name());
                g.writeStringField("type", c.nativeType().orElseGet(() -> JsonValues.typeName(c.kind())));
                g.writeEndObject();
            }
            g.writeEndArray();
        });
        // the JSON around the rows: {"columns":…,"rows":[…],"truncated":false}
        long left = policy.maxResultBytes() - Utf8Budget.bytes(head) - 40;
        List<String> out = new ArrayList<>(Math.min(cap, 64));
        while (out.size() < cap && rows.hasNext()) {
            String row = row(rows.next(), left - (out.isEmpty() ? 0 : 1));
            if (row == null) {
                return new Rows(head, out, true, more);
            }
            left -= Utf8Budget.bytes(row) + (out.isEmpty() ? 0 : 1);
            out.add(row);
        }
        return new Rows(head, out, false, more);
    }

    /** A row as a JSON array, or null if it takes more than the bytes left (writing stops there). */
    private @Nullable String row(Row r, long left) {
        if (left <= 2) {
            return null;
        }
        Utf8Budget out = new Utf8Budget(left);
        try (JsonGenerator g = json.createGenerator(out)) {
            g.writeStartArray();
            for (Value v : r.values()) {
                JsonValues.write(g, v);
            }
            g.writeEndArray();
        } catch (Utf8Budget.Spent e) {
            return null;
        } catch (IOException e) {
            if (out.spent()) {
                return null; // the generator's close flushed into the full budget
            }
            throw new UncheckedIOException(e);
        }
        return out.spent() ? null : out.toString();
    }

    private static void strings(JsonGenerator g, String field, List<String> values) throws IOException {
        g.writeArrayFieldStart(field);
        for (String v : values) {
            g.writeString(v);
        }
        g.writeEndArray();
    }

    @FunctionalInterface
    private interface Writer {
        void write(JsonGenerator g) throws IOException;
    }

    private String write(Writer w) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = json.createGenerator(out)) {
            w.write(g);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }
}
