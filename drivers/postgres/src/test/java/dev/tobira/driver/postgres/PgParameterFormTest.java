package dev.tobira.driver.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Value;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Issue 31: parameters are written {@code ?}; {@code $1}, {@code :name}, {@code @name} and a wrong
 * count are INVALID_ARGUMENT naming that form (pgjdbc said "column index is out of range"), while a
 * {@code $1} in a string, a comment or a dollar-quoted body is text, and {@code ??} stays the operator.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PgParameterFormTest {
    private PgFixture fixture;

    @BeforeAll
    void start() {
        fixture = new PgFixture(PgServer.find(), "tobira_pg_form_" + PgFixture.RUN);
        fixture.seed();
    }

    @AfterAll
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    @Test
    void anotherFormIsRefusedNamingTheForm() {
        for (boolean readOnly : new boolean[] {true, false}) {
            try (Conn conn =
                    new PostgresDriver().open(ConnConfig.of(fixture.dsn()).withReadOnly(readOnly))) {
                for (List<String> c : List.of(
                        List.of("select name from customers where id = $1", "$1"),
                        List.of("select $1::int + $2::int", "$1"),
                        List.of("select name from customers where id = :id", ":id"),
                        List.of("select name from customers where id = @id", "@id"),
                        List.of("select name from customers where id = ?1", "?1"))) {
                    DriverException e = assertThrows(
                            DriverException.class,
                            () -> conn.query(Query.of(c.get(0)).withParams(Value.of(1L)))
                                    .close(),
                            c.get(0));
                    assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
                    assertEquals(
                            "postgres: query: parameters are written ?, not " + c.get(1) + ": invalid argument",
                            e.getMessage());
                }
                DriverException none = assertThrows(
                        DriverException.class,
                        () -> conn.query(Query.of("select $1::int")).close());
                assertEquals("postgres: query: parameters are written ?, not $1: invalid argument", none.getMessage());
                DriverException count = assertThrows(
                        DriverException.class,
                        () -> conn.query(Query.of("select ?::int, ?::int").withParams(Value.of(1L)))
                                .close());
                assertEquals(ErrorKind.INVALID_ARGUMENT, count.kind(), count.getMessage());
                assertEquals(
                        "postgres: query: the text has 2 placeholders (?) outside comments and strings, but 1 parameter was"
                                + " given; parameters are written ?: invalid argument",
                        count.getMessage());
            }
        }
    }

    @Test
    void lookalikesInStringsCommentsAndDollarQuotesAreText() {
        for (boolean readOnly : new boolean[] {true, false}) {
            try (Conn conn = new PostgresDriver()
                            .open(ConnConfig.of(fixture.dsn()).withReadOnly(readOnly));
                    ResultSet rs =
                            conn.query(Query.of("select '$1 ?' as a, $$ $1 ? $$ as b, $f$ :id $f$ as c, ?::int as d, "
                                            + "'{\"a\": 1}'::jsonb ?? 'a' as e /* $1 ? */ -- $1 ?\n")
                                    .withParams(Value.of(7L)))) {
                var row = rs.next();
                assertEquals(
                        List.of(Value.of("$1 ?"), Value.of(" $1 ? "), Value.of(" :id "), Value.of(7), Value.of(true)),
                        row.values());
            }
        }
    }
}
