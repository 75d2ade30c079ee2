/**
 * An embeddable MCP server over named tobira connections, read-only by default:
 * {@link dev.tobira.mcp.TobiraMcpServer}, its {@link dev.tobira.mcp.McpPolicy}, and the stdio and
 * Streamable HTTP transports ({@link dev.tobira.mcp.McpEndpoint}).
 *
 * <p><b>Nulls.</b> No method accepts or returns {@code null}; a null argument throws
 * {@link java.lang.NullPointerException} naming it.
 *
 * @since 0.1
 */
package dev.tobira.mcp;
