package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The SQL the base writes itself, in the dialect's spelling: quoted names, the clauses of a page,
 * the explain statement, and the mutator's statements. Every method has a default in standard SQL;
 * a dialect overrides what its database spells otherwise.
 *
 * @since 0.1
 */
public interface QueryBuilder {
    /** Standard SQL: {@code "…"} names, {@code LIMIT}/{@code OFFSET}, {@code EXPLAIN} as text. */
    QueryBuilder STANDARD = new QueryBuilder() {};

    /**
     * Quotes an identifier; by default with {@code "…"}, doubling any {@code "} inside.
     *
     * @param identifier the name
     * @return the quoted name
     */
    default String quote(String identifier) {
        return '"' + requireNonNull(identifier, "identifier is null").replace("\"", "\"\"") + '"';
    }

    /**
     * Returns the quoted, namespace-qualified name of a collection.
     *
     * @param collection the collection
     * @return {@code "ns"."name"}, or {@code "name"} in the default namespace
     */
    default String qualify(CollectionRef collection) {
        return collection
                .namespace()
                .map(ns -> quote(ns) + "." + quote(collection.name()))
                .orElseGet(() -> quote(collection.name()));
    }

    /**
     * Returns the clause that limits a query to some rows; {@code LIMIT n} by default.
     *
     * @param rows the row count
     * @return the clause, without leading space
     */
    default String limitClause(int rows) {
        return "LIMIT " + rows;
    }

    /**
     * Returns the clause that skips rows; {@code OFFSET n} by default.
     *
     * @param rows how many rows to skip
     * @return the clause, without leading space
     */
    default String offsetClause(long rows) {
        return "OFFSET " + rows;
    }

    /**
     * Tells whether the database compares row values ({@code (a, b) > (?, ?)}), for keyset paging
     * over composite keys; true by default. When false, such tables are paged by offset.
     *
     * @return whether row-value comparison works
     */
    default boolean rowValueComparison() {
        return true;
    }

    /**
     * Returns the statement that shows the plan of a query without running it; {@code EXPLAIN
     * <sql>} by default. Never a form that executes (no {@code ANALYZE}).
     *
     * @param sql the query text, already accepted by the guard
     * @return the explain statement
     */
    default String explain(String sql) {
        return "EXPLAIN " + sql;
    }

    /**
     * Returns the format of the plan {@link #explain} produces: {@code text} by default, where the
     * plan is the result's rows, tab-separated cells, one line each; {@code json} for a plan that
     * is one JSON cell.
     *
     * @return {@code text} or {@code json}
     */
    default String explainFormat() {
        return "text";
    }

    /**
     * Returns the statement that inserts one row.
     *
     * @param collection the table
     * @param values the row, by column name; not empty
     * @return {@code INSERT INTO t (a, b) VALUES (?, ?)} and the values
     */
    default GeneratedSql insert(CollectionRef collection, Map<String, Value> values) {
        StringBuilder sql =
                new StringBuilder("INSERT INTO ").append(qualify(collection)).append(" (");
        StringBuilder marks = new StringBuilder();
        List<Value> params = new ArrayList<>(values.size());
        for (Map.Entry<String, Value> e : values.entrySet()) {
            if (!params.isEmpty()) {
                sql.append(", ");
                marks.append(", ");
            }
            sql.append(quote(e.getKey()));
            marks.append('?');
            params.add(requireNonNull(e.getValue(), "value is null"));
        }
        return new GeneratedSql(
                sql.append(") VALUES (").append(marks).append(')').toString(), params);
    }

    /**
     * Returns the statement that changes the rows of a key.
     *
     * @param collection the table
     * @param key the key's columns and values; not empty, a NULL value matches NULL
     * @param changes the new values, by column name; not empty
     * @return {@code UPDATE t SET a = ? WHERE k = ?} and the values
     */
    default GeneratedSql update(CollectionRef collection, Map<String, Value> key, Map<String, Value> changes) {
        StringBuilder sql =
                new StringBuilder("UPDATE ").append(qualify(collection)).append(" SET ");
        List<Value> params = new ArrayList<>();
        boolean first = true;
        for (Map.Entry<String, Value> e : changes.entrySet()) {
            sql.append(first ? "" : ", ").append(quote(e.getKey())).append(" = ?");
            params.add(requireNonNull(e.getValue(), "value is null"));
            first = false;
        }
        where(sql, key, params);
        return new GeneratedSql(sql.toString(), params);
    }

    /**
     * Returns the statement that deletes the rows of a key.
     *
     * @param collection the table
     * @param key the key's columns and values; not empty, a NULL value matches NULL
     * @return {@code DELETE FROM t WHERE k = ?} and the values
     */
    default GeneratedSql delete(CollectionRef collection, Map<String, Value> key) {
        StringBuilder sql = new StringBuilder("DELETE FROM ").append(qualify(collection));
        List<Value> params = new ArrayList<>();
        where(sql, key, params);
        return new GeneratedSql(sql.toString(), params);
    }

    private void where(StringBuilder sql, Map<String, Value> key, List<Value> params) {
        sql.append(" WHERE ");
        boolean first = true;
        for (Map.Entry<String, Value> e : key.entrySet()) {
            Value v = requireNonNull(e.getValue(), "key value is null");
            sql.append(first ? "" : " AND ").append(quote(e.getKey()));
            if (v.isNull()) {
                sql.append(" IS NULL");
            } else {
                sql.append(" = ?");
                params.add(v);
            }
            first = false;
        }
    }
}
