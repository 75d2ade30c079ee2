/**
 * The shared base of tobira's JDBC drivers. A driver extends {@link dev.tobira.jdbc.JdbcDriver}
 * with its {@link dev.tobira.jdbc.JdbcDialect}; guarded execution, streaming, type mapping, error
 * classification, metadata and the generic facets are written here once.
 *
 * @since 0.1
 */
module dev.tobira.jdbc {
    requires transitive dev.tobira.spi;
    requires transitive java.sql;
    requires dev.tobira.csv;

    exports dev.tobira.jdbc;
}
