package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.util.Locale;

/**
 * The values of a DSN's options (or {@link dev.tobira.api.ConnConfig#options()}) that more than one
 * driver reads, each with one wording for a bad value, so that {@code tls=yes} or
 * {@code describeSample=-1} is refused alike by every driver: {@link ErrorKind#INVALID_ARGUMENT} from
 * the operation {@code open}, the value itself never repeated (an option's text is the caller's).
 *
 * @since 0.1
 */
public final class DsnOptions {
    private DsnOptions() {}

    /**
     * Reads a boolean option: {@code true} or {@code false}, in any case.
     *
     * @param driver the driver's name
     * @param option the option's name, for the message
     * @param value the option's value
     * @return the value
     * @throws DriverException INVALID_ARGUMENT ("the tls option must be true or false") for any other text
     * @throws NullPointerException if an argument is null
     */
    public static boolean bool(String driver, String option, String value) {
        requireNonNull(driver, "driver is null");
        requireNonNull(option, "option is null");
        requireNonNull(value, "value is null");
        switch (value.toLowerCase(Locale.ROOT)) {
            case "true":
                return true;
            case "false":
                return false;
            default:
                throw DriverException.of(
                        ErrorKind.INVALID_ARGUMENT, driver, "open", "the " + option + " option must be true or false");
        }
    }

    /**
     * Reads a count option: a whole number from 0 to {@code max}, in decimal digits only (no sign,
     * no more digits than {@code max} has).
     *
     * @param driver the driver's name
     * @param option the option's name, for the message
     * @param value the option's value
     * @param max the largest value allowed, 0 or more
     * @return the value
     * @throws DriverException INVALID_ARGUMENT ("the describeSample option must be a number from 0 to
     *     1000") for any other text
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if max is negative
     */
    public static int count(String driver, String option, String value, int max) {
        requireNonNull(driver, "driver is null");
        requireNonNull(option, "option is null");
        requireNonNull(value, "value is null");
        if (max < 0) {
            throw new IllegalArgumentException("max must be 0 or more: " + max);
        }
        int digits = String.valueOf(max).length();
        boolean ok = !value.isEmpty() && value.length() <= digits;
        for (int i = 0; ok && i < value.length(); i++) {
            char c = value.charAt(i);
            ok = c >= '0' && c <= '9';
        }
        if (!ok || Integer.parseInt(value) > max) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    driver,
                    "open",
                    "the " + option + " option must be a number from 0 to " + max);
        }
        return Integer.parseInt(value);
    }
}
