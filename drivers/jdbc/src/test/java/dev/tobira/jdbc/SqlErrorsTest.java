package dev.tobira.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.drivertest.MessageCheck;
import dev.tobira.spi.Redactor;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The SQLState classification every JDBC driver shares. */
class SqlErrorsTest {
    private final SqlErrors errors =
            new SqlErrors(Dialect.of(new TestDialect()), Redactor.standard().withSecret("pw-9"));

    /** Every message this test makes is checked for a cut detail, as the kit checks what it catches. */
    private DriverException map(Throwable e, String op, boolean timedOut) {
        return MessageCheck.assertWhole(errors.map(e, op, timedOut));
    }

    @ParameterizedTest
    @CsvSource({
        "08001, CONNECTION",
        "08006, CONNECTION",
        "28000, AUTH",
        "28P01, AUTH",
        "23505, CONSTRAINT",
        "23503, CONSTRAINT",
        "40001, CONFLICT",
        "40P01, CONFLICT",
        "42601, SYNTAX",
        "42000, SYNTAX",
        "42P01, NOT_FOUND",
        "42S02, NOT_FOUND",
        "42S22, NOT_FOUND",
        "42703, NOT_FOUND",
        "3D000, NOT_FOUND",
        "42501, PERMISSION",
        "57014, CANCELLED",
        "HYT00, TIMEOUT",
        "HYT01, TIMEOUT",
        "25006, READ_ONLY",
        "0A000, UNSUPPORTED",
        "22003, DATA",
        "22012, DATA",
        "22P02, DATA",
        "22023, INVALID_ARGUMENT",
        "07001, INVALID_ARGUMENT",
        "57P01, CONNECTION",
        "XX000, INTERNAL",
        "HY000, INTERNAL"
    })
    void sqlStates(String state, ErrorKind kind) {
        DriverException e = map(new SQLException("boom", state), "query", false);
        assertEquals(kind, e.kind());
        assertEquals(state, e.sqlState().orElseThrow());
        assertEquals("testdb: query: boom: " + kind.words(), e.getMessage());
    }

    @Test
    void theChainIsWalkedAndTheClassifyingExceptionSpeaks() {
        SQLException top = new SQLException("batch entry 0 was aborted");
        top.setNextException(new SQLException("duplicate key value", "23505", 7));
        DriverException e = map(top, "insert", false);
        assertEquals(ErrorKind.CONSTRAINT, e.kind());
        assertEquals("testdb: insert: duplicate key value: constraint violation", e.getMessage());
        assertEquals(java.util.OptionalInt.of(7), e.vendorCode());
        assertSame(top, e.getCause());
    }

    @Test
    void dialectCodesComeFirstAndAFiredDeadlineWins() {
        assertEquals(
                ErrorKind.NOT_FOUND,
                map(new SQLException("no such table: x", "42000"), "query", false)
                        .kind());
        assertEquals(
                ErrorKind.TIMEOUT,
                map(new SQLException("[SQLITE_INTERRUPT] interrupted"), "query", true)
                        .kind());
        assertEquals(
                ErrorKind.TIMEOUT,
                map(new SQLTimeoutException("slow"), "query", false).kind());
        assertEquals(
                ErrorKind.INTERNAL,
                map(new SQLException("what?"), "query", false).kind());
        DriverException passthrough = DriverException.of(ErrorKind.READ_ONLY, "testdb", "query", "no");
        assertSame(passthrough, map(passthrough, "query", true));
    }

    @Test
    void messagesAreRedacted() {
        DriverException e = map(
                new SQLException("could not connect to postgres://app:pw-9@db/x with pw-9", "08001"), "open", false);
        assertEquals(
                "testdb: open: could not connect to postgres://app:[redacted]@db/x with [redacted]: connection failed",
                e.getMessage());
    }

    @Test
    void aNullFromClassifyIsAProgrammingError() {
        SqlErrors broken = new SqlErrors(
                Dialect.of(new TestDialect() {
                    @Override
                    Optional<ErrorKind> classify(SQLException e) {
                        return null;
                    }
                }),
                Redactor.standard());
        org.junit.jupiter.api.Assertions.assertThrows(
                NullPointerException.class, () -> broken.map(new SQLException("x"), "query", false));
    }
}
