package dev.tobira.driver.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.Conn;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Issue 29 item 4: several statements are refused as such, before what they are, with a limit or without. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MysqlMultiStatementTest {
    private static final String DATABASE = "tobira_mysql_multi_" + MysqlFixture.RUN;
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

    @Test
    void severalStatementsAreAnInvalidQuery() {
        String before = fixture.fingerprint();
        for (boolean readOnly : new boolean[] {true, false}) {
            try (Conn conn = new MysqlDriver().open(fixture.server.config(DATABASE, readOnly))) {
                for (long limit : new long[] {0, 10}) {
                    for (String text : new String[] {"select 1; delete from orders", "delete from orders; select 1"}) {
                        Query q = limit > 0
                                ? Query.of(text).withReadOnly(true).withLimit(limit)
                                : Query.of(text).withReadOnly(true);
                        DriverException e = assertThrows(
                                DriverException.class, () -> conn.query(q).close());
                        assertEquals(ErrorKind.SYNTAX, e.kind(), e.getMessage());
                        assertEquals(
                                "mysql: query: multiple statements are not supported yet: invalid query",
                                e.getMessage());
                    }
                }
            }
        }
        assertEquals(before, fixture.fingerprint());
    }
}
