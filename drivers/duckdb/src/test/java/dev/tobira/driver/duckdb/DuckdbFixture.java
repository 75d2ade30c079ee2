package dev.tobira.driver.duckdb;

import dev.tobira.jdbc.testing.NativeSql;
import dev.tobira.spi.SqlDialect;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;

/**
 * The native side channel of the DuckDB tests, plain duckdb_jdbc, never the driver under test.
 *
 * <p>DuckDB lets one process hold a file with one configuration only, and the kit keeps a writable
 * and a read-only connection open at once; so the shop lives in two files seeded alike:
 * {@code shop.duckdb}, which writable connections use, and {@code shop-ro.duckdb}, which read-only
 * connections use. A probe is proven on the first and attacked on both: on the second over a
 * read-only connection, on the first as a read-only query on a writable connection.
 *
 * <ul>
 *   <li>{@code shop.duckdb} is seeded and read through DuckDB's own instance cache: a connection
 *       with the driver's writable configuration (none) shares the database instance the driver's
 *       connections use. One such connection stays open for the whole class, so the instance (and
 *       its write-ahead log, which the CHECKPOINT probes empty) lives as long as the tests.</li>
 *   <li>{@code shop-ro.duckdb} is written by a writable connection that is closed before any
 *       read-only connection opens the file, and fingerprinted by the SHA-256 of its bytes: a
 *       read-only instance never writes the file, so any change at all shows. Then a connection
 *       with the driver's read-only configuration stays open on it, so the read-only connections
 *       of the tests share one instance (as they would in an application) instead of loading the
 *       file each time; the settings evidence reads that instance the same way.</li>
 * </ul>
 */
final class DuckdbFixture implements AutoCloseable {
    /** The shop, and a sequence for the nextval probes. */
    static final String SCHEMA = NativeSql.SHOP + "create sequence order_numbers start 100;\n";

    final Path dir;
    final Path db;
    final Path readOnlyDb;
    private final Connection keeper;
    private Connection readOnlyKeeper;
    private String readOnlyDigest = "";

    DuckdbFixture() {
        try {
            dir = Files.createTempDirectory("tobira-duckdb-").toRealPath();
            db = dir.resolve("shop.duckdb");
            readOnlyDb = dir.resolve("shop-ro.duckdb");
            keeper = writable(db);
            // nothing in these tests may reach the network for an extension
            NativeSql.execute(keeper, "SET autoinstall_known_extensions = false");
            // only the CHECKPOINT probes empty the write-ahead log, never a seed that grew it
            NativeSql.execute(keeper, "SET checkpoint_threshold = '1GB'");
            Files.writeString(dir.resolve("import.csv"), "50,Imported,x@example.com,DE,2026-11-01\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    String dsn() {
        return "duckdb:" + db;
    }

    String readOnlyDsn() {
        return "duckdb:" + readOnlyDb;
    }

    static Connection writable(Path file) throws SQLException {
        return DriverManager.getConnection("jdbc:duckdb:" + file);
    }

    /** A connection with the driver's read-only configuration: it shares the instance of an open read-only connection. */
    static Connection readOnly(Path file) throws SQLException {
        Properties p = DuckdbConnector.readOnlyProperties(true);
        return DriverManager.getConnection("jdbc:duckdb:" + file, p);
    }

    /**
     * What changes whenever a write commits to {@code shop.duckdb}: every commit appends to the
     * write-ahead log, a checkpoint rewrites the file and empties the log, and the attached
     * databases are listed. Equal stamps mean the committed state is unchanged, so a seed or a
     * fingerprint can be reused.
     */
    private String stamp() {
        try {
            Path wal = Path.of(db + ".wal");
            // attaching a database (even an in-memory one) is not logged, so the attached ones are part of the stamp
            return Files.size(db) + "/" + Files.getLastModifiedTime(db).toMillis() + "/"
                    + (Files.exists(wal)
                            ? Files.size(wal) + "/"
                                    + Files.getLastModifiedTime(wal).toMillis()
                            : "-")
                    + "/"
                    + NativeSql.rows(
                            keeper,
                            "SELECT database_name, path FROM duckdb_databases() WHERE NOT internal ORDER BY ALL");
        } catch (IOException | SQLException e) {
            return "unreadable " + System.nanoTime();
        }
    }

    private String seededStamp = "";
    private String digestStamp = "";
    private String digest = "";
    /** The logical digest right after a seed, which is always the same. */
    private String pristine = "";

    private String macrosStamp = "";
    private List<String> macroDrops = List.of();

    /** Restores the shop in both files; anything a probe created is dropped, detached or deleted. */
    void seed() {
        if (!stamp().equals(seededStamp)) {
            seedWritable();
        }
        if (!Files.exists(readOnlyDb) || !readOnlyBytes().equals(readOnlyDigest)) {
            seedReadOnly();
        }
    }

    private String readOnlyStamp = "";
    private String readOnlyBytes = "";

    /** The digest of {@code shop-ro.duckdb}'s bytes, read again whenever its size or modification time moved. */
    private String readOnlyBytes() {
        String now;
        try {
            now = Files.size(readOnlyDb) + "/"
                    + Files.getLastModifiedTime(readOnlyDb).toString()
                    + (Files.exists(Path.of(readOnlyDb + ".wal")) ? " +wal" : "");
        } catch (IOException e) {
            return "unreadable";
        }
        if (!now.equals(readOnlyStamp)) {
            readOnlyBytes = NativeSql.sha256(readOnlyDb) + (now.endsWith(" +wal") ? " +wal" : "");
            readOnlyStamp = now;
        }
        return readOnlyBytes;
    }

    private void seedWritable() {
        try (Connection c = writable(db)) {
            clear(c);
            NativeSql.script(c, SCHEMA, SqlDialect.DUCKDB);
        } catch (SQLException e) {
            throw new IllegalStateException("seeding " + db + " failed", e);
        }
        seededStamp = stamp();
        if (pristine.isEmpty()) {
            pristine = logicalDigest();
        }
        // a seed is deterministic, so its digest is known without reading the catalog again
        digest = pristine;
        digestStamp = seededStamp;
        macroDrops = List.of();
        macrosStamp = seededStamp;
    }

    /** duckdb_functions() lists every built-in function, a tenth of a second: its answer is kept per stamp. */
    private List<String> macroDrops(Connection c) throws SQLException {
        String now = stamp();
        if (!now.equals(macrosStamp)) {
            macroDrops = NativeSql.strings(
                    c,
                    "SELECT DISTINCT 'DROP MACRO ' || CASE WHEN function_type = 'table_macro' THEN 'TABLE ' ELSE '' END"
                            + " || '\"' || database_name || '\".\"' || schema_name || '\".\"' || function_name || '\"' || ' -- '"
                            + " || coalesce(macro_definition, '') FROM duckdb_functions() WHERE NOT internal ORDER BY ALL");
            macrosStamp = now;
        }
        return macroDrops;
    }

    private void clear(Connection st) throws SQLException {
        for (String name : NativeSql.strings(
                st,
                "SELECT database_name FROM duckdb_databases() WHERE NOT internal"
                        + " AND database_name <> current_database()")) {
            NativeSql.execute(st, "DETACH DATABASE IF EXISTS " + quote(name));
        }
        for (String view : NativeSql.strings(
                st, "SELECT view_name FROM duckdb_views() WHERE NOT internal AND database_name = current_database()")) {
            NativeSql.execute(st, "DROP VIEW IF EXISTS " + quote(view));
        }
        for (String sql : macroDrops(st)) {
            NativeSql.execute(st, sql.substring(0, sql.indexOf(" -- ")));
        }
        // drop tables until none is left: a foreign key makes the order matter
        for (int round = 0; round < 10; round++) {
            List<String> tables = NativeSql.strings(
                    st,
                    "SELECT '\"' || schema_name || '\".\"' || table_name || '\"' FROM duckdb_tables()"
                            + " WHERE database_name = current_database() AND NOT temporary");
            if (tables.isEmpty()) {
                break;
            }
            for (String t : tables) {
                try {
                    NativeSql.execute(st, "DROP TABLE IF EXISTS " + t + " CASCADE");
                } catch (SQLException dependent) {
                    unpin(st, t, dependent);
                }
            }
        }
        for (String seq : NativeSql.strings(
                st,
                "SELECT '\"' || schema_name || '\".\"' || sequence_name || '\"' FROM duckdb_sequences()"
                        + " WHERE database_name = current_database() AND NOT temporary")) {
            NativeSql.execute(st, "DROP SEQUENCE IF EXISTS " + seq + " CASCADE");
        }
        for (String type : NativeSql.strings(
                st,
                "SELECT '\"' || schema_name || '\".\"' || type_name || '\"' FROM duckdb_types()"
                        + " WHERE NOT internal AND database_name = current_database()")) {
            NativeSql.execute(st, "DROP TYPE IF EXISTS " + type);
        }
        for (String schema : NativeSql.strings(
                st,
                "SELECT schema_name FROM duckdb_schemas() WHERE NOT internal"
                        + " AND database_name = current_database() AND schema_name <> 'main'")) {
            NativeSql.execute(st, "DROP SCHEMA IF EXISTS " + quote(schema) + " CASCADE");
        }
    }

    private static final java.util.regex.Pattern PINNED =
            java.util.regex.Pattern.compile("main key table of the table \"([^\"]+)\"");

    /**
     * DuckDB keeps a table referenced by the name a foreign key had when it was made: after
     * {@code alter table orders rename to probe_orders} and a drop of that table, {@code customers}
     * still cannot be dropped "because this table is main key table of the table orders". Making
     * and dropping a table of that name with such a key clears it. Other failures wait for the next
     * round, when the tables that refer to this one are gone.
     */
    private static void unpin(Connection c, String table, SQLException e) throws SQLException {
        java.util.regex.Matcher m = PINNED.matcher(String.valueOf(e.getMessage()));
        if (!m.find()
                || !NativeSql.strings(
                                c,
                                "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database()"
                                        + " AND table_name = '" + m.group(1).replace("'", "''") + "'")
                        .isEmpty()) {
            return; // the table that refers to it is still there: the next round drops it first
        }
        String bare = table.substring(table.lastIndexOf('"', table.length() - 2) + 1, table.length() - 1);
        List<String> key = NativeSql.strings(
                c,
                "SELECT column_name || ' ' || data_type FROM duckdb_columns() WHERE database_name = current_database()"
                        + " AND table_name = '" + bare.replace("'", "''")
                        + "' AND column_name IN (SELECT unnest(constraint_column_names)"
                        + " FROM duckdb_constraints() WHERE database_name = current_database() AND table_name = '"
                        + bare.replace("'", "''")
                        + "' AND constraint_type = 'PRIMARY KEY') ORDER BY column_index");
        List<String> names =
                key.stream().map(k -> k.substring(0, k.indexOf(' '))).toList();
        String ghost = quote(m.group(1));
        NativeSql.execute(
                c,
                "CREATE TABLE " + ghost + " (" + String.join(", ", key) + ", FOREIGN KEY (" + String.join(", ", names)
                        + ") REFERENCES " + table + " (" + String.join(", ", names) + "))");
        NativeSql.execute(c, "DROP TABLE " + ghost);
    }

    private void seedReadOnly() {
        closeReadOnlyKeeper();
        try {
            Files.deleteIfExists(readOnlyDb);
            Files.deleteIfExists(Path.of(readOnlyDb + ".wal"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (Connection c = writable(readOnlyDb)) {
            NativeSql.script(c, SCHEMA, SqlDialect.DUCKDB);
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "seeding " + readOnlyDb + " failed (is a read-only connection still open?)", e);
        }
        readOnlyDigest = readOnlyBytes();
        try {
            // keeps the read-only instance alive, so each read-only connection of a test shares it rather than loading
            // the file
            readOnlyKeeper = readOnly(readOnlyDb);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private void closeReadOnlyKeeper() {
        if (readOnlyKeeper != null) {
            try {
                readOnlyKeeper.close();
            } catch (SQLException e) {
                // closing anyway
            }
            readOnlyKeeper = null;
        }
    }

    /** The logical state of {@code shop.duckdb} (attached databases, schema, sequences, macros, rows) and the bytes of {@code shop-ro.duckdb}. */
    String fingerprint() {
        String now = stamp();
        if (!now.equals(digestStamp)) {
            digest = logicalDigest();
            digestStamp = now;
        }
        return NativeSql.sha256(digest + "\nread-only file: " + readOnlyBytes());
    }

    private String logicalDigest() {
        StringBuilder sb = new StringBuilder();
        try (Connection st = writable(db)) {
            for (String q : List.of(
                    "SELECT database_name, path FROM duckdb_databases() WHERE NOT internal ORDER BY ALL",
                    "SELECT database_name, schema_name, comment FROM duckdb_schemas() WHERE NOT internal ORDER BY ALL",
                    "SELECT database_name, schema_name, table_name, sql, comment FROM duckdb_tables() WHERE NOT temporary ORDER BY ALL",
                    "SELECT database_name, schema_name, view_name, sql, comment FROM duckdb_views() WHERE NOT internal AND NOT temporary ORDER BY ALL",
                    "SELECT database_name, schema_name, index_name, sql FROM duckdb_indexes() ORDER BY ALL",
                    "SELECT database_name, schema_name, sequence_name, start_value, increment_by, last_value, sql FROM duckdb_sequences()"
                            + " WHERE NOT temporary ORDER BY ALL",
                    "SELECT database_name, schema_name, type_name, logical_type FROM duckdb_types() WHERE NOT internal ORDER BY ALL")) {
                sb.append(NativeSql.rows(st, q)).append('\n');
            }
            sb.append(String.join("\n", macroDrops(st))).append('\n');
            for (String t : NativeSql.strings(
                    st,
                    "SELECT '\"' || database_name || '\".\"' || schema_name || '\".\"' || table_name || '\"'"
                            + " FROM duckdb_tables() WHERE NOT temporary ORDER BY ALL")) {
                sb.append(t)
                        .append(':')
                        .append(NativeSql.rows(st, "SELECT * FROM " + t))
                        .append('\n');
            }
        } catch (SQLException e) {
            throw new IllegalStateException("fingerprinting " + db + " failed", e);
        }
        return sb.toString();
    }

    /** Runs each statement of a text in autocommit, going on past failures, as the duckdb shell does. */
    boolean executeNatively(String text) {
        try (Connection c = writable(db)) {
            NativeSql.executeEach(c, text, SqlDialect.DUCKDB);
            return true;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The size of {@code shop.duckdb}'s write-ahead log; a checkpoint empties it. */
    long walSize() {
        try {
            Path wal = Path.of(db + ".wal");
            return Files.exists(wal) ? Files.size(wal) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** A setting as each instance has it: the writable one, and the read-only one (a fresh instance when none is open). */
    String settings(String name) {
        StringBuilder sb = new StringBuilder();
        for (boolean ro : new boolean[] {false, true}) {
            try (Connection c = ro ? readOnly(readOnlyDb) : writable(db);
                    Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT current_setting('" + name + "')")) {
                rs.next();
                sb.append(rs.getString(1)).append('|');
            } catch (SQLException e) {
                throw new IllegalStateException("reading " + name + " failed", e);
            }
        }
        return sb.toString();
    }

    /** Runs a statement on {@code shop.duckdb}, for evidence to clear a setting. */
    void execute(String sql) {
        try (Connection c = writable(db)) {
            NativeSql.execute(c, sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A file in the temp directory, for probes whose side effect is a file. */
    Path file(String name) {
        return dir.resolve(name);
    }

    @Override
    public void close() {
        closeReadOnlyKeeper();
        try {
            keeper.close();
        } catch (SQLException e) {
            // the instance goes with the JVM anyway
        }
        NativeSql.deleteTree(dir);
    }

    static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }
}
