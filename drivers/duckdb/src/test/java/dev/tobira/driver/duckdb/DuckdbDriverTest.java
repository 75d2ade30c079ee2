package dev.tobira.driver.duckdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Exporter;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.jdbc.testing.NativeSql;
import dev.tobira.spi.SqlDialect;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The driver against real DuckDB files: DSNs and bad input, the instance DuckDB shares per file,
 * each read-only layer without the statement check in front, the exporter, types and errors.
 */
class DuckdbDriverTest {
    private final DuckdbDriver driver = new DuckdbDriver();

    @TempDir
    Path dir;

    private Path shop() throws SQLException {
        Path file = dir.resolve("shop.duckdb");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file)) {
            NativeSql.script(c, DuckdbFixture.SCHEMA, SqlDialect.DUCKDB);
        }
        return file;
    }

    private static List<Row> rows(Conn conn, Query query) {
        List<Row> rows = new ArrayList<>();
        try (ResultSet rs = conn.query(query)) {
            rs.forEachRemaining(rows::add);
        }
        return rows;
    }

    private static DriverException refused(ErrorKind kind, Runnable call) {
        DriverException e = assertThrows(DriverException.class, call::run);
        assertEquals(kind, e.kind(), e.getMessage());
        assertTrue(e.getMessage().startsWith("duckdb: "), e.getMessage());
        return e;
    }

    // ---------------------------------------------------------------- DSNs and bad input

    /** Issue 14: a catalog read that lists a directory is refused read-only, and the message says why. */
    @Test
    void theExtensionListSaysWhyItIsRefusedReadOnly() {
        try (Conn ro = driver.open(ConnConfig.of("duckdb::memory:").withReadOnly(true))) {
            DriverException e =
                    refused(ErrorKind.READ_ONLY, () -> rows(ro, Query.of("select * from duckdb_extensions()")));
            assertTrue(
                    e.getMessage()
                            .contains("enable_external_access=false, so nothing may touch the file system, listing the"
                                    + " extension directory included"),
                    e.getMessage());
        }
    }

    @Test
    void memoryDatabasesOpenWritableAndReadOnly() {
        try (Conn rw = driver.open(ConnConfig.of("duckdb::memory:"))) {
            drain(rw.query(Query.of("create table t (x int)")));
            drain(rw.query(Query.of("insert into t values (1)")));
            assertEquals(
                    Value.of(1),
                    rw.query(Query.of("select count(*)::int from t")).one(r -> r.get(0)));
        }
        try (Conn ro = driver.open(ConnConfig.of("duckdb::memory:").withReadOnly(true))) {
            assertTrue(ro.readOnly());
            assertEquals(Value.of(2), ro.query(Query.of("select 1 + 1")).one(r -> r.get(0)));
            refused(
                    ErrorKind.READ_ONLY,
                    () -> ro.query(Query.of("create table t (x int)")).close());
            assertEquals(
                    Value.of("false"),
                    ro.query(Query.of("select current_setting('enable_external_access')::varchar"))
                            .one(r -> r.get(0)));
            assertEquals(
                    Value.of("true"),
                    ro.query(Query.of("select current_setting('lock_configuration')::varchar"))
                            .one(r -> r.get(0)));
        }
    }

    @Test
    void relativeAbsoluteAndTripleSlashPathsOpenTheSameFile() throws Exception {
        Path file = shop();
        Path relative = Path.of("").toAbsolutePath().relativize(file);
        for (String dsn : List.of("duckdb:" + file, "duckdb:./" + relative, "duckdb://" + file)) {
            try (Conn ro = driver.open(ConnConfig.of(dsn).withReadOnly(true))) {
                assertEquals(
                        Value.of(5L),
                        ro.query(Query.of("select count(*) from customers")).one(r -> r.get(0)),
                        dsn);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "duckdb:",
                "duckdb://host/x.duckdb",
                "duckdb:md:shop",
                "duckdb:s3://bucket/x.duckdb",
                "duckdb:x.duckdb;access_mode=READ_WRITE",
                "duckdb::other:",
                "duckdb:a\0b"
            })
    void badDsnsAreInvalidArguments(String dsn) {
        DriverException e = refused(
                ErrorKind.INVALID_ARGUMENT,
                () -> driver.open(ConnConfig.of(dsn)).close());
        assertTrue(e.getMessage().startsWith("duckdb: open: "), e.getMessage());
    }

    @Test
    void optionsAreRefused() {
        refused(
                ErrorKind.INVALID_ARGUMENT,
                () -> driver.open(ConnConfig.of("duckdb::memory:").withOption("threads", "2"))
                        .close());
    }

    @Test
    void aMissingFileOpenedReadOnlyIsNotFoundAndNotCreated() {
        Path missing = dir.resolve("missing.duckdb");
        DriverException e = refused(
                ErrorKind.NOT_FOUND,
                () -> driver.open(ConnConfig.of("duckdb:" + missing).withReadOnly(true))
                        .close());
        assertTrue(e.getMessage().contains("no such database file"), e.getMessage());
        assertFalse(Files.exists(missing), "the read-only open created the file");
        assertFalse(Files.exists(Path.of(missing + ".wal")));
        refused(
                ErrorKind.NOT_FOUND,
                () -> driver.open(ConnConfig.of("duckdb:" + dir.resolve("no/such/dir.duckdb")))
                        .close());
    }

    @Test
    void aDirectoryIsNoDatabase() {
        refused(
                ErrorKind.INVALID_ARGUMENT,
                () -> driver.open(ConnConfig.of("duckdb:" + dir).withReadOnly(true))
                        .close());
        refused(
                ErrorKind.INVALID_ARGUMENT,
                () -> driver.open(ConnConfig.of("duckdb:" + dir)).close());
    }

    @Test
    void aCorruptFileIsRefusedAndLeftAsItWas() throws IOException {
        Path corrupt = dir.resolve("corrupt.duckdb");
        byte[] junk = "this is not a DuckDB database, just text ".repeat(300).getBytes(StandardCharsets.US_ASCII);
        Files.write(corrupt, junk);
        refused(
                ErrorKind.INVALID_ARGUMENT,
                () -> driver.open(ConnConfig.of("duckdb:" + corrupt).withReadOnly(true))
                        .close());
        refused(
                ErrorKind.INVALID_ARGUMENT,
                () -> driver.open(ConnConfig.of("duckdb:" + corrupt)).close());
        assertArrayEquals(junk, Files.readAllBytes(corrupt));
    }

    @Test
    void aClosedConnectionRefusesUse() throws Exception {
        Conn conn = driver.open(ConnConfig.of("duckdb:" + shop()));
        conn.close();
        conn.close();
        assertThrows(IllegalStateException.class, conn::ping);
        assertThrows(IllegalStateException.class, () -> conn.query(Query.of("select 1")));
        assertThrows(IllegalStateException.class, () -> conn.describe(CollectionRef.of("customers")));
        Exporter exporter = conn.as(Exporter.class).orElseThrow();
        assertThrows(
                IllegalStateException.class,
                () -> exporter.export(Query.of("select 1"), Exporter.Format.CSV, new ByteArrayOutputStream()));
    }

    // ---------------------------------------------------------------- one instance per file

    @Test
    void writableAndReadOnlyOfOneFileConflictInOneProcess() throws Exception {
        Path file = shop();
        try (Conn rw = driver.open(ConnConfig.of("duckdb:" + file))) {
            DriverException e = refused(
                    ErrorKind.CONFLICT,
                    () -> driver.open(ConnConfig.of("duckdb:" + file).withReadOnly(true))
                            .close());
            assertTrue(e.getMessage().contains("one configuration per file per process"), e.getMessage());
            // another spelling of the same file is the same file: no second instance slips past
            refused(
                    ErrorKind.CONFLICT,
                    () -> driver.open(ConnConfig.of("duckdb:" + dir + "/./shop.duckdb")
                                    .withReadOnly(true))
                            .close());
            rw.ping();
        }
        try (Conn ro = driver.open(ConnConfig.of("duckdb:" + file).withReadOnly(true));
                Conn ro2 = driver.open(ConnConfig.of("duckdb:" + dir + "/../" + dir.getFileName() + "/shop.duckdb")
                        .withReadOnly(true))) {
            refused(
                    ErrorKind.CONFLICT,
                    () -> driver.open(ConnConfig.of("duckdb:" + file)).close());
            assertEquals(
                    ro.query(Query.of("select count(*) from orders")).<Value>one(r -> r.get(0)),
                    ro2.query(Query.of("select count(*) from orders")).one(r -> r.get(0)));
        }
    }

    @Test
    void twoSpellingsOfAWritableFileShareOneInstance() throws Exception {
        Path file = shop();
        try (Conn a = driver.open(ConnConfig.of("duckdb:" + file));
                Conn b = driver.open(ConnConfig.of("duckdb:" + dir + "/./shop.duckdb"))) {
            drain(a.query(Query.of("delete from orders where id = 7")));
            assertEquals(
                    Value.of(6L),
                    b.query(Query.of("select count(*) from orders")).one(r -> r.get(0)));
        }
    }

    // ---------------------------------------------------------------- the layers without the statement check

    /**
     * The engine's own layers of a read-only connection, with the statement check bypassed: the
     * JDBC connection the dialect opens, written to directly. Every write and every way out of
     * the database fails, and nothing changes.
     */
    @Test
    void theReadOnlyEngineStopsWhatTheCheckWouldHaveStopped() throws Exception {
        Path file = shop();
        Path outside = dir.resolve("outside.txt");
        Files.writeString(outside, "secret");
        DuckdbErrors errors = new DuckdbErrors();
        ConnConfig config = ConnConfig.of("duckdb:" + file).withReadOnly(true);
        byte[] before = Files.readAllBytes(file);
        String p = dir.toString().replace("'", "''");
        List<String> attacks = List.of(
                "delete from orders",
                "insert into customers values (9, 'x', null, 'GB', '2026')",
                "create table t (x int)",
                "drop table orders",
                "create macro m(x) as x",
                "select nextval('order_numbers')",
                "alter table orders add column c int",
                "copy orders to '" + p + "/copied.csv'",
                "export database '" + p + "/exported'",
                "attach '" + p + "/attached.duckdb' as a",
                "select * from read_text('" + p + "/outside.txt')",
                "select * from read_csv('" + p + "/outside.txt')",
                "select * from glob('" + p + "/*')",
                "install httpfs",
                "set enable_external_access = true",
                "set lock_configuration = false",
                "reset lock_configuration",
                "set access_mode = 'read_write'",
                "set threads = 1",
                "set global memory_limit = '1GB'",
                "pragma threads = 1");
        // every engine layer is in the configuration the connector opens with; initialize only reads them back
        Connection c = new DuckdbConnector().connect(config);
        try {
            for (String attack : attacks) {
                SQLException e = assertThrows(SQLException.class, () -> NativeSql.execute(c, attack), attack);
                assertEquals(ErrorKind.READ_ONLY, errors.classify(e).orElse(null), attack + ": " + e.getMessage());
            }
            // with external access off a file named as a table is no longer looked for on disk at all
            SQLException scan = assertThrows(
                    SQLException.class, () -> NativeSql.execute(c, "select * from '" + p + "/outside.txt'"));
            assertEquals(ErrorKind.NOT_FOUND, errors.classify(scan).orElse(null), scan.getMessage());
        } finally {
            c.close();
        }
        assertArrayEquals(before, Files.readAllBytes(file), "the read-only instance changed the file");
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(
                    List.of("outside.txt", "shop.duckdb"),
                    files.map(f -> f.getFileName().toString()).sorted().toList());
        }
    }

    /** The one thing the statement check cannot see: code already in the file. External access off still stops it. */
    @Test
    void aMacroInTheFileThatReadsAFileIsStoppedByTheEngine() throws Exception {
        Path file = shop();
        Path outside = dir.resolve("outside.txt");
        Files.writeString(outside, "secret");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file)) {
            NativeSql.execute(
                    c,
                    "create macro leak() as table select content from read_text('"
                            + outside.toString().replace("'", "''") + "')");
            NativeSql.execute(
                    c,
                    "create view leak_v as select content from read_text('"
                            + outside.toString().replace("'", "''") + "')");
            NativeSql.execute(c, "create view numbers as select nextval('order_numbers') as n");
        }
        try (Conn ro = driver.open(ConnConfig.of("duckdb:" + file).withReadOnly(true))) {
            DriverException macro =
                    refused(ErrorKind.READ_ONLY, () -> drain(ro.query(Query.of("select * from leak()"))));
            assertTrue(macro.getMessage().contains("disabled by configuration"), macro.getMessage());
            refused(ErrorKind.READ_ONLY, () -> drain(ro.query(Query.of("select * from leak_v"))));
            refused(ErrorKind.READ_ONLY, () -> drain(ro.query(Query.of("select * from numbers"))));
        }
    }

    /**
     * A read-only query on a writable connection runs in a transaction the read-only mode always
     * rolls back: with the statement check off, the writes run, and are undone.
     */
    @Test
    void theRollbackLayerUndoesAWriteThatGotPastTheCheck() throws Exception {
        Path file = shop();
        try (Conn rw = new DuckdbWithoutStatementCheck().open(ConnConfig.of("duckdb:" + file))) {
            drain(rw.query(Query.of("delete from orders").withReadOnly(true)));
            drain(rw.query(Query.of("drop table orders").withReadOnly(true)));
            assertEquals(
                    Value.of(7L),
                    rw.query(Query.of("select count(*) from orders")).one(r -> r.get(0)));
        }
        try (Conn ro = driver.open(ConnConfig.of("duckdb:" + file).withReadOnly(true))) {
            assertEquals(
                    Value.of(7L),
                    ro.query(Query.of("select count(*) from orders")).one(r -> r.get(0)));
        }
    }

    @Test
    void readOnlyConnectionsReportTheirSettingsAndKeepThemThroughNamespaces() throws Exception {
        Path file = shop();
        try (Conn ro = driver.open(ConnConfig.of("duckdb:" + file).withReadOnly(true))) {
            assertEquals(
                    Value.of("read_only"),
                    ro.query(Query.of("select lower(current_setting('access_mode'))"))
                            .one(r -> r.get(0)));
            assertEquals(
                    Value.of(false),
                    ro.query(Query.of("select current_setting('enable_external_access')::boolean"))
                            .one(r -> r.get(0)));
            assertEquals(
                    Value.of(true),
                    ro.query(Query.of("select current_setting('lock_configuration')::boolean"))
                            .one(r -> r.get(0)));
            List<Row> rows = rows(ro, Query.of("select count(*) from customers").withNamespace("main"));
            assertEquals(Value.of(5L), rows.get(0).get(0));
            refused(
                    ErrorKind.NOT_FOUND,
                    () -> ro.query(Query.of("select 1").withNamespace("no_such_schema"))
                            .close());
            assertEquals(List.of("main"), ro.namespaces());
        }
    }

    // ---------------------------------------------------------------- metadata, types, errors

    @Test
    void describeNamesTablesViewsAndIndexColumns() throws Exception {
        Path file = shop();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file)) {
            NativeSql.execute(c, "create index orders_status on orders(status)");
            NativeSql.execute(c, "create view paid as select * from orders where status = 'paid'");
        }
        try (Conn ro = driver.open(ConnConfig.of("duckdb:" + file).withReadOnly(true))) {
            CollectionInfo orders = ro.describe(CollectionRef.of("orders"));
            assertEquals("table", orders.type());
            assertEquals(
                    List.of(new CollectionInfo.Index("orders_status", List.of("status"), false)), orders.indexes());
            assertEquals("view", ro.describe(CollectionRef.of("paid")).type());
            assertEquals(
                    List.of("customers", "orders", "paid"),
                    ro.collections().stream().map(CollectionRef::name).toList());
            refused(ErrorKind.NOT_FOUND, () -> ro.collections(Optional.of("nope")));
        }
        // an attached database and temp tables live in other catalogs: they lend nothing to the file's own
        try (Conn rw = driver.open(ConnConfig.of("duckdb:" + file))) {
            drain(rw.query(Query.of("attach ':memory:' as other")));
            drain(rw.query(Query.of("create table other.main.orders (x int primary key, y int)")));
            drain(rw.query(Query.of("create table other.main.elsewhere (x int)")));
            drain(rw.query(Query.of("create temp table scratch (x int)")));
            assertEquals(
                    List.of("customers", "orders", "paid"),
                    rw.collections().stream().map(CollectionRef::name).toList());
            CollectionInfo orders = rw.describe(CollectionRef.of("orders"));
            assertEquals(
                    List.of("id", "customer_id", "total_cents", "status", "created_at"),
                    orders.fields().stream().map(Column::name).toList());
            assertEquals(List.of("id"), orders.primaryKey());
            refused(ErrorKind.NOT_FOUND, () -> rw.describe(CollectionRef.of("elsewhere")));
        }
    }

    @Test
    void parametersBindEveryKind() {
        try (Conn conn = driver.open(ConnConfig.of("duckdb::memory:"))) {
            Map<String, Value> cases = new java.util.LinkedHashMap<>();
            cases.put("select ?::bigint", Value.of(-7));
            cases.put("select ?::double", Value.of(0.25));
            cases.put("select ?::boolean", Value.of(true));
            cases.put("select ?::varchar", Value.of("it's"));
            cases.put("select ?::decimal(20,3)", Value.of(new BigDecimal("12345678901234567.125")));
            cases.put("select ?::blob", new Value.Bytes(new byte[] {1, 2, (byte) 0xff}));
            cases.put("select ?::date", new Value.Date(LocalDate.of(2026, 11, 29)));
            cases.put("select ?::timestamp", new Value.DateTime(LocalDateTime.of(2026, 11, 29, 10, 11, 12)));
            cases.put("select ?::timestamptz", new Value.Timestamp(Instant.parse("2026-11-29T10:11:12Z")));
            cases.put("select ?::uuid", new Value.Uuid(UUID.fromString("550e8400-e29b-41d4-a716-446655440000")));
            for (Map.Entry<String, Value> e : cases.entrySet()) {
                List<Row> rows = rows(conn, Query.of(e.getKey()).withParams(e.getValue()));
                assertEquals(e.getValue(), rows.get(0).get(0), e.getKey());
            }
        }
    }

    @Test
    void errorsAreClassifiedOnOneLine() {
        try (Conn conn = driver.open(ConnConfig.of("duckdb::memory:"))) {
            drain(conn.query(Query.of("create table t (id int primary key)")));
            drain(conn.query(Query.of("insert into t values (1)")));
            refused(ErrorKind.SYNTAX, () -> drain(conn.query(Query.of("selec 1"))));
            DriverException missing =
                    refused(ErrorKind.NOT_FOUND, () -> drain(conn.query(Query.of("select * from nope"))));
            assertFalse(missing.getMessage().contains("\n"), missing.getMessage());
            assertFalse(missing.getMessage().contains("LINE 1"), missing.getMessage());
            refused(ErrorKind.NOT_FOUND, () -> drain(conn.query(Query.of("select nope from t"))));
            refused(ErrorKind.CONSTRAINT, () -> drain(conn.query(Query.of("insert into t values (1)"))));
            // placeholders and parameters that do not match are the caller's mistake, not an internal error
            refused(
                    ErrorKind.INVALID_ARGUMENT,
                    () -> drain(conn.query(Query.of("select 1").withParams(Value.of(1)))));
            refused(ErrorKind.INVALID_ARGUMENT, () -> drain(conn.query(Query.of("select 'x'::int"))));
            refused(ErrorKind.SYNTAX, () -> drain(conn.query(Query.of("select 1; select 2"))));
        }
    }

    // ---------------------------------------------------------------- exporter

    private static final String CUSTOMERS_CSV = """
            id,name,email,country
            1,Ada Lovelace,ada@example.com,GB
            2,Grace Hopper,grace@example.com,US
            3,Linus Torvalds,,FI
            4,Margaret Hamilton,margaret@example.com,US
            5,Ken Thompson,ken@example.com,US
            """;

    private static String export(Conn conn, Query query, Exporter.Format format, long rows) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(rows, conn.as(Exporter.class).orElseThrow().export(query, format, out));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void exportWritesTheSameCsvThroughCopyAndThroughRows() throws Exception {
        Path file = shop();
        Query customers = Query.of("select id, name, email, country from customers order by id");
        String copied;
        String guardedCopy;
        try (Conn rw = driver.open(ConnConfig.of("duckdb:" + file))) {
            copied = export(rw, customers, Exporter.Format.CSV, 5);
            guardedCopy = export(rw, customers.withReadOnly(true), Exporter.Format.CSV, 5);
            assertEquals(
                    "a\tb\n1\tx\ty\n",
                    export(rw, Query.of("select 1 as a, 'x\ty' as b"), Exporter.Format.TEXT, 1)
                            .replace("\"x\ty\"", "x\ty"));
            assertEquals(
                    "x\n42\n",
                    export(rw, Query.of("select ?::int as x").withParams(Value.of(42)), Exporter.Format.CSV, 1));
            assertEquals(
                    "x\n0\n1\n",
                    export(rw, Query.of("select * from range(5) t(x)").withLimit(2), Exporter.Format.CSV, 2));
            refused(
                    ErrorKind.READ_ONLY,
                    () -> export(rw, Query.of("copy orders to 'x.csv'").withReadOnly(true), Exporter.Format.CSV, 0));
            // a text that would close COPY's parenthesis never goes inside it: run as the query it is, it fails
            Path escaped = dir.resolve("escaped.csv");
            refused(
                    ErrorKind.SYNTAX,
                    () -> export(
                            rw, Query.of("select 1) to '" + escaped + "' (format csv) --"), Exporter.Format.CSV, 0));
            assertFalse(Files.exists(escaped));
            // with external access turned off for the session, COPY cannot write its file: the rows are streamed alike
            drain(rw.query(Query.of("set enable_external_access = false")));
            assertEquals(CUSTOMERS_CSV, export(rw, customers, Exporter.Format.CSV, 5));
            assertEquals(CUSTOMERS_CSV, export(rw, customers.withReadOnly(true), Exporter.Format.CSV, 5));
        }
        String streamed;
        try (Conn ro = driver.open(ConnConfig.of("duckdb:" + file).withReadOnly(true))) {
            streamed = export(ro, customers, Exporter.Format.CSV, 5);
            assertEquals(
                    "s\n\"a,b\"\n\"say \"\"hi\"\"\"\n\"\"\n\n",
                    export(
                            ro,
                            Query.of(
                                            "select * from (values (1, 'a,b'), (2, 'say \"hi\"'), (3, ''), (4, null)) t(i, s) order by i")
                                    .withText(
                                            "select s from (values (1, 'a,b'), (2, 'say \"hi\"'), (3, ''), (4, null)) t(i, s) order by i"),
                            Exporter.Format.CSV,
                            4));
        }
        assertEquals(CUSTOMERS_CSV, copied);
        assertEquals(CUSTOMERS_CSV, guardedCopy);
        assertEquals(CUSTOMERS_CSV, streamed);
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            assertTrue(
                    files.noneMatch(f -> f.getFileName().toString().startsWith("tobira-duckdb-export-")),
                    "a temp file was left behind");
        }
    }

    @Test
    void anExportThatCannotWriteItsStreamIsInternal() throws Exception {
        Path file = shop();
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("disk full");
            }
        };
        try (Conn rw = driver.open(ConnConfig.of("duckdb:" + file));
                Conn ro = driver.open(ConnConfig.of("duckdb::memory:").withReadOnly(true))) {
            for (Conn conn : List.of(rw, ro)) {
                DriverException e = assertThrows(
                        DriverException.class,
                        () -> conn.as(Exporter.class)
                                .orElseThrow()
                                .export(Query.of("select * from range(100000)"), Exporter.Format.CSV, broken));
                assertEquals(ErrorKind.INTERNAL, e.kind());
                assertTrue(e.getCause() instanceof IOException, String.valueOf(e.getCause()));
                conn.ping();
            }
        }
    }

    private static void drain(ResultSet rs) {
        try (rs) {
            while (rs.hasNext()) {
                rs.next();
            }
        }
    }
}
