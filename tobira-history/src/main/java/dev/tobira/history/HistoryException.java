package dev.tobira.history;

import org.jspecify.annotations.Nullable;

/**
 * The history store could not be opened, read or written. A caller that records calls as a side
 * effect (the command, the MCP server) reports it and goes on: a failed record never fails the call.
 *
 * @since 0.1
 */
public final class HistoryException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    HistoryException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
