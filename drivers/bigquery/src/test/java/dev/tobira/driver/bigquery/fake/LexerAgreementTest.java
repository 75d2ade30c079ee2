package dev.tobira.driver.bigquery.fake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The SPI lexer's BIGQUERY dialect (the driver's first layer) and the fake's own tokenizer (its
 * dry run's) count the same statements in texts that hide semicolons in each of GoogleSQL's
 * quoting and comment forms: where they disagreed, one of the two would misread BigQuery.
 */
class LexerAgreementTest {
    static Stream<Arguments> texts() {
        return Stream.of(
                arguments(2, "SELECT '''a'b;''' AS s; DELETE FROM t"),
                arguments(2, "SELECT \"\"\"a\"b;\"\"\" ; x"),
                arguments(1, "SELECT r'\\' ; DELETE' AS s"),
                arguments(2, "SELECT r'\\\\' ; DELETE FROM t"),
                arguments(1, "SELECT `a\\`;x` AS c"),
                arguments(2, "SELECT `a``b`; x"),
                arguments(2, "SELECT 1 # ;\n; x"),
                arguments(2, "SELECT 1 -- ;\r; x"),
                arguments(1, "SELECT 1 # ;\r\nDELETE FROM t"),
                arguments(2, "SELECT b''';x''' ; y"),
                arguments(2, "SELECT rb\"x\\\";\" ; y"),
                arguments(2, "SELECT 'a\\'; b' ; c"),
                arguments(2, "SELECT \"a';\" ; b"),
                arguments(1, "/* ; */ SELECT 1; /* ; */"),
                arguments(2, "SELECT BR'''\\''';''' AS s; SELECT 2"),
                arguments(1, "SELECT \"\"\"\n;\n\"\"\" AS s"),
                arguments(2, "SELECT `p-1.d.t`.x FROM `p-1.d.t`; DELETE FROM t"));
    }

    @ParameterizedTest(name = "{0} statement(s): {1}")
    @MethodSource("texts")
    void bothCountTheSameStatements(int expected, String text) {
        int spi = SqlScan.of(text, SqlDialect.BIGQUERY).statementCount();
        int fake = Tokens.statements(Tokens.of(text)).size();
        assertEquals(expected, fake, "the fake's tokenizer");
        assertEquals(expected, spi, "the SPI lexer (BIGQUERY)");
    }
}
