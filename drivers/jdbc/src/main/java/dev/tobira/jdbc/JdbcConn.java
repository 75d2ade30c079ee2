package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Browser;
import dev.tobira.api.Capability;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Completer;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Explainer;
import dev.tobira.api.Exporter;
import dev.tobira.api.Facet;
import dev.tobira.api.Mutator;
import dev.tobira.api.Page;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Transactor;
import dev.tobira.api.Value;
import dev.tobira.spi.SqlScan;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A connection of any JDBC driver: every query through the statement guard, then the dialect's
 * read-only mode around the statement, results streamed; plus the generic facets. It offers exactly
 * the facets its dialect declares.
 */
final class JdbcConn implements Conn, Browser, Mutator, Explainer, Transactor, Completer, Exporter {
    private static final System.Logger LOG = System.getLogger(JdbcConn.class.getName());

    private final JdbcDialect dialect;
    private final Connection connection;
    private final boolean readOnly;
    private final SqlErrors errors;
    private final ConnInfo info;
    private final Set<Capability> facets;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final List<Execution.Result> open = new ArrayList<>(1); // guarded by itself: close may come from another thread
    private final ColumnCache columnCache = new ColumnCache();
    private final StatementCache statements;
    private final GuardVerdicts verdicts;
    private volatile Execution executing;
    private JdbcTx tx;

    JdbcConn(JdbcDialect dialect, Connection connection, boolean readOnly, SqlErrors errors, String serverVersion,
             String dialectName) {
        this.dialect = dialect;
        this.connection = connection;
        this.readOnly = readOnly;
        this.verdicts = new GuardVerdicts(requireNonNull(dialect.guard(), "guard is null"));
        this.statements = new StatementCache(dialect.keptStatements());
        this.errors = errors;
        this.info = new ConnInfo(dialect.name(), dialect.model(), requireNonNull(dialectName, "dialectName is null"), serverVersion);
        EnumSet<Capability> offered = EnumSet.noneOf(Capability.class);
        for (Capability c : dialect.declared()) {
            if (readOnly && c == Capability.MUTATOR) {
                continue; // every change it makes is refused on a read-only connection: it does not work here
            }
            if (c.facet().filter(f -> f.isInstance(this)).isPresent()) {
                offered.add(c);
            }
        }
        this.facets = Collections.unmodifiableSet(offered);
    }

    JdbcDialect dialect() {
        return dialect;
    }

    Connection connection() {
        return connection;
    }

    SqlErrors errors() {
        return errors;
    }

    ColumnCache columnCache() {
        return columnCache;
    }

    StatementCache statements() {
        return statements;
    }

    void executing(Execution e) {
        executing = e;
    }

    boolean cancelledWhileRunning() {
        return closed.get();
    }

    void opened(Execution.Result result) {
        synchronized (open) {
            open.add(result);
        }
        if (closed.get()) {
            result.close();
        }
    }

    void released(Execution.Result result) {
        synchronized (open) {
            open.remove(result); // by identity: a result is equal only to itself
        }
    }

    private void ensureOpen() {
        if (closed.get()) {
            throw new IllegalStateException("connection is closed");
        }
    }

    private void ensureNoTransaction() {
        if (tx != null) {
            throw new IllegalStateException("a transaction is open on this connection; run queries through it");
        }
    }

    private DriverException readOnlyRefusal(String op) {
        return DriverException.of(ErrorKind.READ_ONLY, dialect.name(), op, "the connection is read-only");
    }

    // ---------------------------------------------------------------- queries

    @Override
    public ResultSet query(Query query) {
        requireNonNull(query, "query is null");
        ensureOpen();
        ensureNoTransaction();
        return run(query, false);
    }

    ResultSet run(Query query, boolean inTransaction) {
        long start = System.nanoTime();
        boolean guarded = readOnly || query.readOnly();
        SqlScan scan = check(query.text(), guarded);
        return new Execution(this, call(guarded, scan, query.limit(), query.timeout()).inTransaction(inTransaction).build(),
                "query").run(query.text(), query.params(), query.namespace(), start);
    }

    /**
     * The guard's check of a caller's text: all of it on a read-only path, else that it is one
     * statement; an acceptance of the same text on this connection is reused (see {@link GuardVerdicts}).
     */
    /** A call of the caller's text, on this connection. */
    private Call.Builder call(boolean guarded, SqlScan scan, long limit, Duration timeout) {
        return Call.builder().guarded(guarded).readOnlyConnection(readOnly).scan(scan).limit(limit).timeout(timeout);
    }

    private SqlScan check(String sql, boolean guarded) {
        return verdicts.check(sql, guarded);
    }

    /** Runs SQL the base generated itself (browse, mutate, explain): no guard check, same read-only mode. */
    private ResultSet runGenerated(String op, String sql, List<Value> params, boolean guarded, long limit) {
        return new Execution(this, Call.builder().guarded(guarded).readOnlyConnection(readOnly).limit(limit).build(), op)
                .run(sql, params, "", System.nanoTime());
    }

    @Override
    public void ping() {
        ensureOpen();
        try {
            if (!dialect.ping(connection, 5)) {
                throw DriverException.of(ErrorKind.CONNECTION, dialect.name(), "ping", "the database did not answer");
            }
        } catch (SQLException e) {
            throw errors.map(e, "ping", false);
        }
    }

    @Override
    public List<String> namespaces() {
        ensureOpen();
        try {
            return List.copyOf(dialect.namespaces(connection));
        } catch (SQLException e) {
            throw errors.map(e, "namespaces", false);
        }
    }

    @Override
    public List<CollectionRef> collections(String namespace) {
        requireNonNull(namespace, "namespace is null");
        ensureOpen();
        try {
            return List.copyOf(dialect.collections(connection, namespace));
        } catch (SQLException e) {
            throw errors.map(e, "collections", false);
        }
    }

    @Override
    public CollectionInfo describe(CollectionRef collection) {
        requireNonNull(collection, "collection is null");
        ensureOpen();
        try {
            return dialect.describe(connection, collection);
        } catch (SQLException e) {
            throw errors.map(e, "describe", false);
        }
    }

    @Override
    public boolean readOnly() {
        return readOnly;
    }

    @Override
    public ConnInfo info() {
        return info;
    }

    @Override
    public Set<Capability> capabilities() {
        return facets;
    }

    @Override
    public <T extends Facet> Optional<T> as(Class<T> facet) {
        requireNonNull(facet, "facet is null");
        for (Capability c : facets) {
            if (c.facet().filter(facet::equals).isPresent()) {
                return Optional.of(facet.cast(this));
            }
        }
        return Optional.empty();
    }

    private void offered(Capability c) {
        if (!facets.contains(c)) {
            throw DriverException.of(ErrorKind.UNSUPPORTED, dialect.name(), c.word(), c.word() + " is not supported");
        }
    }

    @Override
    public <T> Optional<T> unwrap(Class<T> type) {
        requireNonNull(type, "type is null");
        if (readOnly || closed.get()) {
            return Optional.empty();
        }
        return type.isInstance(connection) ? Optional.of(type.cast(connection)) : Optional.empty();
    }

    // ---------------------------------------------------------------- Browser

    @Override
    public Page browse(CollectionRef collection, String cursor, int size) {
        requireNonNull(collection, "collection is null");
        requireNonNull(cursor, "cursor is null");
        if (size < 1) {
            throw new IllegalArgumentException("size is less than 1: " + size);
        }
        offered(Capability.BROWSER);
        ensureOpen();
        ensureNoTransaction();
        List<String> key = describe(collection).primaryKey();
        Paging paging = new Paging(dialect, collection, key);
        Paging.Plan plan = paging.plan(cursor, size);
        List<Row> rows = new ArrayList<>(size + 1);
        List<dev.tobira.api.Column> columns;
        try (ResultSet rs = runGenerated("browse", plan.sql(), plan.params(), readOnly, 0)) {
            columns = rs.columns();
            while (rs.hasNext() && rows.size() <= size) {
                rows.add(rs.next());
            }
        }
        String next = "";
        if (rows.size() > size) {
            rows.remove(size);
            next = paging.next(plan, rows.get(size - 1), size);
        }
        return new Page(columns, rows, next);
    }

    // ---------------------------------------------------------------- Mutator

    @Override
    public long insert(CollectionRef collection, Map<String, Value> values) {
        requireNonNull(collection, "collection is null");
        requireNonNull(values, "values is null");
        offered(Capability.MUTATOR);
        ensureOpen();
        if (readOnly) {
            throw readOnlyRefusal("insert");
        }
        if (values.isEmpty()) {
            throw new IllegalArgumentException("values is empty");
        }
        ensureNoTransaction();
        StringBuilder sql = new StringBuilder("INSERT INTO ").append(dialect.qualify(collection)).append(" (");
        StringBuilder marks = new StringBuilder();
        List<Value> params = new ArrayList<>();
        for (Map.Entry<String, Value> e : values.entrySet()) {
            if (!params.isEmpty()) {
                sql.append(", ");
                marks.append(", ");
            }
            sql.append(dialect.quote(e.getKey()));
            marks.append('?');
            params.add(requireNonNull(e.getValue(), "value is null"));
        }
        sql.append(") VALUES (").append(marks).append(')');
        return write("insert", sql.toString(), params);
    }

    @Override
    public long update(CollectionRef collection, Map<String, Value> key, Map<String, Value> changes) {
        requireNonNull(collection, "collection is null");
        requireNonNull(key, "key is null");
        requireNonNull(changes, "changes is null");
        offered(Capability.MUTATOR);
        ensureOpen();
        if (readOnly) {
            throw readOnlyRefusal("update");
        }
        if (key.isEmpty()) {
            throw new IllegalArgumentException("key is empty");
        }
        if (changes.isEmpty()) {
            throw new IllegalArgumentException("changes is empty");
        }
        ensureNoTransaction();
        StringBuilder sql = new StringBuilder("UPDATE ").append(dialect.qualify(collection)).append(" SET ");
        List<Value> params = new ArrayList<>();
        boolean first = true;
        for (Map.Entry<String, Value> e : changes.entrySet()) {
            sql.append(first ? "" : ", ").append(dialect.quote(e.getKey())).append(" = ?");
            params.add(requireNonNull(e.getValue(), "value is null"));
            first = false;
        }
        where(sql, key, params);
        return write("update", sql.toString(), params);
    }

    @Override
    public long delete(CollectionRef collection, Map<String, Value> key) {
        requireNonNull(collection, "collection is null");
        requireNonNull(key, "key is null");
        offered(Capability.MUTATOR);
        ensureOpen();
        if (readOnly) {
            throw readOnlyRefusal("delete");
        }
        if (key.isEmpty()) {
            throw new IllegalArgumentException("key is empty");
        }
        ensureNoTransaction();
        StringBuilder sql = new StringBuilder("DELETE FROM ").append(dialect.qualify(collection));
        List<Value> params = new ArrayList<>();
        where(sql, key, params);
        return write("delete", sql.toString(), params);
    }

    private void where(StringBuilder sql, Map<String, Value> key, List<Value> params) {
        sql.append(" WHERE ");
        boolean first = true;
        for (Map.Entry<String, Value> e : key.entrySet()) {
            Value v = requireNonNull(e.getValue(), "key value is null");
            sql.append(first ? "" : " AND ").append(dialect.quote(e.getKey()));
            if (v.isNull()) {
                sql.append(" IS NULL");
            } else {
                sql.append(" = ?");
                params.add(v);
            }
            first = false;
        }
    }

    private long write(String op, String sql, List<Value> params) {
        try (ResultSet rs = runGenerated(op, sql, params, false, 0)) {
            return Math.max(0, rs.stats().rowsAffected());
        }
    }

    // ---------------------------------------------------------------- Explainer

    @Override
    public Plan explain(Query query) {
        requireNonNull(query, "query is null");
        offered(Capability.EXPLAINER);
        ensureOpen();
        ensureNoTransaction();
        boolean guarded = readOnly || query.readOnly();
        SqlScan scan = check(query.text(), guarded);
        StringBuilder text = new StringBuilder();
        try (ResultSet rs = new Execution(this, call(guarded, scan, 0, query.timeout()).build(), "explain")
                .run(dialect.explainStatement(query.text()), query.params(), query.namespace(), System.nanoTime())) {
            boolean json = dialect.explainFormat().equals("json");
            while (rs.hasNext()) {
                Row row = rs.next();
                if (text.length() > 0 && !json) {
                    text.append('\n');
                }
                text.append(json ? row.values().stream().map(Value::toString).reduce("", String::concat) : row.toString());
            }
        }
        return new Plan(dialect.explainFormat(), text.toString());
    }

    // ---------------------------------------------------------------- Exporter

    @Override
    public long export(Query query, Exporter.Format format, OutputStream out) {
        requireNonNull(query, "query is null");
        requireNonNull(format, "format is null");
        requireNonNull(out, "out is null");
        offered(Capability.EXPORTER);
        ensureOpen();
        ensureNoTransaction();
        boolean guarded = readOnly || query.readOnly();
        SqlScan scan = check(query.text(), guarded);
        return new Execution(this, call(guarded, scan, query.limit(), query.timeout()).build(), "export")
                .export(query.text(), scan, query.params(), format, out, query.namespace());
    }

    // ---------------------------------------------------------------- Transactor

    @Override
    public Tx begin() {
        offered(Capability.TRANSACTOR);
        ensureOpen();
        ensureNoTransaction();
        try {
            dialect.beginTransaction(connection, readOnly);
        } catch (SQLException e) {
            throw errors.map(e, "begin", false);
        }
        tx = new JdbcTx(this);
        return tx;
    }

    void ended(JdbcTx t) {
        if (tx == t) {
            tx = null;
        }
        columnCache.clear(); // a rollback may have taken back DDL that results of the transaction saw
    }

    boolean isClosed() {
        return closed.get();
    }

    // ---------------------------------------------------------------- Completer

    @Override
    public List<Completion> complete(String text, int cursor) {
        requireNonNull(text, "text is null");
        if (cursor < 0 || cursor > text.length()) {
            throw new IndexOutOfBoundsException("cursor " + cursor + " is outside the text of length " + text.length());
        }
        offered(Capability.COMPLETER);
        ensureOpen();
        try {
            return Completions.complete(dialect, connection, text, cursor);
        } catch (SQLException e) {
            throw errors.map(e, "complete", false);
        }
    }

    // ---------------------------------------------------------------- close

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        Execution running = executing;
        if (running != null) {
            running.cancel();
        }
        List<Execution.Result> results;
        synchronized (open) {
            results = List.copyOf(open);
        }
        for (Execution.Result r : results) {
            r.close();
        }
        JdbcTx t = tx;
        if (t != null) {
            t.abandon();
        }
        try {
            statements.close();
        } catch (SQLException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "closing the kept statements failed", e);
        }
        try {
            connection.close();
        } catch (SQLException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "closing the JDBC connection failed", e);
        }
    }

    @Override
    public String toString() {
        return "JdbcConn[" + dialect.name() + (readOnly ? ", read-only" : "") + (closed.get() ? ", closed" : "") + "]";
    }
}
