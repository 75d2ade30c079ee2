/**
 * The local history of the tobira command and the MCP server: every query and tool call, with
 * credentials masked, in one SQLite file only its owner can read.
 *
 * @since 0.1
 */
module dev.tobira.history {
    requires static org.jspecify;
    requires transitive dev.tobira.spi;
    requires java.sql;
    requires org.xerial.sqlitejdbc;

    exports dev.tobira.history;
}
