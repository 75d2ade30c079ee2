package dev.tobira.driver.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.Value;
import dev.tobira.jdbc.testing.NativeSql;
import dev.tobira.spi.SqlDialect;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 29 item 4: several statements are refused as such, before what they are, on every path. */
class DuckdbMultiStatementTest {
    @TempDir
    Path dir;

    @Test
    void severalStatementsAreAnInvalidQuery() throws Exception {
        Path file = dir.resolve("shop.duckdb");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file)) {
            NativeSql.script(c, DuckdbFixture.SCHEMA, SqlDialect.DUCKDB);
        }
        for (boolean readOnly : new boolean[] {true, false}) {
            try (Conn conn =
                    new DuckdbDriver().open(ConnConfig.of("duckdb:" + file).withReadOnly(readOnly))) {
                for (Query q : new Query[] {
                    Query.of("select 1; delete from orders"),
                    Query.of("select 1; delete from orders").withReadOnly(true),
                    Query.of("delete from orders; select 1")
                }) {
                    DriverException e = assertThrows(
                            DriverException.class, () -> conn.query(q).close());
                    assertEquals(ErrorKind.SYNTAX, e.kind(), e.getMessage());
                    assertEquals(
                            "duckdb: query: multiple statements are not supported yet: invalid query", e.getMessage());
                }
            }
        }
        try (Conn conn = new DuckdbDriver().open(ConnConfig.of("duckdb:" + file).withReadOnly(true));
                var rs = conn.query(Query.of("select count(*) from orders"))) {
            assertEquals(false, rs.next().get(0).equals(Value.of(0L)), "nothing was deleted");
        }
    }
}
