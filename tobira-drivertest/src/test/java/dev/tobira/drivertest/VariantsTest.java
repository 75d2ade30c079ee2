package dev.tobira.drivertest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlLexer;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.SqlToken;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class VariantsTest {
    /** Variants that only respell: the same code, token for token, once case and comments are set aside. */
    private static final Set<String> RESPELLINGS = Set.of(
            "upper",
            "lower",
            "mixed",
            "whitespace",
            "comments",
            "leading-block-comment",
            "leading-line-comment",
            "leading-hash-comment",
            "leading-slash-comment");

    /** An engine that declares what the SPI once fixed: {@code //} comments, upper-case names, its own statements. */
    private static final SqlDialect SLASHDB = SqlDialect.ANSI
            .withName("slashdb")
            .with(SqlDialect.Feature.DOUBLE_SLASH_COMMENTS)
            .withIdentifierCase(SqlDialect.IdentifierCase.UPPER)
            .withStatementWords(SqlDialect.StatementKind.OTHER, "RUNSCRIPT");

    @Test
    void everyLineCommentTheServerReadsLeadsAVariant() {
        Set<String> mysql = Variants.sql("delete from orders", SqlDialect.MYSQL).stream()
                .map(Variants.Variant::suffix)
                .collect(Collectors.toSet());
        assertTrue(mysql.containsAll(Set.of("leading-line-comment", "leading-hash-comment")), mysql.toString());
        List<Variants.Variant> slash = Variants.sql("delete from orders", SLASHDB);
        assertTrue(
                slash.stream()
                        .anyMatch(v -> v.suffix().equals("leading-slash-comment")
                                && v.text().startsWith("// tobira: select\n")),
                slash.toString());
        assertFalse(Variants.sql("delete from orders", SqlDialect.POSTGRES).stream()
                .anyMatch(v ->
                        v.suffix().equals("leading-slash-comment") || v.suffix().equals("leading-hash-comment")));
    }

    @Test
    void aDialectsOwnStatementWordsChangeCase() {
        List<Variants.Variant> v = Variants.sql("runscript from 'x'", SLASHDB);
        assertTrue(
                v.stream().anyMatch(x -> x.suffix().equals("upper") && x.text().startsWith("RUNSCRIPT FROM")),
                v.toString());
    }

    static Stream<Arguments> texts() {
        return Stream.of(
                Arguments.of(SqlDialect.ANSI, "delete from orders where note = 'DELETE FROM x; -- /* '"),
                Arguments.of(
                        SqlDialect.POSTGRES, "update \"Select\" set \"From\" = $$drop table x$$ where a = E'it\\'s'"),
                Arguments.of(SqlDialect.POSTGRES, "select 1 -- read only\n; delete from orders"),
                Arguments.of(
                        SqlDialect.MYSQL, "insert into `Insert` values ('a\\'b', \"DELETE\") /*! delete from x */"),
                Arguments.of(SqlDialect.MYSQL, "delete from orders # where 1 = 0\n"),
                Arguments.of(SqlDialect.SQLITE, "insert into [Delete From] (x) select 'Update' from t"),
                Arguments.of(SqlDialect.DUCKDB, "/* a /* nested */ comment */ drop table orders --"),
                Arguments.of(SLASHDB, "runscript from 'x' // '\n; delete from orders --'"));
    }

    @ParameterizedTest
    @MethodSource("texts")
    void stringsQuotedIdentifiersAndExecutableCommentsStayIntact(SqlDialect dialect, String text) {
        List<String> original = untouchable(text, dialect);
        assertFalse(original.isEmpty() && text.contains("'"), "the lexer found the literals of " + text);
        List<Variants.Variant> variants = Variants.sql(text, dialect);
        assertTrue(variants.size() >= 6, "variants of " + text + ": " + variants);
        for (Variants.Variant v : variants) {
            assertEquals(original, untouchable(v.text(), dialect), v.suffix() + " changed a literal: " + v.text());
            SqlToken last = SqlLexer.of(dialect).tokenize(v.text()).stream()
                    .reduce((a, b) -> b)
                    .orElseThrow();
            assertFalse(last.unterminated(), v.suffix() + " left something unterminated: " + v.text());
        }
    }

    @ParameterizedTest
    @MethodSource("texts")
    void respellingsKeepTheCodeAndTheStatements(SqlDialect dialect, String text) {
        List<String> code = code(text, dialect);
        int statements = SqlScan.of(text, dialect).statementCount();
        for (Variants.Variant v : Variants.sql(text, dialect)) {
            if (RESPELLINGS.contains(v.suffix())) {
                assertEquals(code, code(v.text(), dialect), v.suffix() + ": " + v.text());
                assertEquals(statements, SqlScan.of(v.text(), dialect).statementCount(), v.suffix() + ": " + v.text());
            }
        }
    }

    @Test
    void caseVariantsChangeKeywordsButNotIdentifiers() {
        List<Variants.Variant> variants = Variants.sql("delete from Orders where id = 1", SqlDialect.ANSI);
        Variants.Variant upper = variants.stream()
                .filter(v -> v.suffix().equals("upper"))
                .findFirst()
                .orElseThrow();
        assertEquals("DELETE FROM Orders WHERE id = 1", upper.text());
        Variants.Variant mixed = variants.stream()
                .filter(v -> v.suffix().equals("mixed"))
                .findFirst()
                .orElseThrow();
        assertTrue(mixed.text().contains(" Orders ") && mixed.text().endsWith(" id = 1"), mixed.text());
    }

    @Test
    void nestingOnlyForOneStatement() {
        Set<String> single = Variants.sql("delete from orders", SqlDialect.ANSI).stream()
                .map(Variants.Variant::suffix)
                .collect(Collectors.toSet());
        assertTrue(single.containsAll(Set.of("cte-before", "cte-around")), single.toString());
        Set<String> stacked = Variants.sql("select 1; delete from orders", SqlDialect.ANSI).stream()
                .map(Variants.Variant::suffix)
                .collect(Collectors.toSet());
        assertFalse(stacked.contains("cte-before") || stacked.contains("cte-around"), stacked.toString());
    }

    @Test
    void aTrailingLineCommentNeverSwallowsWhatAVariantAppends() {
        for (Variants.Variant v : Variants.sql("delete from orders --", SqlDialect.ANSI)) {
            if (v.suffix().equals("cte-around")) {
                assertTrue(v.text().endsWith("--\n) select 1 as x"), v.text());
            }
            if (v.suffix().equals("trailing-semicolon")) {
                assertEquals(
                        2,
                        SqlScan.of(v.text(), SqlDialect.ANSI).tokens().stream()
                                .filter(t -> t.type() == SqlToken.Type.COMMENT || t.type() == SqlToken.Type.SEMICOLON)
                                .count(),
                        v.text());
            }
        }
    }

    @Test
    void otherLanguagesChangeTheCommandWordAndSpacingOnly() {
        List<Variants.Variant> variants = Variants.other("SET customer:1 Hello World\nDEL customer:1");
        assertEquals(
                List.of("lower", "mixed", "whitespace"),
                variants.stream().map(Variants.Variant::suffix).toList());
        assertEquals(
                "set customer:1 Hello World\ndel customer:1", variants.get(0).text());
        for (Variants.Variant v : variants) {
            List<String> words = List.of(v.text().strip().split("\\s+"));
            assertEquals(
                    List.of("set", "customer:1", "hello", "world", "del", "customer:1"),
                    words.stream().map(w -> w.toLowerCase(Locale.ROOT)).toList(),
                    v.suffix());
            assertTrue(v.text().contains("Hello World") || v.text().contains("Hello \t  World"), v.text());
        }
    }

    private static List<String> untouchable(String text, SqlDialect dialect) {
        return SqlLexer.of(dialect).tokenize(text).stream()
                .filter(t -> t.type() == SqlToken.Type.STRING
                        || t.type() == SqlToken.Type.QUOTED_IDENTIFIER
                        || t.type() == SqlToken.Type.EXECUTABLE_COMMENT)
                .map(SqlToken::text)
                .toList();
    }

    private static List<String> code(String text, SqlDialect dialect) {
        return SqlLexer.of(dialect).tokenize(text).stream()
                .filter(SqlToken::significant)
                .map(SqlToken::upper)
                .toList();
    }
}
