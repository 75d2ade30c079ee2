package dev.tobira.driver.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.Conn;
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
 * Issue 31: parameters are written {@code ?}; {@code $1}, {@code ?1}, {@code :name} and a wrong
 * count are INVALID_ARGUMENT naming that form, while the same characters in a string, a quoted
 * name or a comment are text, and a user variable {@code @v} stays one.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MysqlParameterFormTest {
    private static final String DATABASE = "tobira_mysql_form_" + MysqlFixture.RUN;

    private final MysqlDriver driver = new MysqlDriver();
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
    void anotherFormIsRefusedNamingTheForm() {
        for (boolean readOnly : new boolean[] {true, false}) {
            try (Conn conn = driver.open(fixture.server.config(DATABASE, readOnly))) {
                for (List<String> c : List.of(
                        List.of("select name from customers where id = $1", "$1"),
                        List.of("select name from customers where id = ?1", "?1"),
                        List.of("select name from customers where id = :id", ":id"))) {
                    DriverException e = assertThrows(
                            DriverException.class,
                            () -> conn.query(Query.of(c.get(0)).withParams(Value.of(1L)))
                                    .close(),
                            c.get(0));
                    assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
                    assertEquals(
                            "mysql: query: parameters are written ?, not " + c.get(1) + ": invalid argument",
                            e.getMessage());
                }
                DriverException count = assertThrows(
                        DriverException.class,
                        () -> conn.query(Query.of("select ?, ?").withParams(Value.of(1L)))
                                .close());
                assertEquals(
                        "mysql: query: the text has 2 placeholders (?) outside comments and strings, but 1 parameter was"
                                + " given; parameters are written ?: invalid argument",
                        count.getMessage());
            }
        }
    }

    @Test
    void lookalikesInStringsNamesAndCommentsAreText() {
        for (boolean readOnly : new boolean[] {true, false}) {
            try (Conn conn = driver.open(fixture.server.config(DATABASE, readOnly));
                    ResultSet rs = conn.query(Query.of("select '$1 :id ?' as a, `id` as b, ? as c /* $1 ? */ # :id ?\n"
                                    + "from customers where id = 1")
                            .withParams(Value.of(7L)))) {
                assertEquals(
                        List.of(Value.of("$1 :id ?"), Value.of(1), Value.of(7)),
                        rs.next().values());
            }
        }
    }
}
