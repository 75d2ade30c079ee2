package dev.tobira.driver.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Issue 29: parameters that do not match the text's placeholders are INVALID_ARGUMENT on every JDBC driver. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PgParameterCountTest {
    private PgFixture fixture;

    @BeforeAll
    void start() {
        fixture = new PgFixture(PgServer.find(), "tobira_pg_params_" + PgFixture.RUN);
        fixture.seed();
    }

    @AfterAll
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    @Test
    void aWrongCountIsInvalidArgument() {
        for (boolean readOnly : new boolean[] {true, false}) {
            for (long limit : new long[] {0, 10}) {
                try (Conn conn =
                        new PostgresDriver().open(ConnConfig.of(fixture.dsn()).withReadOnly(readOnly))) {
                    for (Query q : new Query[] {
                        Query.of("select ?::int as a, ?::int as b"),
                        Query.of("select ?::int as a, ?::int as b").withParams(Value.of(1L)),
                        Query.of("select ?::int as a").withParams(Value.of(1L), Value.of(2L)),
                    }) {
                        Query query = limit > 0 ? q.withLimit(limit) : q;
                        DriverException e = assertThrows(
                                DriverException.class, () -> conn.query(query).close(), q.text());
                        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), q.text() + " -> " + e.getMessage());
                        assertTrue(e.getMessage().startsWith("postgres: query: "), e.getMessage());
                    }
                }
            }
        }
    }
}
