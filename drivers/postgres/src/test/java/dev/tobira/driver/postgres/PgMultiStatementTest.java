package dev.tobira.driver.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Issue 29 item 4: several statements are refused as such, before what they are, with a limit or without. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PgMultiStatementTest {
    private PgFixture fixture;

    @BeforeAll
    void start() {
        fixture = new PgFixture(PgServer.find(), "tobira_pg_multi_" + PgFixture.RUN);
        fixture.seed();
    }

    @AfterAll
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    @Test
    void severalStatementsAreAnInvalidQuery() {
        String before = fixture.fingerprint();
        for (boolean readOnly : new boolean[] {true, false}) {
            try (Conn conn =
                    new PostgresDriver().open(ConnConfig.of(fixture.dsn()).withReadOnly(readOnly))) {
                for (long limit : new long[] {0, 10}) {
                    for (String text : new String[] {"select 1; delete from orders", "delete from orders; select 1"}) {
                        Query q = limit > 0
                                ? Query.of(text).withReadOnly(true).withLimit(limit)
                                : Query.of(text).withReadOnly(true);
                        DriverException e = assertThrows(
                                DriverException.class, () -> conn.query(q).close());
                        assertEquals(ErrorKind.SYNTAX, e.kind(), e.getMessage());
                        assertEquals(
                                "postgres: query: multiple statements are not supported yet: invalid query",
                                e.getMessage());
                    }
                }
            }
        }
        assertEquals(before, fixture.fingerprint());
    }
}
