package dev.tobira.format;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import org.jspecify.annotations.Nullable;

/**
 * JSON's own escapes, and besides them a <code>&#92;u00XX</code> escape for every character
 * {@link TerminalText#isUnsafe} names above ASCII (DEL, the C1 controls, the bidirectional
 * controls, U+2028, U+2029). A parser reads the same text back, so the data stays exact, and a
 * terminal that shows the JSON is not driven by it.
 */
final class TerminalJsonEscapes extends CharacterEscapes {
    private static final long serialVersionUID = 1L;
    static final TerminalJsonEscapes INSTANCE = new TerminalJsonEscapes();

    private final int[] ascii;

    private TerminalJsonEscapes() {
        int[] codes = standardAsciiEscapesForJSON(); // C0 as JSON escapes; quote and backslash
        codes[0x7f] = ESCAPE_STANDARD;
        this.ascii = codes;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
        return ascii;
    }

    @Override
    public @Nullable SerializableString getEscapeSequence(int ch) {
        if (ch > 0xffff || !TerminalText.isUnsafe((char) ch)) {
            return null;
        }
        return new SerializedString(String.format("\\u%04x", ch));
    }
}
