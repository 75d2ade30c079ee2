package dev.tobira.jdbc;

import java.util.List;

/**
 * The words the completer suggests besides the names in the catalog.
 *
 * @param keywords the keywords, upper-case
 * @param functions the function names
 * @since 0.1
 */
public record Vocabulary(List<String> keywords, List<String> functions) {
    /** Common SQL keywords and no functions. */
    public static final Vocabulary STANDARD = new Vocabulary(
            List.of(
                    "SELECT",
                    "FROM",
                    "WHERE",
                    "GROUP BY",
                    "ORDER BY",
                    "HAVING",
                    "LIMIT",
                    "OFFSET",
                    "JOIN",
                    "LEFT JOIN",
                    "INNER JOIN",
                    "CROSS JOIN",
                    "ON",
                    "USING",
                    "AS",
                    "AND",
                    "OR",
                    "NOT",
                    "IN",
                    "IS",
                    "NULL",
                    "LIKE",
                    "BETWEEN",
                    "EXISTS",
                    "CASE",
                    "WHEN",
                    "THEN",
                    "ELSE",
                    "END",
                    "DISTINCT",
                    "UNION",
                    "UNION ALL",
                    "INTERSECT",
                    "EXCEPT",
                    "WITH",
                    "RECURSIVE",
                    "VALUES",
                    "ASC",
                    "DESC",
                    "COUNT",
                    "SUM",
                    "MIN",
                    "MAX",
                    "AVG",
                    "CAST",
                    "COALESCE",
                    "EXPLAIN",
                    "INSERT",
                    "INTO",
                    "UPDATE",
                    "SET",
                    "DELETE"),
            List.of());

    /**
     * Checks and copies the lists.
     *
     * @param keywords see {@link #keywords()}
     * @param functions see {@link #functions()}
     * @throws NullPointerException if a list or a word is null
     */
    public Vocabulary {
        keywords = List.copyOf(keywords);
        functions = List.copyOf(functions);
    }

    /**
     * Returns the {@link #STANDARD} keywords followed by a database's own, and its functions.
     *
     * @param keywords the database's own keywords, upper-case
     * @param functions its function names
     * @return the vocabulary
     */
    public static Vocabulary standardPlus(List<String> keywords, List<String> functions) {
        List<String> words = new java.util.ArrayList<>(STANDARD.keywords);
        words.addAll(keywords);
        return new Vocabulary(words, functions);
    }

    /**
     * Returns these keywords with other functions.
     *
     * @param functions the function names
     * @return the vocabulary
     */
    public Vocabulary withFunctions(List<String> functions) {
        return new Vocabulary(keywords, functions);
    }

    /**
     * Returns these functions with other keywords.
     *
     * @param keywords the keywords, upper-case
     * @return the vocabulary
     */
    public Vocabulary withKeywords(List<String> keywords) {
        return new Vocabulary(keywords, functions);
    }
}
