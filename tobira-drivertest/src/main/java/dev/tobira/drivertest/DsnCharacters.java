package dev.tobira.drivertest;

/**
 * The characters a DSN attack puts into every part of a DSN: each ends or splits a part for some
 * parser (a URL's, a vendor's option syntax, a wire protocol's NUL-terminated strings). The kit's
 * DSN attacks and the drivers' own DSN tests draw on this one list.
 *
 * @since 0.1
 */
public final class DsnCharacters {
    /** {@code / ? # & = ; @ : , % [ ] \}, space, line feed, carriage return, NUL and tab. */
    public static final String RESERVED = "/?#&=;@:,%[]\\ \n\r\0\t";

    private DsnCharacters() {}

    /**
     * Returns a character percent-encoded, as a DSN carries it: {@code %2F} for {@code /}.
     *
     * @param c the character, below U+0080
     * @return the encoding
     */
    public static String percentEncoded(char c) {
        return String.format("%%%02X", (int) c);
    }

    /**
     * Returns a character's code point for a test name: {@code U+002F}.
     *
     * @param c the character
     * @return the name
     */
    public static String named(char c) {
        return String.format("U+%04X", (int) c);
    }
}
