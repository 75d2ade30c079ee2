package dev.tobira.driver.sqlite;

import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import dev.tobira.jdbc.Call;
import dev.tobira.jdbc.ColumnMapping;
import dev.tobira.jdbc.ColumnReader;
import dev.tobira.jdbc.ColumnReaders;
import dev.tobira.jdbc.DatabaseFile;
import dev.tobira.jdbc.JdbcColumn;
import dev.tobira.jdbc.JdbcDialect;
import dev.tobira.spi.Dsn;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.StatementGuard;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteLimits;
import org.sqlite.core.Codes;
import org.sqlite.core.CoreResultSet;
import org.sqlite.core.CoreStatement;
import org.sqlite.core.DB;

/**
 * SQLite on the JDBC base. The read-only layers: the file opened read-only
 * ({@code SQLITE_OPEN_READONLY}), {@code PRAGMA query_only=1} at open and made sure of before
 * every guarded statement (earlier text, or a flag pragma applied while compiling, could have
 * lifted it), {@code SQLITE_LIMIT_ATTACHED} 0, {@code trusted_schema} off, extension loading off,
 * and {@link SqliteGuard} in front. Connections keep their prepared statements
 * ({@link #keptStatements()}), since sqlite-jdbc compiles at every prepare.
 */
class SqliteDialect extends JdbcDialect {
    static final String NAME = "sqlite";
    private static final String USAGE = "use sqlite:./shop.db, sqlite:/abs/path.db or sqlite::memory:";
    private static final int DEFAULT_BUSY_TIMEOUT_MS = 5000;
    private static final int KEPT_STATEMENTS = 32;
    /**
     * sqlite-jdbc's form: the code, SQLite's fixed description of it, and the detail in parentheses.
     * A description may hold "()" ({@code Operation terminated by sqlite3_interrupt()}) but never
     * " (", which opens the detail; the detail may hold parentheses and quotes of its own.
     */
    private static final Pattern VENDOR_MESSAGE = Pattern.compile("^\\[SQLITE_[A-Z_]+\\][^\\n]*? \\((.*)\\)\\s*$", Pattern.DOTALL);
    private static final Set<String> OPTIONS = Set.of("busy_timeout");
    private static final List<String> FUNCTIONS = List.of(
            "abs", "avg", "char", "coalesce", "count", "date", "datetime", "group_concat", "hex", "ifnull", "iif",
            "instr", "json", "json_array", "json_extract", "json_object", "julianday", "length", "like", "lower",
            "ltrim", "max", "min", "nullif", "printf", "quote", "random", "replace", "round", "rtrim", "strftime",
            "substr", "sum", "time", "total", "trim", "typeof", "unicode", "unixepoch", "upper");

    /**
     * Reads a cell by its storage class, since SQLite types values, not columns: INTEGER to Int,
     * REAL to Float, TEXT to Text, BLOB to Bytes, NULL to NULL. On sqlite-jdbc's own result it asks
     * the statement directly, the storage class and then the value, where {@code getObject} would
     * take a lock and check the column for each of its two or three native calls.
     */
    static final ColumnReader STORAGE_CLASS = (rs, i) -> {
        if (rs.getStatement() instanceof CoreStatement statement) {
            return statement.pointer.safeRun((db, ptr) -> cell(db, ptr, i - 1));
        }
        return fromObject(rs.getObject(i));
    };

    /** The cell of the statement's current row, read as sqlite-jdbc's {@code getObject} reads it. */
    private static Value cell(DB db, long ptr, int column) throws SQLException {
        switch (db.column_type(ptr, column)) {
            case Codes.SQLITE_INTEGER:
                return Value.of(db.column_long(ptr, column));
            case Codes.SQLITE_FLOAT:
                return Value.of(db.column_double(ptr, column));
            case Codes.SQLITE_BLOB:
                byte[] b = db.column_blob(ptr, column);
                return b == null ? Value.NULL : new Value.Bytes(b);
            case Codes.SQLITE_NULL:
                return Value.NULL;
            default:
                return Value.of(db.column_text(ptr, column));
        }
    }

    private static Value fromObject(Object o) throws SQLException {
        if (o == null) {
            return Value.NULL;
        }
        if (o instanceof Integer n) {
            return Value.of(n.longValue());
        }
        if (o instanceof Long n) {
            return Value.of(n.longValue());
        }
        if (o instanceof Double d) {
            return Value.of(d.doubleValue());
        }
        if (o instanceof String s) {
            return Value.of(s);
        }
        if (o instanceof byte[] b) {
            return new Value.Bytes(b);
        }
        return ColumnReaders.fromObject(o);
    }

    private final StatementGuard guard = SqliteGuard.build(name());

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<String> schemes() {
        return Set.of("sqlite");
    }

    @Override
    public SqlDialect sqlDialect() {
        return SqlDialect.SQLITE;
    }

    @Override
    public StatementGuard guard() {
        return guard;
    }

    // ---------------------------------------------------------------- connecting

    @Override
    protected Connection connect(ConnConfig config) throws SQLException {
        // only the forms the README lists, so nothing reaches sqlite-jdbc's own URL options ('?')
        String target = DatabaseFile.target(NAME, config.dsn(), USAGE, "?");
        int busy = busyTimeout(config.options());
        String file = target.equals(DatabaseFile.MEMORY)
                ? target
                : DatabaseFile.resolve(NAME, Path.of(target), config.readOnly()).toString();
        SQLiteConfig sqlite = new SQLiteConfig();
        sqlite.setReadOnly(config.readOnly());
        sqlite.enableLoadExtension(false);
        sqlite.setBusyTimeout(busy);
        // tobira reads no generated keys; sqlite-jdbc would otherwise match every statement it executes
        // against an INSERT pattern, and follow each insert with a SELECT last_insert_rowid()
        sqlite.setGetGeneratedKeys(false);
        return new SqliteConnection(file, sqlite.toProperties(), config.readOnly());
    }

    private int busyTimeout(Map<String, String> options) {
        Dsn.options(NAME, options, OPTIONS);
        String value = options.get("busy_timeout");
        if (value == null) {
            return DEFAULT_BUSY_TIMEOUT_MS;
        }
        try {
            // digits only: no sign, no white space for parseInt to forgive
            int ms = value.chars().allMatch(c -> c >= '0' && c <= '9') ? Integer.parseInt(value) : -1;
            if (ms >= 0) {
                return ms;
            }
        } catch (NumberFormatException e) {
            // fall through to the refusal
        }
        throw invalid("option busy_timeout must be a whole number of milliseconds");
    }

    private DriverException invalid(String detail) {
        return DriverException.of(ErrorKind.INVALID_ARGUMENT, name(), "open", detail);
    }

    @Override
    protected void initialize(Connection connection, ConnConfig config) throws SQLException {
        try (Statement st = connection.createStatement()) {
            if (config.readOnly()) {
                connection.unwrap(SQLiteConnection.class).setLimit(SQLiteLimits.SQLITE_LIMIT_ATTACHED, 0);
                st.execute("PRAGMA query_only=1");
                st.execute("PRAGMA trusted_schema=0");
            }
            // reads the schema now, so a file that is not a database fails the open, not the first query
            st.executeQuery("SELECT count(*) FROM sqlite_master").close();
        }
    }

    // ---------------------------------------------------------------- one statement

    /**
     * Makes sure {@code query_only} is on before a guarded statement. On a read-only connection it
     * was set at open and is read back first, and set again only if something lifted it: setting
     * it unconditionally would expire every kept statement of the connection, each run.
     */
    @Override
    protected void beforeStatement(Connection connection, Call call) throws SQLException {
        if (call.guarded() && !(call.readOnlyConnection() && connection instanceof SqliteConnection c && c.queryOnly())) {
            queryOnly(connection, true);
        }
    }

    @Override
    protected void afterStatement(Connection connection, Call call, boolean completed) throws SQLException {
        if (call.guarded() && !call.readOnlyConnection()) {
            queryOnly(connection, false);
        }
    }

    /**
     * Sets {@code query_only} with {@code sqlite3_exec}: prepared, stepped and finalized in one
     * native call. Keeping the assignment prepared would not save its compilation: SQLite applies a
     * flag pragma while compiling it and expires every statement of the connection when it runs,
     * itself included, so each run of a kept one compiles it again.
     */
    private static void queryOnly(Connection connection, boolean on) throws SQLException {
        DB db = connection.unwrap(SQLiteConnection.class).getDatabase();
        int rc = db._exec(on ? "PRAGMA query_only=1" : "PRAGMA query_only=0");
        if (rc != Codes.SQLITE_OK) {
            db.throwex(rc);
        }
    }

    // ---------------------------------------------------------------- types

    /** sqlite-jdbc compiles a statement at every prepare and keeps none; SQLite recompiles a kept one when the schema changes. */
    @Override
    protected int keptStatements() {
        return KEPT_STATEMENTS;
    }

    @Override
    protected ColumnMapping map(JdbcColumn column) {
        return ColumnMapping.of(kind(column), STORAGE_CLASS);
    }

    /**
     * Only what {@link #kind} and the column need: sqlite-jdbc answers the type name, precision and
     * scale each with a regular expression over the declared type, and the class name from the
     * first row's value, which {@link #kind} reads for NUMERIC and DECIMAL columns only.
     */
    @Override
    protected JdbcColumn resultColumn(ResultSetMetaData md, int index) throws SQLException {
        String label = md.getColumnLabel(index);
        String typeName = md.getColumnTypeName(index);
        int type = md.getColumnType(index);
        String className = "";
        if (type == Types.NUMERIC || type == Types.DECIMAL) {
            String name = md.getColumnClassName(index);
            className = name == null ? "" : name;
        }
        return new JdbcColumn(index, label == null ? "" : label, type, typeName == null ? "" : typeName, 0, 0,
                md.isNullable(index) != ResultSetMetaData.columnNoNulls, className);
    }

    /**
     * What decides a result's columns, cheaply. On a read-only connection with a row: the labels,
     * the schema cookie and the first row's storage classes. The cookie is read inside the
     * statement's own read transaction, so it names the schema the statement was compiled against,
     * and the same text compiled against the same schema has the same declared types (a statement
     * that reads no table has no transaction, and columns that do not depend on the schema; its
     * cookie is read only when no lock stands in the way, see
     * {@link SqliteConnection#schemaVersionWithoutWaiting}). A read-only connection attaches
     * nothing and cannot write its temp schema, so the main cookie covers all. Otherwise (a
     * read-write connection, no row, when sqlite-jdbc has already reset the statement and its
     * transaction may be over, or a cookie behind a lock): the labels, declared types and storage
     * classes, read from the statement itself. A text that returns rows one time and none the next
     * is described again at each switch, since the two shapes never match.
     *
     * <p>Not in the shape: whether a column is NOT NULL, which SQLite reads from the table's
     * schema; another connection that rebuilds a table with the same column names and types but
     * other NOT NULL constraints changes the cookie, so on a read-only connection this is seen
     * at once; on a read-write one, once this connection next runs a statement without rows or
     * ends a transaction, or the columns are pushed out of the base's cache.
     */
    @Override
    protected Optional<Object> resultShape(ResultSet rs) throws SQLException {
        if (!(rs instanceof CoreResultSet result) || !(rs.getStatement() instanceof CoreStatement statement)
                || result.cols == null) {
            return Optional.empty();
        }
        String[] labels = result.cols;
        int[] storage = new int[labels.length];
        int cookie = !result.emptyResultSet && statement.conn instanceof SqliteConnection c && c.readOnly()
                ? c.schemaVersionWithoutWaiting() : -1;
        if (cookie >= 0) {
            statement.pointer.safeRunConsume((db, ptr) -> {
                for (int i = 0; i < labels.length; i++) {
                    storage[i] = db.column_type(ptr, i);
                }
            });
            return Optional.of(new CompiledShape(labels, cookie, storage));
        }
        String[] declared = new String[labels.length];
        statement.pointer.safeRunConsume((db, ptr) -> {
            for (int i = 0; i < labels.length; i++) {
                declared[i] = db.column_decltype(ptr, i);
                storage[i] = db.column_type(ptr, i);
            }
        });
        return Optional.of(new DeclaredShape(labels, declared, storage));
    }

    /** A result's shape by its schema cookie; equal when the labels, cookie and storage classes are. */
    private record CompiledShape(String[] labels, int schemaVersion, int[] storage) {
        @Override
        public boolean equals(Object o) {
            return o instanceof CompiledShape s && schemaVersion == s.schemaVersion && Arrays.equals(storage, s.storage)
                    && Arrays.equals(labels, s.labels);
        }

        @Override
        public int hashCode() {
            return (Arrays.hashCode(labels) * 31 + schemaVersion) * 31 + Arrays.hashCode(storage);
        }

        @Override
        public String toString() {
            return "CompiledShape" + Arrays.toString(labels) + "@" + schemaVersion;
        }
    }

    /** A result's shape by its declared types; equal when every label, declared type and storage class is. */
    private record DeclaredShape(String[] labels, String[] declared, int[] storage) {
        @Override
        public boolean equals(Object o) {
            return o instanceof DeclaredShape s && Arrays.equals(storage, s.storage) && Arrays.equals(labels, s.labels)
                    && Arrays.equals(declared, s.declared);
        }

        @Override
        public int hashCode() {
            return (Arrays.hashCode(labels) * 31 + Arrays.hashCode(declared)) * 31 + Arrays.hashCode(storage);
        }

        @Override
        public String toString() {
            return "DeclaredShape" + Arrays.toString(labels) + Arrays.toString(declared);
        }
    }

    /**
     * The kind a column reports: by the declared type's affinity for a table column, by the first
     * row's storage class for an expression (sqlite-jdbc reports that when no type is declared).
     */
    static Value.Kind kind(JdbcColumn column) {
        switch (column.jdbcType()) {
            case Types.INTEGER:
            case Types.BIGINT:
            case Types.SMALLINT:
            case Types.TINYINT:
            case Types.BOOLEAN:
            case Types.BIT:
                return Value.Kind.INT;
            case Types.REAL:
            case Types.FLOAT:
            case Types.DOUBLE:
                return Value.Kind.FLOAT;
            case Types.BLOB:
            case Types.BINARY:
            case Types.VARBINARY:
            case Types.LONGVARBINARY:
                return Value.Kind.BYTES;
            case Types.NULL:
                return Value.Kind.NULL;
            case Types.NUMERIC:
            case Types.DECIMAL:
                switch (column.className()) {
                    case "java.lang.Integer":
                    case "java.lang.Long":
                        return Value.Kind.INT;
                    case "java.lang.Double":
                        return Value.Kind.FLOAT;
                    case "java.lang.String":
                        return Value.Kind.TEXT;
                    default:
                        // no value to go by: a declared NUMERIC column holds numbers, an expression's first value was NULL
                        return column.index() == 0 ? Value.Kind.FLOAT : Value.Kind.NULL;
                }
            default:
                return Value.Kind.TEXT;
        }
    }

    /** SQLite has no date, time, UUID or boolean storage: they bind as the text and integers SQLite's own functions use. */
    @Override
    protected void bind(PreparedStatement statement, int index, Value value) throws SQLException {
        switch (value.kind()) {
            case BOOL:
                statement.setLong(index, ((Value.Bool) value).value() ? 1 : 0);
                break;
            case DECIMAL:
                statement.setString(index, ((Value.Decimal) value).value().toPlainString());
                break;
            case DATE:
            case TIME:
            case DATETIME:
            case TIMESTAMP:
            case UUID:
                statement.setString(index, value.toString());
                break;
            default:
                super.bind(statement, index, value);
        }
    }

    // ---------------------------------------------------------------- errors

    @Override
    protected Optional<ErrorKind> classify(SQLException e) {
        int code = e.getErrorCode() & 0xff;
        String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        switch (code) {
            case 1: // SQLITE_ERROR
                if (message.contains("no such ")) {
                    return Optional.of(ErrorKind.NOT_FOUND);
                }
                if (message.contains("not authorized")) {
                    return Optional.of(ErrorKind.PERMISSION);
                }
                if (message.contains("too many attached databases - max 0")) {
                    return Optional.of(ErrorKind.READ_ONLY); // the limit only read-only connections set
                }
                return Optional.of(ErrorKind.SYNTAX);
            case 3: // SQLITE_PERM
            case 23: // SQLITE_AUTH
                return Optional.of(ErrorKind.PERMISSION);
            case 4: // SQLITE_ABORT
            case 5: // SQLITE_BUSY
            case 6: // SQLITE_LOCKED
            case 17: // SQLITE_SCHEMA
                return Optional.of(ErrorKind.CONFLICT);
            case 19: // SQLITE_CONSTRAINT: it fails the same way when retried
                return Optional.of(ErrorKind.CONSTRAINT);
            case 8: // SQLITE_READONLY
                return Optional.of(ErrorKind.READ_ONLY);
            case 9: // SQLITE_INTERRUPT
                return Optional.of(ErrorKind.CANCELLED);
            case 12: // SQLITE_NOTFOUND
            case 14: // SQLITE_CANTOPEN
                return Optional.of(ErrorKind.NOT_FOUND);
            case 18: // SQLITE_TOOBIG
            case 20: // SQLITE_MISMATCH
            case 25: // SQLITE_RANGE
            case 26: // SQLITE_NOTADB
                return Optional.of(ErrorKind.INVALID_ARGUMENT);
            case 2: // SQLITE_INTERNAL
            case 7: // SQLITE_NOMEM
            case 10: // SQLITE_IOERR
            case 11: // SQLITE_CORRUPT
            case 13: // SQLITE_FULL
            case 21: // SQLITE_MISUSE
                return Optional.of(ErrorKind.INTERNAL);
            default:
                return Optional.empty();
        }
    }

    /** sqlite-jdbc's {@code [SQLITE_ERROR] SQL error or missing database (no such table: x)} becomes {@code no such table: x}. */
    @Override
    protected String message(SQLException e) {
        String m = super.message(e);
        Matcher matcher = VENDOR_MESSAGE.matcher(m);
        return matcher.matches() && !matcher.group(1).isBlank() ? matcher.group(1).strip() : m;
    }

    // ---------------------------------------------------------------- namespaces and metadata

    @Override
    protected List<String> namespaces(Connection connection) throws SQLException {
        List<String> names = new ArrayList<>();
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("PRAGMA database_list")) {
            while (rs.next()) {
                names.add(rs.getString("name"));
            }
        }
        return names;
    }

    private static boolean isMain(String namespace) {
        return namespace.isEmpty() || namespace.equals("main");
    }

    private DriverException otherNamespace(Connection connection, String op, String namespace) throws SQLException {
        if (!namespaces(connection).contains(namespace)) {
            return DriverException.of(ErrorKind.NOT_FOUND, name(), op, "no such namespace: " + namespace);
        }
        return DriverException.of(ErrorKind.UNSUPPORTED, name(), op,
                "only the main database can be " + (op.equals("query") ? "the default of a query" : "listed and described"));
    }

    @Override
    protected List<CollectionRef> collections(Connection connection, String namespace) throws SQLException {
        if (!isMain(namespace)) {
            throw otherNamespace(connection, "collections", namespace);
        }
        List<CollectionRef> refs = new ArrayList<>();
        for (CollectionRef ref : super.collections(connection, "")) {
            refs.add(new CollectionRef(namespace, ref.name()));
        }
        return refs;
    }

    @Override
    protected CollectionInfo describe(Connection connection, CollectionRef collection) throws SQLException {
        if (!isMain(collection.namespace())) {
            throw otherNamespace(connection, "describe", collection.namespace());
        }
        CollectionInfo info = super.describe(connection, CollectionRef.of(collection.name()));
        List<CollectionInfo.ForeignKey> keys = new ArrayList<>();
        for (CollectionInfo.ForeignKey fk : info.foreignKeys()) {
            keys.add(new CollectionInfo.ForeignKey(fk.name(), fk.fields(),
                    new CollectionRef(collection.namespace(), fk.target().name()), fk.targetFields()));
        }
        return new CollectionInfo(collection, info.type(), info.fields(), info.primaryKey(), keys, info.indexes());
    }

    @Override
    protected String currentNamespace(Connection connection) {
        return "";
    }

    @Override
    protected void useNamespace(Connection connection, String namespace) throws SQLException {
        if (!isMain(namespace)) {
            throw otherNamespace(connection, "query", namespace);
        }
    }

    // ---------------------------------------------------------------- generated SQL and completion

    @Override
    protected String explainStatement(String sql) {
        return "EXPLAIN QUERY PLAN " + sql;
    }

    @Override
    protected List<String> keywords() {
        List<String> words = new ArrayList<>(super.keywords());
        words.addAll(List.of("PRAGMA", "GLOB", "QUERY PLAN", "WITHOUT ROWID", "STRICT"));
        return words;
    }

    @Override
    protected List<String> functions() {
        return FUNCTIONS;
    }
}
