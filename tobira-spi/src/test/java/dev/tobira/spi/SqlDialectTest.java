package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.spi.SqlDialect.Feature;
import dev.tobira.spi.SqlDialect.IdentifierCase;
import dev.tobira.spi.SqlDialect.StatementKind;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class SqlDialectTest {

    @Test
    void presetsHaveTheDocumentedOptions() {
        SqlDialect a = SqlDialect.ANSI;
        assertEquals("ansi", a.name());
        assertTrue(a.has(SqlDialect.Feature.NESTED_COMMENTS)
                && a.has(SqlDialect.Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT));
        assertFalse(a.has(SqlDialect.Feature.BACKSLASH_ESCAPES)
                || a.has(SqlDialect.Feature.ESCAPE_STRINGS)
                || a.has(SqlDialect.Feature.DOLLAR_QUOTES)
                || a.has(SqlDialect.Feature.DOUBLE_QUOTED_STRINGS)
                || a.has(SqlDialect.Feature.BACKTICK_IDENTIFIERS)
                || a.has(SqlDialect.Feature.BRACKET_IDENTIFIERS)
                || a.has(SqlDialect.Feature.HASH_COMMENTS)
                || a.has(SqlDialect.Feature.EXECUTABLE_COMMENTS)
                || a.has(SqlDialect.Feature.DASH_COMMENT_NEEDS_SPACE)
                || a.has(SqlDialect.Feature.TCL_VARIABLES)
                || a.has(SqlDialect.Feature.BRACKET_ESCAPES)
                || a.has(SqlDialect.Feature.TRIGGER_BODIES));

        SqlDialect s = SqlDialect.SQLITE;
        assertTrue(s.has(SqlDialect.Feature.BACKTICK_IDENTIFIERS)
                && s.has(SqlDialect.Feature.BRACKET_IDENTIFIERS)
                && s.has(SqlDialect.Feature.TCL_VARIABLES)
                && s.has(SqlDialect.Feature.TRIGGER_BODIES));
        assertFalse(s.has(SqlDialect.Feature.NESTED_COMMENTS)
                || s.has(SqlDialect.Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT)
                || s.has(SqlDialect.Feature.BRACKET_ESCAPES)
                || s.has(SqlDialect.Feature.DOUBLE_QUOTED_STRINGS)
                || s.has(SqlDialect.Feature.DOLLAR_QUOTES)
                || s.has(SqlDialect.Feature.HASH_COMMENTS));

        SqlDialect p = SqlDialect.POSTGRES;
        assertTrue(p.has(SqlDialect.Feature.ESCAPE_STRINGS)
                && p.has(SqlDialect.Feature.DOLLAR_QUOTES)
                && p.has(SqlDialect.Feature.NESTED_COMMENTS)
                && p.has(SqlDialect.Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT));
        assertFalse(p.has(SqlDialect.Feature.BACKSLASH_ESCAPES)
                || p.has(SqlDialect.Feature.DOUBLE_QUOTED_STRINGS)
                || p.has(SqlDialect.Feature.BACKTICK_IDENTIFIERS)
                || p.has(SqlDialect.Feature.HASH_COMMENTS)
                || p.has(SqlDialect.Feature.TRIGGER_BODIES));

        SqlDialect m = SqlDialect.MYSQL;
        assertTrue(m.has(SqlDialect.Feature.BACKSLASH_ESCAPES)
                && m.has(SqlDialect.Feature.DOUBLE_QUOTED_STRINGS)
                && m.has(SqlDialect.Feature.BACKTICK_IDENTIFIERS)
                && m.has(SqlDialect.Feature.HASH_COMMENTS)
                && m.has(SqlDialect.Feature.DASH_COMMENT_NEEDS_SPACE)
                && m.has(SqlDialect.Feature.EXECUTABLE_COMMENTS));
        assertFalse(m.has(SqlDialect.Feature.NESTED_COMMENTS)
                || m.has(SqlDialect.Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT)
                || m.has(SqlDialect.Feature.DOLLAR_QUOTES)
                || m.has(SqlDialect.Feature.ESCAPE_STRINGS)
                || m.has(SqlDialect.Feature.TRIGGER_BODIES));

        // DuckDB reads text as PostgreSQL does but compares quoted names without regard to case
        assertEquals(
                SqlDialect.POSTGRES.withName("duckdb").withIdentifierCase(IdentifierCase.INSENSITIVE),
                SqlDialect.DUCKDB);
        assertEquals(SqlDialect.POSTGRES.features(), SqlDialect.DUCKDB.features());
    }

    @Test
    void presetsDeclareHowTheirServersFoldNames() {
        assertEquals(IdentifierCase.UPPER, SqlDialect.ANSI.identifierCase());
        assertEquals(IdentifierCase.LOWER, SqlDialect.POSTGRES.identifierCase());
        for (SqlDialect d : List.of(
                SqlDialect.SQLITE, SqlDialect.MYSQL, SqlDialect.DUCKDB, SqlDialect.BIGQUERY, SqlDialect.of("new"))) {
            assertEquals(IdentifierCase.INSENSITIVE, d.identifierCase(), d.name());
        }
        for (SqlDialect d : List.of(
                SqlDialect.ANSI,
                SqlDialect.SQLITE,
                SqlDialect.POSTGRES,
                SqlDialect.MYSQL,
                SqlDialect.DUCKDB,
                SqlDialect.BIGQUERY)) {
            assertTrue(d.statementWords().isEmpty(), d.name());
            assertFalse(d.has(Feature.DOUBLE_SLASH_COMMENTS) || d.has(Feature.NO_DASH_COMMENTS), d.name());
        }
    }

    @Test
    void lineCommentMarkersAreTheOnesTheLexerReads() {
        assertEquals(List.of("--"), SqlDialect.POSTGRES.lineCommentMarkers());
        assertEquals(List.of("--", "#"), SqlDialect.MYSQL.lineCommentMarkers());
        assertEquals(
                List.of("--", "//"),
                SqlDialect.ANSI.with(Feature.DOUBLE_SLASH_COMMENTS).lineCommentMarkers());
        assertEquals(
                List.of("#", "//"),
                SqlDialect.MYSQL
                        .with(Feature.DOUBLE_SLASH_COMMENTS, Feature.NO_DASH_COMMENTS)
                        .lineCommentMarkers());
        for (SqlDialect d : List.of(
                SqlDialect.ANSI,
                SqlDialect.SQLITE,
                SqlDialect.MYSQL,
                SqlDialect.BIGQUERY,
                SqlDialect.MYSQL.with(Feature.DOUBLE_SLASH_COMMENTS, Feature.NO_DASH_COMMENTS),
                SqlDialect.SQLITE.with(Feature.DOUBLE_SLASH_COMMENTS))) {
            for (String marker : List.of("--", "#", "//")) {
                // each marker the dialect names hides a write from the guard, and each other one does not
                List<SqlToken> tokens = SqlLexer.of(d).tokenize("select 1 " + marker + " x; delete");
                boolean comment = tokens.stream().anyMatch(t -> t.type() == SqlToken.Type.COMMENT);
                assertEquals(d.lineCommentMarkers().contains(marker), comment, d + " " + marker);
            }
        }
    }

    @Test
    void identifierKeysNameWhatTheServerResolves() {
        SqlDialect upper = SqlDialect.ANSI;
        SqlDialect lower = SqlDialect.POSTGRES;
        SqlDialect exact = SqlDialect.ANSI.withIdentifierCase(IdentifierCase.SENSITIVE);
        SqlDialect blind = SqlDialect.ANSI.withIdentifierCase(IdentifierCase.INSENSITIVE);
        // an upper-folding server: "FOO" and foo are one name, "foo" another
        assertEquals(key(upper, "\"FOO\""), key(upper, "foo"));
        assertEquals(key(upper, "Foo"), key(upper, "foo"));
        assertNotEquals(key(upper, "\"foo\""), key(upper, "foo"));
        // a lower-folding one: the other way round
        assertEquals(key(lower, "\"foo\""), key(lower, "FOO"));
        assertNotEquals(key(lower, "\"FOO\""), key(lower, "foo"));
        // PostgreSQL folds ASCII letters only
        assertEquals("É", key(lower, "É"));
        assertNotEquals(key(exact, "Foo"), key(exact, "foo"));
        assertEquals(key(exact, "\"Foo\""), key(exact, "Foo"));
        assertEquals(key(blind, "\"foo\""), key(blind, "FOO"));
        // a Java-based upper-folding server folds the dotless i and the long s onto ASCII
        assertEquals(key(upper, "FILE_WRITE"), key(upper, "fıle_wrıte"));
        assertEquals(key(upper, "S"), key(upper, "ſ"));
        assertEquals("a\"b", key(upper, "\"a\"\"b\""));
        assertEquals("a`b", key(SqlDialect.BIGQUERY.withIdentifierCase(IdentifierCase.SENSITIVE), "`a\\`b`"));
        SqlToken string = SqlLexer.of(upper).tokenize("'x'").get(0);
        assertThrows(IllegalArgumentException.class, () -> upper.identifierKey(string));
        assertThrows(NullPointerException.class, () -> upper.identifierKey(null));
        assertThrows(NullPointerException.class, () -> IdentifierCase.UPPER.key(null, false));
        assertThrows(NullPointerException.class, () -> upper.withIdentifierCase(null));
    }

    private static String key(SqlDialect d, String name) {
        List<SqlToken> tokens = SqlLexer.of(d).tokenize(name);
        assertEquals(1, tokens.size(), name);
        return d.identifierKey(tokens.get(0));
    }

    @Test
    void statementWordsAreDeclaredInUpperCaseAndAWriteIsNeverARead() {
        SqlDialect d = SqlDialect.ANSI
                .withStatementWords(StatementKind.READ, "script", "Peek")
                .withStatementWords(StatementKind.OTHER, "RUNSCRIPT");
        assertEquals(
                Map.of("SCRIPT", StatementKind.READ, "PEEK", StatementKind.READ, "RUNSCRIPT", StatementKind.OTHER),
                d.statementWords());
        assertEquals(
                List.of("SCRIPT", "PEEK", "RUNSCRIPT"),
                List.copyOf(d.statementWords().keySet()));
        // declared again, a word takes its new kind
        assertEquals(
                StatementKind.OTHER,
                d.withStatementWords(StatementKind.OTHER, "peek")
                        .statementWords()
                        .get("PEEK"));
        assertThrows(
                UnsupportedOperationException.class, () -> d.statementWords().put("X", StatementKind.READ));
        assertNotEquals(SqlDialect.ANSI, d);
        assertEquals(
                d,
                SqlDialect.ANSI
                        .withStatementWords(StatementKind.READ, "SCRIPT", "PEEK")
                        .withStatementWords(StatementKind.OTHER, "runscript"));
        assertEquals(
                d.hashCode(),
                SqlDialect.ANSI
                        .withStatementWords(StatementKind.READ, "SCRIPT", "PEEK")
                        .withStatementWords(StatementKind.OTHER, "runscript")
                        .hashCode());
        // derived dialects keep the declarations
        assertEquals(
                d.statementWords(),
                d.withName("h2").with(Feature.DOUBLE_SLASH_COMMENTS).statementWords());
        assertEquals(
                IdentifierCase.UPPER,
                d.without(Feature.NESTED_COMMENTS).withName("x").identifierCase());
        for (String write : List.of("delete", "INSERT", "Update", "merge", "drop", "create", "alter", "truncate")) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> SqlDialect.ANSI.withStatementWords(StatementKind.READ, write));
            assertTrue(e.getMessage().contains("cannot be declared a read"), e.getMessage());
        }
        // a word the guard already knows as a statement may do more than read in some form (CALL, SET, COPY TO …)
        for (String known : List.of("call", "SET", "Copy", "load", "pragma", "execute", "attach", "select", "backup")) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> SqlDialect.ANSI.withStatementWords(StatementKind.READ, known));
            assertTrue(e.getMessage().contains("cannot be declared a read"), e.getMessage());
        }
        assertEquals(
                StatementKind.OTHER,
                SqlDialect.ANSI
                        .withStatementWords(StatementKind.OTHER, "call")
                        .statementWords()
                        .get("CALL"));
        assertEquals(
                StatementKind.OTHER,
                SqlDialect.ANSI
                        .withStatementWords(StatementKind.OTHER, "delete")
                        .statementWords()
                        .get("DELETE"));
        assertThrows(
                IllegalArgumentException.class,
                () -> SqlDialect.ANSI.withStatementWords(StatementKind.READ, "two words"));
        assertThrows(IllegalArgumentException.class, () -> SqlDialect.ANSI.withStatementWords(StatementKind.READ, ""));
        assertThrows(NullPointerException.class, () -> SqlDialect.ANSI.withStatementWords(null, "x"));
        assertThrows(
                NullPointerException.class,
                () -> SqlDialect.ANSI.withStatementWords(StatementKind.READ, (String) null));
        assertEquals(
                "SqlDialect[ansi, [CARRIAGE_RETURN_ENDS_LINE_COMMENT, NESTED_COMMENTS, UNICODE_ESCAPE_IDENTIFIERS,"
                        + " UNICODE_SPACES_SEPARATE], UPPER case, statements {SCRIPT=READ, PEEK=READ, RUNSCRIPT=OTHER}]",
                d.toString());
    }

    @Test
    void withAndWithoutChangeExactlyTheirOwnFeature() {
        for (SqlDialect base : List.of(SqlDialect.ANSI, SqlDialect.MYSQL, SqlDialect.SQLITE)) {
            for (Feature f : Feature.values()) {
                SqlDialect changed = base.has(f) ? base.without(f) : base.with(f);
                assertNotEquals(base, changed);
                assertEquals(!base.has(f), changed.has(f));
                for (Feature other : Feature.values()) {
                    if (other != f) {
                        assertEquals(base.has(other), changed.has(other), f + " changed " + other);
                    }
                }
                assertEquals(base.name(), changed.name());
                assertEquals(base, base.has(f) ? changed.with(f) : changed.without(f));
            }
        }
        assertEquals("mariadb", SqlDialect.MYSQL.withName("mariadb").name());
        assertThrows(NullPointerException.class, () -> SqlDialect.ANSI.withName(null));
        assertThrows(NullPointerException.class, () -> SqlDialect.ANSI.with((Feature) null));
    }

    @Test
    void ofTakesExactlyTheFeaturesNamed() {
        SqlDialect d = SqlDialect.of("x", Feature.HASH_COMMENTS, Feature.NESTED_COMMENTS);
        assertEquals(EnumSet.of(Feature.HASH_COMMENTS, Feature.NESTED_COMMENTS), d.features());
        assertEquals(SqlDialect.of("x", Feature.NESTED_COMMENTS, Feature.HASH_COMMENTS), d);
        assertEquals(
                d.hashCode(),
                SqlDialect.of("x", Feature.NESTED_COMMENTS, Feature.HASH_COMMENTS)
                        .hashCode());
        assertNotEquals(d, d.withName("y"));
        assertThrows(UnsupportedOperationException.class, () -> d.features().add(Feature.TCL_VARIABLES));
        assertTrue(SqlDialect.of("none").features().isEmpty());
        assertEquals("SqlDialect[x, [HASH_COMMENTS, NESTED_COMMENTS]]", d.toString());
    }

    @Test
    void ansiQuotesModeOfMysql() {
        SqlDialect ansiQuotes = SqlDialect.MYSQL.without(SqlDialect.Feature.DOUBLE_QUOTED_STRINGS);
        Predicate<String> oneStatement = sql -> SqlScan.of(sql, ansiQuotes).statementCount() == 1;
        assertTrue(oneStatement.test("select \"a;b\""));
        assertEquals(
                SqlToken.Type.QUOTED_IDENTIFIER,
                SqlLexer.of(ansiQuotes).tokenize("\"x\"").get(0).type());
    }
}
