package dev.tobira.mcp;

/** Where every tool call is recorded. Recording never fails a call: a failing log is skipped. */
interface CallLog {
    /** A log that keeps nothing. */
    CallLog NONE = call -> {};

    void record(ToolCall call);
}
