package dev.tobira.driver.mysql;

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
import dev.tobira.jdbc.JdbcColumn;
import dev.tobira.jdbc.JdbcDialect;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.StatementGuard;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * MySQL 8.0 to 8.4 and MariaDB 10.6 and later through MariaDB Connector/J, on the JDBC base.
 *
 * <p>The read-only layers, strongest last: {@link MysqlGuard} in front; a session whose
 * {@code sql_mode} reads text the way the guard's lexer does (no {@code ANSI_QUOTES}, no
 * {@code NO_BACKSLASH_ESCAPES}); a read-only connection's session set to
 * {@code TRANSACTION READ ONLY}; every guarded statement in a {@code START TRANSACTION READ ONLY}
 * of its own that always ends in {@code ROLLBACK}; and a post-check, from the status flags the
 * server sends with every reply, that the statement is still inside that read-only transaction
 * (DDL commits implicitly and would escape it).
 */
class MysqlDialect extends JdbcDialect {
    static final String NAME = "mysql";

    /** The server status flags of the protocol's OK and EOF packets. */
    static final int STATUS_IN_TRANSACTION = 0x0001;
    static final int STATUS_NO_BACKSLASH_ESCAPES = 0x0200;
    static final int STATUS_IN_TRANSACTION_READ_ONLY = 0x2000;

    /** Drops the two sql_mode flags that would make the server read text differently from {@link SqlDialect#MYSQL}. */
    static final String NORMALIZE_SQL_MODE = "SET SESSION sql_mode = TRIM(BOTH ',' FROM"
            + " REPLACE(REPLACE(CONCAT(',', @@SESSION.sql_mode, ','), ',ANSI_QUOTES,', ','), ',NO_BACKSLASH_ESCAPES,', ','))";

    private static final System.Logger LOG = System.getLogger(MysqlDialect.class.getName());
    private static final Pattern CONN_PREFIX = Pattern.compile("^\\(conn=\\d+\\)\\s*");
    private static final Pattern JSON_CHECK = Pattern.compile("(?i)^\\s*json_valid\\(\\s*`((?:[^`]|``)+)`\\s*\\)\\s*$");
    private static final Pattern PLAIN_TIME = Pattern.compile("([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,9})?");

    /** The flavour of the server a connection just opened on, handed from {@link #serverVersion} to {@link #dialectName()}. */
    private static final ThreadLocal<String> OPENED = new ThreadLocal<>();

    private static final List<String> FUNCTIONS = List.of(
            "abs", "avg", "cast", "ceil", "char_length", "coalesce", "concat", "concat_ws", "convert", "count",
            "curdate", "current_date", "current_timestamp", "curtime", "date", "date_add", "date_format", "date_sub",
            "datediff", "day", "dayname", "floor", "format", "from_unixtime", "greatest", "group_concat", "hex",
            "hour", "if", "ifnull", "instr", "json_array", "json_extract", "json_object", "json_unquote",
            "json_value", "last_day", "lcase", "least", "left", "length", "locate", "lower", "lpad", "ltrim", "max",
            "md5", "min", "minute", "mod", "month", "monthname", "now", "nullif", "position", "pow", "rand",
            "regexp_replace", "replace", "reverse", "right", "round", "row_number", "rpad", "rtrim", "second", "sha2",
            "sign", "sqrt", "str_to_date", "substr", "substring", "substring_index", "sum", "sysdate",
            "time_format", "timestampdiff", "trim", "truncate", "ucase", "unhex", "unix_timestamp", "upper",
            "utc_timestamp", "uuid", "week", "weekday", "year");

    /** A TIME as a time of day when it is one; MySQL's TIME also holds durations up to 838 hours, and those stay text. */
    static final ColumnReader TIME = (rs, i) -> {
        String s = rs.getString(i);
        if (s == null) {
            return Value.NULL;
        }
        if (PLAIN_TIME.matcher(s).matches()) {
            try {
                return new Value.Time(LocalTime.parse(s));
            } catch (DateTimeParseException e) {
                return Value.of(s);
            }
        }
        return Value.of(s);
    };

    /** A TIMESTAMP, which the server stores as an instant and sends in the session's zone: always UTC here. */
    static final ColumnReader TIMESTAMP = (rs, i) -> {
        LocalDateTime v = rs.getObject(i, LocalDateTime.class);
        return v == null ? Value.NULL : new Value.Timestamp(v.toInstant(ZoneOffset.UTC));
    };

    private final StatementGuard guard = MysqlGuard.build(NAME);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<String> schemes() {
        return Set.of("mysql", "mariadb");
    }

    /**
     * Says which server answered: {@code mariadb} or {@code mysql}. The base reads it right after
     * {@link #serverVersion}, on the thread that opened the connection.
     */
    @Override
    public String dialectName() {
        String flavour = OPENED.get();
        OPENED.remove();
        return flavour == null ? NAME : flavour;
    }

    @Override
    public SqlDialect sqlDialect() {
        return SqlDialect.MYSQL;
    }

    @Override
    public StatementGuard guard() {
        return guard;
    }

    // ---------------------------------------------------------------- connecting

    @Override
    protected Connection connect(ConnConfig config) throws SQLException {
        MysqlTarget target = MysqlTarget.of(NAME, config);
        Connection c = new org.mariadb.jdbc.Driver().connect(target.jdbcUrl(), target.properties(config.connectTimeout().toMillis()));
        if (c == null) {
            throw DriverException.of(ErrorKind.INVALID_ARGUMENT, NAME, "open", "Connector/J does not accept the DSN");
        }
        return c;
    }

    @Override
    protected void initialize(Connection connection, ConnConfig config) throws SQLException {
        MysqlTarget target = MysqlTarget.of(NAME, config);
        status(connection); // fails now, not at the first guarded statement, if the status flags cannot be read
        try (Statement st = connection.createStatement()) {
            if (!target.database().isEmpty() && !target.databaseInUrl()) {
                st.execute("USE " + quote(target.database()));
            }
            st.execute(NORMALIZE_SQL_MODE + ", time_zone = '+00:00'");
            if (config.readOnly()) {
                st.execute("SET SESSION TRANSACTION READ ONLY");
            }
        }
    }

    @Override
    protected String serverVersion(Connection connection) throws SQLException {
        String version = super.serverVersion(connection);
        OPENED.set(isMariaDb(connection) ? "mariadb" : "mysql");
        return version;
    }

    static boolean isMariaDb(Connection connection) throws SQLException {
        return connection.unwrap(org.mariadb.jdbc.Connection.class).getContext().getVersion().isMariaDBServer();
    }

    /** The status flags of the server's last reply; no round trip. */
    static int status(Connection connection) throws SQLException {
        return connection.unwrap(org.mariadb.jdbc.Connection.class).getContext().getServerStatus();
    }

    private static boolean inReadOnlyTransaction(int status) {
        return (status & STATUS_IN_TRANSACTION) != 0 && (status & STATUS_IN_TRANSACTION_READ_ONLY) != 0;
    }

    // ---------------------------------------------------------------- one statement

    @Override
    protected void beforeStatement(Connection connection, Call call) throws SQLException {
        if (!call.guarded()) {
            return;
        }
        if (call.inTransaction()) {
            if (!call.readOnlyConnection()) {
                throw DriverException.of(ErrorKind.UNSUPPORTED, NAME, "query",
                        "a read-only query inside a transaction of a writable connection is not supported;"
                                + " run it outside the transaction");
            }
            checkSession(connection, status(connection));
            return;
        }
        try (Statement st = connection.createStatement()) {
            if (!call.readOnlyConnection()) {
                // a writable connection may have changed sql_mode since it opened
                st.execute(NORMALIZE_SQL_MODE);
            }
            st.execute("START TRANSACTION READ ONLY");
            checkSession(connection, status(connection));
        } catch (SQLException | RuntimeException e) {
            try (Statement st = connection.createStatement()) {
                st.execute("ROLLBACK");
            } catch (SQLException | RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    private static void checkSession(Connection connection, int status) {
        if (!inReadOnlyTransaction(status)) {
            throw DriverException.of(ErrorKind.READ_ONLY, NAME, "query", "the server did not enter a read-only transaction");
        }
        if ((status & STATUS_NO_BACKSLASH_ESCAPES) != 0) {
            throw DriverException.of(ErrorKind.READ_ONLY, NAME, "query",
                    "the session's sql_mode has NO_BACKSLASH_ESCAPES, so the server would read the text differently from the guard");
        }
    }

    /**
     * The post-check. A statement that returned no rows has its final status already: it must
     * still be inside the read-only transaction, or it committed implicitly. A statement with rows
     * is still streaming them; none of the allowed kinds that return rows can commit, and its
     * final status is checked once the rows are read, in {@link #afterStatement}.
     */
    @Override
    protected void afterExecute(Connection connection, Statement statement, Call call) throws SQLException {
        if (call.guarded() && statement.getUpdateCount() != -1 && !inReadOnlyTransaction(status(connection))) {
            throw DriverException.of(ErrorKind.READ_ONLY, NAME, "query",
                    "the statement left the read-only transaction (it committed implicitly)");
        }
    }

    @Override
    protected void afterStatement(Connection connection, Call call, boolean completed) throws SQLException {
        if (!call.guarded() || call.inTransaction()) {
            return;
        }
        if (completed && !inReadOnlyTransaction(status(connection))) {
            LOG.log(System.Logger.Level.WARNING, "mysql: a read-only statement ended outside its read-only transaction");
        }
        try (Statement st = connection.createStatement()) {
            st.execute("ROLLBACK");
        }
    }

    // ---------------------------------------------------------------- transactions

    @Override
    protected void beginTransaction(Connection connection, boolean readOnly) throws SQLException {
        super.beginTransaction(connection, readOnly);
        if (readOnly) {
            try (Statement st = connection.createStatement()) {
                st.execute("START TRANSACTION READ ONLY");
            }
        }
    }

    // ---------------------------------------------------------------- types

    @Override
    protected ColumnMapping map(JdbcColumn column) {
        String type = column.typeName().toUpperCase(Locale.ROOT);
        switch (type) {
            case "JSON":
                return ColumnMapping.of(Value.Kind.JSON, ColumnReaders.JSON);
            case "TIMESTAMP":
                return ColumnMapping.of(Value.Kind.TIMESTAMP, TIMESTAMP);
            case "TIME":
                return ColumnMapping.of(Value.Kind.TIME, TIME);
            case "YEAR":
                return ColumnMapping.of(Value.Kind.INT, ColumnReaders.INT);
            case "BIGINT UNSIGNED":
                return ColumnMapping.of(Value.Kind.DECIMAL, ColumnReaders.DECIMAL);
            case "UUID":
                return ColumnMapping.of(Value.Kind.UUID, ColumnReaders.UUID);
            default:
                break;
        }
        if (column.jdbcType() == Types.BIT && column.precision() > 1) {
            return column.precision() < 64
                    ? ColumnMapping.of(Value.Kind.INT, ColumnReaders.INT)
                    : ColumnMapping.of(Value.Kind.BYTES, ColumnReaders.BYTES);
        }
        return ColumnReaders.standard(column);
    }

    /**
     * TIMESTAMP parameters as the UTC date-time the session (time zone {@code +00:00}) reads them
     * as, so no client-side zone takes part; UUIDs as their text, which MariaDB's UUID type and
     * MySQL's character columns both take.
     */
    @Override
    protected void bind(PreparedStatement statement, int index, Value value) throws SQLException {
        switch (value.kind()) {
            case TIMESTAMP:
                statement.setObject(index, LocalDateTime.ofInstant(((Value.Timestamp) value).value(), ZoneOffset.UTC));
                break;
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
        switch (e.getErrorCode()) {
            case 1792: // cannot execute statement in a READ ONLY transaction
            case 1836: // running in read-only mode
                return Optional.of(ErrorKind.READ_ONLY);
            case 1290: // the server is running with --read-only, --secure-file-priv, …
                String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
                return Optional.of(m.contains("read-only") || m.contains("read_only") ? ErrorKind.READ_ONLY : ErrorKind.PERMISSION);
            case 1045: // access denied (bad user or password)
            case 1698: // access denied (auth plugin)
            case 1130: // host not allowed to connect
            case 1251: // client does not support the authentication protocol
            case 1862: // password expired
            case 1820: // must reset password
                return Optional.of(ErrorKind.AUTH);
            case 1044: // access denied to database
            case 1142: // command denied on table
            case 1143: // column access denied
            case 1227: // needs SUPER or another privilege
            case 1370: // command denied on routine
            case 1095: // not the owner of the thread
            case 1419: // SUPER needed for a routine with binary logging on
                return Optional.of(ErrorKind.PERMISSION);
            case 1049: // unknown database
            case 1146: // table does not exist
            case 1051: // unknown table
            case 1054: // unknown column
            case 1109: // unknown table in a multi-table statement
            case 1176: // key does not exist
            case 1305: // function or procedure does not exist
            case 1630: // function does not exist (with a space before the parenthesis)
            case 1091: // cannot drop a field or key that does not exist
            case 4089: // sequence does not exist (MariaDB)
                return Optional.of(ErrorKind.NOT_FOUND);
            case 1064: // syntax error
            case 1149: // syntax error
                return Optional.of(ErrorKind.SYNTAX);
            case 1205: // lock wait timeout
            case 1213: // deadlock
            case 1062: // duplicate key
            case 1451: // foreign key: row is referenced
            case 1452: // foreign key: no parent row
                return Optional.of(ErrorKind.CONFLICT);
            case 1317: // query interrupted
                return Optional.of(ErrorKind.CANCELLED);
            case 1969: // MariaDB max_statement_time exceeded
            case 3024: // MySQL max_execution_time exceeded
                return Optional.of(ErrorKind.TIMEOUT);
            case 1040: // too many connections
            case 1129: // host blocked
            case 1053: // server shutdown in progress
            case 2002: // cannot connect through socket
            case 2003: // cannot connect to server
            case 2006: // server has gone away
            case 2013: // lost connection during query
                return Optional.of(ErrorKind.CONNECTION);
            case 1235: // not supported yet
                return Optional.of(ErrorKind.UNSUPPORTED);
            default:
                return Optional.empty();
        }
    }

    /** Connector/J's {@code (conn=42) Table 'x' doesn't exist} becomes {@code Table 'x' doesn't exist}. */
    @Override
    protected String message(SQLException e) {
        return CONN_PREFIX.matcher(super.message(e)).replaceFirst("");
    }

    // ---------------------------------------------------------------- namespaces and metadata

    @Override
    protected boolean namespacesAreCatalogs() {
        return true;
    }

    /**
     * The base's description, with MariaDB's JSON columns told apart: MariaDB stores JSON as
     * {@code LONGTEXT} with a {@code json_valid(column)} check, which metadata reports as text.
     */
    @Override
    protected CollectionInfo describe(Connection connection, CollectionRef collection) throws SQLException {
        CollectionInfo info = super.describe(connection, collection);
        if (info.fields().stream().noneMatch(f -> f.nativeType().equalsIgnoreCase("LONGTEXT")) || !isMariaDb(connection)) {
            return info;
        }
        String namespace = collection.namespace().isEmpty() ? currentNamespace(connection) : collection.namespace();
        Set<String> json = new HashSet<>();
        try (PreparedStatement st = connection.prepareStatement("SELECT CHECK_CLAUSE FROM information_schema.CHECK_CONSTRAINTS"
                + " WHERE CONSTRAINT_SCHEMA = ? AND TABLE_NAME = ?")) {
            st.setString(1, namespace);
            st.setString(2, collection.name());
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    Matcher m = JSON_CHECK.matcher(String.valueOf(rs.getString(1)));
                    if (m.matches()) {
                        json.add(m.group(1).replace("``", "`"));
                    }
                }
            }
        }
        if (json.isEmpty()) {
            return info;
        }
        List<CollectionInfo.Field> fields = new ArrayList<>();
        for (CollectionInfo.Field f : info.fields()) {
            fields.add(json.contains(f.name()) && f.nativeType().equalsIgnoreCase("LONGTEXT")
                    ? new CollectionInfo.Field(f.name(), "JSON", Value.Kind.JSON, f.nullable())
                    : f);
        }
        return new CollectionInfo(info.ref(), info.type(), fields, info.primaryKey(), info.foreignKeys(), info.indexes());
    }

    // ---------------------------------------------------------------- generated SQL and completion

    @Override
    protected String quote(String identifier) {
        if (identifier.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("an identifier holds a NUL character");
        }
        return '`' + identifier.replace("`", "``") + '`';
    }

    @Override
    protected String explainStatement(String sql) {
        return "EXPLAIN FORMAT=JSON " + sql;
    }

    @Override
    protected String explainFormat() {
        return "json";
    }

    @Override
    protected List<String> keywords() {
        List<String> words = new ArrayList<>(super.keywords());
        words.addAll(List.of("SHOW", "DESCRIBE", "DATABASES", "TABLES", "COLUMNS", "INDEX", "REPLACE", "STRAIGHT_JOIN",
                "FORMAT=JSON", "LOCK IN SHARE MODE", "FOR UPDATE", "ON DUPLICATE KEY UPDATE", "INSERT IGNORE"));
        return words;
    }

    @Override
    protected List<String> functions() {
        return FUNCTIONS;
    }
}
