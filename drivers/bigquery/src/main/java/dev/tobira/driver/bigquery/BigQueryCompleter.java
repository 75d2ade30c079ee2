package dev.tobira.driver.bigquery;

import dev.tobira.api.Completer;
import dev.tobira.api.DriverException;
import dev.tobira.spi.CompletionPrefix;
import dev.tobira.spi.Completions;
import java.util.List;

/**
 * Completions of the word before the cursor: GoogleSQL keywords, the project's datasets, and the
 * tables of the default dataset (or of the dataset the word is qualified with, {@code shop.cu}).
 */
final class BigQueryCompleter implements Completer {
    private static final List<String> KEYWORDS = List.of(
            "SELECT",
            "FROM",
            "WHERE",
            "GROUP BY",
            "ORDER BY",
            "HAVING",
            "LIMIT",
            "OFFSET",
            "QUALIFY",
            "WINDOW",
            "WITH",
            "UNION ALL",
            "UNION DISTINCT",
            "INTERSECT DISTINCT",
            "EXCEPT DISTINCT",
            "JOIN",
            "LEFT JOIN",
            "CROSS JOIN",
            "UNNEST",
            "STRUCT",
            "ARRAY",
            "CAST",
            "SAFE_CAST",
            "DISTINCT",
            "AS",
            "ON",
            "USING",
            "AND",
            "OR",
            "NOT",
            "CASE",
            "WHEN",
            "THEN",
            "ELSE",
            "END",
            "IS NULL",
            "IS NOT NULL",
            "IN",
            "BETWEEN",
            "LIKE",
            "EXISTS");
    private static final int MAX = 50;

    private final BigQueryCatalog catalog;

    BigQueryCompleter(BigQueryCatalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public List<Completion> complete(String text, int cursor) {
        int start = CompletionPrefix.start(text, cursor, c -> isWordChar((char) c));
        String word = text.substring(start, cursor);
        String qualifier = "";
        int dot = word.lastIndexOf('.');
        if (dot >= 0) {
            qualifier = word.substring(0, dot);
            word = word.substring(dot + 1);
        }
        Completions out = Completions.matching(word).ignoringCase();
        try {
            out.add(catalog.tableNames(qualifier), Completion.Type.COLLECTION);
            if (qualifier.isEmpty()) {
                out.add(catalog.namespaces(), Completion.Type.NAMESPACE);
            }
        } catch (DriverException e) {
            // completions are a convenience: names that cannot be listed are left out, keywords remain
        }
        if (qualifier.isEmpty() && !word.isEmpty()) {
            out.add(KEYWORDS, Completion.Type.KEYWORD);
        }
        return out.list(MAX);
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '-';
    }
}
