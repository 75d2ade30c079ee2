package dev.tobira.mcp;

/** A tool call the server refuses before any driver sees it; its message goes to the client as it is. */
final class ToolError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ToolError(String message) {
        super(message, null, false, false);
    }

    static ToolError unknownConnection(String name) {
        return new ToolError("unknown connection \"" + name + "\": call list_connections for the names");
    }
}
