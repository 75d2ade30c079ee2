package dev.tobira.mcp;

import java.time.Duration;
import java.time.Instant;

/**
 * One tool call as the history records it.
 *
 * @param at when the call started
 * @param connection the connection it named, empty for none
 * @param client the client's name and version from its {@code initialize} request, such as {@code claude-code/2.1.308}
 * @param tool the tool's name
 * @param query the query text, or the tool and its arguments for tools that take none
 * @param ok whether the call succeeded
 * @param rows the rows of its result
 * @param duration how long it took
 */
record ToolCall(Instant at, String connection, String client, String tool, String query, boolean ok, long rows,
                Duration duration) {}
