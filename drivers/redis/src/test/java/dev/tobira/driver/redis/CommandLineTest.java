package dev.tobira.driver.redis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The redis-cli quoting rules (sdssplitargs), byte for byte. */
class CommandLineTest {
    private static List<String> words(String line) {
        return CommandLine.split(line).stream()
                .map(b -> new String(b, StandardCharsets.ISO_8859_1))
                .toList();
    }

    @Test
    void splitsOnAnyWhiteSpace() {
        assertEquals(List.of("HGETALL", "customer:1"), words("HGETALL customer:1"));
        assertEquals(
                List.of("SCAN", "0", "MATCH", "customer:*", "COUNT", "100"),
                words("  SCAN\t0 MATCH  customer:*\r\nCOUNT 100 "));
        assertEquals(List.of(), words(" \t\n"));
    }

    @Test
    void doubleQuotesTakeBackslashEscapes() {
        assertEquals(List.of("SET", "k", "a b\n\r\t\b\u0007\\\"z"), words("SET k \"a b\\n\\r\\t\\b\\a\\\\\\\"\\z\""));
        byte[] bytes = CommandLine.split("\"\\x00\\xff\\x41\\xFe\"").get(0);
        assertArrayEquals(new byte[] {0, (byte) 0xff, 0x41, (byte) 0xfe}, bytes);
    }

    @Test
    void anIncompleteHexEscapeIsTheLetterX() {
        // as sdssplitargs: only \x followed by two hex digits is a byte
        assertEquals(List.of("xZZ", "x4"), words("\"\\xZZ\" \"\\x4\""));
    }

    @Test
    void singleQuotesAreLiteralButForAnEscapedQuote() {
        assertEquals(List.of("GET", "it's \\n raw"), words("GET 'it\\'s \\n raw'"));
    }

    @Test
    void backslashOutsideQuotesIsAnOrdinaryCharacter() {
        assertEquals(List.of("GET", "a\\nb", "c\\"), words("GET a\\nb c\\"));
    }

    @Test
    void aQuoteMayStartInsideAWord() {
        assertEquals(List.of("SET", "ab c", "x'y z'"), words("SET a\"b c\" x\"'y z'\""));
    }

    @Test
    void emptyQuotesAreAnEmptyArgument() {
        assertEquals(List.of("SET", "k", ""), words("SET k \"\""));
        assertEquals(List.of("ECHO", ""), words("ECHO ''"));
    }

    @Test
    void textIsUtf8() {
        assertArrayEquals(
                "café ☕".getBytes(StandardCharsets.UTF_8),
                CommandLine.split("\"café ☕\"").get(0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET \"unterminated", "GET 'unterminated", "GET \"a\"b", "GET 'a'b", "SET k \"v\\\""})
    void badQuotingIsSyntax(String line) {
        DriverException e = assertThrows(DriverException.class, () -> CommandLine.parse(line, List.of()));
        assertEquals(ErrorKind.SYNTAX, e.kind());
        assertTrue(e.getMessage().startsWith("redis: query: "), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "\n\t"})
    void anEmptyLineIsSyntax(String line) {
        assertEquals(
                ErrorKind.SYNTAX,
                assertThrows(DriverException.class, () -> CommandLine.parse(line, List.of()))
                        .kind());
    }

    @Test
    void paramsAreAppendedAsArguments() {
        CommandLine cmd = CommandLine.parse(
                "HSET customer:9",
                List.of(
                        Value.of("name"),
                        Value.of("Eve"),
                        Value.of(42),
                        Value.of(1.5),
                        Value.of(true),
                        new Value.Bytes(new byte[] {(byte) 0xff})));
        assertEquals(8, cmd.size());
        assertEquals("hset", cmd.name());
        assertEquals("42", new String(cmd.arg(4), StandardCharsets.UTF_8));
        assertEquals("1.5", new String(cmd.arg(5), StandardCharsets.UTF_8));
        assertEquals("1", new String(cmd.arg(6), StandardCharsets.UTF_8));
        assertArrayEquals(new byte[] {(byte) 0xff}, cmd.arg(7));
        DriverException e = assertThrows(DriverException.class, () -> CommandLine.parse("GET", List.of(Value.NULL)));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
    }

    @Test
    void containerCommandsAreLookedUpWithTheirSubcommand() {
        assertEquals("object|encoding", ReadOnlyGuard.lookupName(CommandLine.parse("OBJECT Encoding k", List.of())));
        assertEquals("client|kill", ReadOnlyGuard.lookupName(CommandLine.parse("client KILL ID 1", List.of())));
        assertEquals("get", ReadOnlyGuard.lookupName(CommandLine.parse("gEt k", List.of())));
        assertEquals("command", ReadOnlyGuard.lookupName(CommandLine.parse("COMMAND", List.of())));
    }
}
