package dev.tobira.spi;

import java.util.List;

/**
 * The commonest SQL words in upper case, shared: folding one of them to upper case, as guard rules
 * and {@link SqlToken#upper()} do for every keyword they look at, then costs no new string.
 */
final class Keywords {
    private static final WordSet COMMON = WordSet.of(List.of(
            "SELECT", "FROM", "WHERE", "AND", "OR", "NOT", "NULL", "IS", "IN", "AS", "ON", "BY", "GROUP", "ORDER",
            "HAVING", "LIMIT", "OFFSET", "JOIN", "INNER", "LEFT", "RIGHT", "FULL", "OUTER", "CROSS", "NATURAL",
            "UNION", "INTERSECT", "EXCEPT", "ALL", "ANY", "DISTINCT", "EXISTS", "BETWEEN", "LIKE", "ILIKE", "CASE",
            "WHEN", "THEN", "ELSE", "END", "WITH", "RECURSIVE", "VALUES", "TABLE", "INSERT", "INTO", "UPDATE", "SET",
            "DELETE", "MERGE", "CREATE", "DROP", "ALTER", "TRUNCATE", "VIEW", "INDEX", "TRIGGER", "BEGIN", "COMMIT",
            "ROLLBACK", "EXPLAIN", "ANALYZE", "VERBOSE", "PRAGMA", "SHOW", "DESCRIBE", "ASC", "DESC", "TRUE",
            "FALSE", "CAST", "USING", "RETURNING", "COPY", "TO", "DO", "CALL", "LOCK", "FOR", "SHARE", "NOWAIT",
            "OVER", "PARTITION", "WINDOW", "ROWS", "RANGE", "INTERVAL", "DEFAULT", "REPLACE", "TEMP", "TEMPORARY",
            "QUERY", "PLAN", "FETCH", "FIRST", "NEXT", "ONLY", "ROW", "COUNT", "SUM", "MIN", "MAX", "AVG",
            "COALESCE", "LOWER", "UPPER", "ATTACH", "DETACH", "VACUUM", "GRANT", "REVOKE", "LATERAL", "ESCAPE"));

    private Keywords() {}

    /** As {@code Ascii.upper(s.substring(start, end))}, returning a shared string for a common keyword. */
    static String upper(String s, int start, int end) {
        String keyword = COMMON.match(s, start, end);
        return keyword != null ? keyword : Ascii.upper(s, start, end);
    }
}
