package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class SqlDialectTest {

    @Test
    void presetsHaveTheDocumentedOptions() {
        SqlDialect a = SqlDialect.ANSI;
        assertEquals("ansi", a.name());
        assertTrue(a.nestedComments() && a.carriageReturnEndsLineComment());
        assertFalse(a.backslashEscapes() || a.escapeStrings() || a.dollarQuotes() || a.doubleQuotedStrings()
                || a.backtickIdentifiers() || a.bracketIdentifiers() || a.hashComments() || a.executableComments()
                || a.dashCommentNeedsSpace() || a.tclVariables() || a.bracketEscapes() || a.triggerBodies());

        SqlDialect s = SqlDialect.SQLITE;
        assertTrue(s.backtickIdentifiers() && s.bracketIdentifiers() && s.tclVariables() && s.triggerBodies());
        assertFalse(s.nestedComments() || s.carriageReturnEndsLineComment() || s.bracketEscapes()
                || s.doubleQuotedStrings() || s.dollarQuotes() || s.hashComments());

        SqlDialect p = SqlDialect.POSTGRES;
        assertTrue(p.escapeStrings() && p.dollarQuotes() && p.nestedComments() && p.carriageReturnEndsLineComment());
        assertFalse(p.backslashEscapes() || p.doubleQuotedStrings() || p.backtickIdentifiers() || p.hashComments()
                || p.triggerBodies());

        SqlDialect m = SqlDialect.MYSQL;
        assertTrue(m.backslashEscapes() && m.doubleQuotedStrings() && m.backtickIdentifiers() && m.hashComments()
                && m.dashCommentNeedsSpace() && m.executableComments());
        assertFalse(m.nestedComments() || m.carriageReturnEndsLineComment() || m.dollarQuotes() || m.escapeStrings()
                || m.triggerBodies());

        assertEquals(SqlDialect.POSTGRES.withName("duckdb"), SqlDialect.DUCKDB);
    }

    @Test
    void eachWitherChangesExactlyItsOwnOption() {
        List<Function<SqlDialect, Boolean>> getters = List.of(SqlDialect::backslashEscapes, SqlDialect::escapeStrings,
                SqlDialect::dollarQuotes, SqlDialect::doubleQuotedStrings, SqlDialect::backtickIdentifiers,
                SqlDialect::bracketIdentifiers, SqlDialect::bracketEscapes, SqlDialect::dashCommentNeedsSpace,
                SqlDialect::carriageReturnEndsLineComment, SqlDialect::hashComments, SqlDialect::nestedComments,
                SqlDialect::executableComments, SqlDialect::tclVariables, SqlDialect::triggerBodies);
        List<java.util.function.BiFunction<SqlDialect, Boolean, SqlDialect>> withers = List.of(
                SqlDialect::withBackslashEscapes, SqlDialect::withEscapeStrings, SqlDialect::withDollarQuotes,
                SqlDialect::withDoubleQuotedStrings, SqlDialect::withBacktickIdentifiers,
                SqlDialect::withBracketIdentifiers, SqlDialect::withBracketEscapes,
                SqlDialect::withDashCommentNeedsSpace, SqlDialect::withCarriageReturnEndsLineComment,
                SqlDialect::withHashComments, SqlDialect::withNestedComments, SqlDialect::withExecutableComments,
                SqlDialect::withTclVariables, SqlDialect::withTriggerBodies);
        for (SqlDialect base : List.of(SqlDialect.ANSI, SqlDialect.MYSQL, SqlDialect.SQLITE)) {
            for (int i = 0; i < getters.size(); i++) {
                boolean flipped = !getters.get(i).apply(base);
                SqlDialect changed = withers.get(i).apply(base, flipped);
                assertNotEquals(base, changed);
                for (int j = 0; j < getters.size(); j++) {
                    boolean expected = i == j ? flipped : getters.get(j).apply(base);
                    assertEquals(expected, getters.get(j).apply(changed), "wither " + i + ", option " + j);
                }
                assertEquals(base.name(), changed.name());
            }
        }
        assertEquals("mariadb", SqlDialect.MYSQL.withName("mariadb").name());
        assertThrows(NullPointerException.class, () -> SqlDialect.ANSI.withName(null));
    }

    @Test
    void theConstructorWithoutTriggerBodiesLeavesThemOff() {
        SqlDialect s = SqlDialect.SQLITE;
        SqlDialect older = new SqlDialect(s.name(), s.backslashEscapes(), s.escapeStrings(), s.dollarQuotes(),
                s.doubleQuotedStrings(), s.backtickIdentifiers(), s.bracketIdentifiers(), s.bracketEscapes(),
                s.dashCommentNeedsSpace(), s.carriageReturnEndsLineComment(), s.hashComments(), s.nestedComments(),
                s.executableComments(), s.tclVariables());
        assertFalse(older.triggerBodies());
        assertEquals(s, older.withTriggerBodies(true));
    }

    @Test
    void ansiQuotesModeOfMysql() {
        SqlDialect ansiQuotes = SqlDialect.MYSQL.withDoubleQuotedStrings(false);
        Predicate<String> oneStatement = sql -> SqlScan.of(sql, ansiQuotes).statementCount() == 1;
        assertTrue(oneStatement.test("select \"a;b\""));
        assertEquals(SqlToken.Type.QUOTED_IDENTIFIER, SqlLexer.of(ansiQuotes).tokenize("\"x\"").get(0).type());
    }
}
