package dev.tobira.driver.bigquery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.cloud.bigquery.Field;
import com.google.cloud.bigquery.FieldValue;
import com.google.cloud.bigquery.StandardSQLTypeName;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Value;
import dev.tobira.driver.bigquery.fake.FakeBigQuery;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 29: a parameter past BigQuery's range is an INVALID_ARGUMENT naming it and the range, a
 * cell that does not read as its type a DriverException naming the column: never a raw exception.
 */
class BadValuesTest {
    private static FakeBigQuery fake;

    @BeforeAll
    static void start() throws IOException {
        fake = FakeBigQuery.start();
        new Shop(fake).seed();
    }

    @AfterAll
    static void stop() {
        fake.close();
    }

    static Stream<Value> outOfRange() {
        return Stream.of(
                Value.of(LocalDate.MIN),
                Value.of(LocalDate.MAX),
                Value.of(LocalDate.of(0, 12, 31)),
                Value.of(LocalDate.of(10_000, 1, 1)),
                Value.of(LocalDateTime.MIN),
                Value.of(LocalDateTime.MAX),
                Value.of(Instant.MIN),
                Value.of(Instant.MAX),
                Value.of(Instant.parse("+10000-01-01T00:00:00Z")),
                Value.of(Instant.parse("0000-12-31T23:59:59Z")),
                Value.of(new BigDecimal("1e400")),
                Value.of(new BigDecimal("1e-400")),
                Value.of(new BigDecimal("9".repeat(400))),
                Value.of(new BigDecimal("5.79e38")));
    }

    @ParameterizedTest
    @MethodSource("outOfRange")
    void aParameterPastBigQuerysRangeIsAnInvalidArgumentNamingItAndTheRange(Value value) {
        DriverException e = assertThrows(DriverException.class, () -> Params.of(List.of(Value.of(1), value)));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
        assertTrue(
                e.getMessage()
                        .startsWith("bigquery: query: parameter 2 is the "
                                + value.kind().name() + " "),
                e.getMessage());
        assertTrue(e.getMessage().contains("outside the range it can be sent in (BigQuery's"), e.getMessage());
    }

    static Stream<Value> inRange() {
        return Stream.of(
                Value.of(LocalTime.MAX),
                Value.of(LocalDate.of(1, 1, 1)),
                Value.of(LocalDate.of(9999, 12, 31)),
                Value.of(LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_999)),
                Value.of(Instant.parse("0001-01-01T00:00:00Z")),
                Value.of(Instant.parse("9999-12-31T23:59:59.999999999Z")),
                Value.of(new BigDecimal("5.789e38")),
                Value.of(LocalDateTime.of(2026, 1, 1, 0, 0)),
                Value.of(LocalTime.of(10, 0)),
                Value.of(new BigDecimal("1e-38")),
                Value.of(new BigDecimal("1.500000000000000000000000000000000000000000000000")),
                Value.of(new byte[0]),
                Value.of("a\u0000b"),
                Value.of("a\uD800b"),
                Value.of(UUID.randomUUID()),
                Value.of(Double.NaN));
    }

    @ParameterizedTest
    @MethodSource("inRange")
    void theOtherExtremesAreSent(Value value) {
        Params.of(List.of(value));
    }

    @Test
    void theLastNanosecondOfADayIsSentAsItsLastMicrosecond() {
        assertEquals("23:59:59.999999", Params.of(Value.of(LocalTime.MAX), 1).getValue());
    }

    @Test
    void aDateTimeIsSentInTheFormTheClientTakes() {
        assertEquals(
                "2026-01-02 03:04:00.000000",
                Params.of(Value.of(LocalDateTime.of(2026, 1, 2, 3, 4)), 1).getValue());
        assertEquals(
                "10:00:00.000000", Params.of(Value.of(LocalTime.of(10, 0)), 1).getValue());
    }

    @Test
    void aCellThatDoesNotReadAsItsTypeIsADriverExceptionNamingTheColumn() {
        DriverException e = assertThrows(
                DriverException.class,
                () -> Values.cell(
                        Field.of("d", StandardSQLTypeName.DATE),
                        FieldValue.of(FieldValue.Attribute.PRIMITIVE, "2026-13-45")));
        assertEquals(ErrorKind.INTERNAL, e.kind(), e.getMessage());
        assertTrue(
                e.getMessage()
                        .startsWith("bigquery: query: column d: BigQuery's value 2026-13-45 does not read as DATE"),
                e.getMessage());
    }

    /** The fake answers a typed literal BigQuery cannot read as BigQuery does: with an invalidQuery error, never a value. */
    @Test
    void aTypedLiteralBigQueryCannotReadIsRefusedByTheServer() {
        for (boolean readOnly : new boolean[] {true, false}) {
            try (Conn conn =
                    new BigQueryDriver().open(ConnConfig.of(fake.dsn("")).withReadOnly(readOnly))) {
                for (String text : List.of(
                        "SELECT DATE '2026-13-45' AS d",
                        "SELECT DATETIME '2026-02-30 10:00:00' AS d",
                        "SELECT TIME '25:00:00' AS t",
                        "SELECT TIMESTAMP 'x' AS t",
                        "SELECT NUMERIC 'x' AS n")) {
                    DriverException e = assertThrows(DriverException.class, () -> {
                        try (ResultSet rs = conn.query(Query.of(text))) {
                            rs.forEachRemaining(r -> {});
                        }
                    });
                    assertTrue(e.getMessage().contains("invalidQuery: Could not cast literal"), e.getMessage());
                    assertTrue(e.kind() != ErrorKind.CONNECTION && e.kind() != ErrorKind.INTERNAL, e.getMessage());
                }
            }
        }
    }
}
