package dev.tobira.mcp;

/** How a test's client reaches the server. */
enum Transport {
    /** The library's stdio endpoint in a child JVM ({@link ChildServer}), spoken to over its standard input and output. */
    STDIO,
    /** {@link TobiraMcpServer#serveHttp} in the test's JVM, on a free loopback port, with a token. */
    HTTP
}
