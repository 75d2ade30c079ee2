package dev.tobira.jdbc;

/**
 * The pieces of one open connection that a statement works with: the dialect's collaborators, the
 * session, the error mapping, the caches and what is in flight. None of them knows the connection
 * or its facets.
 */
record Context(
        Dialect dialect,
        JdbcSession session,
        SqlErrors errors,
        ColumnCache columns,
        StatementCache statements,
        InFlight inFlight) {

    /** Forgets what the base and the catalog keep about the schema, which a statement or a transaction may have changed. */
    void schemaMayHaveChanged() throws java.sql.SQLException {
        columns.clear();
        dialect.catalog().schemaMayHaveChanged(session);
    }
}
