package dev.tobira.driver.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.SqlToken;
import java.math.BigDecimal;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every literal is one token of the lexer the base finds placeholders with, whatever the value
 * holds: no value can end its literal and go on as SQL. Seeded, so a failure repeats.
 */
class MysqlLiteralsTest {
    /** The characters that matter to MySQL's reading of a string, and a few others. */
    private static final String ALPHABET = "'\"\\`\0\n\r\u001a%_*/-#;?{}$ aZ9é日🚪";

    private static List<SqlToken> tokens(MysqlLiterals literals, String text) {
        return SqlScan.of(text, literals.dialect()).tokens().stream()
                .filter(t -> t.type() != SqlToken.Type.WHITESPACE)
                .toList();
    }

    @Test
    void aTextValueIsOneStringTokenInBothQuotingModes() {
        Random random = new Random(14);
        for (MysqlLiterals literals : List.of(MysqlLiterals.of(false), MysqlLiterals.of(true))) {
            for (int i = 0; i < 20_000; i++) {
                StringBuilder sb = new StringBuilder();
                int length = random.nextInt(12);
                for (int j = 0; j < length; j++) {
                    int at = random.nextInt(ALPHABET.length());
                    sb.appendCodePoint(
                            ALPHABET.codePointAt(Character.isLowSurrogate(ALPHABET.charAt(at)) ? at - 1 : at));
                }
                String value = sb.toString();
                String literal = literals.literal(Value.of(value));
                List<SqlToken> tokens = tokens(literals, "select " + literal + " from t");
                boolean hex = value.chars().anyMatch(ch -> ch == '\\' || ch == 0 || ch == '"' || ch == '`');
                assertEquals(hex ? 5 : 4, tokens.size(), literal);
                if (hex) {
                    assertEquals(
                            "_utf8mb4",
                            tokens.get(1).text(),
                            "a value with a backslash or NUL is a hex string: " + literal);
                }
                SqlToken string = tokens.get(hex ? 2 : 1);
                assertEquals(SqlToken.Type.STRING, string.type(), literal);
                assertEquals(literal, (hex ? "_utf8mb4 " : "") + string.text());
                assertEquals(
                        hex,
                        literal.indexOf('\\') < 0 && literal.startsWith("_utf8mb4 X'"),
                        "no literal holds an escape: " + literal);
            }
        }
    }

    @Test
    void numbersBytesAndKeywordsAreOneTokenEach() {
        MysqlLiterals literals = MysqlLiterals.of(false);
        for (Value v : List.of(
                Value.of(Long.MAX_VALUE),
                Value.of(3.25),
                Value.of(1e300),
                new Value.Decimal(new BigDecimal("12345678901234567890.5")),
                new Value.Bytes(new byte[] {39, 92, 0}),
                Value.NULL,
                Value.of(true))) {
            List<SqlToken> tokens = tokens(literals, "select " + literals.literal(v) + " from t");
            assertEquals(4, tokens.size(), v.toString());
        }
        for (Value v : List.of(Value.of(-0.0), Value.of(Long.MIN_VALUE), new Value.Decimal(new BigDecimal("-1.5")))) {
            List<SqlToken> tokens = tokens(literals, "select " + literals.literal(v) + " from t");
            assertEquals(5, tokens.size(), v.toString());
            assertEquals("-", tokens.get(1).text(), "a negative number is a minus and a number");
            assertEquals(SqlToken.Type.NUMBER, tokens.get(2).type());
        }
        assertEquals("3.25E0", literals.literal(Value.of(3.25)), "a DOUBLE, not a DECIMAL");
        assertEquals("X'275C00'", literals.literal(new Value.Bytes(new byte[] {39, 92, 0})));
    }

    @Test
    void kindsWithoutALiteralAreUnsupported() {
        DriverException e = assertThrows(
                DriverException.class, () -> MysqlLiterals.of(false).literal(new Value.Vector(new float[] {1f})));
        assertEquals(ErrorKind.UNSUPPORTED, e.kind());
    }
}
