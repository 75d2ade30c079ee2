package dev.tobira.driver.postgres;

import dev.tobira.api.Capability;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Exporter;
import dev.tobira.api.Value;
import dev.tobira.jdbc.Call;
import dev.tobira.jdbc.ColumnMapping;
import dev.tobira.jdbc.Export;
import dev.tobira.jdbc.JdbcColumn;
import dev.tobira.jdbc.JdbcDialect;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.StatementGuard;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.postgresql.PGConnection;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.CachedQuery;
import org.postgresql.core.Parser;
import org.postgresql.core.QueryExecutor;
import org.postgresql.core.TransactionState;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * PostgreSQL on the JDBC base. How a call runs:
 * <ul>
 *   <li>guarded (a read-only connection, or a read-only query): {@link PgGuard} first; then the
 *       connection is made read-only with autocommit off, so pgjdbc opens the transaction with
 *       {@code BEGIN READ ONLY} in the same round trip as the statement, and the transaction ends
 *       in {@code ROLLBACK} once the result is released, however that happens. If the rollback
 *       fails the connection is closed, which ends the server's transaction with it. A guarded read
 *       with a row cap of 1 to 10,000 ({@link CappedRead}) is fetched whole instead of streamed,
 *       and its {@code ROLLBACK} travels in the read's own flight: one round trip, as the raw
 *       client's. Inside a transaction of the Transactor on a writable connection, the statement
 *       runs in a savepoint made read-only with {@code SET LOCAL transaction_read_only} and rolled
 *       back to;</li>
 *   <li>unguarded: statements that return rows run in a transaction (pgjdbc streams only with
 *       autocommit off) committed when the result is released normally, rolled back otherwise;
 *       every other statement runs in autocommit, so VACUUM or CREATE DATABASE work as in psql.
 *       Transaction-control text is refused (the Transactor facet does that), and a session that
 *       is still inside a transaction after a call is rolled back.</li>
 * </ul>
 * Every statement is also split by pgjdbc's own parser, which must find exactly one.
 */
class PostgresDialect extends JdbcDialect {
    static final String NAME = "postgres";
    private static final Set<String> ROWS = Set.of("SELECT", "WITH", "VALUES", "TABLE", "EXPLAIN", "SHOW", "FETCH");
    private static final Set<String> NOT_DDL = Set.of("SELECT", "WITH", "VALUES", "TABLE", "EXPLAIN", "SHOW", "FETCH",
            "INSERT", "UPDATE", "DELETE", "MERGE", "COPY");
    private static final Set<String> TRANSACTION_CONTROL = Set.of("BEGIN", "START", "COMMIT", "END", "ROLLBACK", "ABORT",
            "SAVEPOINT", "RELEASE");
    private static final Set<String> DATA_MODIFYING = Set.of("INSERT", "UPDATE", "DELETE", "MERGE");
    private static final String SAVEPOINT = "tobira_guard";
    private static final List<String> KEYWORDS = List.of("ILIKE", "RETURNING", "LATERAL", "FILTER", "OVER", "PARTITION BY",
            "WINDOW", "FETCH FIRST", "ROWS ONLY", "ON CONFLICT", "DO NOTHING", "DISTINCT ON", "TABLE", "SHOW", "NULLS FIRST",
            "NULLS LAST", "ANY", "ALL", "ARRAY", "INTERVAL", "TRUE", "FALSE");
    private static final List<String> FUNCTIONS = List.of("abs", "array_agg", "array_length", "avg", "coalesce", "count",
            "current_date", "current_schema", "current_timestamp", "date_part", "date_trunc", "extract", "format",
            "generate_series", "greatest", "json_agg", "json_build_object", "jsonb_agg", "jsonb_build_object",
            "jsonb_path_query", "least", "left", "length", "lower", "max", "min", "now", "nullif", "regexp_replace",
            "replace", "right", "round", "split_part", "string_agg", "substring", "sum", "to_char", "to_date",
            "to_timestamp", "trim", "unnest", "upper");

    private final StatementGuard guard = PgGuard.build(NAME);
    private final MetadataCache cache = new MetadataCache();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<String> schemes() {
        return Set.of("postgres", "postgresql");
    }

    @Override
    public Set<Capability> declared() {
        return EnumSet.of(Capability.READ_ONLY, Capability.BROWSER, Capability.MUTATOR, Capability.EXPLAINER,
                Capability.TRANSACTOR, Capability.COMPLETER, Capability.EXPORTER);
    }

    @Override
    public String dialectName() {
        return "postgresql";
    }

    @Override
    public SqlDialect sqlDialect() {
        return SqlDialect.POSTGRES;
    }

    @Override
    public StatementGuard guard() {
        return guard;
    }

    // ---------------------------------------------------------------- connecting

    @Override
    protected Connection connect(ConnConfig config) throws SQLException {
        PgTarget target = PgTarget.of(config);
        Connection c = new org.postgresql.Driver().connect(target.url(), target.properties());
        if (c == null) {
            throw PgTarget.invalid("pgjdbc did not accept the connection URL");
        }
        return c;
    }

    // ---------------------------------------------------------------- one statement

    @Override
    protected void beforeStatement(Connection connection, Call call) throws SQLException {
        if (!call.guarded()) {
            return; // prepare decides whether the statement needs a transaction
        }
        requireStandardStrings(connection);
        if (call.inTransaction()) {
            if (!call.readOnlyConnection()) {
                try (Statement st = connection.createStatement()) {
                    st.execute("SAVEPOINT " + SAVEPOINT + "; SET LOCAL transaction_read_only = on");
                }
            }
            return; // a read-only connection's transaction began read-only
        }
        // client-side flags only: pgjdbc sends BEGIN READ ONLY with the statement itself
        connection.setReadOnly(true);
        connection.setAutoCommit(false);
    }

    /** The guard reads '…' strings as PostgreSQL does only with standard_conforming_strings on. */
    private static void requireStandardStrings(Connection connection) throws SQLException {
        BaseConnection pg = connection.unwrap(BaseConnection.class);
        if (!pg.getStandardConformingStrings()) {
            throw DriverException.of(ErrorKind.READ_ONLY, NAME, "query",
                    "standard_conforming_strings is off for this session, so the guard cannot read its strings;"
                            + " read-only calls are refused");
        }
    }

    @Override
    protected PreparedStatement prepare(Connection connection, String sql, Call call) throws SQLException {
        if (pgjdbcSplits(connection.unwrap(BaseConnection.class), sql)) {
            throw StatementGuard.multipleStatements(NAME); // pgjdbc would split it where the guard saw one statement
        }
        SqlScan scan = call.scanOf(sql, SqlDialect.POSTGRES);
        String first = scan.firstKeyword().orElse("");
        if (TRANSACTION_CONTROL.contains(first)) {
            throw DriverException.of(ErrorKind.UNSUPPORTED, NAME, "query",
                    "transaction control statements are not supported; use the transactor facet (Conn.as(Transactor.class))");
        }
        if (!NOT_DDL.contains(first)) {
            cache.invalidate(connection);
        }
        // a guarded call and a transaction already run inside one; an unguarded call outside one decides per statement
        if (!call.guarded() && !call.inTransaction() && (ROWS.contains(first) || scan.containsWord("RETURNING"))) {
            connection.setAutoCommit(false); // pgjdbc streams with a fetch size only inside a transaction
        }
        if (CappedRead.applies(call)) {
            Optional<String> capped = CappedRead.text(connection.unwrap(BaseConnection.class), sql);
            if (capped.isPresent()) {
                return super.prepare(connection, capped.get(), call);
            }
        }
        return super.prepare(connection, sql, call);
    }

    /**
     * A capped read is fetched whole in its one flight, on pgjdbc's unnamed portal: a fetch size
     * would make it a named one, which the flight's own ROLLBACK closes under the result.
     */
    @Override
    protected void configure(Statement statement, Call call) throws SQLException {
        if (CappedRead.applies(call)) {
            statement.setFetchSize(0);
        } else {
            super.configure(statement, call);
        }
    }

    /**
     * Whether pgjdbc sends the text as more than one statement, by its own reading: the query it
     * parsed (escape processing included) and keeps in its statement cache, where the statement
     * prepared next takes it from, so a text run again is not parsed again.
     */
    private static boolean pgjdbcSplits(BaseConnection pg, String sql) throws SQLException {
        QueryExecutor executor = pg.getQueryExecutor();
        CachedQuery cached = executor.borrowQuery(sql);
        try {
            org.postgresql.core.Query[] statements = cached.query.getSubqueries();
            return statements != null && statements.length > 1;
        } finally {
            executor.releaseQuery(cached);
        }
    }

    @Override
    protected void afterStatement(Connection connection, Call call, boolean completed) throws SQLException {
        if (call.inTransaction()) {
            if (call.guarded() && !call.readOnlyConnection()) {
                try (Statement st = connection.createStatement()) {
                    st.execute("ROLLBACK TO SAVEPOINT " + SAVEPOINT + "; RELEASE SAVEPOINT " + SAVEPOINT);
                }
            }
            return;
        }
        if (call.guarded()) {
            if (CappedRead.applies(call) && CappedRead.ended(connection.unwrap(BaseConnection.class), completed)) {
                connection.setAutoCommit(true); // the flight rolled back and unlocked: pgjdbc sends nothing for an idle session
            } else {
                endGuarded(connection);
            }
            if (!call.readOnlyConnection() && !connection.isClosed()) {
                connection.setReadOnly(false);
            }
            return;
        }
        if (!connection.getAutoCommit()) {
            end(connection, completed);
        } else if (connection.unwrap(BaseConnection.class).getTransactionState() != TransactionState.IDLE) {
            // something opened a transaction behind pgjdbc's back; no call leaves one open
            try (Statement st = connection.createStatement()) {
                st.execute("ROLLBACK");
            } catch (SQLException e) {
                abandon(connection, e);
                throw e;
            }
        }
    }

    /**
     * Ends a guarded call's read-only transaction, and releases in the same flight every session
     * advisory lock: a server function the read called may have taken one ({@code pg_advisory_lock}),
     * which the rollback does not release and which would block other sessions. The statement
     * check refuses the advisory functions in the text itself; this covers the code it cannot see.
     * A connection that cannot do both is closed, which ends the transaction and the locks on the server.
     */
    private static void endGuarded(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute("ROLLBACK; SELECT pg_catalog.pg_advisory_unlock_all()");
        } catch (SQLException e) {
            abandon(connection, e);
            throw e;
        }
        connection.setAutoCommit(true);
    }

    /** Ends the call's own transaction; a connection that cannot roll back is closed, which ends it on the server. */
    private static void end(Connection connection, boolean commit) throws SQLException {
        try {
            if (commit) {
                connection.commit();
            } else {
                connection.rollback();
            }
        } catch (SQLException e) {
            if (commit) {
                try {
                    connection.rollback();
                } catch (SQLException rollback) {
                    e.addSuppressed(rollback);
                    abandon(connection, e);
                    throw e;
                }
                connection.setAutoCommit(true);
                throw e;
            }
            abandon(connection, e);
            throw e;
        }
        connection.setAutoCommit(true);
    }

    private static void abandon(Connection connection, SQLException failure) {
        try {
            connection.close();
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
    }

    // ---------------------------------------------------------------- export

    /**
     * {@code COPY (query) TO STDOUT} through pgjdbc's CopyManager, for a statement the guard has
     * admitted. COPY binds no parameters, so a query with some is refused; a statement that would
     * close the parentheses around it is refused too. A row limit makes the query a subquery,
     * {@code COPY (SELECT * FROM (query) AS tobira_export LIMIT n)}; a query that cannot be one (a
     * data-modifying statement) gets the base's rows instead. On a guarded call the read-only
     * transaction is opened explicitly first, since CopyManager would otherwise open a plain one.
     */
    @Override
    protected OptionalLong export(Connection connection, Export export) throws SQLException, IOException {
        if (!export.params().isEmpty()) {
            throw DriverException.of(ErrorKind.UNSUPPORTED, NAME, "export", "COPY takes no parameters; put the values in the query");
        }
        boolean csv = export.format() == Exporter.Format.CSV;
        BaseConnection pg = connection.unwrap(BaseConnection.class);
        boolean header = csv || pg.haveMinimumServerVersion(150000);
        String options = " TO STDOUT WITH (FORMAT " + (csv ? "csv" : "text") + (header ? ", HEADER)" : ")");
        Optional<String> wrapped;
        if (export.limit() == 0) {
            wrapped = export.wrap("COPY (", ")" + options);
        } else if (limitable(export.scan())) {
            // COPY has no row limit of its own: the query becomes a subquery, its rows in its own order
            wrapped = export.wrap("COPY (SELECT * FROM (", ") AS tobira_export LIMIT " + export.limit() + ")" + options);
        } else {
            return OptionalLong.empty(); // the base's rows honour the limit
        }
        String copy = wrapped
                .orElseThrow(() -> DriverException.of(ErrorKind.SYNTAX, NAME, "export", "the query's parentheses do not balance"));
        if (Parser.parseJdbcSql(export.sql(), pg.getStandardConformingStrings(), false, true, false, false).size() > 1) {
            throw StatementGuard.multipleStatements(NAME);
        }
        if (export.call().guarded()) {
            try (Statement st = connection.createStatement()) {
                st.execute("SET TRANSACTION READ ONLY"); // pgjdbc sends BEGIN READ ONLY before it
            }
        }
        if (!header) {
            export.out().write(textHeader(connection, export.sql()).getBytes(StandardCharsets.UTF_8));
        }
        return OptionalLong.of(connection.unwrap(PGConnection.class).getCopyAPI().copyOut(copy, export.out()));
    }

    /**
     * Whether a query can be the subquery of a limited export: a SELECT, VALUES or TABLE, or a WITH
     * whose statements only read (PostgreSQL takes data-modifying ones at the top level only).
     */
    private static boolean limitable(SqlScan scan) {
        String first = scan.firstKeyword().orElse("");
        switch (first) {
            case "SELECT":
            case "VALUES":
            case "TABLE":
                return true;
            case "WITH":
                return scan.findWord(DATA_MODIFYING).isEmpty();
            default:
                return false;
        }
    }

    @Override
    protected void cancel(Connection connection) throws SQLException {
        connection.unwrap(PGConnection.class).cancelQuery();
    }

    /**
     * pgjdbc's {@code Statement.cancel()} does nothing once {@code execute()} has returned, so a
     * fetch of the next batch of a streamed result would wait for the server (a {@code pg_sleep}
     * in the second batch kept a closed result's reader blocked for its whole length): the cancel
     * request goes for the connection's running query instead.
     */
    @Override
    protected void cancel(Connection connection, Statement statement) throws SQLException {
        connection.unwrap(PGConnection.class).cancelQuery();
    }

    /** The header line servers before 15 do not write in text format: the column names, escaped as COPY escapes text. */
    private static String textHeader(Connection connection, String sql) throws SQLException {
        StringBuilder sb = new StringBuilder();
        try (PreparedStatement st = connection.prepareStatement(sql)) {
            java.sql.ResultSetMetaData md = st.getMetaData();
            for (int i = 1; md != null && i <= md.getColumnCount(); i++) {
                String name = md.getColumnLabel(i).replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")
                        .replace("\r", "\\r");
                sb.append(i == 1 ? "" : "\t").append(name);
            }
        }
        return sb.append('\n').toString();
    }

    // ---------------------------------------------------------------- transactions

    @Override
    protected void endTransaction(Connection connection, boolean readOnly) throws SQLException {
        cache.invalidate(connection); // a rolled-back transaction may have described its own DDL
        super.endTransaction(connection, readOnly);
        if (readOnly) {
            // the reads of a read-only connection's transaction may have called a function that took
            // a session advisory lock; nothing else on that connection can have taken one
            try (Statement st = connection.createStatement()) {
                st.execute("SELECT pg_catalog.pg_advisory_unlock_all()");
            }
        }
    }

    // ---------------------------------------------------------------- types

    @Override
    protected ColumnMapping map(JdbcColumn column) {
        return PgTypes.map(column);
    }

    /** What {@link PgTypes#map} reads, the type name and code, and the column: no precision, scale or class name. */
    @Override
    protected JdbcColumn resultColumn(ResultSetMetaData md, int index) throws SQLException {
        String label = md.getColumnLabel(index);
        String typeName = md.getColumnTypeName(index);
        return new JdbcColumn(index, label == null ? "" : label, md.getColumnType(index), typeName == null ? "" : typeName,
                0, 0, md.isNullable(index) != ResultSetMetaData.columnNoNulls, "");
    }

    @Override
    protected void bind(PreparedStatement statement, int index, Value value) throws SQLException {
        if (!PgTypes.bind(statement, index, value)) {
            super.bind(statement, index, value);
        }
    }

    // ---------------------------------------------------------------- errors

    @Override
    protected Optional<ErrorKind> classify(SQLException e) {
        String state = e.getSQLState();
        if ("08001".equals(state) && String.valueOf(e.getMessage()).contains("Connection attempt timed out")) {
            return Optional.of(ErrorKind.TIMEOUT); // pgjdbc's loginTimeout ran out: the server never answered
        }
        if (state == null) {
            return Optional.empty();
        }
        switch (state) {
            case "55P03": // lock_not_available
            case "55006": // object_in_use
            case "25P02": // in_failed_sql_transaction
            case "2BP01": // dependent_objects_still_exist
                return Optional.of(ErrorKind.CONFLICT);
            case "25001": // active_sql_transaction: cannot run inside a transaction block
                return Optional.of(ErrorKind.UNSUPPORTED);
            case "08004": // pgjdbc: the server asked for a password the configuration does not have
                return String.valueOf(e.getMessage()).contains("password") ? Optional.of(ErrorKind.AUTH) : Optional.empty();
            case "53300": // too_many_connections
            case "57P04": // database_dropped
                return Optional.of(ErrorKind.CONNECTION);
            default:
                break;
        }
        if (state.startsWith("54")) { // program_limit_exceeded
            return Optional.of(ErrorKind.INVALID_ARGUMENT);
        }
        return Optional.empty();
    }

    /** The server's primary message, with its hint; not the ERROR: prefix, the Position: line or the detail (which may quote row values). */
    @Override
    protected String message(SQLException e) {
        if (e instanceof PSQLException p && p.getServerErrorMessage() != null) {
            ServerErrorMessage m = p.getServerErrorMessage();
            String text = m.getMessage() == null ? super.message(e) : m.getMessage();
            return m.getHint() == null ? text : text + " (hint: " + m.getHint() + ")";
        }
        String m = super.message(e);
        int line = m.indexOf('\n');
        return line < 0 ? m : m.substring(0, line).strip();
    }

    // ---------------------------------------------------------------- namespaces and metadata

    @Override
    protected List<String> namespaces(Connection connection) throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement st = connection.prepareStatement("SELECT nspname FROM pg_catalog.pg_namespace"
                + " WHERE nspname NOT LIKE 'pg\\_toast%' AND nspname NOT LIKE 'pg\\_temp\\_%' ORDER BY nspname");
             ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    @Override
    protected List<CollectionRef> collections(Connection connection, String namespace) throws SQLException {
        @SuppressWarnings("unchecked")
        List<CollectionRef> refs = cache.get(connection, new MetadataCache.Key("collections", namespace, ""), List.class,
                () -> readCollections(connection, namespace));
        return refs;
    }

    private List<CollectionRef> readCollections(Connection connection, String namespace) throws SQLException {
        if (!namespace.isEmpty() && !schemaExists(connection, namespace)) {
            throw DriverException.of(ErrorKind.NOT_FOUND, NAME, "collections", "no such namespace: " + namespace);
        }
        List<CollectionRef> refs = new ArrayList<>();
        try (PreparedStatement st = connection.prepareStatement("SELECT c.relname FROM pg_catalog.pg_class c"
                + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE n.nspname = COALESCE(NULLIF(?, ''), current_schema()) AND c.relkind IN ('r', 'v', 'm', 'f', 'p')"
                + " ORDER BY c.relname")) {
            st.setString(1, namespace);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    refs.add(new CollectionRef(namespace, rs.getString(1)));
                }
            }
        }
        return List.copyOf(refs);
    }

    @Override
    protected CollectionInfo describe(Connection connection, CollectionRef collection) throws SQLException {
        return cache.get(connection, new MetadataCache.Key("describe", collection.namespace(), collection.name()),
                CollectionInfo.class, () -> super.describe(connection, collection));
    }

    @Override
    protected void useNamespace(Connection connection, String namespace) throws SQLException {
        if (!schemaExists(connection, namespace)) {
            throw DriverException.of(ErrorKind.NOT_FOUND, NAME, "query", "no such namespace: " + namespace);
        }
        super.useNamespace(connection, namespace);
    }

    private static boolean schemaExists(Connection connection, String namespace) throws SQLException {
        try (PreparedStatement st = connection.prepareStatement("SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = ?")) {
            st.setString(1, namespace);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next();
            }
        }
    }

    // ---------------------------------------------------------------- generated SQL and completion

    @Override
    protected String explainStatement(String sql) {
        return "EXPLAIN (FORMAT JSON) " + sql;
    }

    @Override
    protected String explainFormat() {
        return "json";
    }

    @Override
    protected List<String> keywords() {
        List<String> words = new ArrayList<>(super.keywords());
        words.addAll(KEYWORDS);
        return words;
    }

    @Override
    protected List<String> functions() {
        return FUNCTIONS;
    }
}
