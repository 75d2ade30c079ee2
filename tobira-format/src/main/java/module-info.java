/**
 * Results and values as text: {@code table}, {@code json}, {@code ndjson} and {@code csv} writers
 * that stream a {@link dev.tobira.api.ResultSet} in constant memory, and the one mapping between
 * JSON and {@link dev.tobira.api.Value} that the CLI, the MCP server and JSON-speaking drivers share.
 *
 * @since 0.1
 */
module dev.tobira.format {
    requires static org.jspecify;
    requires transitive dev.tobira.api;
    requires transitive com.fasterxml.jackson.core;
    requires transitive com.fasterxml.jackson.databind;
    requires dev.tobira.csv;

    exports dev.tobira.format;
}
