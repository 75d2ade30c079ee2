package dev.tobira.history;

import java.util.Locale;

/**
 * What made a history entry.
 *
 * @since 0.1
 */
public enum Source {
    /** The {@code tobira} command. */
    CLI,
    /** A tool call of an MCP client. */
    MCP;

    /**
     * Returns the lower-case name stored and printed: {@code cli}, {@code mcp}.
     *
     * @return the name
     */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Returns the source of a stored name.
     *
     * @param id a name {@link #id()} returns, in any case
     * @return the source
     * @throws IllegalArgumentException if no source has that name
     */
    public static Source of(String id) {
        return valueOf(id.toUpperCase(Locale.ROOT));
    }
}
