/**
 * The tobira MCP server: named connections served to an agent over stdio or Streamable HTTP,
 * on the official MCP Java SDK. Exports {@code dev.tobira.mcp} only.
 *
 * @since 0.1
 */
module dev.tobira.mcp {
    requires static org.jspecify;
    requires transitive dev.tobira.api;
    requires dev.tobira.spi;
    requires dev.tobira.format;
    requires transitive dev.tobira.history;
    requires io.modelcontextprotocol.sdk.mcp.core;
    requires io.modelcontextprotocol.sdk.mcp.json.jackson2;
    requires com.fasterxml.jackson.databind;
    requires reactor.core;
    requires jakarta.servlet;
    requires org.eclipse.jetty.server;
    requires org.eclipse.jetty.http;
    requires org.eclipse.jetty.io;
    requires org.eclipse.jetty.util;
    requires org.eclipse.jetty.ee10.servlet;

    exports dev.tobira.mcp;
}
