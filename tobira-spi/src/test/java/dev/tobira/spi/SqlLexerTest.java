package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.spi.SqlToken.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SqlLexerTest {

    /** The significant tokens as {@code TYPE:text}, and a trailing {@code !} on an unterminated one. */
    static List<String> lex(SqlDialect dialect, String sql) {
        List<String> out = new ArrayList<>();
        for (SqlToken t : SqlLexer.of(dialect).tokenize(sql)) {
            if (t.type() != Type.WHITESPACE) {
                out.add(t.type() + ":" + t.text() + (t.unterminated() ? "!" : ""));
            }
        }
        return out;
    }

    @Test
    void emptyTextHasNoTokens() {
        assertEquals(List.of(), SqlLexer.of(SqlDialect.ANSI).tokenize(""));
    }

    @Test
    void wordsNumbersPunctuationAndOperators() {
        assertEquals(
                List.of(
                        "WORD:select",
                        "NUMBER:1.5e3",
                        "OPERATOR:<>",
                        "NUMBER:0xFF",
                        "PUNCTUATION:,",
                        "NUMBER:.5",
                        "OPERATOR:::",
                        "WORD:int",
                        "PUNCTUATION:(",
                        "WORD:a$b",
                        "PUNCTUATION:)",
                        "SEMICOLON:;"),
                lex(SqlDialect.POSTGRES, "select 1.5e3 <> 0xFF, .5::int (a$b);"));
    }

    @Test
    void whitespaceTokensCoverTabsNewlinesAndFormFeeds() {
        List<SqlToken> tokens = SqlLexer.of(SqlDialect.ANSI).tokenize("a \t\r\n\f\u000bb");
        assertEquals(3, tokens.size());
        assertEquals(Type.WHITESPACE, tokens.get(1).type());
        assertEquals(" \t\r\n\f\u000b", tokens.get(1).text());
    }

    @Test
    void nonAsciiLettersArePartOfWords() {
        assertEquals(List.of("WORD:sélect", "WORD:名前"), lex(SqlDialect.ANSI, "sélect 名前"));
    }

    @Test
    void singleQuotesDoubleToEscapeInEveryDialect() {
        for (SqlDialect d :
                List.of(SqlDialect.ANSI, SqlDialect.SQLITE, SqlDialect.POSTGRES, SqlDialect.MYSQL, SqlDialect.DUCKDB)) {
            assertEquals(List.of("STRING:'it''s; drop'", "WORD:x"), lex(d, "'it''s; drop' x"), d.name());
        }
    }

    @Test
    void backslashEscapesOnlyWhereTheDialectHasThem() {
        assertEquals(List.of("STRING:'a\\'; drop x'"), lex(SqlDialect.MYSQL, "'a\\'; drop x'"));
        assertEquals(
                List.of("STRING:'a\\'", "SEMICOLON:;", "WORD:drop", "STRING:x'!"),
                lex(SqlDialect.POSTGRES, "'a\\'; drop x'"));
        assertEquals(List.of("STRING:'a\\\\'", "SEMICOLON:;"), lex(SqlDialect.MYSQL, "'a\\\\';"));
    }

    @Test
    void escapeStringsInPostgresAndDuckdb() {
        for (SqlDialect d : List.of(SqlDialect.POSTGRES, SqlDialect.DUCKDB)) {
            assertEquals(List.of("STRING:E'a\\'; b'", "WORD:c"), lex(d, "E'a\\'; b' c"), d.name());
            assertEquals(List.of("STRING:e'x'''"), lex(d, "e'x'''"), d.name());
        }
        // without E-strings the E is a word and the backslash is plain
        assertEquals(List.of("WORD:E", "STRING:'a\\'", "SEMICOLON:;"), lex(SqlDialect.SQLITE, "E'a\\';"));
    }

    @Test
    void prefixedStringsAreOneToken() {
        assertEquals(List.of("STRING:X'ff'", "STRING:n'x'", "STRING:B'01'"), lex(SqlDialect.ANSI, "X'ff' n'x' B'01'"));
    }

    @Test
    void dollarQuotingWithAndWithoutTag() {
        assertEquals(List.of("STRING:$$a'; drop$$", "SEMICOLON:;"), lex(SqlDialect.POSTGRES, "$$a'; drop$$;"));
        assertEquals(List.of("STRING:$fn$ $$ $x$ ; $fn$", "WORD:y"), lex(SqlDialect.POSTGRES, "$fn$ $$ $x$ ; $fn$ y"));
        assertEquals(List.of("STRING:$_a1$x$_a1$"), lex(SqlDialect.DUCKDB, "$_a1$x$_a1$"));
        assertEquals(List.of("STRING:$a$ never closed!"), lex(SqlDialect.POSTGRES, "$a$ never closed"));
    }

    @Test
    void dollarDigitsAreParametersNotQuotes() {
        assertEquals(
                List.of("WORD:select", "PARAMETER:$1", "PUNCTUATION:,", "PARAMETER:$2", "SEMICOLON:;", "WORD:drop"),
                lex(SqlDialect.POSTGRES, "select $1, $2; drop"));
        assertEquals(List.of("PARAMETER:$1", "OPERATOR:$", "WORD:x"), lex(SqlDialect.POSTGRES, "$1$ x"));
    }

    @Test
    void dollarInsideAWordIsPartOfTheWord() {
        assertEquals(List.of("WORD:a$b$", "SEMICOLON:;", "WORD:c"), lex(SqlDialect.POSTGRES, "a$b$; c"));
    }

    @Test
    void dollarQuotesOnlyWhereTheDialectHasThem() {
        assertEquals(List.of("PARAMETER:$$", "SEMICOLON:;", "PARAMETER:$$"), lex(SqlDialect.MYSQL, "$$;$$"));
        assertEquals(List.of("OPERATOR:$", "OPERATOR:$", "SEMICOLON:;"), lex(SqlDialect.ANSI, "$ $;"));
    }

    @Test
    void doubleQuotesAreIdentifiersExceptInMysql() {
        for (SqlDialect d : List.of(SqlDialect.ANSI, SqlDialect.SQLITE, SqlDialect.POSTGRES, SqlDialect.DUCKDB)) {
            assertEquals(List.of("QUOTED_IDENTIFIER:\"a\"\"; drop\""), lex(d, "\"a\"\"; drop\""), d.name());
        }
        assertEquals(List.of("STRING:\"a\\\"; drop\""), lex(SqlDialect.MYSQL, "\"a\\\"; drop\""));
        assertEquals(
                List.of("QUOTED_IDENTIFIER:\"a\\\"", "SEMICOLON:;"),
                lex(SqlDialect.MYSQL.without(SqlDialect.Feature.DOUBLE_QUOTED_STRINGS), "\"a\\\";"));
    }

    @Test
    void backticksInMysqlAndSqliteOnly() {
        for (SqlDialect d : List.of(SqlDialect.MYSQL, SqlDialect.SQLITE)) {
            assertEquals(List.of("QUOTED_IDENTIFIER:`a``;b`"), lex(d, "`a``;b`"), d.name());
        }
        assertEquals(List.of("OPERATOR:`", "WORD:a", "SEMICOLON:;", "OPERATOR:`"), lex(SqlDialect.POSTGRES, "`a;`"));
    }

    @Test
    void bracketsInSqliteEndAtTheFirstClose() {
        assertEquals(
                List.of("QUOTED_IDENTIFIER:[a;b]", "PUNCTUATION:]", "SEMICOLON:;"), lex(SqlDialect.SQLITE, "[a;b]];"));
        assertEquals(
                List.of("PUNCTUATION:[", "WORD:a", "SEMICOLON:;", "PUNCTUATION:]"), lex(SqlDialect.POSTGRES, "[a;]"));
    }

    @Test
    void bracketEscapesAsSqlServerReadsThem() {
        SqlDialect sqlServer = SqlDialect.ANSI
                .withName("sqlserver")
                .with(SqlDialect.Feature.BRACKET_IDENTIFIERS)
                .with(SqlDialect.Feature.BRACKET_ESCAPES);
        assertEquals(List.of("QUOTED_IDENTIFIER:[a]];b]", "SEMICOLON:;"), lex(sqlServer, "[a]];b];"));
    }

    @Test
    void dashCommentsEndAtTheLineFeed() {
        assertEquals(List.of("WORD:a", "COMMENT:-- ; drop", "WORD:b"), lex(SqlDialect.SQLITE, "a -- ; drop\nb"));
        assertEquals(List.of("COMMENT:--x"), lex(SqlDialect.ANSI, "--x"));
    }

    @Test
    void carriageReturnEndsDashCommentsOnlyWherTheServerSaysSo() {
        assertEquals(List.of("COMMENT:-- x", "SEMICOLON:;", "WORD:drop"), lex(SqlDialect.POSTGRES, "-- x\r; drop"));
        assertEquals(List.of("COMMENT:-- x\r; drop"), lex(SqlDialect.SQLITE, "-- x\r; drop"));
        assertEquals(List.of("COMMENT:-- x\r; drop"), lex(SqlDialect.MYSQL, "-- x\r; drop"));
    }

    @Test
    void mysqlDashCommentNeedsWhitespaceOrControlOrEnd() {
        assertEquals(
                List.of("WORD:SELECT", "NUMBER:1", "OPERATOR:--", "NUMBER:1"), lex(SqlDialect.MYSQL, "SELECT 1--1"));
        assertEquals(List.of("WORD:SELECT", "NUMBER:1", "COMMENT:-- 1"), lex(SqlDialect.MYSQL, "SELECT 1-- 1"));
        assertEquals(List.of("WORD:SELECT", "NUMBER:1", "COMMENT:--\t1"), lex(SqlDialect.MYSQL, "SELECT 1--\t1"));
        assertEquals(List.of("NUMBER:1", "COMMENT:--\u00011"), lex(SqlDialect.MYSQL, "1--\u00011"));
        assertEquals(List.of("NUMBER:1", "COMMENT:--"), lex(SqlDialect.MYSQL, "1--"));
        assertEquals(List.of("NUMBER:1", "COMMENT:--", "WORD:x"), lex(SqlDialect.MYSQL, "1--\nx"));
        // everywhere else, -- opens a comment at once
        assertEquals(List.of("WORD:SELECT", "NUMBER:1", "COMMENT:--1"), lex(SqlDialect.POSTGRES, "SELECT 1--1"));
    }

    @Test
    void operatorRunsStopBeforeComments() {
        assertEquals(List.of("WORD:a", "OPERATOR:+", "COMMENT:-- c"), lex(SqlDialect.POSTGRES, "a +-- c"));
        assertEquals(
                List.of("WORD:a", "OPERATOR:<", "COMMENT:/* c */", "WORD:b"), lex(SqlDialect.POSTGRES, "a </* c */b"));
        assertEquals(List.of("WORD:a", "OPERATOR:<", "COMMENT:# c"), lex(SqlDialect.MYSQL, "a <# c"));
    }

    @Test
    void hashCommentsInMysqlOnly() {
        assertEquals(List.of("WORD:a", "COMMENT:# ; drop", "WORD:b"), lex(SqlDialect.MYSQL, "a # ; drop\nb"));
        assertEquals(List.of("WORD:a", "OPERATOR:#", "SEMICOLON:;"), lex(SqlDialect.POSTGRES, "a #;"));
    }

    @Test
    void doubleSlashCommentsOnlyWhereTheDialectDeclaresThem() {
        SqlDialect slash = SqlDialect.ANSI.with(SqlDialect.Feature.DOUBLE_SLASH_COMMENTS);
        assertEquals(List.of("WORD:a", "COMMENT:// ; drop", "WORD:b"), lex(slash, "a // ; drop\nb"));
        assertEquals(List.of("NUMBER:1", "COMMENT://2"), lex(slash, "1//2"));
        // a carriage return ends it where it ends a -- comment, and nowhere else
        assertEquals(List.of("COMMENT:// x", "SEMICOLON:;", "WORD:drop"), lex(slash, "// x\r; drop"));
        assertEquals(
                List.of("COMMENT:// x\r; drop"),
                lex(SqlDialect.SQLITE.with(SqlDialect.Feature.DOUBLE_SLASH_COMMENTS), "// x\r; drop"));
        // an operator run stops where the comment begins, and //* is a line comment, not a block
        assertEquals(List.of("WORD:a", "OPERATOR:+", "COMMENT:// c"), lex(slash, "a +// c"));
        assertEquals(List.of("WORD:a", "OPERATOR:*", "COMMENT:// c"), lex(slash, "a *// c"));
        assertEquals(List.of("COMMENT://* x", "WORD:y", "OPERATOR:*/"), lex(slash, "//* x\ny */"));
        assertEquals(List.of("COMMENT:/* // */", "WORD:x"), lex(slash, "/* // */ x"));
        assertEquals(List.of("STRING:'//'", "COMMENT:// '"), lex(slash, "'//' // '"));
        assertEquals(List.of("COMMENT:-- // x", "WORD:y", "COMMENT:// -- z"), lex(slash, "-- // x\ny // -- z"));
        assertEquals(List.of("OPERATOR:/", "WORD:x"), lex(slash, "/x"));
        // every built-in dialect reads // as two slashes, as before
        for (SqlDialect d : List.of(
                SqlDialect.ANSI,
                SqlDialect.SQLITE,
                SqlDialect.POSTGRES,
                SqlDialect.MYSQL,
                SqlDialect.DUCKDB,
                SqlDialect.BIGQUERY)) {
            assertEquals(
                    List.of("NUMBER:1", "OPERATOR://", "NUMBER:2", "SEMICOLON:;", "WORD:drop"),
                    lex(d, "1//2;drop"),
                    d.name());
        }
    }

    @Test
    void dashDashIsTwoMinusSignsWhereTheServerHasNoSuchComment() {
        SqlDialect noDash = SqlDialect.ANSI.with(SqlDialect.Feature.NO_DASH_COMMENTS);
        assertEquals(
                List.of("WORD:SELECT", "NUMBER:1", "OPERATOR:--", "NUMBER:1", "SEMICOLON:;", "WORD:drop"),
                lex(noDash, "SELECT 1--1;drop"));
        assertEquals(List.of("NUMBER:1", "OPERATOR:--", "SEMICOLON:;"), lex(noDash, "1 -- ;"));
        assertEquals(
                List.of("NUMBER:1", "OPERATOR:--", "SEMICOLON:;"),
                lex(SqlDialect.MYSQL.with(SqlDialect.Feature.NO_DASH_COMMENTS), "1 -- ;"));
        assertEquals(List.of("NUMBER:1", "OPERATOR:-", "COMMENT:/* x */"), lex(noDash, "1 -/* x */"));
        SqlDialect slashOnly = noDash.with(SqlDialect.Feature.DOUBLE_SLASH_COMMENTS);
        assertEquals(List.of("NUMBER:1", "OPERATOR:--", "COMMENT:// --"), lex(slashOnly, "1 --// --"));
    }

    @Test
    void hashDoubleSlashAndDashCommentsTogether() {
        SqlDialect all = SqlDialect.MYSQL.with(SqlDialect.Feature.DOUBLE_SLASH_COMMENTS);
        assertEquals(
                List.of("WORD:a", "COMMENT:# //", "WORD:b", "COMMENT:// #", "WORD:c", "COMMENT:-- #"),
                lex(all, "a # //\nb // #\nc -- #"));
        // MySQL's executable comments stay code the guard cannot read, whatever else is declared
        assertEquals(List.of("WORD:SELECT", "EXECUTABLE_COMMENT:/*! // */", "WORD:x"), lex(all, "SELECT /*! // */ x"));
    }

    @Test
    void blockCommentsNestInPostgresAndDuckdb() {
        for (SqlDialect d : List.of(SqlDialect.POSTGRES, SqlDialect.DUCKDB, SqlDialect.ANSI)) {
            assertEquals(
                    List.of("COMMENT:/* a /* b */ ; drop */", "WORD:x"), lex(d, "/* a /* b */ ; drop */ x"), d.name());
            assertEquals(List.of("COMMENT:/* /* */!"), lex(d, "/* /* */"), d.name());
        }
    }

    @Test
    void blockCommentsDoNotNestInMysqlAndSqlite() {
        for (SqlDialect d : List.of(SqlDialect.MYSQL, SqlDialect.SQLITE)) {
            assertEquals(
                    List.of("COMMENT:/* a /* b */", "SEMICOLON:;", "WORD:drop", "OPERATOR:*/"),
                    lex(d, "/* a /* b */ ; drop */"),
                    d.name());
        }
    }

    @Test
    void slashStarSlashDoesNotCloseAComment() {
        assertEquals(List.of("COMMENT:/*/ x */"), lex(SqlDialect.SQLITE, "/*/ x */"));
        assertEquals(List.of("COMMENT:/*/ x */"), lex(SqlDialect.POSTGRES, "/*/ x */"));
        assertEquals(List.of("COMMENT:/**/", "WORD:x"), lex(SqlDialect.POSTGRES, "/**/x"));
    }

    @Test
    void executableCommentsInMysql() {
        assertEquals(
                List.of("WORD:SELECT", "EXECUTABLE_COMMENT:/*! sleep(1) */"),
                lex(SqlDialect.MYSQL, "SELECT /*! sleep(1) */"));
        assertEquals(List.of("EXECUTABLE_COMMENT:/*!50000 DELETE */"), lex(SqlDialect.MYSQL, "/*!50000 DELETE */"));
        assertEquals(List.of("EXECUTABLE_COMMENT:/*M! DELETE */"), lex(SqlDialect.MYSQL, "/*M! DELETE */"));
        assertEquals(List.of("EXECUTABLE_COMMENT:/*m!1 */"), lex(SqlDialect.MYSQL, "/*m!1 */"));
        assertEquals(List.of("EXECUTABLE_COMMENT:/*! x!"), lex(SqlDialect.MYSQL, "/*! x"));
        assertEquals(List.of("COMMENT:/*+ hint */"), lex(SqlDialect.MYSQL, "/*+ hint */"));
        assertEquals(List.of("COMMENT:/*! x */"), lex(SqlDialect.POSTGRES, "/*! x */"));
    }

    @Test
    void parameters() {
        assertEquals(
                List.of("PARAMETER:?", "PARAMETER:?12", "PARAMETER:$3", "PARAMETER:$name"),
                lex(SqlDialect.DUCKDB, "? ?12 $3 $name"));
        assertEquals(
                List.of("PARAMETER::a", "PARAMETER:@b", "PARAMETER:#c", "PARAMETER:$d::e"),
                lex(SqlDialect.SQLITE, ":a @b #c $d::e"));
    }

    @Test
    void sqliteTclVariablesSwallowTheirParenthesizedSuffix() {
        assertEquals(
                List.of("WORD:select", "PARAMETER:$a(x';y)", "SEMICOLON:;"),
                lex(SqlDialect.SQLITE, "select $a(x';y);"));
        assertEquals(List.of("PARAMETER:$a(x", "STRING:'y)'"), lex(SqlDialect.SQLITE, "$a(x 'y)'"));
        assertEquals(List.of("OPERATOR::", "PUNCTUATION:("), lex(SqlDialect.SQLITE, ":("));
    }

    @Test
    void unterminatedTokensRunToTheEnd() {
        assertEquals(List.of("WORD:a", "STRING:'b; drop!"), lex(SqlDialect.ANSI, "a 'b; drop"));
        assertEquals(List.of("QUOTED_IDENTIFIER:\"b!"), lex(SqlDialect.ANSI, "\"b"));
        assertEquals(List.of("COMMENT:/* x!"), lex(SqlDialect.SQLITE, "/* x"));
        assertEquals(List.of("STRING:'\\!"), lex(SqlDialect.MYSQL, "'\\"));
        assertEquals(List.of("QUOTED_IDENTIFIER:[a!"), lex(SqlDialect.SQLITE, "[a"));
    }

    @Test
    void tokensTileTheText() {
        String sql = "select 'a' -- c\n, \"b\" /* d */; $$x$$ E'\\'' `q` [r] #h\n?1";
        for (SqlDialect d :
                List.of(SqlDialect.ANSI, SqlDialect.SQLITE, SqlDialect.POSTGRES, SqlDialect.MYSQL, SqlDialect.DUCKDB)) {
            int at = 0;
            StringBuilder sb = new StringBuilder();
            for (SqlToken t : SqlLexer.of(d).tokenize(sql)) {
                assertEquals(at, t.start(), d.name());
                assertTrue(t.end() > t.start(), d.name());
                sb.append(t.text());
                at = t.end();
            }
            assertEquals(sql, sb.toString(), d.name());
        }
    }

    /** How a text came out: how many tokens, the types of the first and last, and whether the last is left open. */
    private record Shape(int tokens, Type first, Type last, boolean unterminated) {
        static Shape of(List<SqlToken> tokens) {
            SqlToken last = tokens.get(tokens.size() - 1);
            return new Shape(tokens.size(), tokens.get(0).type(), last.type(), last.unterminated());
        }
    }

    /**
     * Inputs built to make a backtracking lexer quadratic, each checked for its exact tokens in the
     * three dialects whose options they aim at. How long they take is measured by the JMH
     * guard-cost benchmark in benchmarks/, not here.
     */
    @Test
    void lexesLargeAdversarialInputsExactly() {
        int n = 200_000;
        List<SqlDialect> dialects = List.of(SqlDialect.SQLITE, SqlDialect.POSTGRES, SqlDialect.MYSQL);
        // input, then its shape in SQLite, PostgreSQL and MySQL
        Map<String, List<Shape>> cases = new LinkedHashMap<>();
        // without nesting, /*/*/ is a comment and * an operator, six characters a turn; 2 of them are left open
        cases.put(
                "/*".repeat(n),
                List.of(
                        new Shape(n / 3 * 2 + 1, Type.COMMENT, Type.COMMENT, true),
                        new Shape(1, Type.COMMENT, Type.COMMENT, true),
                        new Shape(n / 3 * 2 + 1, Type.COMMENT, Type.COMMENT, true)));
        cases.put(
                "$a$".repeat(n),
                List.of(
                        new Shape(1, Type.PARAMETER, Type.PARAMETER, false),
                        new Shape(n / 2, Type.STRING, Type.STRING, false),
                        new Shape(1, Type.PARAMETER, Type.PARAMETER, false)));
        cases.put(
                "$" + "a".repeat(n) + "$" + ("$" + "a".repeat(n - 1) + "b").repeat(2),
                List.of(
                        new Shape(1, Type.PARAMETER, Type.PARAMETER, false),
                        new Shape(1, Type.STRING, Type.STRING, true),
                        new Shape(1, Type.PARAMETER, Type.PARAMETER, false)));
        cases.put(
                "'".repeat(2 * n + 1),
                List.of(
                        new Shape(1, Type.STRING, Type.STRING, true),
                        new Shape(1, Type.STRING, Type.STRING, true),
                        new Shape(1, Type.STRING, Type.STRING, true)));
        // MySQL: a dash run is an operator up to the last two, a comment at the end of the text
        cases.put(
                "-".repeat(n),
                List.of(
                        new Shape(1, Type.COMMENT, Type.COMMENT, false),
                        new Shape(1, Type.COMMENT, Type.COMMENT, false),
                        new Shape(2, Type.OPERATOR, Type.COMMENT, false)));
        cases.put(
                "\\".repeat(n),
                List.of(
                        new Shape(n, Type.OPERATOR, Type.OPERATOR, false),
                        new Shape(n, Type.OPERATOR, Type.OPERATOR, false),
                        new Shape(n, Type.OPERATOR, Type.OPERATOR, false)));
        // SQLite: one Tcl variable whose ( suffix never closes; elsewhere $a then (
        cases.put(
                "$a(".repeat(n),
                List.of(
                        new Shape(1, Type.PARAMETER, Type.PARAMETER, false),
                        new Shape(2 * n, Type.PARAMETER, Type.PUNCTUATION, false),
                        new Shape(2 * n, Type.PARAMETER, Type.PUNCTUATION, false)));
        // the number 1e1, then one word e1e1…e
        cases.put(
                "1e".repeat(n),
                List.of(
                        new Shape(2, Type.NUMBER, Type.WORD, false),
                        new Shape(2, Type.NUMBER, Type.WORD, false),
                        new Shape(2, Type.NUMBER, Type.WORD, false)));
        cases.put(
                "[".repeat(n),
                List.of(
                        new Shape(1, Type.QUOTED_IDENTIFIER, Type.QUOTED_IDENTIFIER, true),
                        new Shape(n, Type.PUNCTUATION, Type.PUNCTUATION, false),
                        new Shape(n, Type.PUNCTUATION, Type.PUNCTUATION, false)));
        assertEquals(2, n % 3, "the /* case leaves two open");
        cases.forEach((input, shapes) -> {
            for (int i = 0; i < dialects.size(); i++) {
                SqlDialect d = dialects.get(i);
                String what = d.name() + ": " + input.substring(0, 12) + "… (" + input.length() + " characters)";
                SqlScan scan = SqlLexer.of(d).scan(input);
                SqlLexerPropertyTest.checkTiling(input, scan, what);
                assertEquals(shapes.get(i), Shape.of(scan.tokens()), what);
            }
        });
    }

    @Test
    void tokenChecksItsSpan() {
        assertThrows(IllegalArgumentException.class, () -> new SqlToken(Type.WORD, 0, 2, "a", false));
        assertThrows(IllegalArgumentException.class, () -> new SqlToken(Type.WORD, -1, 0, "a", false));
        assertThrows(
                NullPointerException.class, () -> SqlLexer.of(SqlDialect.ANSI).tokenize(null));
        assertThrows(NullPointerException.class, () -> SqlLexer.of(null));
    }

    @Test
    void upperFoldsOnlyAsciiLettersOfWords() {
        SqlToken word = new SqlToken(Type.WORD, 0, 6, "ſelect", false);
        assertEquals("ſELECT", word.upper());
        assertEquals("'x'", new SqlToken(Type.STRING, 0, 3, "'x'", false).upper());
        assertFalse(new SqlToken(Type.COMMENT, 0, 2, "--", false).significant());
        assertTrue(new SqlToken(Type.EXECUTABLE_COMMENT, 0, 5, "/*!*/", false).significant());
    }

    @Test
    void googleSqlStringsOfEveryForm() {
        SqlDialect bq = SqlDialect.BIGQUERY;
        assertEquals(List.of("STRING:'a\\'; drop x'"), lex(bq, "'a\\'; drop x'"));
        assertEquals(List.of("STRING:\"a\\\"; drop\""), lex(bq, "\"a\\\"; drop\""));
        assertEquals(List.of("STRING:'''it's; 'quoted'\n'''", "SEMICOLON:;"), lex(bq, "'''it's; 'quoted'\n''';"));
        assertEquals(List.of("STRING:\"\"\"a\"\"; b\"\"\""), lex(bq, "\"\"\"a\"\"; b\"\"\""));
        assertEquals(List.of("STRING:'''a\\''';'''"), lex(bq, "'''a\\''';'''"), "an escaped quote does not close");
        assertEquals(List.of("STRING:''", "WORD:x"), lex(bq, "'' x"), "two quotes and no third are an empty string");
        for (String prefix : List.of("r", "R", "b", "B", "rb", "Rb", "bR", "BR")) {
            assertEquals(List.of("STRING:" + prefix + "'a;b'"), lex(bq, prefix + "'a;b'"));
            assertEquals(List.of("STRING:" + prefix + "\"a;b\""), lex(bq, prefix + "\"a;b\""));
            assertEquals(List.of("STRING:" + prefix + "'''a';b'''"), lex(bq, prefix + "'''a';b'''"));
        }
        // a raw string keeps its backslash, which still keeps the quote after it from closing the string
        assertEquals(List.of("STRING:r'\\'; drop x'"), lex(bq, "r'\\'; drop x'"));
        assertEquals(List.of("WORD:rr", "STRING:'x'"), lex(bq, "rr'x'"), "rr is no prefix");
        assertEquals(List.of("WORD:r", "OPERATOR:+", "STRING:'x'"), lex(bq, "r+'x'"));
        assertEquals(List.of("STRING:'''x!"), lex(bq, "'''x"));
        assertEquals(List.of("WORD:r", "STRING:'x'"), lex(SqlDialect.MYSQL, "r'x'"), "only where the dialect has them");
        assertEquals(List.of("STRING:'''a'c'''"), lex(bq, "'''a'c'''"));
        assertEquals(
                List.of("STRING:'''a'", "WORD:c", "STRING:'''!"),
                lex(SqlDialect.ANSI, "'''a'c'''"),
                "triple quotes only where the dialect has them");
    }

    @Test
    void googleSqlBacktickIdentifiersTakeBackslashEscapes() {
        SqlDialect bq = SqlDialect.BIGQUERY;
        assertEquals(List.of("QUOTED_IDENTIFIER:`my-project.ds.t`"), lex(bq, "`my-project.ds.t`"));
        // the server reads one identifier up to the third backtick: what follows it is code, and the
        // lexer must see that code too, not read it as an identifier that the second backtick opened
        assertEquals(List.of("QUOTED_IDENTIFIER:`a\\` x `", "WORD:b", "QUOTED_IDENTIFIER:`!"), lex(bq, "`a\\` x `b`"));
        assertEquals(List.of("QUOTED_IDENTIFIER:`a`", "QUOTED_IDENTIFIER:`b`"), lex(bq, "`a``b`"));
        assertEquals(List.of("QUOTED_IDENTIFIER:`a``b`"), lex(SqlDialect.MYSQL, "`a``b`"));
    }

    @Test
    void googleSqlComments() {
        SqlDialect bq = SqlDialect.BIGQUERY;
        assertEquals(List.of("WORD:select", "NUMBER:1", "COMMENT:# x"), lex(bq, "select 1 # x"));
        assertEquals(List.of("COMMENT:-- x", "SEMICOLON:;"), lex(bq, "-- x\r;"));
        assertEquals(List.of("WORD:SELECT", "NUMBER:1", "COMMENT:--1"), lex(bq, "SELECT 1--1"));
        assertEquals(List.of("COMMENT:/* /* */", "OPERATOR:*/"), lex(bq, "/* /* */ */"), "block comments do not nest");
    }
}
