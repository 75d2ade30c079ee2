package dev.tobira.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import dev.tobira.spi.SqlDialect;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where the base places parameter values for a dialect with {@link JdbcDialect#literals}: at tobira's placeholders only. */
class PlaceholdersTest {
    /** Writes each value as {@code L<text>}, so a test sees where it went. */
    private static final Literals TAGGED = new Literals() {
        @Override
        public SqlDialect dialect() {
            return SqlDialect.MYSQL;
        }

        @Override
        public String literal(Value value) {
            return "L" + value;
        }
    };

    private static String inline(String sql, Value... params) {
        return Placeholders.inline("t", "query", sql, List.of(params), TAGGED);
    }

    @Test
    void valuesGoWhereTheLexerFindsPlaceholders() {
        assertEquals("select  L1 ,  L2 ", inline("select ?, ?", Value.of(1), Value.of(2)));
        assertEquals(
                "select  L1  from t where a =  L2 ", inline("select ? from t where a = ?", Value.of(1), Value.of(2)));
        assertEquals("select  L1 from t", inline("select ?from t", Value.of(1)));
        assertEquals("select 5-L1 ", inline("select 5-?", Value.of(1)));
    }

    @Test
    void placeholdersInCommentsAndStringsAreText() {
        String sql = "select 1 /* ? */, '?', \"?\", `?`, -- ?\n # ?\n ?";
        assertEquals(sql.substring(0, sql.length() - 1) + " L7 ", inline(sql, Value.of(7)));
        // the forms MariaDB Connector/J's parser reads differently: /*/ opens a comment here, --? is no comment
        assertEquals("select 1 /*/ ? */", inline("select 1 /*/ ? */"));
        assertEquals(
                "select 1 --L1 ",
                inline("select 1 --?", Value.of(1)),
                "no space after --, which would make a comment of it");
    }

    @Test
    void aTextWithoutParametersIsReturnedAsItIs() {
        String sql = "select 1";
        assertSame(sql, inline(sql));
    }

    @Test
    void countsMustMatch() {
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                assertThrows(DriverException.class, () -> inline("select ?")).kind());
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                assertThrows(DriverException.class, () -> inline("select 1 /* ? */", Value.of(1)))
                        .kind());
        DriverException e = assertThrows(DriverException.class, () -> inline("select ?, ?", Value.of(1)));
        assertEquals(
                "t: query: the text has 2 placeholders (?) outside comments and strings, but 1 parameter was given: invalid argument",
                e.getMessage());
    }

    @Test
    void numberedPlaceholdersAreRefused() {
        DriverException e = assertThrows(DriverException.class, () -> inline("select ?1", Value.of(1)));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
    }
}
