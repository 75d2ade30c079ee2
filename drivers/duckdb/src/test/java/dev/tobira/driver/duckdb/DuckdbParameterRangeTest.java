package dev.tobira.driver.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Value;
import dev.tobira.jdbc.testing.NativeSql;
import dev.tobira.spi.SqlDialect;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 29: a parameter past DuckDB's range is an INVALID_ARGUMENT naming it, never a raw Java
 * exception, and the read-only scope's transaction ends however the statement failed.
 */
class DuckdbParameterRangeTest {
    private final DuckdbDriver driver = new DuckdbDriver();

    @TempDir
    Path dir;

    private Path shop() throws Exception {
        Path file = dir.resolve("shop.duckdb");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file)) {
            NativeSql.script(c, DuckdbFixture.SCHEMA, SqlDialect.DUCKDB);
        }
        return file;
    }

    private static long drain(Conn conn, Query query) {
        long n = 0;
        try (ResultSet rs = conn.query(query)) {
            while (rs.hasNext()) {
                rs.next();
                n++;
            }
        }
        return n;
    }

    static Stream<Value> outOfRange() {
        return Stream.of(
                Value.of(LocalDateTime.MIN), Value.of(LocalDateTime.MAX), Value.of(Instant.MIN), Value.of(Instant.MAX));
    }

    @ParameterizedTest
    @MethodSource("outOfRange")
    void aDateOrTimePastDuckdbsRangeIsAnInvalidArgumentNamingTheParameter(Value value) throws Exception {
        Path file = shop();
        for (boolean readOnly : new boolean[] {false, true}) {
            try (Conn conn = driver.open(ConnConfig.of("duckdb:" + file))) {
                DriverException e = assertThrows(
                        DriverException.class,
                        () -> drain(
                                conn,
                                Query.of("select ?").withParams(List.of(value)).withReadOnly(readOnly)));
                assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
                assertTrue(e.getMessage().startsWith("duckdb: query: parameter 1 "), e.getMessage());
                // the connection goes on, and no transaction was left open on the shared database
                assertEquals(1, drain(conn, Query.of("select 1")));
                drain(conn, Query.of("checkpoint"));
            }
        }
    }

    static Stream<Value> inRange() {
        return Stream.of(
                Value.of(LocalDateTime.of(1, 1, 1, 0, 0)),
                Value.of(LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_000)),
                Value.of(LocalTime.MAX),
                Value.of(new byte[0]),
                Value.of("a\u0000b"),
                Value.of(new BigDecimal("1e-400")),
                Value.of(new BigDecimal("9".repeat(400))),
                Value.of(UUID.randomUUID()),
                Value.of(Double.NaN));
    }

    @ParameterizedTest
    @MethodSource("inRange")
    void otherExtremesAreAResultOrADriverException(Value value) throws Exception {
        Path file = shop();
        try (Conn conn = driver.open(ConnConfig.of("duckdb:" + file))) {
            try {
                drain(conn, Query.of("select ?").withParams(List.of(value)).withReadOnly(true));
            } catch (DriverException e) {
                assertTrue(e.getMessage().startsWith("duckdb: "), e.getMessage());
            }
            drain(conn, Query.of("checkpoint"));
        }
    }

    /** A failure of any type while the statement is prepared still ends the read-only scope's transaction. */
    @Test
    void theRolledBackScopeEndsWhateverTheFailure() throws Exception {
        Path file = shop();
        try (Conn conn = driver.open(ConnConfig.of("duckdb:" + file))) {
            assertThrows(
                    DriverException.class,
                    () -> drain(
                            conn,
                            Query.of("select ?")
                                    .withParams(List.of(Value.of(LocalDateTime.MAX)))
                                    .withReadOnly(true)));
            try (Conn other = driver.open(ConnConfig.of("duckdb:" + file))) {
                drain(other, Query.of("checkpoint"));
            }
        }
    }
}
