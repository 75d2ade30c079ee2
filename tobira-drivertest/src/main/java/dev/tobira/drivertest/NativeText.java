package dev.tobira.drivertest;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Driver;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;

/**
 * Native execution for a store that has no client but its driver (an in-memory example store):
 * the text's lines, one command each, on a writable connection of a fresh driver, going on past a
 * line that fails as a command-line client would. A database with a vendor client runs native text
 * through that client instead, so that a broken driver cannot hide its own breakage.
 *
 * @since 0.1
 */
public final class NativeText {
    private NativeText() {}

    /**
     * Runs each line of the text as one query.
     *
     * @param driver a driver instance the kit does not test
     * @param writable a writable configuration
     * @param text the text
     * @return true: it ran
     */
    public static boolean lineByLine(Driver driver, ConnConfig writable, String text) {
        try (Conn conn = driver.open(writable)) {
            for (String line : text.lines().toList()) {
                try (ResultSet rs = conn.query(Query.of(line))) {
                    rs.forEachRemaining(row -> {});
                } catch (RuntimeException e) {
                    // go on past a failed command, as a command-line client would
                }
            }
        }
        return true;
    }
}
