package dev.tobira.driver.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Issue 29 item 4: several statements are refused as such, before what they are, on every path. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqliteMultiStatementTest {
    private final SqliteFixture fixture = new SqliteFixture();

    @AfterAll
    void removeFiles() {
        fixture.delete();
    }

    @Test
    void severalStatementsAreAnInvalidQuery() {
        fixture.seed();
        String before = fixture.fingerprint();
        for (boolean readOnly : new boolean[] {true, false}) {
            try (Conn conn =
                    new SqliteDriver().open(ConnConfig.of(fixture.dsn()).withReadOnly(readOnly))) {
                for (Query q : new Query[] {
                    Query.of("select 1; delete from orders"),
                    Query.of("select 1; delete from orders").withReadOnly(true),
                    Query.of("delete from orders; select 1")
                }) {
                    DriverException e = assertThrows(
                            DriverException.class, () -> conn.query(q).close());
                    assertEquals(ErrorKind.SYNTAX, e.kind(), e.getMessage());
                    assertEquals(
                            "sqlite: query: multiple statements are not supported yet: invalid query", e.getMessage());
                }
            }
        }
        assertEquals(before, fixture.fingerprint());
    }
}
