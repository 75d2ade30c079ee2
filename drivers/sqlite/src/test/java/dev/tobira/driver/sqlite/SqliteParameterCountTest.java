package dev.tobira.driver.sqlite;

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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Issue 29: a call whose parameters do not match the text's placeholders is INVALID_ARGUMENT, never run with NULLs. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqliteParameterCountTest {
    private final SqliteFixture fixture = new SqliteFixture();
    private final SqliteDriver driver = new SqliteDriver();

    @BeforeEach
    void seed() {
        fixture.seed();
    }

    @AfterAll
    void removeFiles() {
        fixture.delete();
    }

    @Test
    void missingParametersAreRefused() {
        for (boolean readOnly : new boolean[] {true, false}) {
            try (Conn conn = driver.open(ConnConfig.of(fixture.dsn()).withReadOnly(readOnly))) {
                for (Query q : new Query[] {
                    Query.of("select ? as a, ? as b"),
                    Query.of("select ? as a, ? as b").withParams(Value.of(1L)),
                    Query.of("select ?1 as a, ?2 as b").withParams(Value.of(1L)),
                    Query.of("select :a as a, :b as b").withParams(Value.of(1L)),
                    Query.of("select ? as a").withParams(Value.of(1L), Value.of(2L)),
                }) {
                    DriverException e = assertThrows(
                            DriverException.class, () -> conn.query(q).close(), q.text());
                    assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), q.text() + " -> " + e.getMessage());
                    assertTrue(e.getMessage().startsWith("sqlite: query: "), e.getMessage());
                }
                // issue 31: one form, ?; SQLite's own ?NNN, :name, @name and $name are refused naming it
                for (String text :
                        new String[] {"select ?1 as a, ?1 as b", "select :a as a", "select @a as a", "select $a as a"
                        }) {
                    DriverException e = assertThrows(
                            DriverException.class,
                            () -> conn.query(Query.of(text).withParams(Value.of(7L)))
                                    .close(),
                            text);
                    assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
                    assertEquals(
                            "sqlite: query: parameters are written ?, not " + text.substring(7, 9)
                                    + ": invalid argument",
                            e.getMessage());
                }
                try (var rs = conn.query(
                        Query.of("select ? as a, '?1 :a @a $a' as b -- ?1\n").withParams(Value.of(7L)))) {
                    assertEquals(Value.of(7L), rs.next().get(0));
                }
            }
        }
    }
}
