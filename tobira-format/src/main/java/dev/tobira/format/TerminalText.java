package dev.tobira.format;

import static java.util.Objects.requireNonNull;

/**
 * Text made safe for a terminal: the one function every writer that shows text to a person passes
 * it through (the {@code table} format, the {@code tobira} command's {@code error:} and
 * {@code warning:} lines, its history and doctor listings).
 *
 * <p>Text from a database, a server's error message or an MCP client is data, and data must not
 * drive the terminal that shows it. {@link #escape} replaces every character that could, with a
 * visible escape, and leaves everything else as it is:
 * <ul>
 *   <li>the C0 controls and DEL (U+0000–U+001F, U+007F): ESC starts the sequences that move the
 *       cursor, set the title, write the clipboard (OSC 52) or make a link; CR overwrites a line.
 *       Line feed, carriage return and tab become {@code \n}, {@code \r}, {@code \t}, the others
 *       {@code \x1b} and the like;</li>
 *   <li>the C1 controls (U+0080–U+009F), which some terminals obey as ESC sequences (U+009B is a
 *       CSI, U+009D an OSC): {@code \x9b};</li>
 *   <li>the Unicode bidirectional controls (the {@code Bidi_Control} property: U+061C, U+200E,
 *       U+200F, U+202A–U+202E, U+2066–U+2069), which make a line read in another order than its
 *       characters ("Trojan Source"), and the line and paragraph separators (U+2028, U+2029):
 *       <code>&#92;u202e</code>.</li>
 * </ul>
 * A backslash is left alone, so the escapes are for reading, not for decoding.
 *
 * <p>JSON needs none of this to stay exact: its writers here escape the same characters as
 * <code>&#92;u00XX</code> JSON escapes, which a parser reads back as the same text. CSV has no escapes: the
 * {@code csv} format writes data exactly, and is made safe (through this function) only where it is
 * a listing of untrusted text for a person (the command's history).
 *
 * @since 0.1
 */
public final class TerminalText {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private TerminalText() {}

    /**
     * Tells whether a character would be replaced by {@link #escape}.
     *
     * @param c the character (a UTF-16 unit; none of the replaced characters is a surrogate)
     * @return true for a C0 or C1 control, DEL, a bidirectional control, U+2028 or U+2029
     */
    public static boolean isUnsafe(char c) {
        return c < 0x20
                || (c >= 0x7f && c <= 0x9f)
                || c == 0x061c
                || c == 0x200e
                || c == 0x200f
                || (c >= 0x2028 && c <= 0x202e)
                || (c >= 0x2066 && c <= 0x2069);
    }

    /**
     * Returns the text with every {@linkplain #isUnsafe unsafe} character replaced by a visible
     * escape: {@code \n}, {@code \r}, {@code \t}, {@code \xHH} below U+0100, <code>&#92;uHHHH</code> above.
     * Text that holds none is returned as it is.
     *
     * @param text the text
     * @return the text a terminal shows as written
     * @throws NullPointerException if text is null
     */
    public static String escape(String text) {
        requireNonNull(text, "text is null");
        int i = 0;
        int n = text.length();
        while (i < n && !isUnsafe(text.charAt(i))) {
            i++;
        }
        if (i == n) {
            return text;
        }
        StringBuilder sb = new StringBuilder(n + 16).append(text, 0, i);
        for (; i < n; i++) {
            char c = text.charAt(i);
            if (!isUnsafe(c)) {
                sb.append(c);
            } else if (c == '\n') {
                sb.append("\\n");
            } else if (c == '\r') {
                sb.append("\\r");
            } else if (c == '\t') {
                sb.append("\\t");
            } else if (c < 0x100) {
                sb.append("\\x").append(HEX[c >> 4]).append(HEX[c & 0xf]);
            } else {
                sb.append("\\u")
                        .append(HEX[c >> 12])
                        .append(HEX[(c >> 8) & 0xf])
                        .append(HEX[(c >> 4) & 0xf])
                        .append(HEX[c & 0xf]);
            }
        }
        return sb.toString();
    }
}
