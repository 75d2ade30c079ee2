package dev.tobira.driver.bigquery;

import dev.tobira.api.Completer;
import dev.tobira.api.DriverException;
import dev.tobira.spi.CompletionPrefix;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

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
        String prefix = word.toLowerCase(Locale.ROOT);
        Set<Completion> out = new LinkedHashSet<>();
        try {
            for (String table : catalog.tableNames(qualifier)) {
                if (table.toLowerCase(Locale.ROOT).startsWith(prefix)) {
                    out.add(new Completion(table, Completion.Type.COLLECTION));
                }
            }
            if (qualifier.isEmpty()) {
                for (String dataset : catalog.namespaces()) {
                    if (dataset.toLowerCase(Locale.ROOT).startsWith(prefix)) {
                        out.add(new Completion(dataset, Completion.Type.NAMESPACE));
                    }
                }
            }
        } catch (DriverException e) {
            // completions are a convenience: names that cannot be listed are left out, keywords remain
        }
        if (qualifier.isEmpty() && !prefix.isEmpty()) {
            for (String k : KEYWORDS) {
                if (k.toLowerCase(Locale.ROOT).startsWith(prefix)) {
                    out.add(new Completion(k, Completion.Type.KEYWORD));
                }
            }
        }
        List<Completion> list = new ArrayList<>(out);
        return List.copyOf(list.size() > MAX ? list.subList(0, MAX) : list);
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '-';
    }
}
