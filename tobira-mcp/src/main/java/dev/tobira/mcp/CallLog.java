package dev.tobira.mcp;

import dev.tobira.history.HistoryEntry;

/** Where every tool call is recorded: the shared history store, or nothing. */
interface CallLog extends AutoCloseable {
    /** A log that keeps nothing. */
    CallLog NONE = entry -> {};

    void record(HistoryEntry entry);

    /** Writes what is still queued. */
    @Override
    default void close() {}
}
