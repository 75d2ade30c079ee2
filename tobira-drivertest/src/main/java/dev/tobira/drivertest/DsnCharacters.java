package dev.tobira.drivertest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import org.junit.jupiter.api.function.Executable;

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
     * Asserts that opening a hostile DSN is refused as bad input before anything is opened: a
     * {@link DriverException} of kind {@link ErrorKind#INVALID_ARGUMENT} and op {@code open}, its
     * message starting {@code <driver>: open: }, holding no control character and not the secret.
     *
     * @param driver the driver's name
     * @param secret a password the DSN carries, which the message must not hold; empty for none
     * @param shown what the failure names, such as the DSN
     * @param open what opens (or parses) the DSN
     * @return the refusal, for further checks
     */
    public static DriverException assertRefusedAtOpen(String driver, String secret, String shown, Executable open) {
        DriverException e = assertThrows(DriverException.class, open, shown);
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
        assertEquals("open", e.op(), e.getMessage());
        String message = String.valueOf(e.getMessage());
        assertTrue(message.startsWith(driver + ": open: "), message);
        assertTrue(secret.isEmpty() || !message.contains(secret), message);
        for (char c : "\n\r\0\t".toCharArray()) {
            assertFalse(message.indexOf(c) >= 0, "a message holds a control character: " + message);
        }
        return e;
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
