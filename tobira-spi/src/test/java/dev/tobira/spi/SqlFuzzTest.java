package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Fuzz tests. Under {@code mvn verify} they run in Jazzer's regression mode, over the inputs in
 * {@code src/test/resources/dev/tobira/spi/SqlFuzzTestInputs/<method>/}; with
 * {@code JAZZER_FUZZ=1} they fuzz.
 */
class SqlFuzzTest {
    private static final List<SqlDialect> DIALECTS =
            List.of(SqlDialect.ANSI, SqlDialect.SQLITE, SqlDialect.POSTGRES, SqlDialect.MYSQL, SqlDialect.DUCKDB);
    private static final Set<ErrorKind> GUARD_KINDS =
            EnumSet.of(ErrorKind.READ_ONLY, ErrorKind.SYNTAX, ErrorKind.INVALID_ARGUMENT);

    @FuzzTest(maxDuration = "20s")
    void lexerTilesAnyText(FuzzedDataProvider data) {
        SqlDialect dialect = data.pickValue(DIALECTS);
        String sql = data.consumeRemainingAsString();
        SqlScan scan = SqlLexer.of(dialect).scan(sql);
        int at = 0;
        for (SqlToken token : scan.tokens()) {
            assertEquals(at, token.start());
            assertTrue(token.end() > token.start());
            assertEquals(sql.substring(token.start(), token.end()), token.text());
            at = token.end();
        }
        assertEquals(sql.length(), at);
        for (SqlScan.Statement statement : scan.statements()) {
            for (SqlToken token : statement.tokens()) {
                assertTrue(token.significant());
            }
        }
    }

    @FuzzTest(maxDuration = "20s")
    void guardThrowsOnlyDriverExceptions(FuzzedDataProvider data) {
        SqlDialect dialect = data.pickValue(DIALECTS);
        boolean writable = data.consumeBoolean();
        String sql = data.consumeRemainingAsString();
        StatementGuard guard = StatementGuard.builder("fuzz")
                .dialect(dialect)
                .allow("SELECT", "WITH", "VALUES", "EXPLAIN")
                .forbidWords("INTO")
                .forbidFunctions("lo_export", "load_file")
                .build();
        try {
            SqlScan scan = writable ? guard.checkSingleStatement(sql) : guard.check(sql);
            assertEquals(1, scan.statementCount());
            assertTrue(!scan.isUnterminated() && !scan.containsNul());
            if (!writable) {
                assertTrue(!scan.hasExecutableComment()
                        && scan.findWord(Set.of("INTO")).isEmpty());
                assertTrue(Set.of("SELECT", "WITH", "VALUES", "EXPLAIN")
                        .contains(scan.firstKeyword().orElseThrow()));
            }
        } catch (DriverException e) {
            assertTrue(GUARD_KINDS.contains(e.kind()), e::getMessage);
            assertTrue(e.getMessage().startsWith("fuzz: query: "), e::getMessage);
        }
    }

    @FuzzTest(maxDuration = "20s")
    void redactorMasksAnyPasswordInAUrl(FuzzedDataProvider data) {
        String password = data.consumeString(40);
        String tail = data.consumeRemainingAsString();
        if (password.length() < 3
                || password.chars().anyMatch(Character::isWhitespace)
                || tail.contains(password)
                || Redactor.MASK.contains(password)) {
            return;
        }
        String text = "postgres://user:" + password + "@db.example:5432/shop " + tail;
        String redacted = Redactor.standard().redact(text);
        assertTrue(!redacted.contains(password), redacted);
    }
}
