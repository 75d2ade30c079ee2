package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 29: a function name is compared as the server reads it, whatever escapes its quoted form
 * holds, and every Unicode space separates tokens.
 */
class QuotedNameDecodingTest {
    private static final StatementGuard BIGQUERY = StatementGuard.builder("bigquery")
            .dialect(SqlDialect.BIGQUERY)
            .allow("SELECT", "WITH")
            .forbidWords("TRUNCATE")
            .forbidFunctions("EXTERNAL_QUERY")
            .build();
    private static final StatementGuard POSTGRES = StatementGuard.builder("postgres")
            .dialect(SqlDialect.POSTGRES)
            .allow("SELECT", "WITH")
            .forbidFunctions("pg_read_file", "lo_export")
            .build();
    private static final StatementGuard DUCKDB = StatementGuard.builder("duckdb")
            .dialect(SqlDialect.DUCKDB)
            .allow("SELECT")
            .forbidFunctions("read_text")
            .build();
    private static final StatementGuard MYSQL = StatementGuard.builder("mysql")
            .dialect(SqlDialect.MYSQL)
            .allow("SELECT")
            .forbidFunctions("load_file")
            .build();

    private static void refused(StatementGuard guard, String sql) {
        DriverException e = assertThrows(DriverException.class, () -> guard.check(sql), sql);
        assertEquals(ErrorKind.READ_ONLY, e.kind(), sql + " -> " + e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "select * from `EXTERNAL\\x5fQUERY`('c', 'select 1')",
                "select * from `EXTERNAL\\X5FQUERY`('c', 'select 1')",
                "select * from `EXTERNAL\\u005FQUERY`('c', 'select 1')",
                "select * from `EXTERNAL\\U0000005fQUERY`('c', 'select 1')",
                "select * from `EXTERNAL\\137QUERY`('c', 'select 1')",
                "select * from `\\x45XTERNAL_QUERY`('c', 'select 1')",
                "select * from `region-us.EXTERNAL_QUERY`('c', 'select 1')",
                "select * from `region-us`.`external_query`('c', 'select 1')",
                "select * from `region-us`.EXTERNAL_QUERY('c', 'select 1')",
                "select * from `ｅｘｔｅｒｎａｌ_ｑｕｅｒｙ`('c', 'select 1')",
                "select * from EXTERNAL_QUERY\u00a0('c', 'select 1')",
                "select * from EXTERNAL_QUERY\u2003('c', 'select 1')",
                "select * from\u3000EXTERNAL_QUERY('c', 'select 1')",
            })
    void bigQueryDecodesBacktickNamesAndUnicodeSpaces(String sql) {
        refused(BIGQUERY, sql);
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u00a0", "\u2003", "\u3000", "\u2028", "\u0085", "\u200b", "\u1680", "\u202f"})
    void everyUnicodeSpaceSeparatesWordsWhereTheDialectSaysSo(String space) {
        refused(BIGQUERY, "select (1)" + space + "TRUNCATE table t");
        List<SqlToken> tokens = SqlLexer.of(SqlDialect.BIGQUERY).tokenize("a" + space + "b");
        assertEquals(
                List.of(SqlToken.Type.WORD, SqlToken.Type.WHITESPACE, SqlToken.Type.WORD),
                tokens.stream().map(SqlToken::type).toList());
        // PostgreSQL, DuckDB, MySQL and SQLite take such a space into a name, and so does their lexer
        for (SqlDialect server : List.of(SqlDialect.POSTGRES, SqlDialect.DUCKDB, SqlDialect.MYSQL, SqlDialect.SQLITE)) {
            assertEquals(
                    List.of(SqlToken.Type.WORD),
                    SqlLexer.of(server).tokenize("a" + space + "b").stream()
                            .map(SqlToken::type)
                            .toList(),
                    server.name());
        }
    }

    /**
     * Review of issue 29: a boundary the server does not see must not start a string the server does
     * not read. PostgreSQL and DuckDB read {@code x\u00a0$$} and {@code x\u00a0E} as names, so the call
     * behind them is a call.
     */
    @ParameterizedTest
    @ValueSource(strings = {"\u00a0", "\u2003", "\u3000", "\u200b"})
    void aUnicodeSpaceBeforeADollarQuoteOrAnEscapeStringHidesNoCall(String space) {
        refused(POSTGRES, "select 1 as x" + space + "$$, lo_export(1, '/tmp/f') --$$");
        refused(POSTGRES, "select x" + space + "E'\\', lo_export(1, '/tmp/f') --'");
        refused(DUCKDB, "select 1 as x" + space + "$$, read_text('/etc/passwd') --$$");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "select U&\"pg_\\0072ead_file\"('/etc/passwd')",
                "select u&\"pg_\\+000072ead_file\"('/etc/passwd')",
                "select U&\"pg_!0072ead_file\" UESCAPE '!' ('/etc/passwd')",
                "select U&\"pg_!0072ead_file\" /* c */ uescape /* c */ '!' /* c */ ('/etc/passwd')",
                "select pg_catalog.U&\"lo\\005Fexport\"(1, '/tmp/x')",
                "select \"pg_read_file\"('/etc/passwd')",
            })
    void postgresDecodesUnicodeEscapeIdentifiers(String sql) {
        refused(POSTGRES, sql);
        refused(
                DUCKDB,
                sql.replace("pg_\\0072ead_file", "read\\005Ftext")
                        .replace("pg_\\+000072ead_file", "read\\+00005Ftext")
                        .replace("pg_!0072ead_file", "read!005Ftext")
                        .replace("lo\\005Fexport", "read\\005Ftext")
                        .replace("\"pg_read_file\"", "\"read_text\""));
    }

    @Test
    void mysqlComparesNamesAsItsCollationDoes() {
        refused(MYSQL, "select `load_file`('/etc/passwd')");
        refused(MYSQL, "select `LOAD_FILE`('/etc/passwd')");
        refused(MYSQL, "select `lóad_file`('/etc/passwd')");
    }

    @Test
    void aQuotedNameThatOnlyLooksLikeOneStillPasses() {
        BIGQUERY.check("select `EXTERNAL\\\\x5fQUERY` from t");
        BIGQUERY.check("select 'EXTERNAL_QUERY(' from t");
        POSTGRES.check("select U&\"pg_\\0072ead_file\" from t");
    }

    /** Issue 29 item 4: a text of several statements is refused as such before anything else is read. */
    @Test
    void multipleStatementsAreRefusedBeforeTheAllowList() {
        for (StatementGuard guard : List.of(BIGQUERY, POSTGRES, MYSQL)) {
            DriverException e = assertThrows(DriverException.class, () -> guard.check("select 1; delete from orders"));
            assertEquals(ErrorKind.SYNTAX, e.kind());
            assertEquals(
                    guard.driver() + ": query: multiple statements are not supported yet: invalid query",
                    e.getMessage());
            e = assertThrows(DriverException.class, () -> guard.check("delete from orders; select 1"));
            assertEquals(ErrorKind.SYNTAX, e.kind(), e.getMessage());
        }
    }
}
