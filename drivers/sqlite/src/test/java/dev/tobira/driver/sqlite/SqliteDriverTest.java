package dev.tobira.driver.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Browser;
import dev.tobira.api.Capabilities;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.Completer;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Explainer;
import dev.tobira.api.Mutator;
import dev.tobira.api.Page;
import dev.tobira.api.Query;
import dev.tobira.api.Registry;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/** The SQLite driver's own behaviour beyond the kit: DSNs, bad input, types, streaming and the facets. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqliteDriverTest {
    private final SqliteFixture fixture = new SqliteFixture();
    private final SqliteDriver driver = new SqliteDriver();

    @BeforeEach
    void seed() {
        fixture.seed();
    }

    @AfterAll
    void removeFiles() {
        fixture.delete();
    }

    private Conn writable() {
        return driver.open(ConnConfig.of(fixture.dsn()));
    }

    private Conn readOnly() {
        return driver.open(ConnConfig.of(fixture.dsn()).withReadOnly(true));
    }

    private static List<Row> rows(ResultSet rs) {
        List<Row> rows = new ArrayList<>();
        try (rs) {
            rs.forEachRemaining(rows::add);
        }
        return rows;
    }

    private static DriverException openFails(String dsn, boolean readOnly) {
        return assertThrows(
                DriverException.class,
                () -> new SqliteDriver()
                        .open(ConnConfig.of(dsn).withReadOnly(readOnly))
                        .close(),
                dsn);
    }

    // ---------------------------------------------------------------- DSNs and bad input

    @Test
    void identity() {
        assertEquals("sqlite", driver.name());
        assertEquals(java.util.Set.of("sqlite"), driver.schemes());
        try (Conn conn = readOnly()) {
            // a read-only connection offers only what works on it: no mutator (issue 15)
            assertEquals("[browser explainer transactor completer]", Capabilities.format(conn.capabilities()));
            assertEquals("sqlite", conn.info().driver());
            assertEquals("sqlite", conn.info().dialect());
            assertTrue(
                    conn.info().serverVersion().orElseThrow().startsWith("3."),
                    conn.info().toString());
            assertTrue(
                    conn.unwrap(Connection.class).isEmpty(),
                    "a read-only connection never hands out the vendor connection");
        }
        try (Conn conn = writable()) {
            assertTrue(conn.unwrap(Connection.class).isPresent());
        }
    }

    @Test
    void dsnForms() throws IOException {
        Path relative =
                Path.of("target", "tobira-relative-" + ProcessHandle.current().pid() + ".db");
        Files.deleteIfExists(relative);
        try {
            for (String dsn : List.of(
                    "sqlite:" + relative,
                    "sqlite:./" + relative,
                    "sqlite:" + relative.toAbsolutePath(),
                    "sqlite://" + relative.toAbsolutePath(),
                    "sqlite::memory:")) {
                try (Conn conn = driver.open(ConnConfig.of(dsn))) {
                    assertEquals(
                            List.of(Value.of(1)),
                            rows(conn.query(Query.of("select 1"))).get(0).values(),
                            dsn);
                }
            }
            assertTrue(Files.exists(relative), "a writable open creates the file");
        } finally {
            Files.deleteIfExists(relative);
        }
    }

    @Test
    void unknownSchemeThroughTheRegistry() {
        Registry registry = Registry.empty().add(driver);
        DriverException e = assertThrows(DriverException.class, () -> registry.open("sqlit:./shop.db"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
        assertTrue(e.getMessage().contains("known schemes: sqlite"), e.getMessage());
        DriverException direct =
                assertThrows(DriverException.class, () -> driver.open(ConnConfig.of("postgres://h/db")));
        assertEquals(ErrorKind.INVALID_ARGUMENT, direct.kind());
    }

    @Test
    void missingFileReadOnlyIsNotFoundAndCreatesNothing() {
        Path missing = fixture.file("missing.db");
        DriverException e = openFails("sqlite:" + missing, true);
        assertEquals(ErrorKind.NOT_FOUND, e.kind());
        assertEquals("sqlite: open: no such database file: " + missing + ": not found", e.getMessage());
        assertFalse(Files.exists(missing), "a read-only open created the file");
        assertEquals(
                ErrorKind.NOT_FOUND,
                openFails("sqlite:" + fixture.file("no-dir/x.db"), false).kind());
        assertFalse(Files.exists(fixture.file("no-dir")));
    }

    @Test
    void directoryCorruptFileAndBadDsns() throws IOException {
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                openFails("sqlite:" + fixture.dir, true).kind());
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                openFails("sqlite:" + fixture.dir, false).kind());
        Path corrupt = fixture.file("corrupt.db");
        Files.writeString(
                corrupt,
                "this is not a database file, but it is long enough to look like one at a glance. ".repeat(10));
        byte[] content = Files.readAllBytes(corrupt);
        for (boolean ro : new boolean[] {true, false}) {
            DriverException e = openFails("sqlite:" + corrupt, ro);
            assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
            assertEquals("sqlite: open: file is not a database: invalid argument", e.getMessage());
        }
        assertTrue(java.util.Arrays.equals(content, Files.readAllBytes(corrupt)), "opening a corrupt file wrote to it");
        for (String dsn : List.of(
                "sqlite:",
                "sqlite://host/x.db",
                "sqlite::resource:http://example.com/x.db",
                "sqlite:file:x.db?mode=rwc",
                "sqlite:x.db?enable_load_extension=true",
                "sqlite:x\0.db")) {
            DriverException e = openFails(dsn, false);
            assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), dsn + ": " + e.getMessage());
            assertTrue(e.getMessage().startsWith("sqlite: open: "), e.getMessage());
        }
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                assertThrows(
                                DriverException.class,
                                () -> driver.open(ConnConfig.of(fixture.dsn()).withOption("journal", "wal"))
                                        .close())
                        .kind());
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                assertThrows(
                                DriverException.class,
                                () -> driver.open(ConnConfig.of(fixture.dsn()).withOption("busy_timeout", "soon"))
                                        .close())
                        .kind());
        try (Conn conn = driver.open(ConnConfig.of(fixture.dsn()).withOption("busy_timeout", "100"))) {
            conn.ping();
        }
    }

    @Test
    void badQueryText() {
        try (Conn conn = readOnly()) {
            DriverException nul =
                    assertThrows(DriverException.class, () -> conn.query(Query.of("select 1\0; delete from orders")));
            assertEquals(ErrorKind.SYNTAX, nul.kind(), nul.getMessage());
            assertEquals(
                    ErrorKind.INVALID_ARGUMENT,
                    assertThrows(DriverException.class, () -> conn.query(Query.of("  -- nothing\n;")))
                            .kind());
            assertEquals(
                    ErrorKind.SYNTAX,
                    assertThrows(DriverException.class, () -> conn.query(Query.of("select 'unterminated")))
                            .kind());
            String big = "x".repeat(10 * 1024 * 1024);
            DriverException tooLong =
                    assertThrows(DriverException.class, () -> conn.query(Query.of("select length('" + big + "')")));
            assertEquals("sqlite: query: statement too long: invalid argument", tooLong.getMessage());
            assertEquals(
                    ErrorKind.READ_ONLY,
                    assertThrows(
                                    DriverException.class,
                                    () -> conn.query(Query.of("/* " + big + " */ delete from orders")))
                            .kind());
            String large = "x".repeat(500_000);
            assertEquals(
                    Value.of(large.length()),
                    rows(conn.query(Query.of("select length('" + large + "')")))
                            .get(0)
                            .get(0));
            conn.ping();
            DriverException missing =
                    assertThrows(DriverException.class, () -> conn.query(Query.of("select * from nope")));
            assertEquals("sqlite: query: no such table: nope: not found", missing.getMessage());
            assertTrue(missing.getCause() instanceof java.sql.SQLException, "the vendor exception is the cause");
            assertEquals(
                    ErrorKind.SYNTAX,
                    assertThrows(DriverException.class, () -> conn.query(Query.of("selec 1")))
                            .kind(),
                    "on a read-only connection a first word that begins no statement is a typo, refused before it runs (issue 15)");
        }
        try (Conn conn = writable()) {
            assertEquals(
                    "sqlite: query: near \"selec\": syntax error: syntax error",
                    assertThrows(DriverException.class, () -> conn.query(Query.of("selec 1")))
                            .getMessage());
        }
    }

    // ---------------------------------------------------------------- triggers

    private static final String AUDIT_TRIGGER = "create trigger orders_audit after insert on orders begin\n"
            + "  update customers set email = case when new.total_cents > 1000 then 'big; spender' else email end\n"
            + "    where id = new.customer_id;\n"
            + "  update orders set status = 'audited' where id = new.id;\n"
            + "end";

    private String nativeText(String sql) throws java.sql.SQLException {
        try (Connection c = fixture.nativeConnection();
                Statement st = c.createStatement();
                java.sql.ResultSet rs = st.executeQuery(sql)) {
            return rs.next() ? String.valueOf(rs.getString(1)) : "";
        }
    }

    @Test
    void aTriggerIsCreatedOnAWritableConnectionAndFires() throws Exception {
        try (Conn conn = writable()) {
            try (ResultSet rs = conn.query(Query.of(AUDIT_TRIGGER + ";"))) {
                assertFalse(rs.hasNext(), "CREATE TRIGGER returns no rows");
            }
            assertEquals("orders_audit", nativeText("select name from sqlite_master where type = 'trigger'"));
            try (ResultSet rs = conn.query(Query.of("insert into orders values (8, 3, 5000, 'paid', '2026-11-02')"))) {
                assertEquals(1, rs.stats().rowsAffected().orElseThrow(), "rows affected by the insert");
            }
        }
        // both statements of the body ran, past the CASE … END and the semicolon in the string
        assertEquals("big; spender", nativeText("select email from customers where id = 3"));
        assertEquals("audited", nativeText("select status from orders where id = 8"));
    }

    @Test
    void aTriggerIsRefusedReadOnlyAndNothingAfterItRuns() throws Exception {
        String before = fixture.fingerprint();
        String refusal =
                "sqlite: query: only SELECT, WITH, VALUES, EXPLAIN and read-only PRAGMA statements are allowed "
                        + "on a read-only connection: read-only violation";
        try (Conn conn = readOnly()) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of(AUDIT_TRIGGER)).close());
            assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
            assertEquals(refusal, e.getMessage());
        }
        try (Conn conn = writable()) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of(AUDIT_TRIGGER).withReadOnly(true)).close());
            assertEquals(refusal, e.getMessage());
            // a statement after the trigger's END is a second statement, and nothing runs
            DriverException stacked = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of(AUDIT_TRIGGER + "; delete from orders"))
                            .close());
            assertEquals(
                    "sqlite: query: multiple statements are not supported yet: invalid query", stacked.getMessage());
            // EXPLAIN compiles the trigger without creating it
            try (ResultSet rs = conn.query(Query.of("explain " + AUDIT_TRIGGER).withReadOnly(true))) {
                assertTrue(rs.hasNext(), "EXPLAIN of CREATE TRIGGER lists its program");
            }
        }
        assertEquals(before, fixture.fingerprint(), "no trigger was created, nothing was deleted");
        assertEquals("", nativeText("select name from sqlite_master where type = 'trigger'"));
    }

    @Test
    void closedConnection() {
        Conn conn = writable();
        ResultSet open = conn.query(Query.of("select id from customers"));
        conn.close();
        conn.close();
        assertFalse(open.hasNext(), "closing the connection closes its results");
        assertThrows(IllegalStateException.class, () -> conn.query(Query.of("select 1")));
        assertThrows(IllegalStateException.class, conn::ping);
        assertThrows(
                IllegalStateException.class,
                () -> conn.as(Mutator.class)
                        .orElseThrow()
                        .delete(CollectionRef.of("orders"), Map.of("id", Value.of(1))));
        assertThrows(
                IllegalStateException.class,
                () -> conn.as(Browser.class).orElseThrow().browse(CollectionRef.of("orders"), 2));
        assertThrows(NullPointerException.class, () -> writableQueryNull());
    }

    private void writableQueryNull() {
        try (Conn conn = writable()) {
            conn.query(null);
        }
    }

    // ---------------------------------------------------------------- types and parameters

    @Test
    void parametersRoundTrip() {
        try (Conn conn = writable()) {
            assertEquals(Value.of(42), one(conn, "select ?", Value.of(42)));
            assertEquals(Value.of(2.5), one(conn, "select ?", Value.of(2.5)));
            assertEquals(Value.of("ツ"), one(conn, "select ?", Value.of("ツ")));
            assertEquals(new Value.Bytes(new byte[] {1, 2}), one(conn, "select ?", new Value.Bytes(new byte[] {1, 2})));
            assertEquals(Value.NULL, one(conn, "select ?", Value.NULL));
            assertEquals(Value.of(1), one(conn, "select ?", Value.of(true)));
            assertEquals(Value.of("2026-09-02"), one(conn, "select ?", new Value.Date(LocalDate.of(2026, 9, 2))));
            assertEquals(Value.of("10:11:12"), one(conn, "select ?", new Value.Time(LocalTime.of(10, 11, 12))));
            assertEquals(
                    Value.of("2026-09-02T10:11"),
                    one(conn, "select ?", new Value.DateTime(LocalDateTime.of(2026, 9, 2, 10, 11))));
            assertEquals(
                    Value.of("2026-09-02T10:11:12Z"),
                    one(conn, "select ?", new Value.Timestamp(Instant.parse("2026-09-02T10:11:12Z"))));
            UUID id = UUID.randomUUID();
            assertEquals(Value.of(id.toString()), one(conn, "select ?", new Value.Uuid(id)));
            assertEquals(Value.of("12.50"), one(conn, "select ?", Value.of(new BigDecimal("12.50"))));
            assertEquals(Value.of("{\"a\":1}"), one(conn, "select ?", new Value.Json("{ \"a\" : 1 }")));
            assertEquals(
                    Value.of("Ada Lovelace"),
                    one(conn, "select name from customers where id = ? and country = ?", Value.of(1), Value.of("GB")));
            DriverException vector = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of("select ?").withParams(new Value.Vector(new float[] {1f}))));
            assertEquals(ErrorKind.UNSUPPORTED, vector.kind());
            DriverException tooMany = assertThrows(
                    DriverException.class, () -> conn.query(Query.of("select 1").withParams(Value.of(1))));
            assertEquals(ErrorKind.INVALID_ARGUMENT, tooMany.kind(), tooMany.getMessage());
        }
    }

    private static Value one(Conn conn, String sql, Value... params) {
        List<Row> rows = rows(conn.query(Query.of(sql).withParams(params)));
        assertEquals(1, rows.size());
        return rows.get(0).get(0);
    }

    @Test
    void columnsReportDeclaredAffinityAndValuesTheirStorageClass() {
        try (Connection c = fixture.nativeConnection();
                Statement st = c.createStatement()) {
            st.execute("create table mixed (i integer, r real, t text, b blob, n numeric, any_col)");
            st.execute(
                    "insert into mixed values (1, 1.5, 'a', x'01', 2, 'text'), ('not a number', 2, 3, 'str', 2.5, x'02')");
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
        try (Conn conn = readOnly();
                ResultSet rs = conn.query(Query.of("select i, r, t, b, n, any_col from mixed order by rowid"))) {
            // a declared NUMERIC is DECIMAL by its declared type (SqliteDecimalTest), not by its first value
            assertEquals(
                    List.of(
                            Value.Kind.INT,
                            Value.Kind.FLOAT,
                            Value.Kind.TEXT,
                            Value.Kind.BYTES,
                            Value.Kind.DECIMAL,
                            Value.Kind.TEXT),
                    rs.columns().stream().map(dev.tobira.api.Column::kind).toList());
            assertEquals(
                    "integer", rs.columns().get(0).nativeType().orElseThrow().toLowerCase(java.util.Locale.ROOT));
            Row first = rs.next();
            assertEquals(
                    List.of(
                            Value.of(1),
                            Value.of(1.5),
                            Value.of("a"),
                            new Value.Bytes(new byte[] {1}),
                            Value.of(new BigDecimal(2)),
                            Value.of("text")),
                    first.values());
            Row second = rs.next();
            assertEquals(
                    List.of(
                            Value.of("not a number"),
                            Value.of(2.0),
                            Value.of("3"),
                            Value.of("str"),
                            Value.of(new BigDecimal("2.5")),
                            new Value.Bytes(new byte[] {2})),
                    second.values());
        }
    }

    /**
     * The columns a connection keeps for a text it runs again follow what decides them: the
     * storage classes of the first row (an expression is typed by its value), and a table another
     * connection rebuilt with other column names or declared types.
     */
    @Test
    void keptColumnsFollowValuesAndAnotherConnectionsSchema() throws Exception {
        try (Conn conn = readOnly();
                Connection other = fixture.nativeConnection();
                Statement st = other.createStatement()) {
            Query param = Query.of("select ? as v");
            assertEquals(
                    Value.Kind.INT, kinds(conn, param.withParams(Value.of(1))).get(0));
            assertEquals(
                    Value.Kind.TEXT,
                    kinds(conn, param.withParams(Value.of("one"))).get(0));
            assertEquals(
                    Value.Kind.FLOAT,
                    kinds(conn, param.withParams(Value.of(1.5))).get(0));
            assertEquals(
                    Value.Kind.INT, kinds(conn, param.withParams(Value.of(2))).get(0));

            st.execute("create table shifting (a integer, b text)");
            st.execute("insert into shifting values (1, 'x')");
            Query all = Query.of("select * from shifting");
            for (int i = 0; i < 2; i++) {
                try (ResultSet rs = conn.query(all)) {
                    assertEquals(
                            List.of("a", "b"),
                            rs.columns().stream()
                                    .map(dev.tobira.api.Column::name)
                                    .toList());
                    assertEquals(List.of(Value.of(1), Value.of("x")), rs.next().values());
                }
            }
            st.execute("drop table shifting");
            st.execute("create table shifting (a text, c integer)");
            st.execute("insert into shifting values ('one', 2)");
            try (ResultSet rs = conn.query(all)) {
                assertEquals(
                        List.of("a", "c"),
                        rs.columns().stream().map(dev.tobira.api.Column::name).toList());
                assertEquals(
                        List.of(Value.Kind.TEXT, Value.Kind.INT),
                        rs.columns().stream().map(dev.tobira.api.Column::kind).toList());
                assertEquals(Optional.of("TEXT"), rs.columns().get(0).nativeType());
                assertEquals(List.of(Value.of("one"), Value.of(2)), rs.next().values());
            }
            st.execute("drop table shifting");
            st.execute("create table shifting (a real, c integer)");
            st.execute("insert into shifting values (2.5, 3)");
            try (ResultSet rs = conn.query(all)) {
                assertEquals(
                        List.of(Value.Kind.FLOAT, Value.Kind.INT),
                        rs.columns().stream().map(dev.tobira.api.Column::kind).toList());
                assertEquals(Optional.of("REAL"), rs.columns().get(0).nativeType());
            }
            // same labels, same storage classes: only the declared types tell the tables apart
            st.execute("drop table shifting");
            st.execute("create table shifting (a DOUBLE, c BIGINT)");
            st.execute("insert into shifting values (2.5, 3)");
            try (ResultSet rs = conn.query(all)) {
                assertEquals(
                        List.of("DOUBLE", "BIGINT"),
                        rs.columns().stream()
                                .map(c -> c.nativeType().orElseThrow())
                                .toList());
            }
            // the connection keeps the statement of the text; SQLite compiles it again, one more column included
            st.execute("alter table shifting add column d text");
            st.execute("update shifting set d = 'new'");
            try (ResultSet rs = conn.query(all)) {
                assertEquals(
                        List.of("a", "c", "d"),
                        rs.columns().stream().map(dev.tobira.api.Column::name).toList());
                assertEquals(
                        List.of(Value.of(2.5), Value.of(3), Value.of("new")),
                        rs.next().values());
            }
            st.execute("drop table shifting");
            DriverException gone =
                    assertThrows(DriverException.class, () -> conn.query(all).close());
            assertTrue(gone.getMessage().contains("no such table"), gone.getMessage());
        }
    }

    @Test
    void aReadOfNoTableDoesNotWaitForAWritersLock() throws Exception {
        // the columns of a text are kept by the schema cookie; a statement that reads no table holds no
        // lock under which to read it, so the cookie is skipped rather than waited for behind a writer
        // (waiting would end in SQLITE_BUSY after the busy timeout, as the read of a table below does)
        try (Conn conn = driver.open(
                        ConnConfig.of(fixture.dsn()).withReadOnly(true).withOption("busy_timeout", "200"));
                Connection writer = fixture.nativeConnection();
                Statement st = writer.createStatement()) {
            Query tableless = Query.of("select ? as v");
            assertEquals(
                    Value.of(1),
                    rows(conn.query(tableless.withParams(Value.of(1)))).get(0).get(0));
            st.execute("pragma busy_timeout = 0");
            st.execute("begin exclusive");
            try {
                for (int i = 2; i <= 3; i++) {
                    List<Row> got = rows(conn.query(tableless.withParams(Value.of(i))));
                    assertEquals(List.of(Value.of(i)), got.get(0).values());
                }
                assertEquals(
                        Value.of("x"),
                        rows(conn.query(tableless.withParams(Value.of("x"))))
                                .get(0)
                                .get(0));
                DriverException locked = assertThrows(
                        DriverException.class, () -> rows(conn.query(Query.of("select count(*) from customers"))));
                assertEquals(ErrorKind.CONFLICT, locked.kind(), locked.getMessage());
            } finally {
                st.execute("rollback");
            }
            assertEquals(
                    Value.of(4),
                    rows(conn.query(tableless.withParams(Value.of(4)))).get(0).get(0));
        }
    }

    private static List<Value.Kind> kinds(Conn conn, Query query) {
        try (ResultSet rs = conn.query(query)) {
            return rs.columns().stream().map(dev.tobira.api.Column::kind).toList();
        }
    }

    // ---------------------------------------------------------------- streaming, limit, timeout, cancel

    @Test
    void rowsArePulledAsTheCallerIterates() {
        // abs() of the smallest integer overflows: the fifth row fails, so a result that buffered would fail in query()
        String sql = "with recursive r(x) as (select 1 union all select x + 1 from r where x < 10)"
                + " select case when x < 5 then x else abs(-9223372036854775807 - 1) end from r";
        try (Conn conn = readOnly();
                ResultSet rs = conn.query(Query.of(sql))) {
            for (int i = 1; i <= 4; i++) {
                assertEquals(Value.of(i), rs.next().get(0));
            }
            DriverException e = assertThrows(DriverException.class, rs::hasNext);
            assertTrue(e.getMessage().contains("integer overflow"), e.getMessage());
            assertFalse(rs.hasNext(), "a failed result is closed");
            conn.ping();
        }
    }

    @Test
    void limitTruncates() {
        try (Conn conn = readOnly();
                ResultSet rs = conn.query(Query.of("select name, country from customers order by id")
                        .withLimit(3))) {
            assertEquals(
                    List.of("Ada Lovelace\tGB", "Grace Hopper\tUS", "Linus Torvalds\tFI"),
                    rows(rs).stream().map(Row::toString).toList());
            assertTrue(rs.stats().truncated());
            assertEquals(3, rs.stats().rows());
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void timeoutThenTheConnectionStillWorks() {
        String slow = "with recursive r(x) as (select 1 union all select x + 1 from r) select count(*) from r";
        try (Conn conn = readOnly()) {
            DriverException e = assertThrows(
                    DriverException.class, () -> conn.query(Query.of(slow).withTimeout(Duration.ofMillis(200))));
            assertEquals(ErrorKind.TIMEOUT, e.kind(), e.getMessage());
            assertEquals(
                    5, rows(conn.query(Query.of("select * from customers"))).size());
            DriverException again = assertThrows(
                    DriverException.class, () -> conn.query(Query.of(slow).withTimeout(Duration.ofMillis(50))));
            assertEquals(ErrorKind.TIMEOUT, again.kind(), again.getMessage());
            assertEquals(
                    ErrorKind.READ_ONLY,
                    assertThrows(DriverException.class, () -> conn.query(Query.of("delete from orders")))
                            .kind());
        }
    }

    /**
     * Issue 15: a deadline that passes before the statement starts (a nanosecond; in a fresh JVM
     * 1 ms was enough) sent its interrupt to nothing, and the statement ran to its end, 6 to 50 s,
     * and returned OK. Each timeout here must come back as TIMEOUT at once, however early it fired.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aDeadlineThatPassesBeforeTheStatementStartsStillHolds() {
        String slow =
                "with recursive r(x) as (select 1 union all select x + 1 from r where x < 300000000) select count(*) from r";
        try (Conn conn = readOnly()) {
            for (Duration timeout : List.of(Duration.ofNanos(1), Duration.ofNanos(1000), Duration.ofMillis(1))) {
                DriverException e = assertThrows(
                        DriverException.class,
                        () -> rows(conn.query(Query.of(slow).withTimeout(timeout))));
                assertEquals(ErrorKind.TIMEOUT, e.kind(), e.getMessage());
            }
            assertEquals(
                    5, rows(conn.query(Query.of("select * from customers"))).size());
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void closingAResultFromAnotherThreadCancelsAFetchInFlight() throws Exception {
        // the first row comes at once, the second only after a search that would take hours
        String sql =
                "with recursive r(x) as (select 1 union all select x + 1 from r) select x from r where x = 1 or x = 100000000000";
        try (Conn conn = readOnly()) {
            ResultSet rs = conn.query(Query.of(sql));
            assertEquals(Value.of(1), rs.next().get(0));
            CompletableFuture<Void> closer = CompletableFuture.runAsync(() -> {
                sleep(300);
                rs.close();
            });
            DriverException e = assertThrows(DriverException.class, rs::hasNext);
            assertEquals(ErrorKind.CANCELLED, e.kind(), e.getMessage());
            closer.get(30, TimeUnit.SECONDS);
            assertEquals(
                    5,
                    rows(conn.query(Query.of("select * from customers"))).size(),
                    "the connection works after a cancel");
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---------------------------------------------------------------- metadata and facets

    @Test
    void namespacesCollectionsDescribe() {
        try (Connection c = fixture.nativeConnection();
                Statement st = c.createStatement()) {
            st.execute("create index orders_status on orders(status, created_at)");
            st.execute("create unique index customers_email on customers(email)");
            st.execute("create view paid as select * from orders where status = 'paid'");
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
        try (Conn conn = readOnly()) {
            assertEquals(List.of("main"), conn.namespaces());
            assertEquals(
                    List.of("customers", "orders", "paid"),
                    conn.collections().stream().map(CollectionRef::name).toList());
            assertEquals(
                    CollectionRef.of("main", "orders"),
                    conn.collections(Optional.of("main")).get(1));
            assertEquals(
                    ErrorKind.NOT_FOUND,
                    assertThrows(DriverException.class, () -> conn.collections(Optional.of("nope")))
                            .kind());
            CollectionInfo orders = conn.describe(CollectionRef.of("orders"));
            assertEquals("table", orders.type());
            assertEquals(List.of("id"), orders.primaryKey());
            assertEquals(
                    List.of(CollectionInfo.ForeignKey.of(
                            List.of("customer_id"), CollectionRef.of("customers"), List.of("id"))),
                    orders.foreignKeys());
            assertEquals(
                    List.of(new CollectionInfo.Index("orders_status", List.of("status", "created_at"), false)),
                    orders.indexes());
            assertEquals(
                    Column.of("total_cents", Value.Kind.INT, "INTEGER", false),
                    orders.fields().get(2));
            assertTrue(conn.describe(CollectionRef.of("customers"))
                    .indexes()
                    .contains(new CollectionInfo.Index("customers_email", List.of("email"), true)));
            assertEquals("view", conn.describe(CollectionRef.of("paid")).type());
            assertEquals(
                    ErrorKind.NOT_FOUND,
                    assertThrows(DriverException.class, () -> conn.describe(CollectionRef.of("nope")))
                            .kind());
            assertEquals(
                    7,
                    rows(conn.query(Query.of("select * from orders").withNamespace("main")))
                            .size());
            assertEquals(
                    ErrorKind.NOT_FOUND,
                    assertThrows(
                                    DriverException.class,
                                    () -> conn.query(Query.of("select 1").withNamespace("nope")))
                            .kind());
        }
    }

    @Test
    void browserPagesByKeyAndByOffset() {
        try (Connection c = fixture.nativeConnection();
                Statement st = c.createStatement()) {
            st.execute("create table log (line text)");
            st.execute("insert into log values ('a'), ('b'), ('c')");
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
        try (Conn conn = readOnly()) {
            Browser browser = conn.as(Browser.class).orElseThrow();
            List<String> names = new ArrayList<>();
            Optional<String> cursor = Optional.empty();
            int pages = 0;
            do {
                Page page = browser.browse(CollectionRef.of("customers"), cursor, 2);
                page.rows().forEach(r -> names.add(r.get("name").toString()));
                cursor = page.next();
                pages++;
            } while (!cursor.isEmpty());
            assertEquals(3, pages);
            assertEquals(
                    List.of("Ada Lovelace", "Grace Hopper", "Linus Torvalds", "Margaret Hamilton", "Ken Thompson"),
                    names);
            Page first = browser.browse(CollectionRef.of("log"), 2);
            Page second = browser.browse(CollectionRef.of("log"), first.next(), 2);
            assertEquals(
                    List.of("c"),
                    second.rows().stream().map(r -> r.get(0).toString()).toList());
            assertFalse(second.hasNext());
            assertThrows(
                    IllegalArgumentException.class,
                    () -> browser.browse(CollectionRef.of("customers"), Optional.of("not-a-cursor"), 2));
            assertThrows(
                    IllegalArgumentException.class,
                    () -> browser.browse(CollectionRef.of("customers"), first.next(), 2),
                    "an offset cursor of another collection is no keyset cursor");
            assertThrows(IllegalArgumentException.class, () -> browser.browse(CollectionRef.of("customers"), 0));
            assertEquals(
                    ErrorKind.NOT_FOUND,
                    assertThrows(DriverException.class, () -> browser.browse(CollectionRef.of("nope"), 2))
                            .kind());
        }
    }

    @Test
    void mutatorWritesByKeyAndRefusesReadOnly() {
        try (Conn conn = writable()) {
            Mutator m = conn.as(Mutator.class).orElseThrow();
            Map<String, Value> key = Map.of("id", Value.of(8));
            assertEquals(
                    1,
                    m.insert(
                            CollectionRef.of("orders"),
                            Map.of(
                                    "id",
                                    Value.of(8),
                                    "customer_id",
                                    Value.of(1),
                                    "total_cents",
                                    Value.of(10),
                                    "status",
                                    Value.of("new"),
                                    "created_at",
                                    Value.of("2026-11-01"))));
            assertEquals(1, m.update(CollectionRef.of("orders"), key, Map.of("status", Value.of("paid"))));
            assertEquals(
                    0,
                    m.update(CollectionRef.of("orders"), Map.of("id", Value.of(99)), Map.of("status", Value.of("x"))));
            DriverException dup = assertThrows(
                    DriverException.class,
                    () -> m.insert(
                            CollectionRef.of("orders"),
                            Map.of(
                                    "id",
                                    Value.of(8),
                                    "customer_id",
                                    Value.of(1),
                                    "total_cents",
                                    Value.of(1),
                                    "status",
                                    Value.of("x"),
                                    "created_at",
                                    Value.of("x"))));
            assertEquals(ErrorKind.CONSTRAINT, dup.kind(), dup.getMessage());
            assertFalse(dup.kind().retryable(), "a duplicate key fails the same way again (issue 15)");
            assertTrue(
                    dup.getMessage().startsWith("sqlite: insert: UNIQUE constraint failed: orders.id"),
                    dup.getMessage());
            assertEquals(1, m.delete(CollectionRef.of("orders"), key));
            assertThrows(IllegalArgumentException.class, () -> m.delete(CollectionRef.of("orders"), Map.of()));
        }
        String before = fixture.fingerprint();
        try (Conn conn = readOnly()) {
            // issue 15: a read-only connection offers only what works on it
            assertTrue(conn.as(Mutator.class).isEmpty(), "a read-only connection offers no mutator");
            assertFalse(
                    conn.capabilities().contains(dev.tobira.api.Capability.MUTATOR),
                    String.valueOf(conn.capabilities()));
        }
        assertEquals(before, fixture.fingerprint());
    }

    @Test
    void explainerAndCompleter() {
        try (Conn conn = readOnly()) {
            Explainer.Plan plan = conn.as(Explainer.class)
                    .orElseThrow()
                    .explain(Query.of("select * from orders where id = ?").withParams(Value.of(1)));
            assertEquals("text", plan.format());
            assertTrue(plan.text().contains("SEARCH orders USING INTEGER PRIMARY KEY"), plan.text());
            assertEquals(
                    ErrorKind.READ_ONLY,
                    assertThrows(
                                    DriverException.class,
                                    () -> conn.as(Explainer.class)
                                            .orElseThrow()
                                            .explain(Query.of("delete from orders")))
                            .kind());
            Completer completer = conn.as(Completer.class).orElseThrow();
            assertEquals(
                    new Completer.Completion("customers", Completer.Completion.Type.COLLECTION),
                    completer.complete("select * from cust", 18).get(0));
            assertTrue(completer
                    .complete("select tot", 10)
                    .contains(new Completer.Completion("total_cents", Completer.Completion.Type.FIELD)));
            assertTrue(completer
                    .complete("sel", 3)
                    .contains(new Completer.Completion("SELECT", Completer.Completion.Type.KEYWORD)));
            assertTrue(completer
                    .complete("select json_e", 13)
                    .contains(new Completer.Completion("json_extract", Completer.Completion.Type.FUNCTION)));
            assertThrows(IndexOutOfBoundsException.class, () -> completer.complete("sel", 4));
        }
    }
}
