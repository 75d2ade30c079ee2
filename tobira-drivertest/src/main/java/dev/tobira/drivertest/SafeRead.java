package dev.tobira.drivertest;

import static java.util.Objects.requireNonNull;

/**
 * A legitimate read that merely looks dangerous, such as a string literal containing
 * {@code delete}. The guard must let it through on a read-only connection: a guard that refuses
 * everything fails the kit.
 *
 * @param name a short unique name, used in reports
 * @param text the query text
 * @since 0.1
 */
public record SafeRead(String name, String text) {
    /**
     * Creates a safe read.
     *
     * @param name a short unique name
     * @param text the query text
     * @throws NullPointerException if an argument is null
     */
    public SafeRead {
        requireNonNull(name, "name is null");
        requireNonNull(text, "text is null");
    }

    /**
     * Returns a safe read.
     *
     * @param name a short unique name
     * @param text the query text
     * @return the safe read
     */
    public static SafeRead of(String name, String text) {
        return new SafeRead(name, text);
    }
}
