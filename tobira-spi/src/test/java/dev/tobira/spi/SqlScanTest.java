package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.spi.SqlToken.Type;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SqlScanTest {

    private static SqlScan scan(SqlDialect dialect, String sql) {
        return SqlScan.of(sql, dialect);
    }

    @Test
    void countsStatementsButNotTrailingOrEmptyOnesOrComments() {
        assertEquals(1, scan(SqlDialect.ANSI, "select 1;").statementCount());
        assertEquals(1, scan(SqlDialect.ANSI, "select 1 ;  ; ;; -- done\n").statementCount());
        assertEquals(2, scan(SqlDialect.ANSI, "select 1;; select 2").statementCount());
        assertEquals(
                2,
                scan(SqlDialect.ANSI, "select 1; /* c */ ; select 2; /* trailing */")
                        .statementCount());
        assertEquals(0, scan(SqlDialect.ANSI, "").statementCount());
        assertEquals(0, scan(SqlDialect.ANSI, " ;; -- x\n /* y */ ;").statementCount());
        assertTrue(scan(SqlDialect.ANSI, "/* only */").isEmpty());
        assertFalse(scan(SqlDialect.ANSI, "x").isEmpty());
    }

    @Test
    void semicolonsInsideQuotesAndCommentsDoNotSplit() {
        assertEquals(
                1,
                scan(SqlDialect.POSTGRES, "select ';', \";\", $$;$$, E'\\';' /* ; */ -- ;\n")
                        .statementCount());
        assertEquals(
                1,
                scan(SqlDialect.MYSQL, "select ';', \";\", `;`, '\\';' # ;\n").statementCount());
        assertEquals(
                1, scan(SqlDialect.SQLITE, "select ';', \";\", `;`, [;] -- ;\n").statementCount());
    }

    @Test
    void statementsKnowTheirSpanTextAndKeywords() {
        String sql = "  select a, 'x' from t -- c\n ; \n delete /* d */ from \"T\" where b = 'drop'";
        SqlScan scan = scan(SqlDialect.ANSI, sql);
        SqlScan.Statement first = scan.statements().get(0);
        SqlScan.Statement second = scan.statements().get(1);
        assertEquals("select a, 'x' from t", first.text());
        assertEquals(sql.indexOf("select"), first.start());
        assertEquals(List.of("SELECT", "A", "FROM", "T"), first.keywords());
        assertEquals("delete /* d */ from \"T\" where b = 'drop'", second.text());
        assertEquals(sql.length(), second.end());
        assertEquals(List.of("DELETE", "FROM", "WHERE", "B"), second.keywords());
        assertEquals(Optional.of("DELETE"), second.firstKeyword());
        assertTrue(second.tokens().stream().allMatch(SqlToken::significant));
    }

    @Test
    void firstKeywordSkipsCommentsAndOpeningParentheses() {
        assertEquals(
                Optional.of("SELECT"),
                scan(SqlDialect.ANSI, "-- hi\n/* there */ Select 1").firstKeyword());
        assertEquals(
                Optional.of("SELECT"), scan(SqlDialect.MYSQL, "((select 1))").firstKeyword());
        assertEquals(Optional.empty(), scan(SqlDialect.ANSI, "'select' 1").firstKeyword());
        assertEquals(Optional.empty(), scan(SqlDialect.ANSI, "\"select\"").firstKeyword());
        assertEquals(Optional.empty(), scan(SqlDialect.MYSQL, "/*!select*/ 1").firstKeyword());
        assertEquals(Optional.empty(), scan(SqlDialect.ANSI, ";").firstKeyword());
    }

    private static final String TRIGGER = "create trigger probe_tr after insert on orders begin "
            + "delete from customers; update orders set status = case when 1 then 'x' end; end";

    @Test
    void aTriggerBodyIsPartOfItsStatementInSqlite() {
        SqlScan scan = scan(SqlDialect.SQLITE, TRIGGER);
        assertEquals(1, scan.statementCount());
        assertEquals(TRIGGER, scan.statements().get(0).text());
        assertEquals(Optional.of("CREATE"), scan.firstKeyword());
        assertEquals(
                2,
                scan.statements().get(0).tokens().stream()
                        .filter(t -> t.type() == Type.SEMICOLON)
                        .count());
        // the other dialects know no trigger bodies: three statements there
        assertEquals(3, scan(SqlDialect.ANSI, TRIGGER).statementCount());
        assertEquals(
                3,
                scan(SqlDialect.SQLITE.without(SqlDialect.Feature.TRIGGER_BODIES), TRIGGER)
                        .statementCount());
        assertEquals(
                1,
                scan(SqlDialect.ANSI.with(SqlDialect.Feature.TRIGGER_BODIES), TRIGGER)
                        .statementCount());
    }

    @Test
    void aTriggerEndsAtTheSemicolonAfterItsEnd() {
        assertEquals(1, scan(SqlDialect.SQLITE, TRIGGER + ";").statementCount());
        List<SqlScan.Statement> two =
                scan(SqlDialect.SQLITE, TRIGGER + "; delete from orders").statements();
        assertEquals(2, two.size());
        assertEquals(TRIGGER, two.get(0).text());
        assertEquals("delete from orders", two.get(1).text());
        assertEquals(2, scan(SqlDialect.SQLITE, "select 1; " + TRIGGER).statementCount());
        assertEquals(
                3,
                scan(SqlDialect.SQLITE, TRIGGER + ";" + TRIGGER + " ; ; select 2;")
                        .statementCount());
        // a CASE … END before the semicolon, an END that does not follow a semicolon: still the body
        assertEquals(
                1,
                scan(
                                SqlDialect.SQLITE,
                                "create trigger t before delete on o begin select case when 1 then 2 end;"
                                        + " select case end end; end; ")
                        .statementCount());
        // END after the last semicolon, but not followed by one: SQLite reads on, and so does the scan
        assertEquals(
                1,
                scan(SqlDialect.SQLITE, "create trigger t begin select 1; end select 2; end")
                        .statementCount());
    }

    @Test
    void onlyALeadingCreateTriggerOpensABody() {
        assertEquals(
                1,
                scan(SqlDialect.SQLITE, "CREATE TEMP TRIGGER t BEGIN SELECT 1; END")
                        .statementCount());
        assertEquals(
                1,
                scan(SqlDialect.SQLITE, "Create /* c */ Temporary\nTrigger t begin select 1; End")
                        .statementCount());
        assertEquals(
                1,
                scan(SqlDialect.SQLITE, "explain create trigger t begin select 1; end")
                        .statementCount());
        assertEquals(
                1,
                scan(SqlDialect.SQLITE, "explain query plan create trigger t begin select 1; end")
                        .statementCount());
        // anything else between EXPLAIN and CREATE, or before CREATE, and the semicolons split again
        assertEquals(
                2,
                scan(SqlDialect.SQLITE, "explain select create trigger t begin select 1; end")
                        .statementCount());
        assertEquals(
                2,
                scan(SqlDialect.SQLITE, "(create trigger t begin select 1; end").statementCount());
        assertEquals(
                2, scan(SqlDialect.SQLITE, "create table trigger (a); select 1").statementCount());
        assertEquals(
                2,
                scan(SqlDialect.SQLITE, "select 'create trigger t begin'; delete from t")
                        .statementCount());
        assertEquals(
                2, scan(SqlDialect.SQLITE, "create \"trigger\" t begin x; end").statementCount());
        assertEquals(
                2, scan(SqlDialect.SQLITE, "create -- trigger\n t begin x; end").statementCount());
    }

    @Test
    void anEndInAStringOrCommentDoesNotEndABody() {
        assertEquals(
                1,
                scan(SqlDialect.SQLITE, "create trigger t begin select 1; 'end'; delete from o; end")
                        .statementCount());
        assertEquals(
                1,
                scan(SqlDialect.SQLITE, "create trigger t begin select 1; \"end\"; delete from o; end")
                        .statementCount());
        assertEquals(
                1,
                scan(SqlDialect.SQLITE, "create trigger t begin select 1; [end]; delete from o; end")
                        .statementCount());
        assertEquals(
                1,
                scan(SqlDialect.SQLITE, "create trigger t begin select 1; /* end; */ delete from o; end")
                        .statementCount());
        assertEquals(
                1,
                scan(SqlDialect.SQLITE, "create trigger t begin select 1; -- end;\n delete from o; end")
                        .statementCount());
        // and a comment between END and its semicolon does not stop it ending there
        assertEquals(
                2,
                scan(SqlDialect.SQLITE, "create trigger t begin select 1; end /* x */ ; delete from o")
                        .statementCount());
    }

    @Test
    void findsWordsOnlyInCode() {
        SqlScan scan = scan(
                SqlDialect.POSTGRES,
                "select 'drop', \"delete\", $x$insert$x$ /* update */ -- truncate\n from t where Copy = 1");
        assertEquals(Optional.empty(), scan.findWord(Set.of("drop", "DELETE", "insert", "update", "truncate")));
        assertEquals(Optional.of("COPY"), scan.findWord(Set.of("copy", "program")));
        assertTrue(scan.containsWord("from"));
        assertFalse(scan.containsWord("drop"));
    }

    @Test
    void findsFunctionCalls() {
        SqlScan scan = scan(SqlDialect.POSTGRES, "select pg_catalog.lo_export /* x */ (1, '/tmp/x'), lo_import");
        assertEquals(Optional.of("LO_EXPORT"), scan.findCall(Set.of("lo_import", "lo_export")));
        assertTrue(scan.callsFunction("LO_EXPORT"));
        assertFalse(scan.callsFunction("lo_import"));
        assertTrue(scan(SqlDialect.POSTGRES, "select \"lo_export\"(1)").callsFunction("lo_export"));
        assertTrue(scan(SqlDialect.MYSQL, "select `load_file`('x')").callsFunction("LOAD_FILE"));
        assertTrue(scan(SqlDialect.SQLITE, "select [load_extension]('x')").callsFunction("load_extension"));
        assertTrue(scan(SqlDialect.POSTGRES, "select \"a\"\"b\"()").callsFunction("a\"b"));
        assertFalse(scan(SqlDialect.POSTGRES, "select 'lo_export(1)'").callsFunction("lo_export"));
        assertFalse(scan(SqlDialect.POSTGRES, "select lo_export + (1)").callsFunction("lo_export"));
        assertFalse(scan(SqlDialect.POSTGRES, "select (lo_export)").callsFunction("lo_export"));
    }

    @Test
    void reportsExecutableComments() {
        assertTrue(scan(SqlDialect.MYSQL, "select 1 /*!50000 , sleep(1) */").hasExecutableComment());
        assertFalse(scan(SqlDialect.MYSQL, "select '/*!50000 */'").hasExecutableComment());
        assertFalse(scan(SqlDialect.POSTGRES, "select 1 /*! x */").hasExecutableComment());
        assertEquals(1, scan(SqlDialect.MYSQL, "/*!40101 SET NAMES utf8 */;").statementCount());
    }

    @Test
    void reportsTheUnterminatedToken() {
        SqlScan scan = scan(SqlDialect.ANSI, "select 'abc");
        assertTrue(scan.isUnterminated());
        assertEquals(Type.STRING, scan.unterminated().orElseThrow().type());
        assertEquals(7, scan.unterminated().orElseThrow().start());
        assertFalse(scan(SqlDialect.ANSI, "select 'abc'").isUnterminated());
        assertFalse(scan(SqlDialect.ANSI, "").isUnterminated());
    }

    @Test
    void reportsNul() {
        assertTrue(scan(SqlDialect.MYSQL, "select 1 # \u0000\n; drop").containsNul());
        assertFalse(scan(SqlDialect.MYSQL, "select 1").containsNul());
    }

    @Test
    void exposesItsInputs() {
        SqlScan scan = SqlLexer.of(SqlDialect.SQLITE).scan("select 1");
        assertEquals("select 1", scan.sql());
        assertEquals(SqlDialect.SQLITE, scan.dialect());
        assertEquals(3, scan.tokens().size());
        assertEquals("SqlScan[sqlite, 1 statement(s)]", scan.toString());
        assertThrows(NullPointerException.class, () -> scan.findWord(null));
        assertThrows(NullPointerException.class, () -> SqlScan.of(null, SqlDialect.ANSI));
        assertThrows(UnsupportedOperationException.class, () -> scan.tokens().clear());
    }
}
