package dev.tobira.driver.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.Value;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 29: parameters that do not match the text's placeholders are INVALID_ARGUMENT, as for every JDBC driver. */
class DuckdbParameterCountTest {
    @TempDir
    Path dir;

    @Test
    void aWrongCountIsInvalidArgument() throws Exception {
        Path file = dir.resolve("p.duckdb");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file)) {
            c.createStatement().execute("create table t (a integer)");
        }
        for (boolean readOnly : new boolean[] {true, false}) {
            try (Conn conn =
                    new DuckdbDriver().open(ConnConfig.of("duckdb:" + file).withReadOnly(readOnly))) {
                for (Query q : new Query[] {
                    Query.of("select ? as a, ? as b"),
                    Query.of("select ? as a, ? as b").withParams(Value.of(1L)),
                    Query.of("select $1 as a, $2 as b").withParams(Value.of(1L)),
                    Query.of("select ? as a").withParams(Value.of(1L), Value.of(2L)),
                }) {
                    DriverException e = assertThrows(
                            DriverException.class, () -> conn.query(q).close(), q.text());
                    assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), q.text() + " -> " + e.getMessage());
                    assertTrue(e.getMessage().startsWith("duckdb: query: "), e.getMessage());
                }
                // issue 31: one form, ?; DuckDB's own $1 and $name are refused naming it
                for (String text : new String[] {"select $1 as a, $1 as b", "select $a as a"}) {
                    DriverException e = assertThrows(
                            DriverException.class,
                            () -> conn.query(Query.of(text).withParams(Value.of(7L)))
                                    .close(),
                            text);
                    assertEquals(
                            "duckdb: query: parameters are written ?, not " + text.substring(7, 9)
                                    + ": invalid argument",
                            e.getMessage());
                }
                try (var rs = conn.query(Query.of("select '$1' as a, $$ $1 ? $$ as b, ? as c /* $1 ? */ -- $1 ?\n")
                        .withParams(Value.of(7L)))) {
                    assertEquals(
                            java.util.List.of(Value.of("$1"), Value.of(" $1 ? "), Value.of(7L)),
                            rs.next().values());
                }
            }
        }
    }
}
