/**
 * The {@code tobira} command. Runs from the class path (the distribution jar); the descriptor
 * keeps its dependencies honest.
 */
module dev.tobira.cli {
    requires static org.jspecify;
    requires dev.tobira.format;
    requires dev.tobira.history;
    requires dev.tobira.mcp;
    requires dev.tobira.spi;
    requires info.picocli;
    requires java.logging; // to silence clients that log through it (Main), and to print the MCP server's lines
    // (McpCommand)
    requires com.fasterxml.jackson.dataformat.yaml;

    uses dev.tobira.api.Driver;

    opens dev.tobira.cli to
            info.picocli;
}
