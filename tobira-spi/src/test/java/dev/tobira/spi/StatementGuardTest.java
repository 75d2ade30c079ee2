package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StatementGuardTest {
    private static final String SQLITE_DETAIL = "only SELECT, WITH, VALUES, EXPLAIN and read-only PRAGMA statements "
            + "are allowed on a read-only connection";
    private static final String SQLITE_REFUSAL = "sqlite: query: only SELECT, WITH, VALUES, EXPLAIN and read-only "
            + "PRAGMA statements are allowed on a read-only connection: read-only violation";

    /** A guard shaped like the SQLite driver's: an allow-list, and a rule that lets only reading PRAGMAs pass. */
    private static final StatementGuard SQLITE = StatementGuard.builder("sqlite")
            .dialect(SqlDialect.SQLITE)
            .allow("SELECT", "WITH", "VALUES", "EXPLAIN")
            .allowAs("PRAGMA", "read-only PRAGMA")
            .rule(scan -> scan.firstKeyword().orElse("").equals("PRAGMA")
                            && scan.tokens().stream().anyMatch(t -> t.text().equals("="))
                    ? Optional.of(SQLITE_DETAIL)
                    : Optional.empty())
            .build();

    private static DriverException refused(StatementGuard guard, String sql) {
        return assertThrows(DriverException.class, () -> guard.check(sql));
    }

    /** Issue 15: a typo in the leading word is a query error (exit 3), not a read-only violation (exit 4). */
    @Test
    void aLeadingWordThatBeginsNoStatementIsASyntaxError() {
        DriverException e = assertThrows(DriverException.class, () -> SQLITE.check("selec 1"));
        assertEquals(ErrorKind.SYNTAX, e.kind(), e.getMessage());
        assertEquals("sqlite: query: the text does not begin with a statement keyword: syntax error", e.getMessage());
        assertEquals(
                ErrorKind.SYNTAX,
                assertThrows(DriverException.class, () -> SQLITE.check("select 1; frobnicate"))
                        .kind());
        assertEquals(
                ErrorKind.READ_ONLY,
                assertThrows(DriverException.class, () -> SQLITE.check("delete from t"))
                        .kind(),
                "a write keyword stays a read-only violation");
        assertEquals(
                ErrorKind.READ_ONLY,
                assertThrows(DriverException.class, () -> SQLITE.check("vacuum"))
                        .kind());
    }

    @Test
    void aByteOrderMarkOutsideStringsAndCommentsIsASyntaxError() {
        DriverException e = assertThrows(DriverException.class, () -> SQLITE.check("\ufeffselect 1"));
        assertEquals(ErrorKind.SYNTAX, e.kind(), "no server reads it as white space; not a read-only refusal");
        assertEquals(
                "sqlite: query: the query text holds a byte order mark (U+FEFF) outside a string or comment; remove it:"
                        + " syntax error",
                e.getMessage());
        assertEquals(
                ErrorKind.SYNTAX,
                assertThrows(DriverException.class, () -> SQLITE.checkSingleStatement("select 1\ufeff"))
                        .kind());
        SQLITE.check("select '\ufeff' -- \ufeff");
    }

    @Test
    void sqliteWordingIsReproducedExactly() {
        DriverException e = refused(SQLITE, "delete from customers");
        assertEquals(ErrorKind.READ_ONLY, e.kind());
        assertEquals(SQLITE_REFUSAL, e.getMessage());
        assertEquals(SQLITE_REFUSAL, refused(SQLITE, "PRAGMA query_only = 0").getMessage());
        assertEquals("sqlite", e.driver());
        assertEquals("query", e.op());
    }

    @Test
    void allowedStatementsPass() {
        for (String sql : new String[] {
            "select name, country from customers order by id",
            "  -- leading comment\n WITH x AS (SELECT 1) SELECT * FROM x;",
            "values (1), (2)",
            "explain query plan select 1",
            "pragma table_info(customers)",
            "select 'delete from customers; drop table t' as s /* drop */ -- delete\n",
            "(select 1)"
        }) {
            assertEquals(1, SQLITE.check(sql).statementCount(), sql);
        }
    }

    @Test
    void multipleStatementsHaveTheFixedMessage() {
        DriverException e = refused(SQLITE, "select 1; select 2");
        assertEquals(ErrorKind.SYNTAX, e.kind());
        assertEquals("sqlite: query: multiple statements are not supported yet: invalid query", e.getMessage());
        DriverException writable = assertThrows(
                DriverException.class, () -> SQLITE.checkSingleStatement("insert into t values (1); delete from t"));
        assertEquals(ErrorKind.SYNTAX, writable.kind());
        assertEquals("sqlite: query: multiple statements are not supported yet: invalid query", writable.getMessage());
        assertEquals(e.getMessage(), StatementGuard.multipleStatements("sqlite").getMessage());
    }

    /** Issue 29: several statements are refused as such before anything is read of what they are. */
    @Test
    void aWriteAmongSeveralStatementsIsRefusedAsSeveralStatements() {
        DriverException e = refused(SQLITE, "select 1; delete from t");
        assertEquals(ErrorKind.SYNTAX, e.kind());
        assertEquals("sqlite: query: multiple statements are not supported yet: invalid query", e.getMessage());
    }

    @Test
    void aTriggerIsOneStatementWritableAndAWriteReadOnly() {
        String trigger = "create trigger probe_tr after insert on orders begin delete from customers;"
                + " update orders set status = case when new.id > 1 then 'x' else 'y' end; end";
        assertEquals(1, SQLITE.checkSingleStatement(trigger).statementCount());
        assertEquals(1, SQLITE.checkSingleStatement(trigger + ";").statementCount());
        DriverException readOnly = refused(SQLITE, trigger);
        assertEquals(ErrorKind.READ_ONLY, readOnly.kind());
        assertEquals(SQLITE_REFUSAL, readOnly.getMessage());
        // a statement after the trigger is still a second statement
        assertEquals(
                ErrorKind.SYNTAX,
                assertThrows(DriverException.class, () -> SQLITE.checkSingleStatement(trigger + "; delete from orders"))
                        .kind());
        assertEquals(ErrorKind.SYNTAX, refused(SQLITE, "select 1; " + trigger).kind());
        // an EXPLAIN of a trigger is one statement, and reads
        assertEquals(1, SQLITE.check("explain " + trigger).statementCount());
    }

    @Test
    void singleStatementRuleCanBeTurnedOff() {
        StatementGuard guard = StatementGuard.builder("x")
                .allow("select")
                .singleStatement(false)
                .build();
        assertEquals(2, guard.check("select 1; select 2").statementCount());
        assertEquals(
                ErrorKind.READ_ONLY,
                assertThrows(DriverException.class, () -> guard.check("select 1; update t set a = 1"))
                        .kind());
        assertEquals(
                ErrorKind.SYNTAX,
                assertThrows(DriverException.class, () -> guard.checkSingleStatement("select 1; select 2"))
                        .kind());
    }

    @Test
    void writableCheckIgnoresTheReadOnlyRules() {
        assertEquals(1, SQLITE.checkSingleStatement("delete from customers;").statementCount());
        StatementGuard mysql = StatementGuard.builder("mysql")
                .dialect(SqlDialect.MYSQL)
                .allow("select")
                .build();
        assertEquals(1, mysql.checkSingleStatement("/*!40101 SET NAMES utf8 */").statementCount());
    }

    @Test
    void unterminatedTextIsASyntaxError() {
        assertEquals(
                "sqlite: query: unterminated string literal: syntax error",
                refused(SQLITE, "select 'abc").getMessage());
        assertEquals(
                "sqlite: query: unterminated quoted identifier: syntax error",
                refused(SQLITE, "select [abc").getMessage());
        assertEquals(
                "sqlite: query: unterminated comment: syntax error",
                refused(SQLITE, "select 1 /* abc").getMessage());
        StatementGuard mysql =
                StatementGuard.builder("mysql").dialect(SqlDialect.MYSQL).build();
        assertEquals(
                "mysql: query: unterminated executable comment: syntax error",
                assertThrows(DriverException.class, () -> mysql.checkSingleStatement("select 1 /*! x"))
                        .getMessage());
        assertEquals(
                ErrorKind.SYNTAX,
                assertThrows(DriverException.class, () -> SQLITE.checkSingleStatement("insert into t values ('x"))
                        .kind());
    }

    @Test
    void emptyTextIsAnInvalidArgument() {
        for (String sql : new String[] {"", "   ", ";", " ;; ", "-- nothing\n", "/* nothing */"}) {
            DriverException e = refused(SQLITE, sql);
            assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), sql);
            assertEquals("sqlite: query: empty query: invalid argument", e.getMessage());
            assertEquals(
                    ErrorKind.INVALID_ARGUMENT,
                    assertThrows(DriverException.class, () -> SQLITE.checkSingleStatement(sql))
                            .kind());
        }
    }

    @Test
    void nulIsASyntaxError() {
        StatementGuard mysql = StatementGuard.builder("mysql")
                .dialect(SqlDialect.MYSQL)
                .allow("select")
                .build();
        DriverException e = assertThrows(DriverException.class, () -> mysql.check("select 1 # \u0000\n; drop table t"));
        assertEquals("mysql: query: the query text holds a NUL character: syntax error", e.getMessage());
    }

    @Test
    void executableCommentsAreRefusedOnTheReadOnlyPath() {
        StatementGuard mysql = StatementGuard.builder("mysql")
                .dialect(SqlDialect.MYSQL)
                .allow("select")
                .build();
        DriverException e = assertThrows(DriverException.class, () -> mysql.check("select 1 /*!50000 , sleep(1) */"));
        assertEquals(ErrorKind.READ_ONLY, e.kind());
        assertEquals(
                "mysql: query: executable comments are not allowed on a read-only connection: read-only violation",
                e.getMessage());
        assertEquals(
                ErrorKind.READ_ONLY,
                assertThrows(DriverException.class, () -> mysql.check("/*M! delete from t */ select 1"))
                        .kind());
        assertEquals(1, mysql.check("select 1 /* plain */ -- x\n # y").statementCount());
    }

    @Test
    void mysqlDashRuleCannotHideAStatement() {
        StatementGuard mysql = StatementGuard.builder("mysql")
                .dialect(SqlDialect.MYSQL)
                .allow("select")
                .build();
        assertEquals(
                ErrorKind.SYNTAX,
                assertThrows(DriverException.class, () -> mysql.check("select 1--1; select 2"))
                        .kind());
        assertEquals(1, mysql.check("select 1-- 1; delete from t").statementCount());
    }

    @Test
    void forbiddenWordsAndFunctions() {
        StatementGuard pg = StatementGuard.builder("postgres")
                .dialect(SqlDialect.POSTGRES)
                .forbidWords("do", "PROGRAM")
                .forbidFunctions("lo_export", "pg_read_file")
                .build();
        assertEquals(
                "postgres: query: DO is not allowed on a read-only connection: read-only violation",
                assertThrows(DriverException.class, () -> pg.check("DO $$ begin delete from t; end $$"))
                        .getMessage());
        assertEquals(
                "postgres: query: PROGRAM is not allowed on a read-only connection: read-only violation",
                assertThrows(DriverException.class, () -> pg.check("copy t to program 'rm -rf /'"))
                        .getMessage());
        assertEquals(
                "postgres: query: lo_export() is not allowed on a read-only connection: read-only violation",
                assertThrows(DriverException.class, () -> pg.check("select LO_EXPORT(1, '/tmp/x')"))
                        .getMessage());
        assertEquals(
                1,
                pg.check("select 'do', \"program\", $q$lo_export(1)$q$, lo_export /* not a call */")
                        .statementCount());
        assertEquals(1, pg.check("update t set a = 1").statementCount());
    }

    @Test
    void customRulesRunInOrderWithTheirOwnDetail() {
        StatementGuard guard = StatementGuard.builder("pg")
                .dialect(SqlDialect.POSTGRES)
                .rule(scan -> scan.firstKeyword().filter("COPY"::equals).isPresent() && scan.containsWord("PROGRAM")
                        ? Optional.of("COPY TO PROGRAM is not allowed on a read-only connection")
                        : Optional.empty())
                .rule(scan -> Optional.of("second rule"))
                .build();
        assertEquals(
                "pg: query: COPY TO PROGRAM is not allowed on a read-only connection: read-only violation",
                assertThrows(DriverException.class, () -> guard.check("COPY t TO PROGRAM 'x'"))
                        .getMessage());
        assertEquals(
                "pg: query: second rule: read-only violation",
                assertThrows(DriverException.class, () -> guard.check("select 1"))
                        .getMessage());
        StatementGuard broken = StatementGuard.builder("pg").rule(scan -> null).build();
        assertThrows(NullPointerException.class, () -> broken.check("select 1"));
    }

    @Test
    void defaultRefusalIsBuiltFromTheAllowList() {
        assertEquals(
                "only SELECT statements are allowed on a read-only connection",
                StatementGuard.builder("x").allow("select").build().refusal());
        assertEquals(
                "only SELECT and SHOW statements are allowed on a read-only connection",
                StatementGuard.builder("x").allow("select", "Show").build().refusal());
        assertEquals(
                "only SELECT, WITH and VALUES statements are allowed on a read-only connection",
                StatementGuard.builder("x")
                        .allow("select", "with")
                        .allow("values", "select")
                        .build()
                        .refusal());
        assertEquals(
                "this statement is not allowed on a read-only connection",
                StatementGuard.builder("x").build().refusal());
        StatementGuard custom = StatementGuard.builder("x")
                .allow("select")
                .refusal("reads only")
                .build();
        assertEquals(
                "x: query: reads only: read-only violation",
                assertThrows(DriverException.class, () -> custom.check("insert into t values (1)"))
                        .getMessage());
    }

    @Test
    void statementsThatDoNotBeginWithAWordAreRefusedByAnAllowList() {
        assertEquals(ErrorKind.READ_ONLY, refused(SQLITE, "'select' 1").kind());
        assertEquals(ErrorKind.READ_ONLY, refused(SQLITE, "\"select\" from t").kind());
        assertEquals(ErrorKind.READ_ONLY, refused(SQLITE, "?").kind());
    }

    @Test
    void withoutAnAllowListAnyStatementKindPasses() {
        StatementGuard guard = StatementGuard.builder("x").build();
        assertEquals(1, guard.check("insert into t values (1)").statementCount());
    }

    @Test
    void builderRejectsBadArguments() {
        StatementGuard.Builder b = StatementGuard.builder("x");
        assertThrows(NullPointerException.class, () -> StatementGuard.builder(null));
        assertThrows(IllegalArgumentException.class, () -> b.allow("select *"));
        assertThrows(IllegalArgumentException.class, () -> b.allow(""));
        assertThrows(IllegalArgumentException.class, () -> b.forbidWords("1x"));
        assertThrows(IllegalArgumentException.class, () -> b.forbidFunctions("a(b"));
        assertThrows(NullPointerException.class, () -> b.allowAs("select", null));
        assertThrows(NullPointerException.class, () -> b.dialect(null));
        assertThrows(NullPointerException.class, () -> b.rule(null));
        assertThrows(NullPointerException.class, () -> b.build().check(null));
    }

    @Test
    void defaultRefusalMatchesTheSqliteWording() {
        assertEquals(SQLITE_DETAIL, SQLITE.refusal());
    }

    @Test
    void exposesItsSettings() {
        assertEquals("sqlite", SQLITE.driver());
        assertEquals(SqlDialect.SQLITE, SQLITE.dialect());
        assertEquals("StatementGuard[sqlite, sqlite]", SQLITE.toString());
    }
}
