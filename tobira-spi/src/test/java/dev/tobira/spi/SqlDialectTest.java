package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.spi.SqlDialect.Feature;
import java.util.EnumSet;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class SqlDialectTest {

    @Test
    void presetsHaveTheDocumentedOptions() {
        SqlDialect a = SqlDialect.ANSI;
        assertEquals("ansi", a.name());
        assertTrue(a.has(SqlDialect.Feature.NESTED_COMMENTS) && a.has(SqlDialect.Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT));
        assertFalse(a.has(SqlDialect.Feature.BACKSLASH_ESCAPES) || a.has(SqlDialect.Feature.ESCAPE_STRINGS) || a.has(SqlDialect.Feature.DOLLAR_QUOTES) || a.has(SqlDialect.Feature.DOUBLE_QUOTED_STRINGS)
                || a.has(SqlDialect.Feature.BACKTICK_IDENTIFIERS) || a.has(SqlDialect.Feature.BRACKET_IDENTIFIERS) || a.has(SqlDialect.Feature.HASH_COMMENTS) || a.has(SqlDialect.Feature.EXECUTABLE_COMMENTS)
                || a.has(SqlDialect.Feature.DASH_COMMENT_NEEDS_SPACE) || a.has(SqlDialect.Feature.TCL_VARIABLES) || a.has(SqlDialect.Feature.BRACKET_ESCAPES) || a.has(SqlDialect.Feature.TRIGGER_BODIES));

        SqlDialect s = SqlDialect.SQLITE;
        assertTrue(s.has(SqlDialect.Feature.BACKTICK_IDENTIFIERS) && s.has(SqlDialect.Feature.BRACKET_IDENTIFIERS) && s.has(SqlDialect.Feature.TCL_VARIABLES) && s.has(SqlDialect.Feature.TRIGGER_BODIES));
        assertFalse(s.has(SqlDialect.Feature.NESTED_COMMENTS) || s.has(SqlDialect.Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT) || s.has(SqlDialect.Feature.BRACKET_ESCAPES)
                || s.has(SqlDialect.Feature.DOUBLE_QUOTED_STRINGS) || s.has(SqlDialect.Feature.DOLLAR_QUOTES) || s.has(SqlDialect.Feature.HASH_COMMENTS));

        SqlDialect p = SqlDialect.POSTGRES;
        assertTrue(p.has(SqlDialect.Feature.ESCAPE_STRINGS) && p.has(SqlDialect.Feature.DOLLAR_QUOTES) && p.has(SqlDialect.Feature.NESTED_COMMENTS) && p.has(SqlDialect.Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT));
        assertFalse(p.has(SqlDialect.Feature.BACKSLASH_ESCAPES) || p.has(SqlDialect.Feature.DOUBLE_QUOTED_STRINGS) || p.has(SqlDialect.Feature.BACKTICK_IDENTIFIERS) || p.has(SqlDialect.Feature.HASH_COMMENTS)
                || p.has(SqlDialect.Feature.TRIGGER_BODIES));

        SqlDialect m = SqlDialect.MYSQL;
        assertTrue(m.has(SqlDialect.Feature.BACKSLASH_ESCAPES) && m.has(SqlDialect.Feature.DOUBLE_QUOTED_STRINGS) && m.has(SqlDialect.Feature.BACKTICK_IDENTIFIERS) && m.has(SqlDialect.Feature.HASH_COMMENTS)
                && m.has(SqlDialect.Feature.DASH_COMMENT_NEEDS_SPACE) && m.has(SqlDialect.Feature.EXECUTABLE_COMMENTS));
        assertFalse(m.has(SqlDialect.Feature.NESTED_COMMENTS) || m.has(SqlDialect.Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT) || m.has(SqlDialect.Feature.DOLLAR_QUOTES) || m.has(SqlDialect.Feature.ESCAPE_STRINGS)
                || m.has(SqlDialect.Feature.TRIGGER_BODIES));

        assertEquals(SqlDialect.POSTGRES.withName("duckdb"), SqlDialect.DUCKDB);
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
        assertEquals(d.hashCode(), SqlDialect.of("x", Feature.NESTED_COMMENTS, Feature.HASH_COMMENTS).hashCode());
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
        assertEquals(SqlToken.Type.QUOTED_IDENTIFIER, SqlLexer.of(ansiQuotes).tokenize("\"x\"").get(0).type());
    }
}
