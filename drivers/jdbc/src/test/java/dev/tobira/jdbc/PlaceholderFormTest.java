package dev.tobira.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import org.junit.jupiter.api.Test;

/** Issue 31: one placeholder form, {@code ?}, read by tobira's lexer; another form is refused naming it. */
class PlaceholderFormTest {
    private static void check(SqlDialect dialect, String sql, int given) {
        Placeholders.check("t", "query", SqlScan.of(sql, dialect).tokens(), given);
    }

    private static String refused(SqlDialect dialect, String sql, int given) {
        DriverException e = assertThrows(DriverException.class, () -> check(dialect, sql, given), sql);
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
        return e.getMessage();
    }

    @Test
    void otherFormsAreRefusedNamingTheForm() {
        for (SqlDialect d :
                new SqlDialect[] {SqlDialect.POSTGRES, SqlDialect.DUCKDB, SqlDialect.MYSQL, SqlDialect.SQLITE}) {
            assertEquals(
                    "t: query: parameters are written ?, not $1: invalid argument",
                    refused(d, "select $1", 1),
                    d.name());
            assertEquals(
                    "t: query: parameters are written ?, not $2: invalid argument",
                    refused(d, "select ? + $2", 2),
                    d.name());
            assertEquals(
                    "t: query: parameters are written ?, not ?1: invalid argument",
                    refused(d, "select ?1", 1),
                    d.name());
            assertEquals(
                    "t: query: parameters are written ?, not :id: invalid argument",
                    refused(d, "select * from t where id = :id", 1),
                    d.name());
        }
        assertEquals(
                "t: query: parameters are written ?, not $name: invalid argument",
                refused(SqlDialect.DUCKDB, "select $name", 1));
        assertEquals(
                "t: query: parameters are written ?, not $name: invalid argument",
                refused(SqlDialect.SQLITE, "select $name", 1));
        assertEquals(
                "t: query: parameters are written ?, not @id: invalid argument",
                refused(SqlDialect.SQLITE, "select @id", 1));
        assertEquals(
                "t: query: parameters are written ?, not @id: invalid argument",
                refused(SqlDialect.POSTGRES, "select @id", 1));
        // SQLite reads :name as a parameter whatever the count
        assertEquals(
                "t: query: parameters are written ?, not :id: invalid argument",
                refused(SqlDialect.SQLITE, "select :id", 0));
    }

    @Test
    void aCountThatDiffersIsRefusedNamingTheForm() {
        assertEquals(
                "t: query: the text has 2 placeholders (?) outside comments and strings, but 1 parameter was given;"
                        + " parameters are written ?: invalid argument",
                refused(SqlDialect.POSTGRES, "select ?, ?", 1));
        assertEquals(
                "t: query: the text has 0 placeholders (?) outside comments and strings, but 1 parameter was given;"
                        + " parameters are written ?: invalid argument",
                refused(SqlDialect.POSTGRES, "select '?' -- ?", 1));
        refused(SqlDialect.MYSQL, "select ?", 0);
    }

    @Test
    void lookalikesInStringsCommentsAndDollarQuotesAreText() {
        check(SqlDialect.POSTGRES, "select '$1', \"$1\", $$ $1 ? $$, $f$ select $1 $f$ /* $1 ? */ -- $1 ?\n, ?", 1);
        check(SqlDialect.POSTGRES, "select E'\\' $1 ', ?", 1);
        check(SqlDialect.DUCKDB, "select '$1', $$ $1 $$, ?", 1);
        check(SqlDialect.MYSQL, "select '$1', \"?\", `$1`, /* $1 */ # ?\n ?", 1);
        check(SqlDialect.SQLITE, "select ':a', [@b], \"$c\", `?1` /* ? */, ?", 1);
    }

    @Test
    void validSqlThatLooksLikeAParameterStays() {
        check(SqlDialect.POSTGRES, "select a::int, b::text from t where c = ?", 1);
        check(SqlDialect.POSTGRES, "select (array[1,2,3])[1:2]", 0);
        check(SqlDialect.POSTGRES, "select '{\"a\":1}'::jsonb ?? 'a', ?", 1); // pgjdbc's escape of the ? operator
        check(SqlDialect.MYSQL, "select @v := 1, @v", 0);
        check(SqlDialect.MYSQL, "select a$b from t where x = ?", 1);
        check(SqlDialect.DUCKDB, "select {'a': 1}, [1, 2, 3][1:2]", 0);
    }
}
