package dev.tobira.format;

import static dev.tobira.format.JsonResultWriterTest.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tobira.api.Column;
import dev.tobira.api.Value;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 29: text from data never drives the terminal that shows it, in any format meant for one. */
class TerminalTextTest {
    /** Every character the terminal must not receive raw: C0, DEL, C1, the Bidi_Control set, U+2028/9. */
    static final String UNSAFE;

    static {
        StringBuilder sb = new StringBuilder();
        for (char c = 0; c < 0x20; c++) {
            sb.append(c);
        }
        for (char c = 0x7f; c <= 0x9f; c++) {
            sb.append(c);
        }
        sb.append("\u061c\u200e\u200f\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069");
        UNSAFE = sb.toString();
    }

    /** What an attacker stores in a row: an OSC 52 clipboard write, a CSI through C1, a bidi override, a CR. */
    static final String HOSTILE = "ok\u001b]52;c;ZWNobyBwd25lZA==\u0007 \u009b2J \u202eevil\u202c\rrm -rf";

    static void assertInert(String shown) {
        for (int i = 0; i < shown.length(); i++) {
            char c = shown.charAt(i);
            assertFalse(
                    c != '\n' && TerminalText.isUnsafe(c), () -> "raw U+" + Integer.toHexString(c) + " in " + shown);
        }
    }

    @Test
    void everyUnsafeCharacterBecomesAVisibleEscape() {
        assertEquals(
                "ok\\x1b]52;c;ZWNobyBwd25lZA==\\x07 \\x9b2J \\u202eevil\\u202c\\rrm -rf", TerminalText.escape(HOSTILE));
        assertEquals(
                "\\n\\r\\t\\x00\\x7f\\x85\\u061c\\u200e\\u2028\\u2069",
                TerminalText.escape("\n\r\t\u0000\u007f\u0085\u061c\u200e\u2028\u2069"));
        String escaped = TerminalText.escape(UNSAFE);
        for (int i = 0; i < escaped.length(); i++) {
            assertFalse(TerminalText.isUnsafe(escaped.charAt(i)), escaped);
        }
        for (char c = 0; c < 0xffff; c++) {
            boolean listed = UNSAFE.indexOf(c) >= 0;
            assertEquals(listed, TerminalText.isUnsafe(c), "U+" + Integer.toHexString(c));
        }
    }

    @Test
    void safeTextIsReturnedAsItIs() {
        String s = "Grace Hopper, 扉, café, emoji \uD83D\uDE00, zero\u200dwidth joiner, back\\slash";
        assertSame(s, TerminalText.escape(s));
    }

    private static List<Column> columns() {
        return List.of(Column.of("name\u202e", Value.Kind.TEXT), Column.of("doc", Value.Kind.JSON));
    }

    private static dev.tobira.api.ResultSet hostile() {
        List<List<Value>> rows = new ArrayList<>();
        rows.add(List.of(Value.of(HOSTILE), new Value.Json("{\"k\":\"\u009b\u202e\\u001b\"}")));
        rows.add(List.of(Value.of(UNSAFE), Value.of(1)));
        return Results.of(columns(), rows, Results.stats(0, false));
    }

    @Test
    void theTableEscapesEveryCell() throws IOException {
        String out = write(TableWriter.create(), hostile());
        assertInert(out);
        assertTrue(out.contains("ok\\x1b]52;c;ZWNobyBwd25lZA==\\x07 \\x9b2J \\u202eevil\\u202c\\rrm -rf"), out);
        assertTrue(out.startsWith("name\\u202e"), out);
    }

    @Test
    void jsonAndNdjsonEscapeC1AndBidiAndStayExact() throws IOException {
        for (ResultWriter w :
                List.of(JsonResultWriter.pretty(), JsonResultWriter.compact(), NdjsonResultWriter.create())) {
            String out = write(w, hostile());
            assertInert(out);
            JsonNode first = JsonValues.mapper()
                    .readTree(
                            w == NdjsonResultWriter.create()
                                    ? out.lines().findFirst().orElseThrow()
                                    : out);
            JsonNode row = first.has("rows") ? first.get("rows").get(0) : first;
            assertEquals(HOSTILE, row.get("name\u202e").asText(), "a parser reads the same text back");
            assertEquals("\u009b\u202e\u001b", row.get("doc").get("k").asText());
        }
        assertTrue(write(JsonResultWriter.compact(), hostile()).contains("\\u009b2J \\u202eevil\\u202c\\r"));
    }

    @Test
    void csvForFilesIsExactAndCsvForATerminalIsEscaped() throws IOException {
        String exact = write(OutputFormat.CSV.writer(), hostile());
        assertTrue(
                exact.contains("\"ok\u001b]52;c;ZWNobyBwd25lZA==\u0007 \u009b2J \u202eevil\u202c\rrm -rf\""),
                "data stays exact in a file");
        String shown = write(OutputFormat.CSV.terminalWriter(), hostile());
        assertInert(shown);
        assertEquals(
                "name\\u202e,doc\nok\\x1b]52;c;ZWNobyBwd25lZA==\\x07 \\x9b2J \\u202eevil\\u202c\\rrm -rf,"
                        + "\"{\"\"k\"\":\"\"\\x9b\\u202e\\u001b\"\"}\"\n",
                shown.substring(0, shown.indexOf('\n', shown.indexOf('\n') + 1) + 1));
        for (OutputFormat f : OutputFormat.values()) {
            assertInert(write(f.terminalWriter(), hostile()));
        }
    }
}
