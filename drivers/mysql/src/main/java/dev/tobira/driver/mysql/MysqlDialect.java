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
import dev.tobira.jdbc.Literals;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.SqlToken;
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
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mariadb.jdbc.client.ServerVersion;

/**
 * MySQL 8.0 to 8.4 and MariaDB 10.6 and later through MariaDB Connector/J, on the JDBC base.
 *
 * <p>The read-only layers: {@link MysqlGuard} in front; a session whose {@code sql_mode} reads
 * text the way the guard's lexer does (no {@code ANSI_QUOTES}, no {@code NO_BACKSLASH_ESCAPES});
 * a read-only connection's session set to {@code TRANSACTION READ ONLY} when it opens; the
 * session's access mode set to read-only again for every guarded statement, which then runs in
 * autocommit mode as its own read-only transaction, with no {@code ROLLBACK} after it (on MariaDB
 * a read-only connection's read carries the settings in a {@code SET STATEMENT … FOR} of its own,
 * no round trip; elsewhere a session statement goes first, one round trip more than the raw
 * client); a text that is not one read, which only comes with the
 * statement check taken away, inside a {@code START TRANSACTION READ ONLY} as well; and a
 * post-check, from the status flags the server sends with every reply, that the statement returned
 * rows and left the session in autocommit mode.
  */
class MysqlDialect extends JdbcDialect {
    static final String NAME = "mysql";

    /** The server status flags of the protocol's OK and EOF packets. */
    static final int STATUS_IN_TRANSACTION = 0x0001;
    static final int STATUS_AUTOCOMMIT = 0x0002;
    static final int STATUS_NO_BACKSLASH_ESCAPES = 0x0200;
    static final int STATUS_IN_TRANSACTION_READ_ONLY = 0x2000;

    /**
     * The sql_mode names that make the server read text differently from {@link SqlDialect#MYSQL}:
     * ANSI_QUOTES and NO_BACKSLASH_ESCAPES, and the combination modes that turn ANSI_QUOTES on
     * again whenever the mode is assigned (ANSI; on MariaDB also DB2, MAXDB, MSSQL, ORACLE and
     * POSTGRESQL). A session in ANSI mode lists both ANSI and ANSI_QUOTES, so dropping ANSI_QUOTES
     * alone would leave it on.
     */
    static final List<String> QUOTING_MODES = List.of(
            "ANSI_QUOTES", "NO_BACKSLASH_ESCAPES", "ANSI", "DB2", "MAXDB", "MSSQL", "ORACLE", "POSTGRESQL");

    /** Drops {@link #QUOTING_MODES} from the session's sql_mode and keeps the rest. */
    static final String NORMALIZE_SQL_MODE = normalizeSqlMode();

    /** A list of sql_mode names, as the server reports them: what may go into a literal. */
    private static final Pattern SQL_MODE_NAMES = Pattern.compile("(|[A-Z0-9_]+(,[A-Z0-9_]+)*)");
    /** A number as the server reports a session variable: what may go into a literal. */
    private static final Pattern NUMBER = Pattern.compile("[0-9]{1,20}(\\.[0-9]{1,9})?");

    /**
     * The session of each read-only connection (see {@link #initialize}); weak, so a connection
     * dropped without a close takes its entry along.
     */
    private final Map<Connection, ReadOnlySession> readOnlySessions = Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * What a read-only connection's guarded statements start from.
     *
     * <p>On MariaDB a read is sent as {@code prefix + text}: {@code SET STATEMENT} sets the time
     * zone and the read-only access mode for that one statement and puts the session's values
     * back when it ends, whatever a function it called set, failed or not. The server parses the
     * text under the session's sql_mode, before any of that; so the prefix is used only while the
     * session is {@code known}: it was last set by {@code statement} or by a prefixed read, and
     * nothing else ran since. A read cannot change the session's sql_mode: the server runs a
     * stored routine under the routine's own and gives the caller's back when it returns. By
     * induction the session's sql_mode is then the one of {@code statement} whenever a text is
     * parsed, with no round trip spent to say so again. (Setting sql_mode in the prefix as well
     * would cost the server about 10 µs a read; the time zone and the access mode cost 2 to 6.)
     *
     * <p>Connector/J puts a {@code SET STATEMENT} of its own in front of a statement with a row
     * limit or a query timeout, and MariaDB applies only the innermost of nested ones; so the
     * prefix carries the call's row limit and query timeout as well ({@link #prefix(Call)}), or
     * the session's own, taken at open, which also undoes a function's change of either. Since the text
     * depends on the call, this dialect keeps no prepared statements ({@link #keptStatements()}
     * stays 0).
     */
    static final class ReadOnlySession {
        /** The session statement, with the sql_mode taken at open as a literal. */
        final String statement;
        /** The same settings as a {@code SET STATEMENT} without its {@code FOR}, or null: MySQL has no such statement. */
        final String settings;
        /** Whether the session is as {@link #statement} left it. */
        volatile boolean known = true;
        private final String plain;

        /** The session's own row limit and statement time, taken at open (an account may have its own). */
        private final String selectLimit;
        private final String statementTime;

        ReadOnlySession(String statement, String settings, String selectLimit, String statementTime) {
            this.statement = statement;
            this.settings = settings;
            this.selectLimit = selectLimit;
            this.statementTime = statementTime;
            this.plain = settings == null ? null
                    : settings + ", sql_select_limit = " + selectLimit + ", max_statement_time = " + statementTime + " FOR ";
        }

        /** The text in front of a read of this call: the settings, with the call's row limit and query timeout or the session's own. */
        String prefix(Call call) {
            if (call.maxRows() == 0 && call.queryTimeoutSeconds() == 0) {
                return plain;
            }
            return settings
                    + ", sql_select_limit = " + (call.maxRows() > 0 ? Integer.toString(call.maxRows()) : selectLimit)
                    + ", max_statement_time = " + (call.queryTimeoutSeconds() > 0 ? Integer.toString(call.queryTimeoutSeconds()) : statementTime)
                    + " FOR ";
        }
    }

    private static final String ACCESS_MODE = "transaction_read_only";
    private static final String OLD_ACCESS_MODE = "tx_read_only";
    private static final String READ_ONLY_SESSION = readOnlySession(ACCESS_MODE);
    private static final String OLD_READ_ONLY_SESSION = readOnlySession(OLD_ACCESS_MODE);

    /** The statement kinds that read, the same as the statement check's allow-list. */
    private static final Set<String> READS = Set.of("SELECT", "WITH", "VALUES", "TABLE", "SHOW", "DESCRIBE", "DESC", "EXPLAIN");

    private static final System.Logger LOG = System.getLogger(MysqlDialect.class.getName());
    private static final Pattern CONN_PREFIX = Pattern.compile("^\\(conn=\\d+\\)\\s*");
    private static final Pattern JSON_CHECK = Pattern.compile("(?i)^\\s*json_valid\\(\\s*`((?:[^`]|``)+)`\\s*\\)\\s*$");
    private static final Pattern PLAIN_TIME = Pattern.compile("([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,9})?");

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

    /** What {@link #routeVendorLogging} sets, unless the application chose first. */
    static final String LOGGING_FALLBACK = "mariadb.logging.fallback";

    static {
        routeVendorLogging();
    }

    /**
     * Connector/J logs through SLF4J when it is on the class path and otherwise prints to stderr
     * itself ({@code [ WARN] … Error: 1045-28000} on a bad password); a library prints nothing by
     * itself, so without SLF4J its records go to {@code java.util.logging} under
     * {@code org.mariadb.jdbc}, where the application's logging configuration decides. Set before
     * Connector/J reads it; an application that set the property keeps its choice.
     */
    static void routeVendorLogging() {
        if (System.getProperty(LOGGING_FALLBACK) == null) {
            System.setProperty(LOGGING_FALLBACK, "JDK");
        }
    }

    private final StatementGuard guard = MysqlGuard.build(NAME);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<String> schemes() {
        return Set.of("mysql", "mariadb");
    }

    /** Says which server answered: {@code mariadb} or {@code mysql}, from the handshake (no round trip). */
    @Override
    protected String dialectName(Connection connection) throws SQLException {
        return isMariaDb(connection) ? "mariadb" : "mysql";
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
                literalSession(st, accessModeVariable(connection), isMariaDb(connection))
                        .ifPresent(session -> readOnlySessions.put(connection, session));
            }
        }
    }

    /**
     * The session statement of a read-only connection, with the sql_mode it has now, after the
     * normalization, as a literal. The expression of {@link #NORMALIZE_SQL_MODE} costs the server
     * about 20 µs a statement, a literal next to nothing, and on a read-only connection the two
     * say the same. No guarded text there may be a SET; a stored function it calls may run one,
     * but the server undoes a function's change of sql_mode when it returns. A function's change
     * of the time zone or the access mode outlasts it, which is why the statement still sets
     * both. Empty, so the expression is used, when the mode is not a plain list of names or still
     * holds a name of {@link #QUOTING_MODES}. On MariaDB the same settings also come as a
     * {@code SET STATEMENT} prefix (see {@link ReadOnlySession}).
     */
    private static Optional<ReadOnlySession> literalSession(Statement st, String accessMode, boolean mariaDb) throws SQLException {
        String modes;
        String selectLimit;
        String statementTime;
        try (ResultSet rs = st.executeQuery(mariaDb
                ? "SELECT @@SESSION.sql_mode, @@SESSION.sql_select_limit, @@SESSION.max_statement_time"
                : "SELECT @@SESSION.sql_mode, '', ''")) {
            boolean row = rs.next();
            modes = row ? rs.getString(1) : null;
            selectLimit = row ? rs.getString(2) : null;
            statementTime = row ? rs.getString(3) : null;
        }
        if (mariaDb && (selectLimit == null || statementTime == null
                || !NUMBER.matcher(selectLimit).matches() || !NUMBER.matcher(statementTime).matches())) {
            return Optional.empty();
        }
        if (modes == null || !SQL_MODE_NAMES.matcher(modes).matches()
                || QUOTING_MODES.stream().anyMatch(m -> ("," + modes + ",").contains("," + m + ","))) {
            return Optional.empty();
        }
        String statement = "SET SESSION sql_mode = '" + modes + "', SESSION time_zone = '+00:00', SESSION " + accessMode + " = 1";
        String settings = "SET STATEMENT time_zone = '+00:00', " + accessMode + " = 1";
        return Optional.of(new ReadOnlySession(statement, mariaDb ? settings : null, selectLimit, statementTime));
    }

    private static String normalizeSqlMode() {
        String modes = "CONCAT(',', @@SESSION.sql_mode, ',')";
        for (String mode : QUOTING_MODES) {
            modes = "REPLACE(" + modes + ", '," + mode + ",', ',')";
        }
        return "SET SESSION sql_mode = TRIM(BOTH ',' FROM " + modes + ")";
    }

    static boolean isMariaDb(Connection connection) throws SQLException {
        return connection.unwrap(org.mariadb.jdbc.Connection.class).getContext().getVersion().isMariaDBServer();
    }

    /**
     * The status flags of the server's last OK or EOF reply; no round trip. An error reply carries
     * none, and Connector/J adds {@link #STATUS_IN_TRANSACTION} after one, since it cannot tell.
     */
    static int status(Connection connection) throws SQLException {
        return connection.unwrap(org.mariadb.jdbc.Connection.class).getContext().getServerStatus();
    }

    private static boolean inReadOnlyTransaction(int status) {
        return (status & STATUS_IN_TRANSACTION) != 0 && (status & STATUS_IN_TRANSACTION_READ_ONLY) != 0;
    }

    /** Whether the session is outside autocommit: a transaction open, or autocommit off. */
    private static boolean outsideAutocommit(int status) {
        return (status & STATUS_IN_TRANSACTION) != 0 || (status & STATUS_AUTOCOMMIT) == 0;
    }

    /**
     * The session variable of the transaction access mode: {@code tx_read_only} on MariaDB before
     * 11.1, {@code transaction_read_only} on MariaDB 11.1 and later and on MySQL 8.
     */
    static String accessModeVariable(Connection connection) throws SQLException {
        return oldAccessMode(connection) ? OLD_ACCESS_MODE : ACCESS_MODE;
    }

    private static boolean oldAccessMode(Connection connection) throws SQLException {
        ServerVersion v = connection.unwrap(org.mariadb.jdbc.Connection.class).getContext().getVersion();
        return v.isMariaDBServer() && !v.versionGreaterOrEqual(11, 1, 0);
    }

    /**
     * The one statement that puts a session back into the state every guarded statement starts
     * from: the SQL modes the guard's lexer assumes, UTC, and read-only as its access mode.
     */
    static String readOnlySession(Connection connection) throws SQLException {
        return oldAccessMode(connection) ? OLD_READ_ONLY_SESSION : READ_ONLY_SESSION;
    }

    private static String readOnlySession(String accessMode) {
        return NORMALIZE_SQL_MODE + ", SESSION time_zone = '+00:00', SESSION " + accessMode + " = 1";
    }

    /**
     * Whether a text runs as one read in autocommit mode, its own transaction, whose access mode
     * is fixed when it starts: it begins with one of the statement kinds that read and holds
     * nothing the lexer cannot judge (executable comments) or that sets a variable for the
     * statement ({@code SET_VAR} hints). Such a text cannot open, end or change a transaction;
     * stored functions it calls take their table locks when it starts, under the read-only mode.
     * The statement check lets nothing else through, so other texts come here only with it taken
     * away; they run inside a {@code START TRANSACTION READ ONLY} of their own as well, which a
     * {@code SET STATEMENT … FOR} or a procedure's {@code SET} cannot lift.
     */
    static boolean runsAsOneRead(String sql) {
        return runsAsOneRead(SqlScan.of(sql, SqlDialect.MYSQL));
    }

    /** {@link #runsAsOneRead(String)} on a text already read in {@link SqlDialect#MYSQL}. */
    static boolean runsAsOneRead(SqlScan scan) {
        if (scan.statementCount() != 1 || scan.hasExecutableComment()) {
            return false;
        }
        for (SqlToken token : scan.tokens()) {
            if (token.type() == SqlToken.Type.COMMENT && token.text().startsWith("/*+")
                    && token.text().toUpperCase(Locale.ROOT).contains("SET_VAR")) {
                return false;
            }
        }
        return scan.firstKeyword().map(READS::contains).orElse(false);
    }

    // ---------------------------------------------------------------- one statement

    /**
     * A guarded statement outside a transaction: the session's access mode set to read-only
     * again, with the SQL modes and the time zone. On MariaDB a read-only connection's read
     * carries them in its own text ({@link #plainStatement}, {@link ReadOnlySession}); otherwise one
     * statement sets them first (the one round trip more than the raw client). A stored function
     * of an earlier statement may have lifted the read-only default; from here the statement runs
     * as its own read-only transaction. On a writable connection the session stays read-only
     * until the next statement that is not guarded ({@link #leaveReadOnly}).
     */
    @Override
    protected void beforeStatement(Connection connection, Call call) throws SQLException {
        if (!call.guarded()) {
            forget(connection, call);
            if (!call.readOnlyConnection()) {
                leaveReadOnly(connection);
            }
            return;
        }
        if (call.inTransaction()) {
            forget(connection, call);
            if (!call.readOnlyConnection()) {
                throw DriverException.of(ErrorKind.UNSUPPORTED, NAME, "query",
                        "a read-only query inside a transaction of a writable connection is not supported;"
                                + " run it outside the transaction");
            }
            int status = status(connection);
            if (!inReadOnlyTransaction(status)) {
                throw DriverException.of(ErrorKind.READ_ONLY, NAME, "query", "the transaction is not read-only");
            }
            checkSession(connection, status);
            return;
        }
        ReadOnlySession scoped = statementScoped(connection, call);
        try {
            if (scoped == null || !scoped.known) {
                enterReadOnly(connection, call);
                if (scoped != null) {
                    scoped.known = true;
                }
            }
            checkAutocommit(connection, call);
        } catch (SQLException | RuntimeException e) {
            if (scoped != null) {
                scoped.known = false; // the next call sets the session again instead of trusting it
            }
            throw e;
        }
    }

    /** Before a guarded statement outside a transaction: autocommit on, no transaction open, and the text read as the guard reads it. */
    private static void checkAutocommit(Connection connection, Call call) throws SQLException {
        int status = status(connection);
        if (outsideAutocommit(status)) {
            if (!call.readOnlyConnection()) {
                // the connection's own statements opened it; the session gets read-write back before the next of them
                throw DriverException.of(ErrorKind.UNSUPPORTED, NAME, "query",
                        "a read-only query cannot run while a transaction is open on the connection; end it first");
            }
            // left by a statement whose error reply carried no status flags
            restoreAutocommit(connection);
            status = status(connection);
            if (outsideAutocommit(status)) {
                throw DriverException.of(ErrorKind.READ_ONLY, NAME, "query", "the session did not return to autocommit mode");
            }
        }
        checkSession(connection, status);
    }

    /**
     * The session of a read-only connection whose reads carry their settings in a
     * {@code SET STATEMENT} prefix (MariaDB), or null: a writable connection, MySQL, or a session
     * whose sql_mode could not be taken as a literal.
     */
    ReadOnlySession statementScoped(Connection connection, Call call) {
        if (!call.readOnlyConnection()) {
            return null;
        }
        ReadOnlySession session = readOnlySessions.get(connection);
        return session == null || session.settings == null ? null : session;
    }

    /** Marks a read-only connection's session as no longer known: a statement without the prefix is about to run. */
    private void forget(Connection connection, Call call) {
        ReadOnlySession session = call.readOnlyConnection() ? readOnlySessions.get(connection) : null;
        if (session != null) {
            session.known = false;
        }
    }

    /**
     * Sends the session statement: on a read-only connection the one {@link #initialize} made for it
     * (its sql_mode a literal), else {@link #readOnlySession}. On a writable connection, marks the
     * session read-only until {@link #leaveReadOnly}.
     */
    void enterReadOnly(Connection connection, Call call) throws SQLException {
        ReadOnlySession session = call.readOnlyConnection() ? readOnlySessions.get(connection) : null;
        try (Statement st = connection.createStatement()) {
            st.execute(session != null ? session.statement : readOnlySession(connection));
        }
        if (!call.readOnlyConnection()) {
            // Connector/J only records the hint, no round trip: the mark says the session needs its access mode back
            connection.setReadOnly(true);
        }
    }

    /** Gives a writable connection's session its read-write access mode back, if a guarded statement took it. */
    private static void leaveReadOnly(Connection connection) throws SQLException {
        if (connection.isReadOnly()) {
            try (Statement st = connection.createStatement()) {
                st.execute("SET SESSION " + accessModeVariable(connection) + " = 0");
            }
            connection.setReadOnly(false);
        }
    }

    /**
     * Before a guarded statement: the session reads text as the guard does. Its SQL mode has no
     * {@code NO_BACKSLASH_ESCAPES} (from the status flags), and its client character set is UTF-8,
     * as Connector/J's text is: in GBK, Big5 or SJIS a backslash may be the second byte of a
     * character, so {@code '丁\', get_lock(…) #'} would be one string to the guard and a call to
     * the server. The server reports the character set with every change (session tracking), so
     * both cost no round trip; a change by {@code SET NAMES} on a writable connection, or by
     * server code, is seen at the next call.
     */
    private static void checkSession(Connection connection, int status) throws SQLException {
        if ((status & STATUS_NO_BACKSLASH_ESCAPES) != 0) {
            throw DriverException.of(ErrorKind.READ_ONLY, NAME, "query",
                    "the session's sql_mode has NO_BACKSLASH_ESCAPES, so the server would read the text differently from the guard");
        }
        String charset = connection.unwrap(org.mariadb.jdbc.Connection.class).getContext().getCharset();
        if (charset != null && !charset.toLowerCase(Locale.ROOT).startsWith("utf8")) {
            throw DriverException.of(ErrorKind.READ_ONLY, NAME, "query", "the session's client character set is "
                    + (charset.matches("[A-Za-z0-9_]{1,32}") ? charset : "not UTF-8")
                    + ", so the server would read the text differently from the guard; read-only calls need utf8mb4");
        }
    }

    /** Ends what a guarded statement may have left: an open transaction (rolled back), autocommit off. */
    private static void restoreAutocommit(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute("ROLLBACK");
            if ((status(connection) & STATUS_AUTOCOMMIT) == 0) {
                st.execute("SET autocommit = 1");
            }
        }
    }

    /** Whether a guarded text runs inside a read-only transaction of its own: when it is not {@linkplain #runsAsOneRead one read}. */
    boolean needsReadOnlyTransaction(SqlScan scan) {
        return !runsAsOneRead(scan);
    }

    /**
     * Parameters are written into the text by the base, at the placeholders tobira's lexer finds:
     * Connector/J's client-side prepared statements would paste them in at the positions its own
     * parser finds, which reads comments differently from the server (for it {@code /*}{@code /}
     * opens and closes a comment, and {@code --} needs no space after it), so a value could land
     * where the server reads code. The text then runs on a plain statement without Connector/J's
     * escape processing, whose parser disagrees with the server's in the same ways and rewrites
     * {@code {…}} escapes. Read as the session reads text now: backslash escapes unless the status
     * flags say {@code NO_BACKSLASH_ESCAPES} (which no guarded statement runs under).
     */
    @Override
    protected Optional<Literals> literals(Connection connection) throws SQLException {
        return Optional.of(MysqlLiterals.of((status(connection) & STATUS_NO_BACKSLASH_ESCAPES) != 0));
    }

    /**
     * On a read-only MariaDB connection whose session is known, a text that is one read (see
     * {@link #runsAsOneRead}) runs behind the connection's {@code SET STATEMENT} prefix. Any other
     * text gets the session statement first and leaves
     * the session no longer known. A text that is not one read also runs inside a read-only
     * transaction of its own, which {@link #afterStatement} rolls back.
     */
    @Override
    protected PlainStatement plainStatement(Connection connection, String text, Call call) throws SQLException {
        if (!call.guarded() || call.inTransaction()) {
            return super.plainStatement(connection, text, call);
        }
        SqlScan scan = call.scanOf(text, SqlDialect.MYSQL);
        ReadOnlySession scoped = statementScoped(connection, call);
        if (scoped != null) {
            if (scoped.known && runsAsOneRead(scan)) {
                return super.plainStatement(connection, scoped.prefix(call) + text, call);
            }
            // Only a text the statement check would refuse, or a close on another thread since
            // beforeStatement, comes here: the session statement again, even if just sent, is the simple safe way
            enterReadOnly(connection, call);
            scoped.known = false;
        }
        if (needsReadOnlyTransaction(scan)) {
            try (Statement st = connection.createStatement()) {
                st.execute("START TRANSACTION READ ONLY");
            }
            if (!inReadOnlyTransaction(status(connection))) {
                restoreAutocommit(connection);
                throw DriverException.of(ErrorKind.READ_ONLY, NAME, "query", "the server did not enter a read-only transaction");
            }
        }
        return super.plainStatement(connection, text, call);
    }

    /**
     * The post-check, from the status the reply carried. Every statement kind a guarded call may
     * send returns rows; a statement that returned none was something else, and is refused after
     * it ran (DDL has already committed implicitly, which is why the allow-list comes first). A
     * statement with rows is still streaming them; its final status is checked once they are read,
     * in {@link #afterStatement}.
     */
    @Override
    protected void afterExecute(Connection connection, Statement statement, Call call) throws SQLException {
        if (call.guarded() && !call.inTransaction() && statement.getUpdateCount() != -1) {
            DriverException refusal = DriverException.of(ErrorKind.READ_ONLY, NAME, "query",
                    "the statement returned no rows, so it was not a read; refused after it ran");
            try {
                if (outsideAutocommit(status(connection))) {
                    // this status is the statement's own reply: end what it opened now, while that is known
                    restoreAutocommit(connection);
                }
            } catch (SQLException | RuntimeException e) {
                refusal.addSuppressed(e);
            }
            throw refusal;
        }
    }

    /**
     * Leaves the session in autocommit mode with no transaction open: the read-only transaction of
     * a text that is not one read is rolled back here, and anything else a statement left is undone
     * (a read never leaves either, so a read costs nothing here, failed or not). The read-only
     * access mode stays; the next guarded statement sets it again anyway.
     */
    @Override
    protected void afterStatement(Connection connection, Call call, boolean completed) throws SQLException {
        if (!call.guarded() || call.inTransaction()) {
            return;
        }
        int status = status(connection);
        if (!completed) {
            // the next statement sets the session, whose reply brings the status flags an error reply lacks
            forget(connection, call);
        }
        if (!completed && (status & STATUS_IN_TRANSACTION_READ_ONLY) == 0 && (status & STATUS_AUTOCOMMIT) != 0) {
            // Connector/J marks a transaction after any error reply, since the reply does not say. Without a
            // read-only transaction of its own the statement was one read in autocommit mode, which leaves none;
            // one that returned no rows was undone in afterExecute already
            releaseLocks(connection, call);
            return;
        }
        if (outsideAutocommit(status)) {
            if (completed && !inReadOnlyTransaction(status)) {
                LOG.log(System.Logger.Level.WARNING, "mysql: a read-only statement left the session outside autocommit mode");
            }
            restoreAutocommit(connection);
        }
        releaseLocks(connection, call);
    }

    /**
     * After a read that may have called a stored function ({@link StoredCode}), every user-level
     * lock the session holds is released: the read-only transaction does not cover
     * {@code GET_LOCK}, and such a lock would outlive the call and block other sessions. Reads of
     * built-in functions alone keep their single round trip.
     */
    private static void releaseLocks(Connection connection, Call call) throws SQLException {
        if (call.scan().isPresent() && StoredCode.mayCall(call.scan().get())) {
            try (Statement st = connection.createStatement()) {
                st.execute("DO RELEASE_ALL_LOCKS()");
            }
        }
    }

    /**
     * Connector/J's close of a streamed result reads and discards every row the server has not
     * sent yet (a million rows, for a caller that wanted three). So the query is killed first:
     * {@code KILL QUERY} from a short side connection, which returns once the server has taken
     * it, and the close then reads only the rows already on their way. {@code Statement.cancel()}
     * would do nothing here, as Connector/J cancels only while a call is running on the statement.
     * A session whose query is already over ignores the kill: the server drops it when the
     * session's next command starts.
     */
    @Override
    protected void abandon(Statement statement) throws SQLException {
        Connection connection = statement.getConnection();
        if (!connection.isClosed()) { // a connection that broke has no query left to kill, and no server to ask
            connection.unwrap(org.mariadb.jdbc.Connection.class).cancelCurrentQuery();
        }
    }

    // ---------------------------------------------------------------- transactions

    @Override
    protected void beginTransaction(Connection connection, boolean readOnly) throws SQLException {
        ReadOnlySession session = readOnlySessions.get(connection);
        if (session != null) {
            session.known = false;
        }
        if (!readOnly) {
            leaveReadOnly(connection);
        }
        super.beginTransaction(connection, readOnly);
        if (readOnly) {
            try (Statement st = connection.createStatement()) {
                st.execute("START TRANSACTION READ ONLY");
            }
        }
    }

    /**
     * After a read-only connection's transaction, every user-level lock its reads' stored functions
     * took is released (nothing else on that connection can have taken one); inside the
     * transaction, the reads keep their single round trip.
     */
    @Override
    protected void endTransaction(Connection connection, boolean readOnly) throws SQLException {
        super.endTransaction(connection, readOnly);
        if (readOnly) {
            try (Statement st = connection.createStatement()) {
                st.execute("DO RELEASE_ALL_LOCKS()");
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
            case 1193: // unknown system variable
                return Optional.of(ErrorKind.NOT_FOUND);
            case 1064: // syntax error
            case 1149: // syntax error
                return Optional.of(ErrorKind.SYNTAX);
            case 1205: // lock wait timeout
            case 1213: // deadlock
                return Optional.of(ErrorKind.CONFLICT);
            case 1062: // duplicate key
            case 1451: // foreign key: row is referenced
            case 1452: // foreign key: no parent row
            case 1048: // column cannot be null
            case 3819: // MySQL check constraint violated
            case 4025: // MariaDB CONSTRAINT failed
                return Optional.of(ErrorKind.CONSTRAINT);
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
