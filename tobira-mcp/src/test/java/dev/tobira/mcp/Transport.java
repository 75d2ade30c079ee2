package dev.tobira.mcp;

/** How a test's client reaches the server. */
enum Transport {
    /** The temporary {@link Main} in a child JVM, spoken to over its standard input and output. */
    STDIO,
    /** {@link TobiraMcpServer#serveHttp} in the test's JVM, on a free loopback port, with a token. */
    HTTP
}
