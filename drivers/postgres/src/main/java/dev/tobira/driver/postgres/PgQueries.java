package dev.tobira.driver.postgres;

import dev.tobira.jdbc.QueryBuilder;

/** Standard SQL, and plans as one JSON document. */
final class PgQueries implements QueryBuilder {
    @Override
    public String explain(String sql) {
        return "EXPLAIN (FORMAT JSON) " + sql;
    }

    @Override
    public String explainFormat() {
        return "json";
    }
}
