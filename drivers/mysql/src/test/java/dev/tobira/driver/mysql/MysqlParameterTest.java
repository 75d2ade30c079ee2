package dev.tobira.driver.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Parameter values never become SQL (issue 14, finding 1): Connector/J used to paste each value
 * into the text at the {@code ?} its own parser found, and that parser reads {@code /}{@code *}{@code /}
 * and {@code {…}} escapes differently from the server and the guard. Each attack below ran a
 * user-level lock on a read-only connection before the fix; the lock is this run's own, looked
 * at through a native connection.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MysqlParameterTest {
    private static final String DATABASE = "tobira_mysql_params_" + MysqlFixture.RUN;
    private static final String LOCK = "tobira_param_lock_" + MysqlFixture.RUN;
    private static final String LOCK_HEX = "0x" + HexFormat.of().formatHex(LOCK.getBytes(StandardCharsets.US_ASCII));

    private final MysqlDriver driver = new MysqlDriver();
    private MysqlFixture fixture;

    @BeforeAll
    void prepare() {
        fixture = new MysqlFixture(MysqlServer.find(), DATABASE);
        fixture.seed();
    }

    @AfterAll
    void cleanUp() {
        if (fixture != null) {
            fixture.drop();
        }
    }

    @AfterEach
    void lockIsFree() throws SQLException {
        assertEquals(null, lockHolder(), "a session still holds " + LOCK);
    }

    private String lockHolder() {
        return fixture.lockHolder(LOCK);
    }

    private ConnConfig config(boolean readOnly) {
        return fixture.server.config(DATABASE, readOnly);
    }

    private static List<Row> rows(Conn conn, Query query) {
        List<Row> rows = new ArrayList<>();
        try (ResultSet rs = conn.query(query)) {
            rs.forEachRemaining(rows::add);
        }
        return rows;
    }

    /** Texts whose placeholder tobira and the server read inside a comment or string, and a value that Connector/J would have run. */
    static Stream<List<String>> smuggled() {
        String lock = "GET_LOCK(" + LOCK_HEX + ", 0)";
        return Stream.of(
                List.of("select 1 /*/ ? */", "*/, " + lock + " /*"),
                List.of("select 1 /*/ ? */ from dual", "*/, " + lock + " /*"),
                List.of("select 1 -- ?\n", "\n, " + lock + " -- "),
                List.of("select 1 # ?\n", "\n, " + lock + " -- "),
                List.of("select '?'", "', " + lock + ", '"),
                List.of("select \"?\"", "\", " + lock + ", \""));
    }

    @ParameterizedTest
    @MethodSource("smuggled")
    void aPlaceholderInACommentOrStringIsNoPlaceholder(List<String> attack) throws SQLException {
        for (boolean readOnly : new boolean[] {true, false}) {
            try (Conn conn = driver.open(config(readOnly))) {
                Query q = Query.of(attack.get(0)).withParams(List.of(Value.of(attack.get(1))));
                DriverException e =
                        assertThrows(DriverException.class, () -> rows(conn, readOnly ? q : q.withReadOnly(true)));
                assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
                assertTrue(
                        e.getMessage()
                                .contains("0 placeholders (?) outside comments and strings, but 1 parameter was given"),
                        e.getMessage());
                DriverException writable = assertThrows(DriverException.class, () -> rows(conn, q));
                assertEquals(
                        ErrorKind.INVALID_ARGUMENT, writable.kind(), "a writable call too: " + writable.getMessage());
                assertEquals(null, lockHolder(), attack.get(0));
            }
        }
    }

    /**
     * No parameters at all: Connector/J's escape processing rewrote {@code {oj …}} where it read
     * code and the server a comment, and the rewrite closed the comment before a lock call.
     */
    @Test
    void escapeBracesInACommentStayInTheComment() throws SQLException {
        String text = "select 1 as one /*/ *{oj }/, GET_LOCK(" + LOCK_HEX + ", 0) as l -- */";
        try (Conn conn = driver.open(config(true))) {
            List<Row> rows = rows(conn, Query.of(text));
            assertEquals(1, rows.size());
            assertEquals(1, rows.get(0).columns().size(), "the server ran only select 1: " + rows);
        }
        assertEquals(null, lockHolder());
    }

    @Test
    void placeholdersAndParametersMustMatch() {
        try (Conn conn = driver.open(config(true))) {
            for (Query q : List.of(
                    Query.of("select ?"),
                    Query.of("select ?, ?").withParams(List.of(Value.of(1))),
                    Query.of("select 1").withParams(List.of(Value.of(1))),
                    Query.of("select ?1").withParams(List.of(Value.of(1))))) {
                DriverException e = assertThrows(DriverException.class, () -> rows(conn, q), q.text());
                assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
                assertTrue(e.getMessage().startsWith("mysql: query: "), e.getMessage());
            }
        }
    }

    static Stream<String> awkwardTexts() {
        return Stream.of(
                "it's",
                "\\",
                "\\'",
                "'; delete from orders; --",
                "*/ delete /*",
                "a\0b",
                "\n\r\t\u001a",
                "{oj x}",
                "?",
                "日本語 🚪",
                "",
                "--",
                "/*/",
                "#",
                "\"",
                "`",
                "\\\\'");
    }

    @ParameterizedTest
    @MethodSource("awkwardTexts")
    void textValuesComeBackAsSent(String s) {
        for (boolean readOnly : new boolean[] {true, false}) {
            try (Conn conn = driver.open(config(readOnly))) {
                List<Row> rows = rows(
                        conn,
                        Query.of("select ? as v, ? = ? as same")
                                .withParams(List.of(Value.of(s), Value.of(s), Value.of(s))));
                assertEquals(Value.of(s), rows.get(0).get(0));
                assertEquals(Value.of(1), rows.get(0).get(1));
            }
        }
    }

    /**
     * A session whose client character set has a backslash among its trailing bytes (GBK: 0x81
     * then 0x5C is one character) would read an escaped backslash as half a character and the
     * next quote as escaped. Literals hold no escape, so the value stays one literal.
     */
    @Test
    void aMultibyteClientCharsetCannotSwallowAnEscape() throws SQLException {
        try (Conn conn = driver.open(config(false))) {
            rows(conn, Query.of("set names gbk"));
            String tricky = "\u4E01\\"; // UTF-8 E4 B8 81, then a backslash
            List<Row> result = rows(
                    conn,
                    Query.of("select ? as a, ? as b")
                            .withParams(List.of(Value.of(tricky), Value.of(" or GET_LOCK(" + LOCK_HEX + ", 0) -- "))));
            assertEquals(1, result.size());
            assertEquals(2, result.get(0).columns().size(), "the second value stayed a value: " + result);
        }
        assertEquals(null, lockHolder());
    }

    /**
     * Review finding: after {@code SET NAMES gbk} on a writable connection, a readOnly text that
     * tobira reads as one string ({@code '丁\', …}) is a string and a lock call to the server, which
     * pairs the character's last byte with the backslash. A guarded call refuses such a session.
     */
    @Test
    void aGuardedCallRefusesASessionThatReadsAnotherCharacterSet() throws SQLException {
        try (Conn conn = driver.open(config(false))) {
            rows(conn, Query.of("set names gbk"));
            Query read = Query.of("select '\u4E01\\', GET_LOCK(" + LOCK_HEX + ", 0) #'")
                    .withReadOnly(true);
            DriverException e = assertThrows(DriverException.class, () -> rows(conn, read));
            assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
            assertTrue(e.getMessage().contains("client character set is gbk"), e.getMessage());
            assertEquals(null, lockHolder());
            rows(conn, Query.of("set names utf8mb4"));
            assertEquals(
                    1,
                    rows(conn, Query.of("select 1").withReadOnly(true)).size(),
                    "utf8mb4 again: read-only calls run");
        }
    }

    /**
     * With {@code ANSI_QUOTES} (which the status flags do not report) a double-quoted text holding
     * a backslash is an identifier to the server and a string to the lexer, so a placeholder may
     * sit inside what the server reads as an identifier. A value holding a double quote goes in hex
     * ({@link MysqlLiteralsTest}), which closes nothing there; here the whole path, on a server.
     */
    @Test
    void aValueCannotCloseAnIdentifierTheLexerTookForAString() throws SQLException {
        try (Conn conn = driver.open(config(false))) {
            rows(conn, Query.of("set session sql_mode = concat(@@sql_mode, ',ANSI_QUOTES')"));
            Query q = Query.of("select 1 as \"a\\\"\", ? as b")
                    .withParams(List.of(Value.of("\", GET_LOCK(" + LOCK_HEX + ", 0) -- ")));
            try {
                rows(conn, q);
            } catch (DriverException refused) {
                // the server may read the rest as a syntax error: all that counts is that nothing ran
            }
        }
        assertEquals(null, lockHolder());
    }

    @Test
    void everyKindOfValueRoundTripsThroughATable() {
        try (Conn conn = driver.open(config(false))) {
            rows(
                    conn,
                    Query.of(
                            "create table kinds (i bigint, d decimal(30, 10), f double, b varbinary(16), dt date, t time(6),"
                                    + " ts datetime(6), tz timestamp(6) null, tx text, bo boolean, n int)"));
            Instant instant = Instant.parse("2024-03-01T12:34:56.123456Z");
            List<Value> values = List.of(
                    Value.of(Long.MIN_VALUE),
                    new Value.Decimal(new BigDecimal("-12345678901234567890.0123456789")),
                    Value.of(-1.5e-300),
                    new Value.Bytes(new byte[] {0, 39, 92, (byte) 255}),
                    new Value.Date(LocalDate.of(2024, 2, 29)),
                    new Value.Time(LocalTime.of(23, 5, 0, 120_000_000)),
                    new Value.DateTime(LocalDateTime.of(1999, 12, 31, 23, 59, 59, 999_999_000)),
                    new Value.Timestamp(instant),
                    Value.of("x'y\\z"),
                    Value.of(true),
                    Value.NULL);
            rows(
                    conn,
                    Query.of("insert into kinds values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                            .withParams(values));
            Row row = rows(conn, Query.of("select * from kinds")).get(0);
            assertEquals(values.get(0), row.get(0));
            assertEquals(values.get(1), row.get(1));
            assertEquals(values.get(2), row.get(2));
            assertEquals(values.get(3), row.get(3));
            assertEquals(values.get(4), row.get(4));
            assertEquals(values.get(5), row.get(5));
            assertEquals(values.get(6), row.get(6));
            assertEquals(values.get(7), row.get(7));
            assertEquals(values.get(8), row.get(8));
            assertEquals(Value.of(true), row.get(9));
            assertEquals(Value.NULL, row.get(10));
            rows(conn, Query.of("drop table kinds"));
        }
    }

    @Test
    void floatsThatMysqlCannotHoldAreRefusedBeforeSending() {
        try (Conn conn = driver.open(config(true))) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> rows(conn, Query.of("select ?").withParams(List.of(Value.of(Double.NaN)))));
            assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
        }
    }

    static Stream<Value> pastMysqlsYears() {
        return Stream.of(
                Value.of(java.time.Instant.MIN),
                Value.of(java.time.Instant.MAX),
                Value.of(java.time.LocalDateTime.MIN),
                Value.of(java.time.LocalDateTime.MAX),
                Value.of(java.time.LocalDate.MIN),
                Value.of(java.time.LocalDate.MAX),
                Value.of(java.time.LocalDate.of(10_000, 1, 1)),
                Value.of(java.time.Instant.parse("+10000-01-01T00:00:00Z")));
    }

    /** Issue 29: a date or date-time past the years MySQL reads is an INVALID_ARGUMENT naming the parameter and the range. */
    @ParameterizedTest
    @MethodSource("pastMysqlsYears")
    void aDatePastMysqlsYearsIsAnInvalidArgumentNamingTheParameter(Value value) {
        for (boolean readOnly : new boolean[] {true, false}) {
            try (Conn conn = driver.open(config(readOnly))) {
                DriverException e = assertThrows(
                        DriverException.class,
                        () -> rows(conn, Query.of("select 1, ?").withParams(List.of(value))));
                assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
                assertTrue(e.getMessage().startsWith("mysql: query: parameter 1 is the "), e.getMessage());
                assertTrue(e.getMessage().contains("the years 0000 to 9999"), e.getMessage());
                assertEquals(1, rows(conn, Query.of("select 1")).size(), "the connection goes on");
            }
        }
    }

    static Stream<Value> otherExtremes() {
        return Stream.of(
                Value.of(java.time.LocalDate.of(1, 1, 1)),
                Value.of(java.time.LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_000)),
                Value.of(java.time.LocalTime.MAX),
                Value.of(new byte[0]),
                Value.of("a\u0000b"),
                Value.of("a\uD800b"),
                Value.of(new java.math.BigDecimal("1e400")),
                Value.of(new java.math.BigDecimal("1e-400")),
                Value.of(new java.math.BigDecimal("9".repeat(400))),
                Value.of(java.util.UUID.randomUUID()),
                Value.of(Double.NaN),
                Value.of(Long.MIN_VALUE));
    }

    /** Issue 29: the other kinds at their extremes are a result or a DriverException, never a raw exception. */
    @ParameterizedTest
    @MethodSource("otherExtremes")
    void otherExtremesAreAResultOrADriverException(Value value) {
        try (Conn conn = driver.open(config(true))) {
            try {
                rows(conn, Query.of("select ?").withParams(List.of(value)));
            } catch (DriverException e) {
                assertTrue(e.getMessage().startsWith("mysql: "), e.getMessage());
            }
        }
    }
}
