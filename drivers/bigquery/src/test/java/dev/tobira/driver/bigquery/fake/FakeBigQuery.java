package dev.tobira.driver.bigquery.fake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.tobira.driver.bigquery.fake.Tokens.Token;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * An in-process fake of the BigQuery REST API v2, for the endpoints google-cloud-bigquery calls on
 * the driver's paths: {@code jobs.insert} (with dry runs), {@code jobs.get},
 * {@code jobs.getQueryResults}, {@code jobs.cancel}, {@code tabledata.list} (a job's result table
 * or a stored table, with page tokens), {@code tables.get}, {@code tables.list},
 * {@code datasets.get} and {@code datasets.list}, plus an OAuth token endpoint for key-file
 * credentials. Its tables live in one in-memory SQLite database (dataset {@code shop} is SQLite's
 * {@code main}; another dataset is an attached database), and a job runs the text translated by
 * {@link ToSqlite}. The dry run's statement type comes from {@link StatementTypes}, a classifier of
 * the leading keyword, and says so in the job ({@code "fakeClassifier": "leading keyword"}).
 * Every request is recorded, so a test can prove that a refused text never produced a job.
 */
public final class FakeBigQuery implements AutoCloseable {
    public static final String PROJECT = "tobira-test";
    public static final String DATASET = "shop";
    public static final String ANON = "_anon_results";
    /** BigQuery bills at least 10 MiB per query that reads a table. */
    static final long MIN_BILLED = 10L << 20;
    /** How long jobs.insert waits for a job to end before it answers RUNNING. */
    private static final long QUICK_JOB_MILLIS = 200;

    private static final Pattern PREFIX = Pattern.compile("^/bigquery/v2/projects/([^/]+)(/.*)?$");

    /** One request as the fake received it, its body unzipped. */
    public record Request(String method, String path, String query, String body, String authorization) {
        public boolean isJobInsert() {
            return method.equals("POST") && path.endsWith("/jobs");
        }

        public boolean isDryRun() {
            return isJobInsert() && body.replace(" ", "").contains("\"dryRun\":true");
        }

        public boolean isRealJob() {
            return isJobInsert() && !isDryRun();
        }
    }

    /** A planned failure: the next {@code times} requests whose path matches answer this error. */
    private record Failure(Pattern path, int status, String reason, String message, AtomicInteger times) {}

    private final HttpServer server;
    private final ExecutorService http = Executors.newCachedThreadPool(daemon("fake-bigquery-http"));
    private final ExecutorService workers = Executors.newCachedThreadPool(daemon("fake-bigquery-job"));
    private final ScheduledExecutorService timers =
            Executors.newSingleThreadScheduledExecutor(daemon("fake-bigquery-timer"));
    private final Connection db;
    private final Map<String, FakeJob> jobs = new ConcurrentHashMap<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final List<Failure> failures = new CopyOnWriteArrayList<>();
    /** dataset → SQLite schema. */
    private final Map<String, String> datasets = new ConcurrentHashMap<>();
    /** table (dataset.table) → extra table facts: timePartitioning, clustering. */
    private final Map<String, ObjectNode> tableFacts = new ConcurrentHashMap<>();
    /** Procedures a CALL runs: dataset.name → SQL. */
    private final Map<String, String> procedures = new ConcurrentHashMap<>();
    /** IAM bindings GRANT and REVOKE change: "role on dataset to member". */
    private final Set<String> grants = Collections.synchronizedSet(new LinkedHashSet<>());
    /** What EXPORT DATA wrote: uri → rows. */
    private final Map<String, Long> exports = new ConcurrentHashMap<>();

    private volatile boolean refuseTokens;
    private final AtomicInteger jobCounter = new AtomicInteger();

    static {
        // the JDK's server writes a response's headers and body apart: without TCP_NODELAY each answer
        // waits out the client's delayed ACK (40 ms on Linux loopback)
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    private FakeBigQuery() throws IOException {
        try {
            db = DriverManager.getConnection("jdbc:sqlite::memory:");
            Cells.register(db);
        } catch (SQLException e) {
            throw new IOException("the fake's SQLite did not open", e);
        }
        datasets.put(DATASET, "main");
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(http);
        server.createContext("/", this::handle);
        server.start();
    }

    public static FakeBigQuery start() throws IOException {
        return new FakeBigQuery();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public String endpoint() {
        return "http://127.0.0.1:" + port();
    }

    /** The DSN of a connection to the fake, with no credentials. */
    public String dsn(String extra) {
        return "bigquery://" + PROJECT + "/" + DATASET + "?endpoint=" + endpoint() + "&credentials=none" + extra;
    }

    public List<Request> requests() {
        return List.copyOf(requests);
    }

    public void clearRequests() {
        requests.clear();
    }

    /** The jobs inserted that were not dry runs. */
    public List<Request> realJobs() {
        return requests.stream().filter(Request::isRealJob).toList();
    }

    /** The next {@code times} requests whose path matches the pattern fail with this error. */
    public void fail(String pathPattern, int status, String reason, String message, int times) {
        failures.add(new Failure(Pattern.compile(pathPattern), status, reason, message, new AtomicInteger(times)));
    }

    public void clearFailures() {
        failures.clear();
    }

    /** The token endpoint refuses every grant (an expired or revoked key), or issues tokens. */
    public void refuseTokens(boolean refuse) {
        this.refuseTokens = refuse;
    }

    public String tokenUri() {
        return endpoint() + "/token";
    }

    public Map<String, Long> exports() {
        return Map.copyOf(exports);
    }

    public void clearExports() {
        exports.clear();
    }

    public Set<String> grants() {
        synchronized (grants) {
            return Set.copyOf(grants);
        }
    }

    public void procedure(String qualifiedName, String sql) {
        procedures.put(qualifiedName.toLowerCase(Locale.ROOT), sql);
    }

    public void tableFacts(String table, String json) {
        try {
            tableFacts.put(table, (ObjectNode) Cells.JSON.readTree(json));
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    // ---- the native side channel: the fake's own state, never through the driver ----

    /** Runs SQLite statements directly, for seeding. */
    public synchronized void sqlite(String... statements) {
        try (Statement st = db.createStatement()) {
            for (String s : statements) {
                st.execute(s);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the fake's SQLite refused a seed statement: " + e.getMessage(), e);
        }
    }

    /** The names of the shop dataset's objects of one SQLite type ({@code table}, {@code view}). */
    public synchronized List<String> objects(String type) {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps =
                db.prepareStatement("SELECT name FROM sqlite_master WHERE type = ? AND name NOT LIKE 'sqlite_%'")) {
            ps.setString(1, type);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    /** Ends every job's open cursor, so a seed can drop the tables they read. */
    public void closeCursors() {
        for (FakeJob job : jobs.values()) {
            job.closeCursor();
        }
    }

    /** Every dataset but the shop's is detached, grants and exports cleared. */
    public synchronized void resetDatasets() {
        for (String ds : List.copyOf(datasets.keySet())) {
            if (!ds.equals(DATASET)) {
                sqlite("DETACH DATABASE " + ToSqlite.quote(datasets.get(ds)));
                datasets.remove(ds);
            }
        }
        grants.clear();
        exports.clear();
    }

    /** The tables of a dataset, their schemas and every row, in one text. */
    public synchronized String dump() {
        StringBuilder sb = new StringBuilder();
        sb.append("datasets=").append(new TreeMap<>(datasets).keySet()).append('\n');
        sb.append("grants=").append(grants()).append('\n');
        for (String ds : new TreeMap<>(datasets).keySet()) {
            String schema = ToSqlite.quote(datasets.get(ds));
            try (Statement st = db.createStatement();
                    ResultSet tables =
                            st.executeQuery("SELECT type, name, sql FROM " + schema + ".sqlite_master ORDER BY name")) {
                List<String[]> list = new ArrayList<>();
                while (tables.next()) {
                    list.add(new String[] {tables.getString(1), tables.getString(2), tables.getString(3)});
                }
                for (String[] t : list) {
                    sb.append(ds)
                            .append('.')
                            .append(t[1])
                            .append(' ')
                            .append(t[0])
                            .append(": ")
                            .append(t[2])
                            .append('\n');
                    if (!t[0].equals("table")) {
                        continue;
                    }
                    try (Statement rows = db.createStatement();
                            ResultSet rs = rows.executeQuery(
                                    "SELECT * FROM " + schema + "." + ToSqlite.quote(t[1]) + " ORDER BY 1")) {
                        int n = rs.getMetaData().getColumnCount();
                        while (rs.next()) {
                            sb.append("  ");
                            for (int i = 1; i <= n; i++) {
                                Object v = rs.getObject(i);
                                sb.append(
                                                v instanceof byte[] b
                                                        ? Base64.getEncoder().encodeToString(b)
                                                        : String.valueOf(v))
                                        .append('|');
                            }
                            sb.append('\n');
                        }
                    }
                }
            } catch (SQLException e) {
                throw new IllegalStateException("the fake's dump failed: " + e.getMessage(), e);
            }
        }
        return sb.toString();
    }

    /**
     * Runs a text the way a BigQuery script would, statement by statement, going on past one that
     * fails: the kit's native execution of a stacked probe the driver refuses.
     */
    public void runScript(String text) {
        List<List<Token>> statements = Tokens.statements(Tokens.of(text));
        for (List<Token> st : statements) {
            List<Token> code = Tokens.code(st);
            if (code.isEmpty()
                    || code.size() == 1
                            && (code.get(0).is("BEGIN")
                                    || code.get(0).is("END")
                                    || code.get(0).is("COMMIT")
                                    || code.get(0).is("ROLLBACK"))) {
                continue;
            }
            if (code.get(0).is("BEGIN") && !(code.size() > 1 && code.get(1).is("TRANSACTION"))) {
                st = st.subList(st.indexOf(code.get(0)) + 1, st.size());
            }
            try {
                FakeJob job =
                        new FakeJob("script-" + jobCounter.incrementAndGet(), Cells.JSON.createObjectNode(), null);
                execute(job, st, List.of(), StatementTypes.ofStatement(Tokens.code(st)));
                job.closeCursor();
            } catch (RuntimeException | SQLException e) {
                // a script client goes on past a failing statement, as the kit's native execution asks
            }
        }
    }

    // ---- HTTP ----

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            answer(ex);
        }
    }

    private void answer(HttpExchange ex) throws IOException {
        try {
            String body = body(ex);
            String path = ex.getRequestURI().getRawPath();
            String query = ex.getRequestURI().getRawQuery() == null
                    ? ""
                    : ex.getRequestURI().getRawQuery();
            String auth = ex.getRequestHeaders().getFirst("Authorization");
            requests.add(new Request(ex.getRequestMethod(), path, query, body, auth == null ? "" : auth));
            for (Failure f : failures) {
                if (f.path().matcher(path).find() && f.times().getAndDecrement() > 0) {
                    send(ex, f.status(), error(f.status(), f.reason(), f.message()));
                    return;
                }
            }
            if (path.equals("/token")) {
                token(ex);
                return;
            }
            var m = PREFIX.matcher(path);
            if (!m.matches()) {
                send(ex, 404, error(404, "notFound", "Not found: URL " + path));
                return;
            }
            String project = m.group(1);
            if (!project.equals(PROJECT)) {
                send(ex, 404, error(404, "notFound", "Not found: Project " + project));
                return;
            }
            String[] rest =
                    m.group(2) == null ? new String[0] : m.group(2).substring(1).split("/");
            Map<String, String> params = params(query);
            route(ex, ex.getRequestMethod(), rest, params, body);
        } catch (ApiError e) {
            send(ex, e.status, error(e.status, e.reason, e.getMessage()));
        } catch (RuntimeException e) {
            send(ex, 500, error(500, "internalError", "the fake failed: " + e));
        }
    }

    private void route(HttpExchange ex, String method, String[] p, Map<String, String> params, String body)
            throws IOException {
        int n = p.length;
        if (n == 1 && p[0].equals("jobs") && method.equals("POST")) {
            send(ex, 200, insertJob(read(body)));
        } else if (n == 2 && p[0].equals("jobs") && method.equals("GET")) {
            send(ex, 200, job(p[1]).resource());
        } else if (n == 3 && p[0].equals("jobs") && p[2].equals("cancel")) {
            FakeJob job = job(p[1]);
            job.cancel("stopped", "Job execution was cancelled: User requested cancellation");
            ObjectNode out = Cells.JSON.createObjectNode().put("kind", "bigquery#jobCancelResponse");
            out.set("job", job.resource());
            send(ex, 200, out);
        } else if (n == 2 && p[0].equals("queries") && method.equals("GET")) {
            send(ex, 200, queryResults(job(p[1]), params));
        } else if (n == 1 && p[0].equals("datasets")) {
            send(ex, 200, listDatasets());
        } else if (n == 2 && p[0].equals("datasets")) {
            send(ex, 200, dataset(p[1]));
        } else if (n == 3 && p[0].equals("datasets") && p[2].equals("tables")) {
            send(ex, 200, listTables(p[1]));
        } else if (n == 4 && p[0].equals("datasets") && p[2].equals("tables")) {
            send(ex, 200, table(p[1], decode(p[3])));
        } else if (n == 5 && p[0].equals("datasets") && p[2].equals("tables") && p[4].equals("data")) {
            send(ex, 200, tableData(p[1], decode(p[3]), params));
        } else {
            throw new ApiError(404, "notFound", "Not found: the fake has no " + method + " " + String.join("/", p));
        }
    }

    private void token(HttpExchange ex) throws IOException {
        if (refuseTokens) {
            ObjectNode out = Cells.JSON
                    .createObjectNode()
                    .put("error", "invalid_grant")
                    .put("error_description", "Invalid JWT Signature.");
            send(ex, 400, out);
        } else {
            send(
                    ex,
                    200,
                    Cells.JSON
                            .createObjectNode()
                            .put("access_token", "ya29.fake-token")
                            .put("expires_in", 3600)
                            .put("token_type", "Bearer"));
        }
    }

    // ---- jobs ----

    private ObjectNode insertJob(JsonNode job) {
        JsonNode config = job.path("configuration");
        JsonNode q = config.path("query");
        if (q.isMissingNode()) {
            throw new ApiError(400, "invalid", "the fake runs query jobs only");
        }
        String text = q.path("query").asText();
        String id = job.path("jobReference").path("jobId").asText("job_fake_" + jobCounter.incrementAndGet());
        String defaultDataset = q.path("defaultDataset").path("datasetId").asText("");
        if (!defaultDataset.isEmpty() && !datasets.containsKey(defaultDataset)) {
            throw new ApiError(404, "notFound", "Not found: Dataset " + PROJECT + ":" + defaultDataset);
        }
        List<Token> tokens;
        try {
            tokens = Tokens.of(text);
        } catch (IllegalArgumentException e) {
            throw new ApiError(400, "invalidQuery", e.getMessage());
        }
        String type = StatementTypes.of(tokens);
        if (type == null) {
            throw new ApiError(400, "invalidQuery", "Syntax error: Unexpected keyword or identifier at [1:1]");
        }
        List<JsonNode> params = new ArrayList<>();
        q.path("queryParameters").forEach(params::add);
        FakeJob fj = new FakeJob(
                id,
                (ObjectNode) config,
                job.path("jobReference").path("location").asText(null));
        fj.statementType = type;
        List<String> referenced = referencedTables(tokens);
        fj.referenced = referenced;
        fj.bytes = bytes(referenced);
        if (type.equals("SELECT") || type.equals("INSERT") || type.equals("UPDATE") || type.equals("DELETE")) {
            validate(tokens, params); // what BigQuery's planner finds without running: syntax, names
        }
        if (config.path("dryRun").asBoolean(false)) {
            fj.dryRun = true;
            fj.state = "DONE";
            return fj.resource();
        }
        jobs.put(id, fj);
        long cap = q.path("maximumBytesBilled").asLong(Long.MAX_VALUE);
        long billed = fj.bytes > 0 || !referenced.isEmpty() ? Math.max(MIN_BILLED, fj.bytes) : 0;
        if (billed > cap) {
            fj.fail(
                    "bytesBilledLimitExceeded",
                    "Query exceeded limit for bytes billed: " + cap + ". " + billed + " or higher required.");
            return fj.resource();
        }
        fj.state = "RUNNING";
        long timeout = config.path("jobTimeoutMs").asLong(0);
        if (timeout > 0) {
            timers.schedule(
                    () -> fj.cancel("timeout", "Job timed out after " + timeout + " ms"),
                    timeout,
                    TimeUnit.MILLISECONDS);
        }
        workers.submit(() -> {
            try {
                execute(fj, Tokens.statements(tokens).get(0), params, type);
                fj.finish();
            } catch (ApiError e) {
                fj.fail(e.reason, e.getMessage());
            } catch (SQLException | RuntimeException e) {
                String[] rm = reason(e);
                fj.fail(
                        fj.cancelReason != null ? fj.cancelReason : rm[0],
                        fj.cancelReason != null ? fj.cancelMessage : rm[1]);
            }
        });
        // a quick job is answered done, as BigQuery answers a query that finished within the request
        fj.await(QUICK_JOB_MILLIS);
        return fj.resource();
    }

    /** Prepares the translated text without running it: SQLite's errors for syntax and names. */
    private synchronized void validate(List<Token> tokens, List<JsonNode> params) {
        List<Token> st = Tokens.statements(tokens).get(0);
        String sql;
        try {
            sql = new ToSqlite(PROJECT, this::schemaOf, paramTypes(params)).translate(st);
        } catch (IllegalArgumentException e) {
            // what BigQuery refuses before it runs anything, such as a typed literal it cannot read
            throw new ApiError(400, "invalidQuery", e.getMessage());
        }
        try (PreparedStatement ps = db.prepareStatement(sql)) {
            ps.getParameterMetaData();
        } catch (SQLException e) {
            String[] rm = reason(e);
            throw new ApiError(rm[0].equals("notFound") ? 404 : 400, rm[0], rm[1]);
        } catch (IllegalArgumentException e) {
            throw new ApiError(400, "invalidQuery", e.getMessage());
        }
    }

    private String schemaOf(String dataset) {
        return datasets.get(dataset);
    }

    private static List<String> paramTypes(List<JsonNode> params) {
        return params.stream()
                .map(p -> p.path("parameterType").path("type").asText("STRING"))
                .toList();
    }

    private static String[] reason(Exception e) {
        String m = String.valueOf(e.getMessage());
        if (m.contains("no such table")) {
            String name = m.replaceAll(".*no such table: ([^)\\s]+).*", "$1").replace("main.", "");
            return new String[] {
                "notFound", "Not found: Table " + PROJECT + ":" + DATASET + "." + name + " was not found in location US"
            };
        }
        if (m.contains("no such column")) {
            return new String[] {
                "invalidQuery", "Unrecognized name: " + m.replaceAll(".*no such column: ([^)\\s]+).*", "$1")
            };
        }
        if (m.contains("interrupted")) {
            return new String[] {"stopped", "Job execution was cancelled: User requested cancellation"};
        }
        if (m.contains("syntax error") || m.contains("incomplete input") || m.contains("unrecognized token")) {
            return new String[] {"invalidQuery", "Syntax error: " + m.replaceAll(".*\\((.*)\\).*", "$1")};
        }
        return new String[] {"invalidQuery", m.replaceAll("^\\[SQLITE_[A-Z]+\\]\\s*", "")};
    }

    /** Runs one statement of a job: a SELECT leaves its cursor on the job, anything else its effect. */
    private void execute(FakeJob job, List<Token> statement, List<JsonNode> params, String type) throws SQLException {
        List<Token> code = Tokens.code(statement);
        switch (type) {
            case "SCRIPT" -> script(job, code);
            case "EXPORT_DATA" -> export(job, statement, code, params);
            case "GRANT", "REVOKE" -> grant(code);
            case "CREATE_SCHEMA" -> createSchema(code);
            case "DROP_SCHEMA" -> dropSchema(code);
            case "MERGE", "LOAD_DATA", "ASSERT" ->
                throw new ApiError(400, "invalidQuery", "the fake does not model " + type);
            default -> sql(job, statement, params, type);
        }
    }

    private void sql(FakeJob job, List<Token> statement, List<JsonNode> params, String type) throws SQLException {
        String sql;
        try {
            sql = new ToSqlite(PROJECT, this::schemaOf, paramTypes(params)).translate(statement);
        } catch (IllegalArgumentException e) {
            // what BigQuery refuses before it runs anything, such as a typed literal it cannot read
            throw new ApiError(400, "invalidQuery", e.getMessage());
        }
        List<Token> code = Tokens.code(statement);
        boolean replace = code.size() > 2
                && code.get(0).is("CREATE")
                && code.get(1).is("OR")
                && code.get(2).is("REPLACE");
        synchronized (this) {
            if (replace) {
                sql = sql.replaceFirst("(?i)CREATE\\s+OR\\s+REPLACE\\s+", "CREATE ");
                int name = 3;
                while (name < code.size()
                        && (code.get(name).is("TABLE") || code.get(name).is("VIEW"))) {
                    name++;
                }
                int end = name;
                while (end < code.size()
                        && !code.get(end).text().equals("(")
                        && !code.get(end).is("AS")) {
                    end++;
                }
                try (Statement st = db.createStatement()) {
                    st.execute("DROP " + (code.get(3).is("VIEW") ? "VIEW" : "TABLE") + " IF EXISTS "
                            + new ToSqlite(PROJECT, this::schemaOf, List.of()).translate(code.subList(name, end)));
                }
            }
            PreparedStatement ps = db.prepareStatement(sql);
            job.statement = ps;
            bind(ps, params);
            if (type.equals("SELECT")) {
                job.open(ps.executeQuery());
            } else {
                job.dmlAffected = ps.executeUpdate();
                ps.close();
            }
        }
    }

    private static void bind(PreparedStatement ps, List<JsonNode> params) throws SQLException {
        for (int i = 0; i < params.size(); i++) {
            JsonNode p = params.get(i);
            String type = p.path("parameterType").path("type").asText("STRING");
            JsonNode v = p.path("parameterValue").path("value");
            if (v.isMissingNode() || v.isNull()) {
                ps.setNull(i + 1, java.sql.Types.NULL);
                continue;
            }
            String s = v.asText();
            switch (type) {
                case "INT64" -> ps.setLong(i + 1, Long.parseLong(s));
                case "FLOAT64" -> ps.setDouble(i + 1, Double.parseDouble(s));
                case "BOOL" -> ps.setLong(i + 1, Boolean.parseBoolean(s) ? 1 : 0);
                case "BYTES" -> ps.setBytes(i + 1, Base64.getDecoder().decode(s));
                default -> ps.setString(i + 1, s);
            }
        }
    }

    private void script(FakeJob job, List<Token> code) throws SQLException {
        if (code.size() >= 3
                && code.get(0).is("EXECUTE")
                && code.get(1).is("IMMEDIATE")
                && code.get(2).type() == Tokens.Type.STRING) {
            List<Token> inner = Tokens.of(code.get(2).value());
            String type = StatementTypes.of(inner);
            if (type == null
                    || type.equals("SCRIPT") && Tokens.statements(inner).size() > 1) {
                throw new ApiError(400, "invalidQuery", "EXECUTE IMMEDIATE takes one statement in the fake");
            }
            execute(job, Tokens.statements(inner).get(0), List.of(), type);
            job.closeCursor();
            return;
        }
        if (code.size() >= 2 && code.get(0).is("CALL")) {
            StringBuilder name = new StringBuilder();
            for (int i = 1; i < code.size() && !code.get(i).text().equals("("); i++) {
                name.append(code.get(i).value());
            }
            String key = name.toString().toLowerCase(Locale.ROOT);
            String body = procedures.get(key.contains(".") ? key : DATASET + "." + key);
            if (body == null) {
                throw new ApiError(404, "notFound", "Not found: Procedure " + PROJECT + ":" + key);
            }
            runScript(body);
            return;
        }
        throw new ApiError(400, "invalidQuery", "the fake runs no script of this kind");
    }

    private void export(FakeJob job, List<Token> statement, List<Token> code, List<JsonNode> params)
            throws SQLException {
        String uri = null;
        int as = -1;
        for (int i = 0; i < code.size(); i++) {
            if (code.get(i).is("uri") && i + 2 < code.size() && code.get(i + 2).type() == Tokens.Type.STRING) {
                uri = code.get(i + 2).value();
            }
            if (code.get(i).is("AS") && i > 0 && code.get(i - 1).text().equals(")")) {
                as = i;
                break;
            }
        }
        if (uri == null || as < 0) {
            throw new ApiError(400, "invalidQuery", "EXPORT DATA needs OPTIONS(uri=…) AS query");
        }
        List<Token> select = statement.subList(statement.indexOf(code.get(as)) + 1, statement.size());
        sql(job, select, params, "SELECT");
        long rows = job.drain();
        exports.merge(uri, rows, Long::sum);
    }

    private void grant(List<Token> code) {
        // GRANT `role` ON SCHEMA ds TO "member" / REVOKE `role` ON SCHEMA ds FROM "member"
        if (code.size() < 7) {
            throw new ApiError(400, "invalidQuery", "GRANT and REVOKE name a role, an object and members");
        }
        String role = code.get(1).value();
        String dataset = code.get(4).value();
        String member = code.get(6).value();
        if (!datasets.containsKey(dataset)) {
            throw new ApiError(404, "notFound", "Not found: Dataset " + PROJECT + ":" + dataset);
        }
        String binding = role + " on " + dataset + " to " + member;
        if (code.get(0).is("GRANT")) {
            grants.add(binding);
        } else {
            grants.remove(binding);
        }
    }

    private synchronized void createSchema(List<Token> code) {
        int i = 2;
        boolean ifNotExists = false;
        if (code.size() > 4 && code.get(2).is("IF")) {
            ifNotExists = true;
            i = 5;
        }
        String name = code.get(i).value();
        if (name.contains(".")) {
            name = name.substring(name.lastIndexOf('.') + 1);
        }
        if (datasets.containsKey(name)) {
            if (ifNotExists) {
                return;
            }
            throw new ApiError(409, "duplicate", "Already Exists: Dataset " + PROJECT + ":" + name);
        }
        sqlite("ATTACH DATABASE ':memory:' AS " + ToSqlite.quote(name));
        datasets.put(name, name);
    }

    private synchronized void dropSchema(List<Token> code) {
        String name = code.get(code.size() > 4 && code.get(2).is("IF") ? 4 : 2).value();
        if (name.equals(DATASET) || !datasets.containsKey(name)) {
            throw new ApiError(
                    name.equals(DATASET) ? 400 : 404,
                    name.equals(DATASET) ? "invalid" : "notFound",
                    "the fake keeps its shop dataset; " + name + " cannot be dropped");
        }
        sqlite("DETACH DATABASE " + ToSqlite.quote(name));
        datasets.remove(name);
    }

    /** Tables named after FROM, JOIN, INTO, UPDATE and TABLE that exist, as dataset.table. */
    private List<String> referencedTables(List<Token> tokens) {
        List<Token> code = Tokens.code(tokens);
        Set<String> out = new LinkedHashSet<>();
        for (int i = 0; i + 1 < code.size(); i++) {
            Token t = code.get(i);
            if (!(t.is("FROM") || t.is("JOIN") || t.is("INTO") || t.is("UPDATE") || t.is("TABLE"))) {
                continue;
            }
            Token n = code.get(i + 1);
            String ds = DATASET;
            String name;
            if (n.type() == Tokens.Type.NAME) {
                String[] parts = n.value().split("\\.");
                name = parts[parts.length - 1];
                if (parts.length >= 2) {
                    ds = parts[parts.length - 2];
                }
            } else if (n.type() == Tokens.Type.WORD) {
                name = n.text();
                if (i + 3 < code.size() && code.get(i + 2).text().equals(".")) {
                    ds = n.text();
                    name = code.get(i + 3).value();
                }
            } else {
                continue;
            }
            if (exists(ds, name)) {
                out.add(ds + "." + name);
            }
        }
        return List.copyOf(out);
    }

    private synchronized boolean exists(String dataset, String table) {
        String schema = datasets.get(dataset);
        if (schema == null) {
            return false;
        }
        try (PreparedStatement ps = db.prepareStatement("SELECT 1 FROM " + ToSqlite.quote(schema)
                + ".sqlite_master WHERE name = ? AND type IN ('table', 'view')")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException e) {
            return false;
        }
    }

    /** An estimate of the bytes a read of these tables processes: rows × columns × 8. */
    private synchronized long bytes(List<String> tables) {
        long total = 0;
        for (String t : tables) {
            String[] p = t.split("\\.", 2);
            String q = ToSqlite.quote(datasets.get(p[0])) + "." + ToSqlite.quote(p[1]);
            try (Statement st = db.createStatement();
                    ResultSet rs = st.executeQuery("SELECT * FROM " + q + " LIMIT 0")) {
                int columns = rs.getMetaData().getColumnCount();
                try (Statement c = db.createStatement();
                        ResultSet n = c.executeQuery("SELECT count(*) FROM " + q)) {
                    total += n.getLong(1) * columns * 8;
                }
            } catch (SQLException e) {
                // a view over something gone: nothing to count
            }
        }
        return total;
    }

    private FakeJob job(String id) {
        FakeJob job = jobs.get(decode(id));
        if (job == null) {
            throw new ApiError(404, "notFound", "Not found: Job " + PROJECT + ":" + id);
        }
        return job;
    }

    private ObjectNode queryResults(FakeJob job, Map<String, String> params) {
        long wait = Long.parseLong(params.getOrDefault("timeoutMs", "10000"));
        job.await(Math.min(wait, 10_000));
        ObjectNode out = Cells.JSON.createObjectNode().put("kind", "bigquery#getQueryResultsResponse");
        out.set("jobReference", job.reference());
        out.put("jobComplete", job.state.equals("DONE"));
        if (!job.state.equals("DONE")) {
            return out;
        }
        if (job.error != null) {
            throw new ApiError(
                    job.error.path("reason").asText().equals("notFound") ? 404 : 400,
                    job.error.path("reason").asText(),
                    job.error.path("message").asText());
        }
        if (job.schema != null) {
            ObjectNode schema = out.putObject("schema");
            schema.set("fields", job.schema);
            out.put("totalRows", String.valueOf(job.knownRows()));
        } else {
            out.put("totalRows", "0");
        }
        if (job.dmlAffected >= 0) {
            out.put("numDmlAffectedRows", String.valueOf(job.dmlAffected));
        }
        out.put("cacheHit", false);
        return out;
    }

    private ObjectNode tableData(String dataset, String table, Map<String, String> params) {
        int max = Integer.parseInt(params.getOrDefault("maxResults", "100000"));
        String token = params.get("pageToken");
        ObjectNode out = Cells.JSON.createObjectNode().put("kind", "bigquery#tableDataList");
        if (dataset.equals(ANON)) {
            FakeJob job = jobs.values().stream()
                    .filter(j -> table.equals(j.resultTable()))
                    .findFirst()
                    .orElseThrow(() ->
                            new ApiError(404, "notFound", "Not found: Table " + PROJECT + ":" + ANON + "." + table));
            return job.page(max, token, out);
        }
        String schema = datasets.get(dataset);
        if (schema == null || !exists(dataset, table)) {
            throw new ApiError(404, "notFound", "Not found: Table " + PROJECT + ":" + dataset + "." + table);
        }
        long offset = token == null ? 0 : Long.parseLong(token);
        ArrayNode rows = out.putArray("rows");
        synchronized (this) {
            ArrayNode fields = (ArrayNode) table(dataset, table).path("schema").path("fields");
            try (PreparedStatement ps = db.prepareStatement("SELECT * FROM " + ToSqlite.quote(schema) + "."
                    + ToSqlite.quote(table) + " ORDER BY rowid LIMIT ? OFFSET ?")) {
                ps.setLong(1, max + 1L);
                ps.setLong(2, offset);
                try (ResultSet rs = ps.executeQuery()) {
                    int n = 0;
                    while (rs.next()) {
                        if (n == max) {
                            out.put("pageToken", String.valueOf(offset + max));
                            break;
                        }
                        ArrayNode f = rows.addObject().putArray("f");
                        for (int i = 0; i < fields.size(); i++) {
                            f.add(Cells.cell(fields.get(i).path("type").asText(), rs.getObject(i + 1)));
                        }
                        n++;
                    }
                }
                try (Statement st = db.createStatement();
                        ResultSet c = st.executeQuery(
                                "SELECT count(*) FROM " + ToSqlite.quote(schema) + "." + ToSqlite.quote(table))) {
                    out.put("totalRows", String.valueOf(c.getLong(1)));
                }
            } catch (SQLException e) {
                throw new ApiError(400, "invalid", e.getMessage());
            }
        }
        return out;
    }

    // ---- datasets and tables ----

    private ObjectNode listDatasets() {
        ObjectNode out = Cells.JSON.createObjectNode().put("kind", "bigquery#datasetList");
        ArrayNode list = out.putArray("datasets");
        for (String ds : new TreeMap<>(datasets).keySet()) {
            ObjectNode d = list.addObject()
                    .put("kind", "bigquery#dataset")
                    .put("id", PROJECT + ":" + ds)
                    .put("location", "US");
            d.putObject("datasetReference").put("projectId", PROJECT).put("datasetId", ds);
        }
        return out;
    }

    private ObjectNode dataset(String ds) {
        if (!datasets.containsKey(ds)) {
            throw new ApiError(404, "notFound", "Not found: Dataset " + PROJECT + ":" + ds);
        }
        ObjectNode d = Cells.JSON
                .createObjectNode()
                .put("kind", "bigquery#dataset")
                .put("id", PROJECT + ":" + ds)
                .put("location", "US");
        d.putObject("datasetReference").put("projectId", PROJECT).put("datasetId", ds);
        return d;
    }

    private synchronized ObjectNode listTables(String ds) {
        String schema = datasets.get(ds);
        if (schema == null) {
            throw new ApiError(404, "notFound", "Not found: Dataset " + PROJECT + ":" + ds);
        }
        ObjectNode out = Cells.JSON.createObjectNode().put("kind", "bigquery#tableList");
        ArrayNode list = out.putArray("tables");
        try (Statement st = db.createStatement();
                ResultSet rs = st.executeQuery("SELECT name, type FROM " + ToSqlite.quote(schema)
                        + ".sqlite_master WHERE type IN ('table', 'view') ORDER BY name")) {
            while (rs.next()) {
                ObjectNode t = list.addObject()
                        .put("kind", "bigquery#table")
                        .put("id", PROJECT + ":" + ds + "." + rs.getString(1))
                        .put("type", rs.getString(2).equals("view") ? "VIEW" : "TABLE");
                t.putObject("tableReference")
                        .put("projectId", PROJECT)
                        .put("datasetId", ds)
                        .put("tableId", rs.getString(1));
            }
        } catch (SQLException e) {
            throw new ApiError(500, "internalError", e.getMessage());
        }
        out.put("totalItems", list.size());
        return out;
    }

    private synchronized ObjectNode table(String ds, String name) {
        String schema = datasets.get(ds);
        if (schema == null) {
            throw new ApiError(404, "notFound", "Not found: Dataset " + PROJECT + ":" + ds);
        }
        if (!exists(ds, name)) {
            throw new ApiError(404, "notFound", "Not found: Table " + PROJECT + ":" + ds + "." + name);
        }
        ObjectNode t =
                Cells.JSON.createObjectNode().put("kind", "bigquery#table").put("id", PROJECT + ":" + ds + "." + name);
        t.putObject("tableReference")
                .put("projectId", PROJECT)
                .put("datasetId", ds)
                .put("tableId", name);
        String q = ToSqlite.quote(schema);
        try (Statement st = db.createStatement()) {
            String type;
            try (ResultSet rs = st.executeQuery(
                    "SELECT type FROM " + q + ".sqlite_master WHERE name = " + ToSqlite.literal(name))) {
                type = rs.getString(1).equals("view") ? "VIEW" : "TABLE";
            }
            t.put("type", type);
            ArrayNode fields = t.putObject("schema").putArray("fields");
            List<String> pk = new ArrayList<>();
            Map<Integer, String> pkOrder = new TreeMap<>();
            try (ResultSet rs = st.executeQuery("PRAGMA " + q + ".table_info(" + ToSqlite.literal(name) + ")")) {
                while (rs.next()) {
                    String col = rs.getString("name");
                    fields.add(
                            Cells.field(col, Cells.type(rs.getString("type"), null), null, rs.getInt("notnull") == 1));
                    if (rs.getInt("pk") > 0) {
                        pkOrder.put(rs.getInt("pk"), col);
                    }
                }
            }
            pk.addAll(pkOrder.values());
            ObjectNode constraints = Cells.JSON.createObjectNode();
            if (!pk.isEmpty() && type.equals("TABLE")) {
                ArrayNode cols = constraints.putObject("primaryKey").putArray("columns");
                pk.forEach(cols::add);
            }
            Map<Integer, ObjectNode> fks = new LinkedHashMap<>();
            try (ResultSet rs = st.executeQuery("PRAGMA " + q + ".foreign_key_list(" + ToSqlite.literal(name) + ")")) {
                while (rs.next()) {
                    ObjectNode fk = fks.computeIfAbsent(rs.getInt("id"), k -> {
                        ObjectNode o = Cells.JSON.createObjectNode();
                        o.put("name", "fk_" + name + "_" + k);
                        o.putArray("columnReferences");
                        return o;
                    });
                    ObjectNode ref = fk.withObjectProperty("referencedTable");
                    ref.put("projectId", PROJECT).put("datasetId", ds).put("tableId", rs.getString("table"));
                    ((ArrayNode) fk.get("columnReferences"))
                            .addObject()
                            .put("referencingColumn", rs.getString("from"))
                            .put("referencedColumn", rs.getString("to"));
                }
            }
            if (!fks.isEmpty()) {
                ArrayNode list = constraints.putArray("foreignKeys");
                fks.values().forEach(list::add);
            }
            if (!constraints.isEmpty()) {
                t.set("tableConstraints", constraints);
            }
            if (type.equals("TABLE")) {
                try (ResultSet rs = st.executeQuery("SELECT count(*) FROM " + q + "." + ToSqlite.quote(name))) {
                    long rows = rs.getLong(1);
                    t.put("numRows", String.valueOf(rows)).put("numBytes", String.valueOf(rows * fields.size() * 8));
                }
            } else {
                t.putObject("view")
                        .put("query", "(the fake keeps the view's SQLite text)")
                        .put("useLegacySql", false);
            }
            ObjectNode facts = tableFacts.get(ds + "." + name);
            if (facts != null) {
                t.setAll(facts);
            }
            t.put("creationTime", "1761000000000").put("location", "US");
        } catch (SQLException e) {
            throw new ApiError(500, "internalError", e.getMessage());
        }
        return t;
    }

    // ---- plumbing ----

    private static Map<String, String> params(String query) {
        Map<String, String> out = new LinkedHashMap<>();
        if (query.isEmpty()) {
            return out;
        }
        for (String kv : query.split("&")) {
            int eq = kv.indexOf('=');
            out.put(decode(eq < 0 ? kv : kv.substring(0, eq)), eq < 0 ? "" : decode(kv.substring(eq + 1)));
        }
        return out;
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    private static String body(HttpExchange ex) throws IOException {
        InputStream in = ex.getRequestBody();
        if ("gzip".equalsIgnoreCase(ex.getRequestHeaders().getFirst("Content-Encoding"))) {
            in = new GZIPInputStream(in);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        in.transferTo(out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static JsonNode read(String body) {
        try {
            return Cells.JSON.readTree(body.isEmpty() ? "{}" : body);
        } catch (IOException e) {
            throw new ApiError(400, "parseError", "the request body is not JSON");
        }
    }

    static ObjectNode error(int status, String reason, String message) {
        ObjectNode out = Cells.JSON.createObjectNode();
        ObjectNode e = out.putObject("error").put("code", status).put("message", message);
        e.putArray("errors")
                .addObject()
                .put("message", message)
                .put("domain", "global")
                .put("reason", reason);
        e.put(
                "status",
                switch (status) {
                    case 400 -> "INVALID_ARGUMENT";
                    case 401 -> "UNAUTHENTICATED";
                    case 403 -> "PERMISSION_DENIED";
                    case 404 -> "NOT_FOUND";
                    case 409 -> "ALREADY_EXISTS";
                    case 429 -> "RESOURCE_EXHAUSTED";
                    default -> "INTERNAL";
                });
        return out;
    }

    private static void send(HttpExchange ex, int status, JsonNode json) throws IOException {
        byte[] bytes = Cells.JSON.writeValueAsBytes(json);
        ex.getResponseHeaders().set("Content-Type", "application/json; charset=UTF-8");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    @Override
    public void close() {
        server.stop(0);
        http.shutdownNow();
        closeCursors();
        workers.shutdownNow();
        timers.shutdownNow();
        try {
            db.close();
        } catch (SQLException e) {
            // closing an in-memory database at the end of a run
        }
    }

    /** An error answered as BigQuery's error document. */
    static final class ApiError extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int status;
        final String reason;

        ApiError(int status, String reason, String message) {
            super(message);
            this.status = status;
            this.reason = reason;
        }
    }

    /** A job: its configuration, state, error, and a SELECT's open cursor, read page by page. */
    final class FakeJob {
        final String id;
        final ObjectNode config;
        final String location;
        volatile String state = "PENDING";
        volatile ObjectNode error;
        volatile String cancelReason;
        volatile String cancelMessage;
        volatile PreparedStatement statement;
        String statementType;
        List<String> referenced = List.of();
        long bytes;
        boolean dryRun;
        long dmlAffected = -1;
        ArrayNode schema;
        private ResultSet cursor;
        private List<String> types;
        private boolean pending;
        private long served;

        FakeJob(String id, ObjectNode config, String location) {
            this.id = id;
            this.config = config;
            this.location = location;
        }

        String resultTable() {
            return "anon_" + id;
        }

        ObjectNode reference() {
            ObjectNode r =
                    Cells.JSON.createObjectNode().put("projectId", PROJECT).put("jobId", id);
            if (location != null) {
                r.put("location", location);
            }
            return r;
        }

        /** Opens the result: the first row is read now, to learn the columns' types. */
        void open(ResultSet rs) throws SQLException {
            synchronized (this) {
                cursor = rs;
                pending = rs.next();
                ResultSetMetaData md = rs.getMetaData();
                schema = Cells.JSON.createArrayNode();
                types = new ArrayList<>();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    Object first = pending ? rs.getObject(i) : null;
                    String declared;
                    try {
                        declared = md.getColumnTypeName(i);
                    } catch (SQLException e) {
                        declared = null;
                    }
                    String type = Cells.type(declared, first);
                    types.add(type);
                    schema.add(Cells.field(md.getColumnLabel(i), type, first, false));
                }
            }
        }

        synchronized long knownRows() {
            return served + (pending ? 1 : 0);
        }

        /** Reads to the end, for EXPORT DATA. */
        synchronized long drain() throws SQLException {
            long n = 0;
            while (pending) {
                n++;
                pending = cursor.next();
            }
            closeCursor();
            return n;
        }

        synchronized ObjectNode page(int max, String token, ObjectNode out) {
            String expected = served == 0 ? null : "p" + served;
            if (token != null && !token.equals(expected) || token == null && served > 0) {
                throw new ApiError(400, "invalid", "the fake serves a result's pages in order only");
            }
            ArrayNode rows = out.putArray("rows");
            try {
                int n = 0;
                while (pending && n < max) {
                    ArrayNode f = rows.addObject().putArray("f");
                    for (int i = 0; i < types.size(); i++) {
                        f.add(Cells.cell(types.get(i), cursor.getObject(i + 1)));
                    }
                    n++;
                    served++;
                    pending = cursor.next();
                }
            } catch (SQLException e) {
                throw new ApiError(500, "backendError", "the fake's cursor failed: " + e.getMessage());
            }
            if (pending) {
                out.put("pageToken", "p" + served);
            } else {
                closeCursor();
            }
            out.put("totalRows", String.valueOf(knownRows()));
            return out;
        }

        void closeCursor() {
            PreparedStatement st = statement;
            synchronized (this) {
                try {
                    if (cursor != null) {
                        cursor.close();
                    }
                    if (st != null) {
                        st.close();
                    }
                } catch (SQLException e) {
                    // already closed
                }
                cursor = null;
                pending = false;
            }
        }

        void finish() {
            synchronized (this) {
                if (!state.equals("DONE")) {
                    state = "DONE";
                }
                notifyAll();
            }
        }

        void fail(String reason, String message) {
            synchronized (this) {
                error = Cells.JSON.createObjectNode().put("reason", reason).put("message", message);
                state = "DONE";
                notifyAll();
            }
            closeCursor();
        }

        void cancel(String reason, String message) {
            if (state.equals("DONE")) {
                return;
            }
            cancelReason = reason;
            cancelMessage = message;
            PreparedStatement st = statement;
            if (st != null) {
                try {
                    st.cancel();
                } catch (SQLException e) {
                    // the statement ended in the meantime
                }
            }
            fail(reason, message);
        }

        synchronized void await(long millis) {
            long end = System.currentTimeMillis() + millis;
            while (!state.equals("DONE")) {
                long left = end - System.currentTimeMillis();
                if (left <= 0) {
                    return;
                }
                try {
                    wait(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }

        ObjectNode resource() {
            ObjectNode j =
                    Cells.JSON.createObjectNode().put("kind", "bigquery#job").put("id", PROJECT + ":" + id);
            j.set("jobReference", reference());
            ObjectNode cfg = config.deepCopy();
            if (!dryRun && "SELECT".equals(statementType)) {
                cfg.withObjectProperty("query")
                        .putObject("destinationTable")
                        .put("projectId", PROJECT)
                        .put("datasetId", ANON)
                        .put("tableId", resultTable());
            }
            cfg.put("jobType", "QUERY");
            j.set("configuration", cfg);
            ObjectNode status = j.putObject("status").put("state", state);
            if (error != null) {
                status.set("errorResult", error.deepCopy());
                status.putArray("errors").add(error.deepCopy());
            }
            ObjectNode stats = j.putObject("statistics")
                    .put("creationTime", "1761000000000")
                    .put("totalBytesProcessed", String.valueOf(bytes));
            ObjectNode q = stats.putObject("query")
                    .put("statementType", statementType == null ? "SELECT" : statementType)
                    .put("totalBytesProcessed", String.valueOf(bytes))
                    .put("fakeClassifier", "leading keyword");
            ArrayNode refs = q.putArray("referencedTables");
            for (String t : referenced) {
                String[] p = t.split("\\.", 2);
                refs.addObject()
                        .put("projectId", PROJECT)
                        .put("datasetId", p[0])
                        .put("tableId", p[1]);
            }
            if (dmlAffected >= 0 && state.equals("DONE")) {
                q.put("numDmlAffectedRows", String.valueOf(dmlAffected));
            }
            if (!dryRun && state.equals("DONE") && error == null) {
                q.put("totalBytesBilled", String.valueOf(referenced.isEmpty() ? 0 : Math.max(MIN_BILLED, bytes)));
            }
            return j;
        }
    }
}
