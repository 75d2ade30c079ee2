package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.DriverException;
import java.util.Collections;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The lexer, the scan and the guard decide exactly as they did before they were rewritten for
 * speed: each case is read by the new code and by the old one kept in {@link LegacySqlLexer},
 * {@link LegacySqlScan} and {@link LegacyStatementGuard}, and every answer must be the same: the
 * tokens, the statements, every question a scan answers, and the guard's verdict and message.
 * Texts are generated (see {@link SqlGen}) or random runs of tricky pieces, in the built-in
 * dialects, with trigger bodies switched, and in dialects of random options.
 */
class LegacyDifferentialTest {
    private static final int CASES_PER_BATCH = 1_000;
    private static final int BATCHES = 6;
    private static final List<SqlDialect> DIALECTS = List.of(
            SqlDialect.ANSI,
            SqlDialect.SQLITE,
            SqlDialect.POSTGRES,
            SqlDialect.MYSQL,
            SqlDialect.DUCKDB,
            SqlDialect.ANSI.with(SqlDialect.Feature.TRIGGER_BODIES),
            SqlDialect.SQLITE.without(SqlDialect.Feature.TRIGGER_BODIES));
    private static final String[] PIECES = {
        "'",
        "\"",
        "`",
        "[",
        "]",
        "$",
        "$$",
        "$a$",
        "$a",
        "$1",
        "-",
        "--",
        "-- ",
        "--\t",
        "/",
        "*",
        "/*",
        "*/",
        "/*!",
        "/*M!",
        "/*m!",
        "/*+",
        "#",
        ";",
        "\\",
        "\\'",
        "\n",
        "\r",
        " ",
        "\t",
        "\f",
        "\u000b",
        "\u007f",
        "e",
        "E",
        "E'",
        "e'",
        "x",
        "X'",
        "N",
        "n'",
        "b'",
        "B",
        "u",
        "U&",
        "1",
        "0x1f",
        "0X",
        "1_000",
        "1__0",
        "1e5",
        "1E+",
        "1.",
        ".5",
        "..",
        "!",
        "M",
        "m",
        "(",
        ")",
        ":",
        "::",
        ":a",
        "@",
        "@a",
        "#a",
        "?",
        "?1",
        "a",
        "é",
        "\u0000",
        "\ud83d\ude00",
        "\ud800",
        "_",
        "{",
        "}",
        "=",
        "<>",
        "||",
        "+-",
        " create ",
        " trigger ",
        " end ",
        " case ",
        " temp ",
        " temporary ",
        " explain ",
        " query ",
        " plan ",
        " begin ",
        "select",
        "SELECT",
        " into ",
        "Into",
        "drop",
        "lo_export",
        "Lo_Export",
        "\"lo_export\"",
        "\"LO\"\"X\"",
        "\"\"",
        "[lo_export]",
        "`lo_export`",
        "load_file",
        ".",
        ",",
        "$x(1)",
        "$a::b",
        "ſelect",
        "K",
        "ı",
        "with",
        "values",
        "'it''s'",
        "E'\\''",
        "$q$ ; $q$",
        "/* /* */ */"
    };
    private static final List<String> WORDS = List.of(
            "SELECT", "into", "Drop", "é", "ſelect", "e", "X", "U", "trigger", "END", "a", "", "select1", "lo_export");
    private static final List<String> FUNCTIONS = List.of("lo_export", "LOAD_FILE", "x", "lo\"x", "e", "a");

    static Stream<Arguments> batches() {
        return IntStream.range(0, DIALECTS.size())
                .boxed()
                .flatMap(d -> IntStream.range(0, BATCHES)
                        .mapToObj(b -> Arguments.of(
                                DIALECTS.get(d).name()
                                        + (DIALECTS.get(d).has(SqlDialect.Feature.TRIGGER_BODIES) ? "+triggers" : ""),
                                d,
                                b)));
    }

    @ParameterizedTest(name = "{0} batch {2}")
    @MethodSource("batches")
    void generatedTextReadsAsBefore(String name, int dialect, int batch) {
        SqlDialect d = DIALECTS.get(dialect);
        for (int i = 0; i < CASES_PER_BATCH; i++) {
            long seed = Seeds.of(11, dialect, batch, i);
            String sql = new SqlGen(d, new Random(seed)).next().sql();
            compare(d, sql, name + ", " + Seeds.describe(seed));
        }
    }

    @ParameterizedTest(name = "{0} batch {2}")
    @MethodSource("batches")
    void randomPiecesReadAsBefore(String name, int dialect, int batch) {
        SqlDialect d = DIALECTS.get(dialect);
        for (int i = 0; i < CASES_PER_BATCH; i++) {
            long seed = Seeds.of(12, dialect, batch, i);
            compare(d, pieces(new Random(seed)), name + ", " + Seeds.describe(seed));
        }
    }

    @Test
    void randomDialectsReadAsBefore() {
        for (int i = 0; i < BATCHES * CASES_PER_BATCH; i++) {
            long seed = Seeds.of(13, i);
            Random r = new Random(seed);
            SqlDialect d = SqlDialect.of("random");
            // the reference lexer knows the features up to trigger bodies, not GoogleSQL's
            for (SqlDialect.Feature f :
                    EnumSet.range(SqlDialect.Feature.BACKSLASH_ESCAPES, SqlDialect.Feature.TRIGGER_BODIES)) {
                d = r.nextBoolean() ? d.with(f) : d;
            }
            String sql = r.nextBoolean() ? pieces(r) : new SqlGen(d, r).next().sql();
            compare(d, sql, d + ", " + Seeds.describe(seed));
        }
    }

    @Test
    void longTextsReadAsBefore() {
        for (SqlDialect d : DIALECTS) {
            Random r = new Random(Seeds.of(14, DIALECTS.indexOf(d)));
            StringBuilder sb = new StringBuilder();
            while (sb.length() < 200_000) {
                sb.append(new SqlGen(d, r).next().sql()).append(r.nextBoolean() ? ";\n" : " ");
            }
            compare(d, sb.toString(), d.name() + " long text");
        }
    }

    private static String pieces(Random r) {
        StringBuilder sb = new StringBuilder();
        int n = r.nextInt(60);
        for (int k = 0; k < n; k++) {
            sb.append(PIECES[r.nextInt(PIECES.length)]);
        }
        return sb.toString();
    }

    private static void compare(SqlDialect d, String sql, String where) {
        String at = where + ", text: " + sql;
        LegacySqlScan old = LegacySqlLexer.of(d).scan(sql);
        // the quick answers first, before anything is made into tokens, then the same after
        SqlScan now = SqlLexer.of(d).scan(sql);
        compareAnswers(old, now, at);
        compareTokens(old, now, at);
        compareAnswers(old, now, at);
        compareGuards(d, sql, at);
    }

    private static void compareAnswers(LegacySqlScan old, SqlScan now, String at) {
        assertEquals(old.statementCount(), now.statementCount(), at);
        assertEquals(old.isEmpty(), now.isEmpty(), at);
        assertEquals(old.firstKeyword(), now.firstKeyword(), at);
        assertEquals(old.hasExecutableComment(), now.hasExecutableComment(), at);
        assertEquals(old.isUnterminated(), now.isUnterminated(), at);
        assertEquals(old.unterminated(), now.unterminated(), at);
        assertEquals(old.containsNul(), now.containsNul(), at);
        assertEquals(old.toString().replace("LegacySqlScan", "SqlScan"), now.toString(), at);
        assertEquals(old.findWord(SqlGen.DANGER), now.findWord(SqlGen.DANGER), at);
        assertEquals(old.findWord(WORDS), now.findWord(WORDS), at);
        assertEquals(old.findWord(Set.of()), now.findWord(Set.of()), at);
        assertEquals(old.findCall(FUNCTIONS), now.findCall(FUNCTIONS), at);
        assertEquals(old.findCall(List.of()), now.findCall(List.of()), at);
        for (String word : WORDS) {
            assertEquals(old.containsWord(word), now.containsWord(word), word + ": " + at);
            assertEquals(old.findWord(List.of(word)), now.findWord(List.of(word)), word + ": " + at);
        }
        for (String function : FUNCTIONS) {
            assertEquals(old.callsFunction(function), now.callsFunction(function), function + ": " + at);
        }
    }

    private static void compareTokens(LegacySqlScan old, SqlScan now, String at) {
        assertEquals(old.sql(), now.sql(), at);
        List<SqlToken> oldTokens = old.tokens();
        List<SqlToken> tokens = now.tokens();
        assertEquals(oldTokens, tokens, at);
        assertSame(tokens, now.tokens(), at);
        for (int i = 0; i < tokens.size(); i++) {
            SqlToken a = oldTokens.get(i);
            SqlToken b = tokens.get(i);
            assertEquals(a.hashCode(), b.hashCode(), at);
            assertEquals(a.toString(), b.toString(), at);
            assertEquals(a.upper(), b.upper(), at);
            assertEquals(a.significant(), b.significant(), at);
        }
        assertEquals(SqlLexer.of(now.dialect()).tokenize(now.sql()), tokens, at);
        Set<SqlToken> own = Collections.newSetFromMap(new IdentityHashMap<>());
        own.addAll(tokens);
        assertEquals(old.statements().size(), now.statements().size(), at);
        for (int k = 0; k < now.statementCount(); k++) {
            LegacySqlScan.Statement a = old.statements().get(k);
            SqlScan.Statement b = now.statements().get(k);
            assertEquals(a.start(), b.start(), at);
            assertEquals(a.end(), b.end(), at);
            assertEquals(a.text(), b.text(), at);
            assertEquals(a.tokens(), b.tokens(), at);
            assertEquals(a.keywords(), b.keywords(), at);
            assertEquals(a.firstKeyword(), b.firstKeyword(), at);
            // a statement's tokens are the scan's own, not copies
            assertTrue(own.containsAll(b.tokens()), at);
        }
    }

    private static void compareGuards(SqlDialect d, String sql, String at) {
        StatementGuard guard = StatementGuard.builder("diff")
                .dialect(d)
                .allow("SELECT", "with", "VALUES", "explain", "e")
                .forbidWords("INTO", "drop", "e1")
                .forbidFunctions("lo_export", "Load_File", "x")
                .build();
        LegacyStatementGuard legacy = LegacyStatementGuard.builder("diff")
                .dialect(d)
                .allow("SELECT", "with", "VALUES", "explain", "e")
                .forbidWords("INTO", "drop", "e1")
                .forbidFunctions("lo_export", "Load_File", "x")
                .build();
        assertEquals(
                outcome(() -> legacy.check(sql).statementCount()),
                outcome(() -> guard.check(sql).statementCount()),
                at);
        assertEquals(
                outcome(() -> legacy.checkSingleStatement(sql).statementCount()),
                outcome(() -> guard.checkSingleStatement(sql).statementCount()),
                at);
        StatementGuard open =
                StatementGuard.builder("diff").dialect(d).singleStatement(false).build();
        LegacyStatementGuard legacyOpen = LegacyStatementGuard.builder("diff")
                .dialect(d)
                .singleStatement(false)
                .build();
        assertEquals(
                outcome(() -> legacyOpen.check(sql).statementCount()),
                outcome(() -> open.check(sql).statementCount()),
                at);
    }

    /** What a call came to: its result, or the kind and message of the DriverException it threw. */
    private static String outcome(Supplier<Object> call) {
        try {
            return "returned " + call.get();
        } catch (DriverException e) {
            return "threw " + e.kind() + ": " + e.getMessage();
        }
    }
}
