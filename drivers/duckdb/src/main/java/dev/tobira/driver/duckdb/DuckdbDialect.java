package dev.tobira.driver.duckdb;

import dev.tobira.api.Capability;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Exporter;
import dev.tobira.jdbc.Call;
import dev.tobira.jdbc.ColumnMapping;
import dev.tobira.jdbc.DatabaseFile;
import dev.tobira.jdbc.Export;
import dev.tobira.jdbc.JdbcColumn;
import dev.tobira.jdbc.JdbcDialect;
import dev.tobira.spi.Dsn;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.StatementGuard;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import org.duckdb.DuckDBDriver;

/**
 * DuckDB on the JDBC base. The read-only layers of a read-only connection: the database opened
 * with {@code access_mode=READ_ONLY}, {@code enable_external_access=false}, extension auto-install
 * and auto-load off and {@code lock_configuration=true}, checked with {@code current_setting} once
 * open, and {@link DuckdbGuard} in front. A read-only query on a writable connection runs inside a
 * transaction that {@link #afterStatement} always rolls back. Exports go through DuckDB's own
 * {@code COPY} where it can write its file, and the base's CSV rows elsewhere.
 *
 * <p>Files are opened by their real path: duckdb_jdbc shares one database instance per path
 * string in a process, so two spellings of one file would otherwise become two instances of it.
 */
class DuckdbDialect extends JdbcDialect {
    static final String NAME = "duckdb";
    private static final String USAGE = "use duckdb:./shop.duckdb, duckdb:/abs/path.duckdb or duckdb::memory:";
    private static final Map<String, String> TABLE_TYPES = Map.of("BASE TABLE", "table", "VIEW", "view");
    private static final Pattern VENDOR_LINE = Pattern.compile("\\s*\\n\\s*LINE \\d+:.*", Pattern.DOTALL);
    private static final List<String> KEYWORDS = List.of(
            "DESCRIBE", "SHOW", "SHOW TABLES", "SUMMARIZE", "PIVOT", "UNPIVOT", "QUALIFY", "EXCLUDE", "REPLACE",
            "COLUMNS", "ASOF JOIN", "POSITIONAL JOIN", "ANTI JOIN", "SEMI JOIN", "USING SAMPLE", "PRAGMA", "CALL",
            "GROUP BY ALL", "ORDER BY ALL");
    private static final List<String> FUNCTIONS = List.of(
            "abs", "any_value", "approx_count_distinct", "arg_max", "arg_min", "array_agg", "avg", "coalesce",
            "concat", "count", "current_date", "current_setting", "date_diff", "date_part", "date_trunc", "epoch",
            "first", "greatest", "json_extract", "json_extract_string", "last", "least", "length", "list_value",
            "lower", "max", "median", "min", "now", "regexp_matches", "regexp_replace", "round", "split_part",
            "strftime", "string_agg", "strptime", "struct_pack", "substring", "sum", "trim", "unnest", "upper");

    private final StatementGuard guard = DuckdbGuard.build(NAME);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<String> schemes() {
        return Set.of("duckdb");
    }

    @Override
    public Set<Capability> declared() {
        return EnumSet.of(Capability.READ_ONLY, Capability.BROWSER, Capability.MUTATOR, Capability.EXPLAINER,
                Capability.TRANSACTOR, Capability.COMPLETER, Capability.EXPORTER);
    }

    @Override
    public SqlDialect sqlDialect() {
        return SqlDialect.DUCKDB;
    }

    @Override
    public StatementGuard guard() {
        return guard;
    }

    // ---------------------------------------------------------------- connecting

    /**
     * The configuration of a read-only database instance. External access goes off in the same
     * configuration that locks it, so no statement can turn it back on; {@link #initialize} checks
     * that all of it took. The tests' native side channel opens read-only files with exactly this,
     * so that it shares the driver's instance rather than conflicting with it.
     *
     * @param file whether a file is opened, rather than an in-memory database (which DuckDB cannot
     *     open read-only)
     */
    static Properties readOnlyProperties(boolean file) {
        Properties p = new Properties();
        if (file) {
            p.setProperty("duckdb.read_only", "true");
        }
        p.setProperty("enable_external_access", "false");
        p.setProperty("autoinstall_known_extensions", "false");
        p.setProperty("autoload_known_extensions", "false");
        p.setProperty("lock_configuration", "true");
        p.setProperty("jdbc_stream_results", "true");
        return p;
    }

    @Override
    protected Connection connect(ConnConfig config) throws SQLException {
        Dsn.options(NAME, config.options(), Set.of());
        String target = target(config);
        boolean file = !target.equals(DatabaseFile.MEMORY);
        // by its real path: duckdb_jdbc shares one instance per path string, so two spellings would be two instances
        String path = file ? DatabaseFile.resolve(NAME, Path.of(target), config.readOnly()).toString() : "";
        Properties props = config.readOnly() ? readOnlyProperties(file) : new Properties();
        return new DuckDBDriver().connect("jdbc:duckdb:" + path, props);
    }

    /** The file (or {@code :memory:}) a DSN names; a {@code ;} would start duckdb_jdbc's URL options. */
    private static String target(ConnConfig config) {
        return DatabaseFile.target(NAME, config.dsn(), USAGE, ";");
    }

    private static DriverException invalid(String detail) {
        return DriverException.of(ErrorKind.INVALID_ARGUMENT, NAME, "open", detail);
    }

    @Override
    protected void initialize(Connection connection, ConnConfig config) throws SQLException {
        if (config.readOnly()) {
            try (Statement st = connection.createStatement()) {
                checkReadOnly(st, !target(config).equals(DatabaseFile.MEMORY));
            }
            return;
        }
        // results stream from the engine instead of being materialized in native memory first
        execute(connection, "SET SESSION jdbc_stream_results = true");
        // nothing this driver opens reaches the network to fetch an extension
        execute(connection, "SET autoinstall_known_extensions = false");
    }

    /** Fails closed unless the engine reports every read-only setting the configuration asked for. */
    private static void checkReadOnly(Statement st, boolean file) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT current_setting('access_mode'), current_setting('enable_external_access'),"
                + " current_setting('lock_configuration'), current_setting('autoinstall_known_extensions')")) {
            boolean ok = rs.next()
                    && (!file || "read_only".equalsIgnoreCase(rs.getString(1)))
                    && !rs.getBoolean(2) && rs.getBoolean(3) && !rs.getBoolean(4);
            if (!ok) {
                throw DriverException.of(ErrorKind.INTERNAL, NAME, "open",
                        "DuckDB did not take the read-only configuration (access_mode, enable_external_access, lock_configuration)");
            }
        }
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute(sql);
        }
    }

    // ---------------------------------------------------------------- one statement

    /** A read-only query on a writable connection: DuckDB has no read-only mode per statement, so a transaction rolled back after it. */
    private static boolean rollsBack(Call call) {
        return call.guarded() && !call.readOnlyConnection() && !call.inTransaction();
    }

    @Override
    protected void beforeStatement(Connection connection, Call call) throws SQLException {
        if (rollsBack(call)) {
            execute(connection, "BEGIN TRANSACTION");
        }
    }

    @Override
    protected void afterStatement(Connection connection, Call call, boolean completed) throws SQLException {
        if (rollsBack(call)) {
            execute(connection, "ROLLBACK");
        }
    }

    // ---------------------------------------------------------------- export

    /**
     * DuckDB's own CSV writer where it can run: on a writable connection with external access on,
     * for a text that is one plain query and no row limit, {@code COPY (query) TO '<temp file>'
     * (FORMAT CSV, HEADER)} (with a tab delimiter for TEXT), the file then copied to the stream and
     * deleted. A guarded call runs it inside the transaction {@link #beforeStatement} began and
     * {@link #afterStatement} rolls back. Everything else (a read-only connection, whose external
     * access is off; DESCRIBE, PRAGMA; a limit; a text whose parentheses would not keep it inside
     * COPY's) gets the base's rows, which it writes alike.
     */
    @Override
    protected OptionalLong export(Connection connection, Export export) throws SQLException, IOException {
        if (export.call().readOnlyConnection() || export.limit() > 0 || !DuckdbGuard.isPlainQuery(export.scan())
                || !externalAccess(connection)) {
            return OptionalLong.empty();
        }
        Path file = Files.createTempFile("tobira-duckdb-export-", ".csv");
        try {
            Optional<String> copy = export.wrap("COPY (", ") TO '" + file.toString().replace("'", "''") + "' (FORMAT CSV, HEADER"
                    + (export.format() == Exporter.Format.TEXT ? ", DELIMITER '\t'" : "") + ")");
            if (copy.isEmpty()) {
                return OptionalLong.empty();
            }
            long rows;
            try (PreparedStatement st = export.prepare(copy.get())) {
                st.execute();
                rows = Math.max(0, st.getUpdateCount());
            }
            Files.copy(file, export.out());
            return OptionalLong.of(rows);
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                file.toFile().deleteOnExit();
            }
        }
    }

    /** Whether COPY may write its file: off on read-only connections, and a writable session may turn it off. */
    private static boolean externalAccess(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT current_setting('enable_external_access')")) {
            return rs.next() && rs.getBoolean(1);
        }
    }

    // ---------------------------------------------------------------- types

    @Override
    protected ColumnMapping map(JdbcColumn column) {
        return DuckdbTypes.map(column);
    }

    // ---------------------------------------------------------------- errors

    /** DuckDB reports no SQLState; its messages begin with the error class. */
    @Override
    protected Optional<ErrorKind> classify(SQLException e) {
        String m = String.valueOf(e.getMessage());
        String lower = m.toLowerCase(Locale.ROOT);
        if (m.startsWith("IO Error") && lower.contains("does not exist")) {
            return Optional.of(ErrorKind.NOT_FOUND);
        }
        if (lower.contains("read-only mode") || lower.contains("disabled by configuration")
                || lower.contains("configuration has been locked") || lower.contains("cannot launch in-memory database in read-only")) {
            return Optional.of(ErrorKind.READ_ONLY);
        }
        if (lower.contains("different configuration than existing connections") || lower.contains("could not set lock on file")
                || lower.contains("unique file handle conflict")) {
            return Optional.of(ErrorKind.CONFLICT);
        }
        if (lower.contains("parameter index out of bounds") || lower.contains("values were not provided for the following prepared statement parameters")) {
            return Optional.of(ErrorKind.INVALID_ARGUMENT); // placeholders and parameters do not match
        }
                if (m.startsWith("Parser Error")) {
            return Optional.of(ErrorKind.SYNTAX);
        }
        if (m.startsWith("Catalog Error") || m.startsWith("Binder Error")) {
            if (lower.contains("does not exist") || lower.contains("not found") || lower.matches("(?s).*\\bno\\b.*\\bfound\\b.*")) {
                return Optional.of(ErrorKind.NOT_FOUND);
            }
            return Optional.of(lower.contains("already exists") ? ErrorKind.CONFLICT : ErrorKind.SYNTAX);
        }
        if (m.startsWith("Constraint Error")) {
            return Optional.of(ErrorKind.CONSTRAINT);
        }
        if (m.startsWith("TransactionContext Error") || m.startsWith("Dependency Error")) {
            return Optional.of(ErrorKind.CONFLICT);
        }
        if (m.startsWith("Conversion Error") || m.startsWith("Out of Range Error") || m.startsWith("Invalid Input Error")
                || m.startsWith("Invalid Type Error") || m.startsWith("Mismatch Type Error")) {
            return Optional.of(ErrorKind.INVALID_ARGUMENT);
        }
        if (m.startsWith("INTERRUPT Error")) {
            return Optional.of(ErrorKind.CANCELLED);
        }
        if (m.startsWith("Permission Error")) {
            return Optional.of(ErrorKind.PERMISSION);
        }
        if (m.startsWith("Not implemented Error") || m.startsWith("Extension Autoloading Error")) {
            return Optional.of(ErrorKind.UNSUPPORTED);
        }
        if (m.startsWith("IO Error")) {
            if (lower.contains("not a valid duckdb database file") || lower.contains("is a directory")) {
                return Optional.of(ErrorKind.INVALID_ARGUMENT);
            }
            if (lower.contains("does not exist") || lower.contains("no such file")) {
                return Optional.of(ErrorKind.NOT_FOUND);
            }
            return Optional.of(ErrorKind.INTERNAL);
        }
        if (lower.contains("connection was closed") || lower.contains("connection is closed")) {
            return Optional.of(ErrorKind.CONNECTION);
        }
        return Optional.empty();
    }

    /** One line: the query excerpt and caret DuckDB appends after {@code LINE n:} are dropped. */
    @Override
    protected String message(SQLException e) {
        String m = VENDOR_LINE.matcher(super.message(e)).replaceFirst("");
        if (m.contains("different configuration than existing connections")) {
            m += " (this process holds the file open in the other mode; DuckDB allows one configuration per file"
                    + " per process, so close the writable connections before opening it read-only, or the other way round)";
        }
        if (m.contains("file system operations are disabled by configuration")) {
            // duckdb_extensions() among them: it lists the extension directory to say what is installed
            m += " (a read-only connection runs with enable_external_access=false, so nothing may touch the file"
                    + " system, listing the extension directory included; ask a writable connection)";
        }
        return m.replaceAll("\\s*\\n\\s*", " ").strip();
    }

    // ---------------------------------------------------------------- namespaces and metadata

    @Override
    protected List<String> namespaces(Connection connection) throws SQLException {
        List<String> names = new ArrayList<>();
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT schema_name FROM duckdb_schemas()"
                     + " WHERE database_name = current_database() ORDER BY schema_name")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    /** duckdb_jdbc calls a table {@code BASE TABLE}, as information_schema does. */
    @Override
    protected Map<String, String> tableTypes() {
        return TABLE_TYPES;
    }

    /** From {@code duckdb_indexes()}: duckdb_jdbc's index metadata names no columns. */
    @Override
    protected List<CollectionInfo.Index> indexes(Connection connection, CollectionRef collection, List<String> primaryKey)
            throws SQLException {
        String schema = collection.namespace().isEmpty() ? currentNamespace(connection) : collection.namespace();
        List<CollectionInfo.Index> indexes = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT index_name, is_unique, CAST(expressions AS VARCHAR) FROM duckdb_indexes()"
                        + " WHERE database_name = current_database() AND schema_name = ? AND table_name = ? ORDER BY index_name")) {
            ps.setString(1, schema);
            ps.setString(2, collection.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    indexes.add(new CollectionInfo.Index(rs.getString(1), expressions(rs.getString(3)), rs.getBoolean(2)));
                }
            }
        }
        return indexes;
    }

    /** {@code [status, lower(name)]} as a list of its expressions. */
    private static List<String> expressions(String list) {
        String s = list == null ? "" : list.strip();
        if (s.startsWith("[") && s.endsWith("]")) {
            s = s.substring(1, s.length() - 1);
        }
        List<String> out = new ArrayList<>();
        for (String part : s.split(",")) {
            String p = part.strip();
            if (p.length() > 1 && p.startsWith("'") && p.endsWith("'")) {
                p = p.substring(1, p.length() - 1);
            }
            if (!p.isEmpty()) {
                out.add(p);
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- completion

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
