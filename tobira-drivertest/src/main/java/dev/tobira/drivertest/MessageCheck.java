package dev.tobira.drivertest;

import dev.tobira.api.DriverException;

/**
 * Test support: checks that a {@link DriverException}'s detail was not cut short, as a redaction or
 * a pattern that took the wrong group cuts it ({@code (using password: [redacted]: authentication
 * failed} lost its {@code )} and ran into the kind words). The kit checks every refusal its probes
 * and attacks catch; a driver's own tests call it where they build or catch an exception whose
 * message they check. A user's code never pays for it: it lives here, not in the exception.
 *
 * <p>Stateless and thread-safe.
 *
 * @since 0.1
 */
public final class MessageCheck {
    private MessageCheck() {}

    /**
     * Fails if the exception's {@link DriverException#detail() detail} looks cut
     * ({@link #looksWhole(String)}), and returns the exception otherwise.
     *
     * @param e the exception to check
     * @return {@code e}, for use in an expression
     * @throws AssertionError if the detail looks cut; the message quotes it
     * @throws NullPointerException if e is null
     */
    public static DriverException assertWhole(DriverException e) {
        if (!looksWhole(e.detail())) {
            throw new AssertionError("a message detail looks cut: its brackets do not pair up: " + e.detail(), e);
        }
        return e;
    }

    /**
     * Whether a detail looks whole: it does not begin with a closing bracket (a pattern that
     * took the wrong group), and where a redaction touched it, every {@code (} and {@code [}
     * outside quotes is closed, in order (a mask that swallowed a bracket). A {@code '} after a
     * letter is an apostrophe ({@code doesn't}), not a quote. Vendor text that no redaction
     * touched is not judged: it may quote SQL whose brackets and quotes nest freely.
     *
     * @param detail the detail of a message, without driver, operation and kind words
     * @return whether it looks whole
     * @throws NullPointerException if detail is null
     */
    public static boolean looksWhole(String detail) {
        if (!detail.isEmpty() && (detail.charAt(0) == ')' || detail.charAt(0) == ']')) {
            return false;
        }
        if (!detail.contains("[redacted]")) {
            return true;
        }
        int round = 0;
        int square = 0;
        char quote = 0;
        for (int i = 0; i < detail.length(); i++) {
            char c = detail.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '`' || (c == '\'' && (i == 0 || !Character.isLetter(detail.charAt(i - 1))))) {
                quote = c;
            } else if (c == '(') {
                round++;
            } else if (c == '[') {
                square++;
            } else if ((c == ')' && --round < 0) || (c == ']' && --square < 0)) {
                return false;
            }
        }
        return (round == 0 && square == 0) || quote != 0;
    }
}
