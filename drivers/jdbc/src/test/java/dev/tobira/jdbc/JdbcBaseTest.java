package dev.tobira.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Browser;
import dev.tobira.api.Capability;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Explainer;
import dev.tobira.api.Mutator;
import dev.tobira.api.Page;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.RowView;
import dev.tobira.api.Secret;
import dev.tobira.api.Transactor;
import dev.tobira.api.Value;
import dev.tobira.drivertest.MessageCheck;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The JDBC base against a real engine, through a dialect that overrides nothing it need not. */
class JdbcBaseTest {
    @TempDir
    Path dir;

    private Path db;
    private TestDialect dialect;
    private TestDriver driver;

    @BeforeEach
    void createDatabase() throws SQLException {
        db = dir.resolve("test.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement st = c.createStatement()) {
            st.execute(
                    "create table typed (i integer, bi bigint, r real, d double, n decimal(10,2), b boolean, t varchar(10),"
                            + " bl blob, dt date, ts timestamp)");
            st.execute(
                    "insert into typed values (1, 9007199254740993, 1.5, 2.25, 12.34, 1, 'text', x'0102', '2026-09-02',"
                            + " '2026-09-02 10:11:12')");
            st.execute("create table items (code text primary key, qty integer not null)");
            st.execute("insert into items values ('a', 1), ('b', 2), ('c', 3), ('d', 4), ('e', 5)");
        }
        dialect = new TestDialect();
        driver = new TestDriver(dialect);
    }

    private ConnConfig config() {
        return ConnConfig.of("testdb:" + db);
    }

    /** Every row of a result, which it closes. */
    static List<Row> rows(ResultSet rs) {
        List<Row> rows = new ArrayList<>();
        try (rs) {
            rs.forEachRemaining(rows::add);
        }
        return rows;
    }

    @Test
    void standardTypeMappingOnARealEngine() {
        try (Conn conn = driver.open(config());
                ResultSet rs = conn.query(Query.of("select i, bi, r, d, n, b, t, bl, dt, ts from typed"))) {
            assertEquals(
                    List.of(
                            Value.Kind.INT,
                            Value.Kind.INT,
                            Value.Kind.FLOAT,
                            Value.Kind.FLOAT,
                            Value.Kind.DECIMAL,
                            Value.Kind.BOOL,
                            Value.Kind.TEXT,
                            Value.Kind.BYTES,
                            Value.Kind.DATE,
                            Value.Kind.DATETIME),
                    rs.columns().stream().map(dev.tobira.api.Column::kind).toList());
            Row row = rs.next();
            assertEquals(
                    List.of(
                            Value.of(1),
                            Value.of(9007199254740993L),
                            Value.of(1.5),
                            Value.of(2.25),
                            Value.of(new BigDecimal("12.34")),
                            Value.of(true),
                            Value.of("text"),
                            new Value.Bytes(new byte[] {1, 2}),
                            new Value.Date(LocalDate.of(2026, 9, 2)),
                            new Value.DateTime(LocalDateTime.of(2026, 9, 2, 10, 11, 12))),
                    row.values());
        }
    }

    /** Every typed getter of {@link RowView}, each answer as a comparable object or the message it threw. */
    private static final List<BiFunction<RowView, Integer, Object>> GETTERS = List.of(
            RowView::get,
            RowView::kind,
            RowView::isNull,
            RowView::getBoolean,
            RowView::getLong,
            RowView::getDouble,
            (r, i) -> r.get(i, BigDecimal.class),
            RowView::getText,
            (r, i) -> Arrays.toString(r.get(i, byte[].class)),
            (r, i) -> r.get(i, LocalDate.class),
            (r, i) -> r.get(i, java.time.LocalTime.class),
            (r, i) -> r.get(i, LocalDateTime.class),
            (r, i) -> r.get(i, java.time.Instant.class),
            (r, i) -> r.get(i, java.util.UUID.class),
            (r, i) -> r.get(i, Boolean.class),
            (r, i) -> r.get(i, Long.class),
            (r, i) -> r.get(i, Double.class),
            (r, i) -> r.get(i, String.class),
            (r, i) -> r.get(i, Value.class));

    private static List<Object> answers(RowView row) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < row.size(); i++) {
            for (BiFunction<RowView, Integer, Object> g : GETTERS) {
                try {
                    out.add(g.apply(row, i));
                } catch (IllegalStateException e) {
                    out.add("refused: " + e.getMessage());
                }
            }
        }
        return out;
    }

    /** One answer of {@link #answers}: the getter at {@code getter} in {@link #GETTERS} on a column. */
    private static Object answer(List<Object> answers, int column, int getter) {
        return answers.get(column * GETTERS.size() + getter);
    }

    /**
     * The cursor view answers every getter on every cell as the row of the same cell does: values,
     * zeros and false (where the JDBC getters say 0 for NULL too), NULLs, and every wrong kind.
     */
    @Test
    void forEachRowReadsEveryCellAsTheRowDoes() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement st = c.createStatement()) {
            st.execute("insert into typed values (0, 0, 0, 0, 0, 0, '', x'', '1970-01-01', '1970-01-01 00:00:00')");
            st.execute("insert into typed values (null, null, null, null, null, null, null, null, null, null)");
        }
        Query query = Query.of("select i, bi, r, d, n, b, t, bl, dt, ts from typed");
        try (Conn conn = driver.open(config())) {
            List<List<Object>> byRow =
                    rows(conn.query(query)).stream().map(JdbcBaseTest::answers).toList();
            List<List<Object>> byView = new ArrayList<>();
            try (ResultSet rs = conn.query(query)) {
                assertEquals(3, rs.forEachRow(view -> {
                    byView.add(answers(view));
                    assertEquals(view.toRow(), view.toRow());
                    assertThrows(IndexOutOfBoundsException.class, () -> view.get(10));
                    assertThrows(IndexOutOfBoundsException.class, () -> view.getLong(-1));
                }));
            }
            assertEquals(3, byRow.size());
            assertEquals(byRow, byView);
            // the zero row reads 0, 0.0, false and "", not NULL (JDBC's getters say 0 and false for NULL too)
            List<Object> zeros = byView.get(1);
            assertEquals(false, answer(zeros, 0, 2), "isNull of i");
            assertEquals(0L, answer(zeros, 0, 4), "getLong of i");
            assertEquals(0.0, answer(zeros, 2, 5), "getDouble of r");
            assertEquals(false, answer(zeros, 5, 3), "getBoolean of b");
            assertEquals("", answer(zeros, 6, 7), "getText of t");
            List<Object> nulls = byView.get(2);
            assertEquals(true, answer(nulls, 0, 2), "isNull of i");
            assertEquals("refused: column i (index 0) is NULL, not INT; ask isNull first", answer(nulls, 0, 4));
            assertEquals(Value.Kind.NULL, answer(nulls, 9, 1), "kind of ts");
        }
    }

    @Test
    void aFailureWhileForEachRowReadsIsTheDriversErrorAndClosesTheResult() {
        try (Conn conn = driver.open(config().withReadOnly(true))) {
            ResultSet failing =
                    conn.query(Query.of("with recursive r(x) as (select 1 union all select x + 1 from r where x < 5)"
                            + " select case when x < 3 then x else abs(-9223372036854775807 - 1) end from r"));
            List<Long> seen = new ArrayList<>();
            DriverException e =
                    assertThrows(DriverException.class, () -> failing.forEachRow(view -> seen.add(view.getLong(0))));
            assertEquals(List.of(1L, 2L), seen);
            assertFalse(failing.hasNext(), "closed by the failure");
            assertTrue(e.getMessage().startsWith("testdb: query: "), e.getMessage());
        }
    }

    /** Issue 29: a failure of any type, an Error included, still ends the read-only mode's scope. */
    @Test
    void aFailureOfAnyTypeStillEndsTheScope() {
        try (Conn conn = driver.open(config())) {
            dialect.beforeExecute = () -> {
                throw new StackOverflowError("as a value nested too deep would");
            };
            assertThrows(
                    StackOverflowError.class,
                    () -> conn.query(Query.of("select 1").withReadOnly(true)));
            dialect.beforeExecute = () -> {};
            assertEquals(
                    List.of("before Call[guarded=true, inTransaction=false, readOnlyConnection=false]", "after false"),
                    dialect.hooks);
            // query_only was lifted again: the writable connection writes
            rows(conn.query(Query.of("insert into items values ('z', 26)")));
            assertEquals(6, rows(conn.query(Query.of("select * from items"))).size());
        }
    }

    /** Issue 29: an instant past the years JDBC's OffsetDateTime holds is an INVALID_ARGUMENT naming the parameter and the range. */
    @Test
    void aTimestampPastJdbcsRangeIsAnInvalidArgumentNamingTheParameter() {
        try (Conn conn = driver.open(config())) {
            for (java.time.Instant extreme : new java.time.Instant[] {java.time.Instant.MIN, java.time.Instant.MAX}) {
                DriverException e = assertThrows(
                        DriverException.class,
                        () -> rows(conn.query(Query.of("select ?").withParams(List.of(Value.of(extreme))))));
                assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
                assertTrue(e.getMessage().startsWith("testdb: query: parameter 1 is the TIMESTAMP "), e.getMessage());
                assertTrue(
                        e.getMessage()
                                .contains("outside the range it can be sent in (years -999999999 to 999999999 in UTC)"),
                        e.getMessage());
            }
        }
    }

    /** Review of issue 29: a value that shares one sub-value forty times over is refused, not written out as 2^40 elements. */
    @Test
    void aParameterThatExpandsPastAMillionElementsIsAnInvalidArgument() {
        Value shared = Value.of(1);
        for (int i = 0; i < 40; i++) {
            shared = new Value.Array(List.of(shared, shared));
        }
        Value exploding = shared;
        try (Conn conn = driver.open(config())) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> rows(conn.query(Query.of("select ?").withParams(List.of(exploding)))));
            assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
            assertTrue(e.getMessage().startsWith("testdb: query: parameter 1 holds more than"), e.getMessage());
        }
    }

    @Test
    void afterStatementRunsOnceForEveryBeforeStatement() {
        try (Conn conn = driver.open(config().withReadOnly(true))) {
            rows(conn.query(Query.of("select * from items")));
            rows(conn.query(Query.of("select * from items").withLimit(2)));
            conn.query(Query.of("select * from items")).close();
            assertThrows(DriverException.class, () -> conn.query(Query.of("select * from nope")));
            ResultSet failing =
                    conn.query(Query.of("with recursive r(x) as (select 1 union all select x + 1 from r where x < 5)"
                            + " select case when x < 3 then x else abs(-9223372036854775807 - 1) end from r"));
            assertThrows(DriverException.class, () -> rows(failing));
            assertThrows(
                    DriverException.class, () -> conn.query(Query.of("delete from items")), "refused before any hook");
        }
        assertEquals(
                List.of(
                        "before Call[guarded=true, inTransaction=false, readOnlyConnection=true]", "after true",
                        "before Call[guarded=true, inTransaction=false, readOnlyConnection=true, limit=2]",
                                "after true",
                        "before Call[guarded=true, inTransaction=false, readOnlyConnection=true]", "after true",
                        "before Call[guarded=true, inTransaction=false, readOnlyConnection=true]", "after false",
                        "before Call[guarded=true, inTransaction=false, readOnlyConnection=true]", "after false"),
                dialect.hooks);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void theDeadlineMakesAnInterruptATimeoutAndACloseACancel() throws Exception {
        String slow = "with recursive r(x) as (select 1 union all select x + 1 from r) select count(*) from r";
        try (Conn conn = driver.open(config())) {
            DriverException timeout = assertThrows(
                    DriverException.class, () -> conn.query(Query.of(slow).withTimeout(Duration.ofMillis(100))));
            assertEquals(
                    ErrorKind.TIMEOUT,
                    timeout.kind(),
                    "the dialect calls the interrupt CANCELLED; the fired deadline wins");
            assertEquals(5, rows(conn.query(Query.of("select * from items"))).size());
        }
        Conn conn = driver.open(config());
        // the close lands after the statement is made and its cancel was sent, before it executes:
        // that cancel reached nothing running, and the statement must not start after it (nor may
        // it count on the JDBC connection's close, held here, to stop it)
        CompletableFuture<Void> closer = new CompletableFuture<>();
        dialect.closes.drainPermits();
        dialect.beforeExecute = () -> {
            closer.completeAsync(() -> {
                conn.close();
                return null;
            });
            try {
                assertTrue(dialect.cancels.tryAcquire(10, TimeUnit.SECONDS), "the close sent a cancel");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        DriverException cancelled = assertTimeoutPreemptively(
                Duration.ofSeconds(20), () -> assertThrows(DriverException.class, () -> conn.query(Query.of(slow))));
        assertEquals(ErrorKind.CANCELLED, cancelled.kind(), cancelled.getMessage());
        dialect.closes.release();
        closer.get(30, TimeUnit.SECONDS);
        assertEquals(
                List.of(
                        "before Call[guarded=false, inTransaction=false, readOnlyConnection=false, timeout=PT0.1S]",
                        "after false",
                        "before Call[guarded=false, inTransaction=false, readOnlyConnection=false]",
                        "after true",
                        "before Call[guarded=false, inTransaction=false, readOnlyConnection=false]",
                        "after false"),
                dialect.hooks);
    }

    @Test
    void passwordsNeverReachAMessage() {
        ConnConfig config = ConnConfig.of("testdb:fail-auth").withPassword(Secret.of("hunter2-s3cret"));
        DriverException e = assertThrows(DriverException.class, () -> driver.open(config));
        assertEquals(ErrorKind.AUTH, e.kind());
        assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
        assertTrue(
                e.getMessage().startsWith("testdb: open: login refused for user app with password [redacted]"),
                e.getMessage());
        MessageCheck.assertWhole(e);
        assertEquals("28P01", e.sqlState().orElseThrow());
        ConnConfig inDsn = ConnConfig.of("testdb:fail-auth?password=dsn-pass-77");
        DriverException e2 = assertThrows(DriverException.class, () -> driver.open(inDsn));
        assertFalse(e2.getMessage().contains("dsn-pass-77"), e2.getMessage());
        MessageCheck.assertWhole(e2);
    }

    @Test
    void openChecksTheScheme() {
        DriverException e = assertThrows(DriverException.class, () -> driver.open(ConnConfig.of("other:x")));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
        assertEquals(
                "testdb: open: the testdb driver does not open DSNs of scheme \"other\": invalid argument",
                e.getMessage());
    }

    @Test
    void onlyDeclaredFacetsAreOffered() {
        TestDriver small = new TestDriver(new TestDialect(EnumSet.of(Capability.READ_ONLY, Capability.BROWSER)));
        assertEquals(EnumSet.of(Capability.READ_ONLY, Capability.BROWSER), small.declared());
        try (Conn conn = small.open(config())) {
            assertEquals(EnumSet.of(Capability.BROWSER), EnumSet.copyOf(conn.capabilities()));
            assertTrue(conn.as(Browser.class).isPresent());
            assertTrue(conn.as(Mutator.class).isEmpty());
            assertTrue(conn.as(Transactor.class).isEmpty());
            assertFalse(conn instanceof Mutator, "an undeclared facet is not there to call");
            assertFalse(conn instanceof Browser, "a facet is an object of its own, not the connection");
        }
    }

    @Test
    void aReadOnlyConnectionOffersNoMutator() {
        try (Conn conn = new TestDriver(new TestDialect()).open(config().withReadOnly(true))) {
            assertTrue(conn.as(Mutator.class).isEmpty(), "every change would be refused");
            assertFalse(conn.capabilities().contains(Capability.MUTATOR));
            assertTrue(conn.as(Browser.class).isPresent());
        }
    }

    @Test
    void aCellItsMappingDoesNotAdmitFailsTheReadNamingTheColumn() {
        TestDialect lying = new TestDialect() {
            @Override
            protected TypeMapping typeMapping() {
                return new TypeMapping() {
                    @Override
                    public ColumnMapping map(JdbcColumn column) {
                        // declares DECIMAL and reads an Int
                        return ColumnMapping.of(Value.Kind.DECIMAL, (rs, i) -> Value.of(rs.getLong(i)));
                    }
                };
            }
        };
        try (Conn conn = new TestDriver(lying).open(config());
                ResultSet rs = conn.query(Query.of("select 7 as n"))) {
            DriverException e = assertThrows(DriverException.class, rs::next);
            assertEquals(ErrorKind.INTERNAL, e.kind());
            assertEquals(
                    "testdb: query: column \"n\" is mapped as DECIMAL but its reader returned INT"
                            + " (a bug in the driver's type mapping): internal error",
                    e.getMessage());
        }
        TestDialect perCell = new TestDialect() {
            @Override
            protected TypeMapping typeMapping() {
                return new TypeMapping() {
                    @Override
                    public ColumnMapping map(JdbcColumn column) {
                        return ColumnMapping.perCell(Value.Kind.DECIMAL, (rs, i) -> Value.of(rs.getLong(i)));
                    }
                };
            }
        };
        try (Conn conn = new TestDriver(perCell).open(config());
                ResultSet rs = conn.query(Query.of("select 7 as n"))) {
            assertEquals(Value.of(7L), rs.next().get(0), "a per-cell mapping admits the cell's own kind");
        }
    }

    @Test
    void keysetPagingOverATextKeyAndCursorChecks() {
        try (Conn conn = driver.open(config().withReadOnly(true))) {
            Browser browser = conn.as(Browser.class).orElseThrow();
            List<String> codes = new ArrayList<>();
            Optional<String> cursor = Optional.empty();
            do {
                Page page = browser.browse(CollectionRef.of("items"), cursor, 2);
                page.rows().forEach(r -> codes.add(r.get("code").toString()));
                cursor = page.next();
            } while (!cursor.isEmpty());
            assertEquals(List.of("a", "b", "c", "d", "e"), codes);
            for (String bad : List.of(
                    "%%%",
                    "b3Bz",
                    java.util.Base64.getUrlEncoder().encodeToString("k|NOPE:eA".getBytes()),
                    java.util.Base64.getUrlEncoder().encodeToString("o|-1".getBytes()))) {
                assertThrows(
                        IllegalArgumentException.class,
                        () -> browser.browse(CollectionRef.of("items"), Optional.of(bad), 2),
                        bad);
            }
        }
    }

    @Test
    void transactionsCommitRollBackAndGuardTheConnection() {
        try (Conn conn = driver.open(config())) {
            Transactor transactor = conn.as(Transactor.class).orElseThrow();
            try (Transactor.Tx tx = transactor.begin()) {
                rows(tx.query(Query.of("delete from items where code = 'a'")));
                assertThrows(
                        IllegalStateException.class,
                        () -> conn.query(Query.of("select 1")),
                        "queries go through the open transaction");
                assertThrows(IllegalStateException.class, transactor::begin);
                tx.rollback();
                assertThrows(IllegalStateException.class, () -> tx.query(Query.of("select 1")));
            }
            assertEquals(5, rows(conn.query(Query.of("select * from items"))).size());
            try (Transactor.Tx tx = transactor.begin()) {
                rows(tx.query(Query.of("delete from items where code = 'a'")));
                assertEquals(
                        ErrorKind.READ_ONLY,
                        assertThrows(
                                        DriverException.class,
                                        () -> tx.query(
                                                Query.of("delete from items").withReadOnly(true)))
                                .kind());
                tx.commit();
            }
            assertEquals(4, rows(conn.query(Query.of("select * from items"))).size());
            try (Transactor.Tx tx = transactor.begin()) {
                rows(tx.query(Query.of("delete from items")));
            }
            assertEquals(
                    4, rows(conn.query(Query.of("select * from items"))).size(), "closing without commit rolls back");
        }
    }

    @Test
    void explainCompleteAndSingleStatements() {
        try (Conn conn = driver.open(config())) {
            assertFalse(conn.as(Explainer.class)
                    .orElseThrow()
                    .explain(Query.of("select * from items"))
                    .text()
                    .isBlank());
            dev.tobira.api.Completer completer =
                    conn.as(dev.tobira.api.Completer.class).orElseThrow();
            assertTrue(completer.complete("select * from it", 16).stream()
                    .anyMatch(c -> c.text().equals("items")));
            // a FROM inside a comment or string is not the word before the cursor: keywords are offered too
            for (String text : List.of("select 1 -- from\nse", "select 'from' se")) {
                assertTrue(
                        completer.complete(text, text.length()).stream()
                                .anyMatch(c -> c.type() == dev.tobira.api.Completer.Completion.Type.KEYWORD),
                        text);
            }
            List<dev.tobira.api.Completer.Completion> afterDot =
                    completer.complete("select * from items where items.q", 33);
            assertTrue(afterDot.stream().anyMatch(c -> c.text().equalsIgnoreCase("qty")), afterDot.toString());
            assertTrue(afterDot.stream().allMatch(c -> c.type() == dev.tobira.api.Completer.Completion.Type.FIELD));
            DriverException e = assertThrows(DriverException.class, () -> conn.query(Query.of("select 1; select 2")));
            assertEquals("testdb: query: multiple statements are not supported yet: invalid query", e.getMessage());
            try (ResultSet rs = conn.query(Query.of("update items set qty = qty + 1"))) {
                assertEquals(5, rs.stats().rowsAffected().orElseThrow());
                assertTrue(rs.columns().isEmpty());
                assertFalse(rs.hasNext());
            }
        }
    }
}
