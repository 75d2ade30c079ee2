package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tobira.spi.SqlToken.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Property tests of the lexer over generated text: 10 batches of 1,000 cases per dialect and
 * property. A failure names the case seed and the base seed; see {@link Seeds}.
 */
class SqlLexerPropertyTest {
    static final int BATCHES = 10;
    static final int CASES_PER_BATCH = 1_000;
    static final List<SqlDialect> DIALECTS = List.of(
            SqlDialect.ANSI,
            SqlDialect.SQLITE,
            SqlDialect.POSTGRES,
            SqlDialect.MYSQL,
            SqlDialect.DUCKDB,
            SqlDialect.BIGQUERY,
            DeclaredDialectGuardTest.SLASHDB,
            DeclaredDialectGuardTest.SLASHDB
                    .with(SqlDialect.Feature.NO_DASH_COMMENTS, SqlDialect.Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT)
                    .withName("slashdb-nodash"),
            SqlDialect.MYSQL.with(SqlDialect.Feature.DOUBLE_SLASH_COMMENTS).withName("mysql-slash"));

    static Stream<Arguments> batches() {
        return IntStream.range(0, DIALECTS.size())
                .boxed()
                .flatMap(d -> IntStream.range(0, BATCHES)
                        .mapToObj(b -> Arguments.of(DIALECTS.get(d).name(), d, b)));
    }

    @ParameterizedTest(name = "{0} batch {2}")
    @MethodSource("batches")
    void scanFindsExactlyTheGeneratedStructure(String name, int dialect, int batch) {
        SqlDialect d = DIALECTS.get(dialect);
        SqlLexer lexer = SqlLexer.of(d);
        for (int i = 0; i < CASES_PER_BATCH; i++) {
            long seed = Seeds.of(1, dialect, batch, i);
            SqlGen.Generated g = new SqlGen(d, new Random(seed)).next();
            String where = name + ", " + Seeds.describe(seed) + ", text:\n" + g.sql();
            SqlScan scan = lexer.scan(g.sql());
            assertFalse(scan.isUnterminated(), () -> "unterminated: " + where);
            assertEquals(g.keywords().size(), scan.statementCount(), () -> "statement count: " + where);
            for (int s = 0; s < g.keywords().size(); s++) {
                int at = s;
                assertEquals(
                        g.keywords().get(s),
                        scan.statements().get(s).keywords(),
                        () -> "words of statement " + at + ": " + where);
                assertEquals(
                        Optional.of(g.keywords().get(s).get(0)),
                        scan.statements().get(s).firstKeyword(),
                        () -> "first keyword: " + where);
            }
            // a dangerous word is read in code only where the generator put one (a trigger's event)
            List<String> dangerInCode = scan.tokens().stream()
                    .filter(t -> t.type() == Type.WORD)
                    .map(SqlToken::upper)
                    .filter(SqlGen.DANGER::contains)
                    .toList();
            List<String> dangerGenerated = g.keywords().stream()
                    .flatMap(List::stream)
                    .filter(SqlGen.DANGER::contains)
                    .toList();
            assertEquals(dangerGenerated, dangerInCode, () -> "keyword in a literal: " + where);
            if (g.triggers() == 0) {
                assertEquals(Optional.empty(), scan.findWord(SqlGen.DANGER), () -> "keyword in a literal: " + where);
            }
            assertEquals(g.executable(), scan.hasExecutableComment(), () -> "executable comment: " + where);
            if (d.has(SqlDialect.Feature.TRIGGER_BODIES)) {
                SqlScan split = SqlLexer.of(d.without(SqlDialect.Feature.TRIGGER_BODIES))
                        .scan(g.sql());
                checkOnlyJoined(scan, split, where);
                if (g.triggers() > 0) {
                    assertTrue(
                            split.statementCount() > scan.statementCount(),
                            () -> "a trigger body's semicolons split without triggerBodies: " + where);
                } else {
                    assertEquals(split.statements(), scan.statements(), () -> "no trigger, same statements: " + where);
                }
            }
        }
    }

    /**
     * Trigger bodies only ever join statements: each statement read with them begins where one read
     * without them begins and ends where one ends.
     */
    static void checkOnlyJoined(SqlScan joined, SqlScan split, String where) {
        Set<Integer> starts = new HashSet<>();
        Set<Integer> ends = new HashSet<>();
        for (SqlScan.Statement s : split.statements()) {
            starts.add(s.start());
            ends.add(s.end());
        }
        for (SqlScan.Statement s : joined.statements()) {
            assertTrue(
                    starts.contains(s.start()) && ends.contains(s.end()),
                    () -> "statement " + s.text() + " does not join whole statements: " + where);
        }
    }

    @ParameterizedTest(name = "{0} batch {2}")
    @MethodSource("batches")
    void lexerNeverThrowsAndTokensTileAnyText(String name, int dialect, int batch) {
        SqlDialect d = DIALECTS.get(dialect);
        SqlLexer lexer = SqlLexer.of(d);
        String[] alphabet = {
            "'",
            "\"",
            "`",
            "[",
            "]",
            "$",
            "$$",
            "$a$",
            "-",
            "--",
            "/",
            "*",
            "/*",
            "*/",
            "#",
            ";",
            "\\",
            "\n",
            "\r",
            " ",
            "e",
            "E",
            "x",
            "N",
            "1",
            ".",
            "!",
            "M",
            "(",
            ")",
            ":",
            "::",
            "@",
            "?",
            "a",
            "é",
            "\u0000",
            "\ud83d\ude00",
            "\ud800",
            "0x",
            "_",
            "{",
            "}",
            "=",
            " create ",
            " trigger ",
            " end ",
            " case ",
            " temp "
        };
        for (int i = 0; i < CASES_PER_BATCH; i++) {
            long seed = Seeds.of(2, dialect, batch, i);
            Random r = new Random(seed);
            StringBuilder sb = new StringBuilder();
            int n = r.nextInt(40);
            for (int k = 0; k < n; k++) {
                sb.append(alphabet[r.nextInt(alphabet.length)]);
            }
            String sql = sb.toString();
            String where = name + ", " + Seeds.describe(seed) + ", text: " + sql;
            SqlScan scan;
            try {
                scan = lexer.scan(sql);
            } catch (RuntimeException e) {
                throw new AssertionError("lexer threw on " + where, e);
            }
            checkTiling(sql, scan, where);
            if (d.has(SqlDialect.Feature.TRIGGER_BODIES)) {
                checkOnlyJoined(
                        scan,
                        SqlLexer.of(d.without(SqlDialect.Feature.TRIGGER_BODIES))
                                .scan(sql),
                        where);
            }
        }
    }

    static void checkTiling(String sql, SqlScan scan, String where) {
        int at = 0;
        List<SqlToken> tokens = scan.tokens();
        for (int k = 0; k < tokens.size(); k++) {
            SqlToken t = tokens.get(k);
            if (t.start() != at || t.end() <= t.start() || !t.text().equals(sql.substring(t.start(), t.end()))) {
                fail("token " + t + " does not continue at " + at + ": " + where);
            }
            if (t.unterminated() && k != tokens.size() - 1) {
                fail("unterminated token " + t + " is not the last: " + where);
            }
            at = t.end();
        }
        assertEquals(sql.length(), at, () -> "tokens stop early: " + where);
        List<String> words = new ArrayList<>();
        int semicolons = 0;
        for (SqlToken t : tokens) {
            if (t.type() == Type.WORD) {
                words.add(t.upper());
            }
            if (t.type() == Type.SEMICOLON) {
                semicolons++;
            }
        }
        List<String> statementWords = new ArrayList<>();
        for (SqlScan.Statement s : scan.statements()) {
            statementWords.addAll(s.keywords());
            // only a trigger body keeps semicolons inside its statement
            assertTrue(
                    s.tokens().stream()
                            .allMatch(t -> t.significant()
                                    && (t.type() != Type.SEMICOLON
                                            || scan.dialect().has(SqlDialect.Feature.TRIGGER_BODIES))),
                    where);
        }
        assertEquals(words, statementWords, () -> "statements lose or invent words: " + where);
        assertTrue(scan.statementCount() <= semicolons + 1, where);
    }
}
