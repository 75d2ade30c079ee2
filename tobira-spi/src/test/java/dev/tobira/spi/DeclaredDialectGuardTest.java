package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.SqlDialect.Feature;
import dev.tobira.spi.SqlDialect.IdentifierCase;
import dev.tobira.spi.SqlDialect.StatementKind;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A dialect none of the built-in ones is, declared the way a driver author declares a new engine:
 * an upper-folding server with {@code //} and {@code --} line comments, flat block comments, a read
 * statement of its own ({@code SCRIPT}, as H2 has) and a writing one ({@code RUNSCRIPT}). The guard
 * reads exactly what such a server reads, so a write that a lexer blind to {@code //} would pass is
 * refused, the engine's own read passes, and a word nobody declared still fails closed.
 */
class DeclaredDialectGuardTest {
    /** The extra dialect: H2-like. */
    static final SqlDialect SLASHDB = SqlDialect.of("slashdb", Feature.DOUBLE_SLASH_COMMENTS)
            .withIdentifierCase(IdentifierCase.UPPER)
            .withStatementWords(StatementKind.READ, "SCRIPT")
            .withStatementWords(StatementKind.OTHER, "RUNSCRIPT");

    /** The same server read by a lexer that does not know its {@code //} comments: the bypass. */
    private static final SqlDialect BLIND = SLASHDB.without(Feature.DOUBLE_SLASH_COMMENTS);

    private static final StatementGuard GUARD = guard(SLASHDB);

    private static StatementGuard guard(SqlDialect dialect) {
        return StatementGuard.builder("slashdb")
                .dialect(dialect)
                .allow("SELECT", "WITH", "VALUES", "EXPLAIN")
                .forbidWords("INTO")
                .forbidFunctions("file_write")
                // H2's SCRIPT TO 'file' writes a file: a declared read still needs the engine's own rules
                .rule(scan -> scan.firstKeyword().orElse("").equals("SCRIPT") && scan.containsWord("TO")
                        ? Optional.of("SCRIPT TO is not allowed on a read-only connection")
                        : Optional.empty())
                .build();
    }

    private static DriverException refused(StatementGuard guard, String sql) {
        return assertThrows(DriverException.class, () -> guard.check(sql), sql);
    }

    @Test
    void aWriteHiddenInWhatABlindLexerReadsAsAStringIsRefused() {
        // the server reads "// '" as a comment, so INTO is code; a lexer blind to // reads a string
        String into = "SELECT * // '\n INTO T2 FROM T --'";
        guard(BLIND).check(into);
        DriverException e = refused(GUARD, into);
        assertEquals(ErrorKind.READ_ONLY, e.kind());
        assertEquals(
                "slashdb: query: INTO is not allowed on a read-only connection: read-only violation", e.getMessage());

        String stacked = "SELECT 1 // '\n; DELETE FROM T --'";
        guard(BLIND).check(stacked);
        assertEquals(2, SqlScan.of(stacked, SLASHDB).statementCount());
        assertEquals(
                "slashdb: query: multiple statements are not supported yet: invalid query",
                refused(GUARD, stacked).getMessage());

        String call = "SELECT 1 // '\n, FILE_WRITE('x', 'y') --'";
        guard(BLIND).check(call);
        assertEquals(
                "slashdb: query: file_write() is not allowed on a read-only connection: read-only violation",
                refused(GUARD, call).getMessage());
    }

    @Test
    void dashAndDoubleSlashCommentsHideNothingFromEachOther() {
        for (String sql : List.of(
                "SELECT A -- // '\n INTO X FROM T",
                "SELECT A // -- '\n INTO X FROM T",
                "SELECT A /* // */ INTO X FROM T",
                "SELECT A // /*\n INTO X FROM T -- */",
                "SELECT A -- /*\n INTO X FROM T // */")) {
            assertEquals(ErrorKind.READ_ONLY, refused(GUARD, sql).kind(), sql);
        }
        // what the server reads as a comment is a comment: nothing in it runs
        for (String sql : List.of(
                "SELECT 1 // ; DELETE FROM T",
                "SELECT 1 -- ; DELETE FROM T",
                "SELECT 1 // INTO X\n",
                "SELECT 'a//b', \"X//Y\" FROM T // DROP TABLE T")) {
            assertEquals(1, GUARD.check(sql).statementCount(), sql);
        }
        // block comments do not nest on this server: the first */ ends one
        assertEquals(
                ErrorKind.READ_ONLY,
                refused(GUARD, "SELECT /* /* */ 1 INTO X FROM T -- */").kind());
    }

    @Test
    void aServerWithoutDashCommentsSeesTheCodeAfterIt() {
        StatementGuard noDash = guard(SLASHDB.with(Feature.NO_DASH_COMMENTS));
        // the server reads 1 - - ; DELETE …: two statements, where a lexer with -- comments sees one
        assertEquals(1, GUARD.check("SELECT 1 -- ; DELETE FROM T").statementCount());
        assertEquals(
                ErrorKind.SYNTAX, refused(noDash, "SELECT 1 -- ; DELETE FROM T").kind());
        assertEquals(
                ErrorKind.READ_ONLY,
                refused(noDash, "SELECT 1 -- 1 INTO X FROM T").kind());
        assertEquals(1, noDash.check("SELECT 1 // -- ; DELETE FROM T").statementCount());
    }

    @Test
    void theEnginesOwnReadStatementIsAccepted() {
        for (String sql : List.of("SCRIPT", "script", "Script NODATA", "  // dump\nSCRIPT SIMPLE", "(SCRIPT)")) {
            assertEquals(1, GUARD.check(sql).statementCount(), sql);
        }
        assertEquals(
                "slashdb: query: SCRIPT TO is not allowed on a read-only connection: read-only violation",
                refused(GUARD, "SCRIPT TO 'dump.sql'").getMessage());
        // undeclared, the same word is what it was before: a word no statement begins with
        StatementGuard undeclared = StatementGuard.builder("slashdb")
                .dialect(SqlDialect.of("slashdb"))
                .allow("SELECT")
                .build();
        assertEquals(ErrorKind.SYNTAX, refused(undeclared, "SCRIPT").kind());
    }

    @Test
    void unknownStatementWordsFailClosed() {
        for (String sql : List.of(
                "FROBNICATE T", "SCRIPTS", "SCRIP", "RUN SCRIPT", "SCRIPT_ALL", "SELEC 1", "SELECT 1; FROBNICATE")) {
            assertEquals(ErrorKind.SYNTAX, refused(GUARD, sql).kind(), sql);
        }
        DriverException e = refused(GUARD, "FROBNICATE T");
        assertEquals("slashdb: query: the text does not begin with a statement keyword: syntax error", e.getMessage());
        // a declared statement that is not a read, and the writes every guard knows: read-only violations
        for (String sql : List.of(
                "RUNSCRIPT FROM 'x.sql'",
                "runscript",
                "DELETE FROM T",
                "MERGE INTO T KEY(ID) VALUES (1)",
                "CREATE TABLE X(A INT)",
                "SET MODE MySQL")) {
            DriverException w = refused(GUARD, sql);
            assertEquals(ErrorKind.READ_ONLY, w.kind(), sql);
        }
        assertEquals(
                "slashdb: query: only SELECT, WITH, VALUES, EXPLAIN and SCRIPT statements are allowed"
                        + " on a read-only connection: read-only violation",
                refused(GUARD, "RUNSCRIPT FROM 'x'").getMessage());
    }

    @Test
    void theBuilderDeclaresStatementWordsToo() {
        StatementGuard guard = StatementGuard.builder("h2")
                .dialect(SqlDialect.of("h2"))
                .allow("SELECT")
                .statementWords(StatementKind.READ, "peek", "SCRIPT")
                .statementWords(StatementKind.OTHER, "RUNSCRIPT", "BACKUP")
                .build();
        guard.check("SCRIPT");
        guard.check("peek tables");
        assertEquals(ErrorKind.READ_ONLY, refused(guard, "RUNSCRIPT FROM 'x'").kind());
        assertEquals(ErrorKind.SYNTAX, refused(guard, "FROBNICATE").kind());
        assertEquals("only SELECT, PEEK and SCRIPT statements are allowed on a read-only connection", guard.refusal());
        // a statement every guard knows is allowed with allow(), never declared a read
        assertThrows(
                IllegalArgumentException.class,
                () -> StatementGuard.builder("h2").statementWords(StatementKind.READ, "show"));
        // the builder's kind wins over the dialect's
        StatementGuard stricter = StatementGuard.builder("slashdb")
                .dialect(SLASHDB)
                .allow("SELECT")
                .statementWords(StatementKind.OTHER, "script")
                .build();
        assertEquals(ErrorKind.READ_ONLY, refused(stricter, "SCRIPT").kind());
        assertThrows(
                IllegalArgumentException.class,
                () -> StatementGuard.builder("x").statementWords(StatementKind.READ, "Delete"));
        assertThrows(
                IllegalArgumentException.class,
                () -> StatementGuard.builder("x").statementWords(StatementKind.READ, "a b"));
        assertThrows(
                NullPointerException.class, () -> StatementGuard.builder("x").statementWords(null, "a"));
    }

    @Test
    void aDeclaredReadNeverTurnsAnAllowListOn() {
        // without an allow-list every statement passes; a dialect's declarations must not change that
        StatementGuard open = StatementGuard.builder("slashdb")
                .dialect(SLASHDB)
                .forbidWords("INTO")
                .build();
        open.check("FROBNICATE T");
        open.check("RUNSCRIPT FROM 'x'");
        open.check("SCRIPT");
        assertEquals("this statement is not allowed on a read-only connection", open.refusal());
        assertEquals(ErrorKind.READ_ONLY, refused(open, "SELECT 1 // x\nINTO Y").kind());
    }

    @Test
    void anUpperFoldingServersNamesAreOneNameToTheGuard() {
        // FILE_WRITE, "FILE_WRITE" and file_write name one function on this server; "file_write"
        // another, refused too, since refusing a name the server tells apart is safe
        for (String sql : List.of(
                "SELECT FILE_WRITE('a', 'b')",
                "SELECT file_write('a', 'b')",
                "SELECT \"FILE_WRITE\"('a', 'b')",
                "SELECT File_Write('a', 'b')",
                "SELECT \"file_write\"('a', 'b')",
                "SELECT PUBLIC.\"FILE_WRITE\"('a', 'b')",
                "SELECT FILE_WRİTE('a', 'b')",
                "SELECT fıle_write('a', 'b')",
                "SELECT FILE_WRITE // x\n('a', 'b')")) {
            assertEquals(ErrorKind.READ_ONLY, refused(GUARD, sql).kind(), sql);
        }
        List<SqlToken> tokens = SqlLexer.of(SLASHDB).tokenize("\"FILE_WRITE\" file_write \"file_write\"");
        assertEquals(SLASHDB.identifierKey(tokens.get(0)), SLASHDB.identifierKey(tokens.get(2)));
        assertEquals("FILE_WRITE", SLASHDB.identifierKey(tokens.get(2)));
        assertEquals("file_write", SLASHDB.identifierKey(tokens.get(4)));
    }

    @Test
    void mysqlExecutableCommentsStayRefusedWhateverElseIsDeclared() {
        StatementGuard mysql = StatementGuard.builder("mysql")
                .dialect(SqlDialect.MYSQL
                        .with(Feature.DOUBLE_SLASH_COMMENTS)
                        .withIdentifierCase(IdentifierCase.UPPER)
                        .withStatementWords(StatementKind.READ, "SCRIPT"))
                .allow("SELECT")
                .build();
        for (String sql : List.of(
                "SELECT 1 /*! , SLEEP(1) */", "SCRIPT /*!50000 DELETE FROM T */", "SELECT 1 # x\n/*M! INTO X */")) {
            DriverException e = refused(mysql, sql);
            assertEquals(ErrorKind.READ_ONLY, e.kind(), sql);
            assertEquals(
                    "mysql: query: executable comments are not allowed on a read-only connection: read-only violation",
                    e.getMessage());
        }
        mysql.check("SELECT 1 // /*! DELETE */");
    }
}
