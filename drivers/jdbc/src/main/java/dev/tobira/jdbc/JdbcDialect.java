package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Capability;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Exporter;
import dev.tobira.api.Value;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.StatementGuard;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What makes one JDBC database different from the others; everything else is in the base. A
 * driver subclasses this once (a stateless, thread-safe object) and hands it to
 * {@link JdbcDriver#JdbcDriver(JdbcDialect)}.
 *
 * <p>Abstract, so every dialect decides them: {@link #name()}, {@link #schemes()},
 * {@link #sqlDialect()}, {@link #guard()} and {@link #connect(ConnConfig)}. Everything else has a
 * default that fits a standard JDBC driver and is overridden where the database differs.
 *
 * <p><b>How a query runs.</b> {@code Conn.query} checks the text with {@link #guard()}:
 * {@link StatementGuard#check(String)} when the call is guarded (read-only connection or read-only
 * query), {@link StatementGuard#checkSingleStatement(String)} otherwise, so every SQL driver takes
 * exactly one statement. Then, on the connection: {@link #beforeStatement} (enter the database's
 * read-only mode for a guarded call), {@link #useNamespace} when the query names one,
 * {@link #prepare}, {@link #configure} (streaming settings), {@link #bind} per parameter,
 * {@code setMaxRows(limit + 1)}, {@code setQueryTimeout} plus a watchdog that cancels the statement
 * at the deadline, {@code execute()}, {@link #afterExecute} (post-checks), then a result whose
 * columns are described by {@link #resultColumn} and mapped once by {@link #map(JdbcColumn)} (or
 * taken from an earlier result of the same text, when {@link #resultShape} says they are the same)
 * and whose rows are pulled as the caller iterates. When the result is released (end, limit, close, failure, cancel) the namespace is
 * restored and {@link #afterStatement} runs (leave read-only mode: roll back, reset a flag).
 * {@code afterStatement} runs exactly once for every {@code beforeStatement} that returned.
 *
 * <p><b>Errors.</b> A hook may throw {@link SQLException}: the base classifies it (SQLState
 * classes, then {@link #classify(SQLException)} for vendor codes, walking
 * {@link SQLException#getNextException()}), redacts {@link #message(SQLException)}, and throws a
 * {@link dev.tobira.api.DriverException} with the vendor exception as the cause. A hook may also
 * throw a {@code DriverException} of its own, which passes through unchanged.
 *
 * @since 0.1
 */
public abstract class JdbcDialect {
    private static final List<String> SQL_KEYWORDS = List.of(
            "SELECT", "FROM", "WHERE", "GROUP BY", "ORDER BY", "HAVING", "LIMIT", "OFFSET", "JOIN", "LEFT JOIN",
            "INNER JOIN", "CROSS JOIN", "ON", "USING", "AS", "AND", "OR", "NOT", "IN", "IS", "NULL", "LIKE",
            "BETWEEN", "EXISTS", "CASE", "WHEN", "THEN", "ELSE", "END", "DISTINCT", "UNION", "UNION ALL",
            "INTERSECT", "EXCEPT", "WITH", "RECURSIVE", "VALUES", "ASC", "DESC", "COUNT", "SUM", "MIN", "MAX",
            "AVG", "CAST", "COALESCE", "EXPLAIN", "INSERT", "INTO", "UPDATE", "SET", "DELETE");
    private static final Map<String, String> TABLE_TYPES = Map.of("TABLE", "table", "VIEW", "view");

    /** For subclasses. */
    protected JdbcDialect() {}

    // ---------------------------------------------------------------- identity

    /**
     * Returns the driver's name, lower-case, such as {@code postgres}; it starts every message.
     *
     * @return the name
     */
    public abstract String name();

    /**
     * Returns the DSN schemes the driver opens, lower-case.
     *
     * @return the schemes, at least one
     */
    public abstract Set<String> schemes();

    /**
     * Returns the capabilities the driver promises: {@link Capability#READ_ONLY} and the facets its
     * connections offer. A connection offers exactly the declared facets through
     * {@code capabilities()} and {@code as()}. By default: read-only, browser, mutator, explainer,
     * transactor and completer, all of which the base implements.
     *
     * @return the declared capabilities
     */
    public Set<Capability> declared() {
        return EnumSet.of(Capability.READ_ONLY, Capability.BROWSER, Capability.MUTATOR, Capability.EXPLAINER,
                Capability.TRANSACTOR, Capability.COMPLETER);
    }

    /**
     * Returns the query language spoken, for {@link ConnInfo#dialect()}; the driver's name by default.
     *
     * @return the dialect name, such as {@code postgresql}
     */
    public String dialectName() {
        return name();
    }

    /**
     * Returns the query language one connection speaks, for {@link ConnInfo#dialect()}, where one
     * driver serves servers of more than one language (MySQL and MariaDB); {@link #dialectName()}
     * by default. Called once as a connection opens, after {@link #serverVersion(Connection)}.
     *
     * @param connection the new connection
     * @return the dialect name
     * @throws SQLException when the database fails; classified with op {@code open}
     */
    protected String dialectName(Connection connection) throws SQLException {
        return dialectName();
    }

    /**
     * Returns the data model, for {@link ConnInfo#model()}; {@link ConnInfo.Model#SQL} by default.
     *
     * @return the model
     */
    public ConnInfo.Model model() {
        return ConnInfo.Model.SQL;
    }

    /**
     * Returns how the database splits SQL text into tokens, for the completer and for generated
     * variants in the conformance kit. Normally the same dialect the {@link #guard()} uses.
     *
     * @return the lexer options
     */
    public abstract SqlDialect sqlDialect();

    /**
     * Returns the statement check in front of the database's own read-only mechanism: its
     * allow-list, forbidden words and functions and its own rules. Its driver name must be
     * {@link #name()}. The base calls {@link StatementGuard#check(String)} on every guarded call
     * and {@link StatementGuard#checkSingleStatement(String)} on every other one, before anything
     * reaches the database. A connection keeps the guard's last few acceptances by exact text and
     * path and reuses them (a refusal is checked again every time), so the guard must decide by
     * the text alone: its rules are pure functions of the scan, as the builder's are.
     *
     * @return the guard, built once
     */
    public abstract StatementGuard guard();

    // ---------------------------------------------------------------- connecting

    /**
     * Opens the JDBC connection for a configuration: parses the DSN, reveals
     * {@link ConnConfig#password()} to the vendor driver, honours
     * {@link ConnConfig#connectTimeout()} and, when {@link ConnConfig#readOnly()} is set, opens the
     * connection the most read-only way the database offers (a read-only file handle, a read-only
     * session default). The password never goes into a message: the base redacts it from every
     * error, and a dialect that builds its own {@link dev.tobira.api.DriverException} must not
     * quote it either.
     *
     * @param config the configuration; its scheme is one of {@link #schemes()}
     * @return the open connection, owned by the base from now on
     * @throws SQLException when the vendor driver fails; classified with op {@code open}
     * @throws dev.tobira.api.DriverException for what the dialect classifies itself (a bad DSN is
     *     {@link ErrorKind#INVALID_ARGUMENT}, a missing database file {@link ErrorKind#NOT_FOUND})
     */
    protected abstract Connection connect(ConnConfig config) throws SQLException;

    /**
     * Prepares a new connection for use, after {@link #connect(ConnConfig)}: session settings,
     * limits, the read-only defaults of a read-only connection. Nothing by default. If it throws,
     * the base closes the connection.
     *
     * @param connection the new connection
     * @param config its configuration
     * @throws SQLException when the database fails; classified with op {@code open}
     */
    protected void initialize(Connection connection, ConnConfig config) throws SQLException {}

    /**
     * Returns the server or engine version for {@link ConnInfo#serverVersion()}; by default
     * {@link java.sql.DatabaseMetaData#getDatabaseProductVersion()}.
     *
     * @param connection the connection
     * @return the version, empty if unknown
     * @throws SQLException when the database fails
     */
    protected String serverVersion(Connection connection) throws SQLException {
        String v = connection.getMetaData().getDatabaseProductVersion();
        return v == null ? "" : v;
    }

    /**
     * Returns texts the redactor removes from every message of this connection, besides
     * {@link ConnConfig#password()} and the password of the DSN, which it always removes. Empty by
     * default; a dialect adds tokens it took from options.
     *
     * @param config the configuration
     * @return the secrets
     */
    protected List<String> secrets(ConnConfig config) {
        return List.of();
    }

    /**
     * Checks that the database answers, for {@code Conn.ping()}; by default
     * {@link Connection#isValid(int)} with the given bound.
     *
     * @param connection the connection
     * @param timeoutSeconds how long to wait, at least 1
     * @return whether it answered
     * @throws SQLException when the check fails
     */
    protected boolean ping(Connection connection, int timeoutSeconds) throws SQLException {
        return connection.isValid(timeoutSeconds);
    }

    // ---------------------------------------------------------------- one statement

    /**
     * Runs on the connection before each statement. For a {@linkplain Call#guarded() guarded}
     * call this enters the database's own read-only mode for this one statement: SQLite re-asserts
     * {@code PRAGMA query_only=1}, PostgreSQL begins a {@code READ ONLY} transaction, MySQL starts a
     * read-only transaction. A dialect whose streaming needs a transaction (pgjdbc's fetch size)
     * also begins one for unguarded calls here. Nothing by default.
     *
     * @param connection the connection
     * @param call what kind of call this is
     * @throws SQLException when the database fails; the statement then does not run
     */
    protected void beforeStatement(Connection connection, Call call) throws SQLException {}

    /**
     * Runs right after {@code execute()} returned, before the first row is read: a post-check that
     * the statement stayed inside the read-only mode (still in the read-only transaction, nothing
     * committed). Throw a {@link dev.tobira.api.DriverException} of kind
     * {@link ErrorKind#READ_ONLY} to refuse; {@link #afterStatement} still runs, with
     * {@code completed} false. Nothing by default.
     *
     * @param connection the connection
     * @param statement the statement that ran
     * @param call what kind of call this is
     * @throws SQLException when the check fails
     */
    protected void afterExecute(Connection connection, Statement statement, Call call) throws SQLException {}

    /**
     * Runs when a result has been read to its end, before {@code hasNext()} reports the end: a
     * post-check for what the database says only after the last row (MySQL's final status flags).
     * Throw a {@link dev.tobira.api.DriverException} of kind {@link ErrorKind#READ_ONLY} to refuse;
     * it surfaces from {@code hasNext()}. Not called for a result cut by the limit, closed early or
     * for a statement without rows ({@link #afterExecute} sees those). Nothing by default.
     *
     * @param connection the connection
     * @param statement the statement whose rows ended
     * @param call what kind of call this is
     * @throws SQLException when the check fails
     */
    protected void afterRows(Connection connection, Statement statement, Call call) throws SQLException {}

    /**
     * Runs before a result that was not read to its end (closed early, failed, cancelled) is
     * closed; not for one cut by the limit, whose remaining rows are at most one. For drivers whose
     * close of a streamed result reads and discards the rest of it (MariaDB Connector/J), this is
     * where to cancel the statement instead. Nothing by default; a failure is logged and ignored.
     *
     * @param statement the statement whose result is abandoned
     * @throws SQLException when the driver fails
     */
    protected void abandon(Statement statement) throws SQLException {}

    /**
     * Runs once the statement is over: its result was read to the end, cut by the limit, closed,
     * cancelled, or the statement failed. Leaves what {@link #beforeStatement} entered: SQLite
     * lifts {@code query_only} again on a writable connection, PostgreSQL rolls the read-only
     * transaction back (always, even when {@code completed}). Must leave the connection ready for
     * the next call. Nothing by default.
     *
     * @param connection the connection
     * @param call what kind of call this was
     * @param completed whether the statement ran and its result was released without an error
     * @throws SQLException when the database fails; the failure is added to the error being
     *     thrown, or dropped when the call succeeded and its result is already in the caller's hands
     */
    protected void afterStatement(Connection connection, Call call, boolean completed) throws SQLException {}

    /**
     * Prepares a statement; by default forward-only and read-only
     * ({@link ResultSet#TYPE_FORWARD_ONLY}, {@link ResultSet#CONCUR_READ_ONLY}). The base calls
     * {@link #prepare(Connection, String, Call)}, which comes here unless a dialect decides per call.
     *
     * @param connection the connection
     * @param sql the text, already accepted by the guard
     * @return the statement
     * @throws SQLException when the database refuses it
     */
    protected PreparedStatement prepare(Connection connection, String sql) throws SQLException {
        return connection.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
    }

    /**
     * Prepares the statement of one call, after {@link #beforeStatement}; by default
     * {@link #prepare(Connection, String)}. Override when the statement depends on the kind of
     * call: PostgreSQL streams only inside a transaction, but some statements cannot run in one,
     * so an unguarded call outside a transaction decides per statement here.
     *
     * @param connection the connection
     * @param sql the text, already accepted by the guard
     * @param call what kind of call this is
     * @return the statement
     * @throws SQLException when the database refuses it
     */
    protected PreparedStatement prepare(Connection connection, String sql, Call call) throws SQLException {
        return prepare(connection, sql);
    }

    /**
     * Returns how this connection's parameter values reach the database: empty (the default) when
     * the JDBC driver binds them ({@link #bind}) and they never become part of any text it parses;
     * present for a driver that would paste them into the text at the positions its own parser
     * finds, whose reading of comments and strings may differ from the server's and the guard's
     * (MariaDB Connector/J's client-side prepared statements). Then the base places each value as
     * a literal at the placeholders tobira's lexer finds, refuses a text whose placeholders and
     * parameters do not match one to one, checks a guarded text again with the values in place,
     * and runs it through {@link #plainStatement}; {@link #prepare} and {@link #bind} are not used.
     *
     * @param connection the connection, whose session may decide how text is read
     * @return the literals, or empty to bind
     * @throws SQLException when the driver cannot say
     */
    protected Optional<Literals> literals(Connection connection) throws SQLException {
        return Optional.empty();
    }

    /**
     * A plain statement and the text to run on it, for a dialect with {@link #literals}.
     *
     * @param statement the statement, owned (and closed) by the base from here on
     * @param text the text the statement runs: the guarded text, with anything the dialect's
     *     read-only mode puts in front of it
     * @since 0.1
     */
    public record PlainStatement(Statement statement, String text) {
        /**
         * Checks the parts.
         *
         * @param statement see {@link #statement()}
         * @param text see {@link #text()}
         * @throws NullPointerException if an argument is null
         */
        public PlainStatement {
            requireNonNull(statement, "statement is null");
            requireNonNull(text, "text is null");
        }
    }

    /**
     * Creates the statement of one call of a dialect with {@link #literals}, after
     * {@link #beforeStatement}: by default a plain statement with the JDBC escape processing off,
     * so the driver sends the text as it is, and the text unchanged.
     *
     * @param connection the connection
     * @param text the text with its parameters in place, already accepted by the guard
     * @param call what kind of call this is
     * @return the statement and the text to run on it
     * @throws SQLException when the database refuses it
     */
    protected PlainStatement plainStatement(Connection connection, String text, Call call) throws SQLException {
        Statement st = connection.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
        try {
            st.setEscapeProcessing(false);
        } catch (SQLException | RuntimeException e) {
            st.close();
            throw e;
        }
        return new PlainStatement(st, text);
    }

    /**
     * Sets up a statement for streaming, before parameters are bound: by default a fetch size of
     * {@link #fetchSize()}. MySQL's drivers override this for their streaming mode.
     *
     * @param statement the statement
     * @param call what kind of call this is
     * @throws SQLException when the driver refuses a setting
     */
    protected void configure(Statement statement, Call call) throws SQLException {
        statement.setFetchSize(fetchSize());
    }

    /**
     * Returns how many idle prepared statements a connection keeps, by text, for calls that run
     * the same text again; 0 (none) by default. Worth it for a driver that compiles a statement
     * on the client at every prepare and keeps no cache of its own (sqlite-jdbc); PostgreSQL's
     * and MariaDB's drivers keep their own. Statements are kept by text alone, so a dialect that
     * keeps them must prepare the same statement for the same text whatever the call
     * ({@link #prepare(Connection, String, Call)}) and whatever namespace it runs in
     * ({@link #useNamespace}: names must not be resolved at prepare time), and its driver must
     * compile a kept statement again when the schema changes under it.
     *
     * @return the number of statements kept per connection, 0 for none
     */
    protected int keptStatements() {
        return 0;
    }

    /**
     * Returns how many rows a fetch asks the server for; 1000 by default.
     *
     * @return the fetch size, at least 1
     */
    protected int fetchSize() {
        return 1000;
    }

    // ---------------------------------------------------------------- export

    /**
     * Writes the result of one statement to a stream through the database's own bulk path, for
     * {@link Exporter#export}; offered only when {@link #declared()} holds
     * {@link dev.tobira.api.Capability#EXPORTER}. The base has already checked the text with the
     * {@link #guard()} exactly as for a query, and runs this between {@link #beforeStatement} and
     * {@link #afterStatement} (after {@link #useNamespace} when the query names one), with the
     * call's deadline and a close from another thread cancelling the statements made with
     * {@link Export#prepare}, or calling {@link #cancel(Connection)} while there are none.
     *
     * <p>Returns empty, as it does by default, when the database has no fast path for this call:
     * the base then runs the statement as a query, in the same statement hooks, and streams its
     * rows as RFC 4180 CSV with a header line ({@link Exporter.Format#TEXT}: the same with a tab),
     * NULL as an empty field and the empty string as {@code ""}, values in their display form,
     * honouring {@link Export#limit()}.
     *
     * @param connection the connection
     * @param export the query, its parameters, limit and format, the stream and the kind of call
     * @return the number of rows written, or empty to have the base stream the rows
     * @throws SQLException when the database fails
     * @throws IOException when writing to the stream fails; reported as {@link ErrorKind#INTERNAL}
     */
    protected OptionalLong export(Connection connection, Export export) throws SQLException, IOException {
        return OptionalLong.empty();
    }

    /**
     * Cancels what runs on the connection, from another thread: the deadline and a close of the
     * connection call it while {@link #export} runs without a statement of {@link Export#prepare}
     * (queries are cancelled through {@link Statement#cancel()} instead), such as PostgreSQL's
     * {@code CopyManager}. Nothing by default. Must not block for long.
     *
     * @param connection the connection
     * @throws SQLException when the cancel fails; it is logged and ignored
     */
    protected void cancel(Connection connection) throws SQLException {}

    /**
     * Cancels a statement of the connection from another thread, when its deadline passes or its
     * result or connection is closed: while it executes, and while a fetch of its rows waits on
     * the server. By default {@link Statement#cancel()}; a driver whose {@code cancel()} does
     * nothing once {@code execute()} has returned (pgjdbc, MariaDB Connector/J) cancels on the
     * connection instead, or a fetch in flight would wait for the server. Must not block for long.
     *
     * @param connection the connection
     * @param statement the statement
     * @throws SQLException when the cancel fails; it is logged and ignored
     */
    protected void cancel(Connection connection, Statement statement) throws SQLException {
        statement.cancel();
    }

    // ---------------------------------------------------------------- transactions

    /**
     * Begins a {@link dev.tobira.api.Transactor.Tx}; by default {@code setAutoCommit(false)}. On a
     * read-only connection the statements of the transaction still go through the guard and
     * {@link #beforeStatement} (with {@link Call#inTransaction()} set); a dialect whose read-only
     * mode is a transaction begins it read-only here instead.
     *
     * @param connection the connection
     * @param readOnly whether the connection is read-only
     * @throws SQLException when the database fails
     */
    protected void beginTransaction(Connection connection, boolean readOnly) throws SQLException {
        connection.setAutoCommit(false);
    }

    /**
     * Ends a transaction after its commit or rollback; by default {@code setAutoCommit(true)}.
     *
     * @param connection the connection
     * @param readOnly whether the connection is read-only
     * @throws SQLException when the database fails
     */
    protected void endTransaction(Connection connection, boolean readOnly) throws SQLException {
        connection.setAutoCommit(true);
    }

    // ---------------------------------------------------------------- types

    /**
     * Chooses how a column crosses into tobira, once per column when a result opens (and for
     * {@code describe}, where only the kind is used). By default {@link ColumnReaders#standard};
     * override for native types (json, vector, intervals) and delegate the rest to it.
     *
     * @param column what JDBC says about the column
     * @return the kind and the reader
     */
    protected ColumnMapping map(JdbcColumn column) {
        return ColumnReaders.standard(column);
    }

    /**
     * Describes one column of a result that just opened, before its first row is read, for
     * {@link #map(JdbcColumn)} and for the result's {@link dev.tobira.api.Column}. By default asks
     * {@link ResultSetMetaData} for the label, type code, type name, precision, scale,
     * nullability and class name (a driver that throws for the precision, scale or class name of a
     * type gets 0, 0 and empty). Override to ask less where {@link #map} needs less and the
     * driver's answers are costly: fill what is not asked with its "unknown" value.
     *
     * @param md the result's metadata
     * @param index the column's position, from 1
     * @return the description, its {@link JdbcColumn#index()} {@code index}
     * @throws SQLException when the driver fails
     */
    protected JdbcColumn resultColumn(ResultSetMetaData md, int index) throws SQLException {
        String label = md.getColumnLabel(index);
        String typeName = md.getColumnTypeName(index);
        return new JdbcColumn(index, label == null ? "" : label, md.getColumnType(index), typeName == null ? "" : typeName,
                precision(md, index), scale(md, index), md.isNullable(index) != ResultSetMetaData.columnNoNulls,
                className(md, index));
    }

    private static int precision(ResultSetMetaData md, int index) {
        try {
            return md.getPrecision(index);
        } catch (SQLException | RuntimeException e) {
            return 0; // some drivers throw for types without a precision
        }
    }

    private static int scale(ResultSetMetaData md, int index) {
        try {
            return md.getScale(index);
        } catch (SQLException | RuntimeException e) {
            return 0;
        }
    }

    private static String className(ResultSetMetaData md, int index) {
        try {
            String name = md.getColumnClassName(index);
            return name == null ? "" : name;
        } catch (SQLException | RuntimeException e) {
            return "";
        }
    }

    /**
     * Returns what decides the columns of a result besides the text of its statement, read right
     * after the statement ran; empty by default. With a shape, the base describes and maps a
     * result's columns ({@link #resultColumn}, {@link #map}) once per connection, text and shape,
     * and gives later results of the same text and an {@linkplain Object#equals equal} shape the
     * same columns, without asking the driver again.
     *
     * <p>Return one only where it is much cheaper to read than the metadata and fixes everything
     * {@link #resultColumn} would say about every column (the column count, labels and types that
     * the statement's text alone does not fix: those another session's DDL can change, or the
     * values of a row where the engine types values). Besides the shape, the base forgets a
     * connection's columns whenever a statement on it returns no rows (DDL among them) and when
     * one of its transactions ends.
     *
     * @param rs the result, before its first row is read
     * @return the shape, or empty to describe and map every result's columns afresh
     * @throws SQLException when the driver fails
     */
    protected Optional<Object> resultShape(ResultSet rs) throws SQLException {
        return Optional.empty();
    }

    /**
     * Binds one positional parameter. By default: NULL as {@code setNull(Types.NULL)}, Bool,
     * Int, Float, Decimal, Text and Bytes with the matching setter, Date, Time and DateTime as
     * {@link java.time.LocalDate}, {@link java.time.LocalTime} and {@link java.time.LocalDateTime},
     * Timestamp as an {@link java.time.OffsetDateTime} in UTC, Uuid as {@link java.util.UUID},
     * Json and Doc as their JSON text; Array and Vector are refused with
     * {@link ErrorKind#UNSUPPORTED}. Override for the database's own forms and call {@code super}
     * for the rest.
     *
     * @param statement the statement
     * @param index the parameter's position, from 1
     * @param value the value
     * @throws SQLException when the driver refuses it
     */
    protected void bind(PreparedStatement statement, int index, Value value) throws SQLException {
        Binder.bind(name(), statement, index, value);
    }

    // ---------------------------------------------------------------- errors

    /**
     * Classifies one vendor exception of the chain before the SQLState classes are tried: for
     * vendor error codes and drivers that report no SQLState. Empty by default.
     *
     * @param e one exception of the chain
     * @return the kind, or empty to fall back to the SQLState
     */
    protected Optional<ErrorKind> classify(SQLException e) {
        return Optional.empty();
    }

    /**
     * Returns the detail of the message for a vendor exception, before redaction; by default its
     * message. Override to strip vendor decoration such as error-code prefixes.
     *
     * @param e the exception
     * @return the detail
     */
    protected String message(SQLException e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m.strip();
    }

    // ---------------------------------------------------------------- namespaces and metadata

    /**
     * Tells whether namespaces are JDBC catalogs (MySQL's databases) rather than schemas; false by
     * default. It decides which {@link java.sql.DatabaseMetaData} argument a namespace fills.
     *
     * @return whether namespaces are catalogs
     */
    protected boolean namespacesAreCatalogs() {
        return false;
    }

    /**
     * Lists the namespaces; by default the schemas (or catalogs) of
     * {@link java.sql.DatabaseMetaData}.
     *
     * @param connection the connection
     * @return the names
     * @throws SQLException when the database fails
     */
    protected List<String> namespaces(Connection connection) throws SQLException {
        return Metadata.namespaces(connection, namespacesAreCatalogs());
    }

    /**
     * Returns the {@link java.sql.DatabaseMetaData} table types that are collections, each with the
     * type {@link CollectionInfo#type()} gives it: {@code TABLE} is a {@code table} and {@code VIEW}
     * a {@code view} by default. Override where the driver names them otherwise (duckdb_jdbc's
     * {@code BASE TABLE}) or has more (materialized views). {@link #collections} lists these types;
     * {@link #describe} names a type missing here in lower case.
     *
     * @return JDBC table type to tobira type
     */
    protected Map<String, String> tableTypes() {
        return TABLE_TYPES;
    }

    /**
     * Lists the tables and views of a namespace; by default with
     * {@link java.sql.DatabaseMetaData#getTables}, types {@link #tableTypes()}, in the
     * connection's catalog.
     *
     * @param connection the connection
     * @param namespace the namespace, empty for the connection's default
     * @return the collections
     * @throws SQLException when the database fails
     * @throws dev.tobira.api.DriverException NOT_FOUND if the namespace does not exist
     */
    protected List<CollectionRef> collections(Connection connection, String namespace) throws SQLException {
        return Metadata.collections(this, connection, namespace);
    }

    /**
     * Describes a table or view; by default from {@link java.sql.DatabaseMetaData#getTables} (its
     * type through {@link #tableTypes()}), {@code getColumns}, {@code getPrimaryKeys},
     * {@code getImportedKeys} and {@link #indexes}, in the connection's catalog, each field's kind
     * from {@link #map(JdbcColumn)}.
     *
     * @param connection the connection
     * @param collection the collection
     * @return the description
     * @throws SQLException when the database fails
     * @throws dev.tobira.api.DriverException NOT_FOUND if it does not exist
     */
    protected CollectionInfo describe(Connection connection, CollectionRef collection) throws SQLException {
        return Metadata.describe(this, connection, collection);
    }

    /**
     * Lists the secondary indexes of a table for {@link #describe}; by default from
     * {@link java.sql.DatabaseMetaData#getIndexInfo}, without statistics rows and without the
     * primary key's own unique index. Override where the driver's index metadata names no columns.
     *
     * @param connection the connection
     * @param collection the table, which exists
     * @param primaryKey its primary key's fields in order, empty if none
     * @return the indexes
     * @throws SQLException when the database fails
     */
    protected List<CollectionInfo.Index> indexes(Connection connection, CollectionRef collection, List<String> primaryKey)
            throws SQLException {
        return Metadata.indexes(this, connection, collection, primaryKey);
    }

    /**
     * Returns the namespace statements run in; by default {@link Connection#getSchema()} (or
     * {@code getCatalog()}).
     *
     * @param connection the connection
     * @return the current namespace, empty if unknown
     * @throws SQLException when the database fails
     */
    protected String currentNamespace(Connection connection) throws SQLException {
        String ns = namespacesAreCatalogs() ? connection.getCatalog() : connection.getSchema();
        return ns == null ? "" : ns;
    }

    /**
     * Makes statements run in a namespace, for a query that names one; restored with the previous
     * {@link #currentNamespace} when the statement is over. By default
     * {@link Connection#setSchema(String)} (or {@code setCatalog}).
     *
     * @param connection the connection
     * @param namespace the namespace, not empty
     * @throws SQLException when the database fails
     * @throws dev.tobira.api.DriverException NOT_FOUND if it does not exist
     */
    protected void useNamespace(Connection connection, String namespace) throws SQLException {
        if (namespacesAreCatalogs()) {
            connection.setCatalog(namespace);
        } else {
            connection.setSchema(namespace);
        }
    }

    // ---------------------------------------------------------------- generated SQL

    /**
     * Quotes an identifier for generated SQL (browser, mutator); by default with {@code "…"},
     * doubling any {@code "} inside.
     *
     * @param identifier the name
     * @return the quoted name
     */
    protected String quote(String identifier) {
        return '"' + requireNonNull(identifier, "identifier is null").replace("\"", "\"\"") + '"';
    }

    /**
     * Returns the quoted, namespace-qualified name of a collection for generated SQL.
     *
     * @param collection the collection
     * @return {@code "ns"."name"}, or {@code "name"} in the default namespace
     */
    protected String qualify(CollectionRef collection) {
        return collection.namespace().isEmpty()
                ? quote(collection.name())
                : quote(collection.namespace()) + "." + quote(collection.name());
    }

    /**
     * Returns the clause that limits a generated query to some rows; {@code LIMIT n} by default.
     *
     * @param rows the row count
     * @return the clause, without leading space
     */
    protected String limitClause(int rows) {
        return "LIMIT " + rows;
    }

    /**
     * Returns the clause that skips rows of a generated query; {@code OFFSET n} by default.
     *
     * @param rows how many rows to skip
     * @return the clause, without leading space
     */
    protected String offsetClause(long rows) {
        return "OFFSET " + rows;
    }

    /**
     * Tells whether the database compares row values ({@code (a, b) > (?, ?)}), for keyset paging
     * over composite keys; true by default. When false, such tables are paged by offset.
     *
     * @return whether row-value comparison works
     */
    protected boolean rowValueComparison() {
        return true;
    }

    /**
     * Returns the statement that shows the plan of a query without running it; {@code EXPLAIN
     * <sql>} by default. Never a form that executes (no {@code ANALYZE}).
     *
     * @param sql the query text, already accepted by the guard
     * @return the explain statement
     */
    protected String explainStatement(String sql) {
        return "EXPLAIN " + sql;
    }

    /**
     * Returns the format of the plan {@link #explainStatement} produces: {@code text} by default,
     * where the plan is the result's rows, tab-separated cells, one line each; {@code json} for a
     * plan that is one JSON cell.
     *
     * @return {@code text} or {@code json}
     */
    protected String explainFormat() {
        return "text";
    }

    // ---------------------------------------------------------------- completion

    /**
     * Returns the keywords the completer suggests; common SQL by default.
     *
     * @return the keywords, upper-case
     */
    protected List<String> keywords() {
        return SQL_KEYWORDS;
    }

    /**
     * Returns the function names the completer suggests; none by default.
     *
     * @return the names
     */
    protected List<String> functions() {
        return List.of();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + name() + "]";
    }
}
