package dev.tobira.driver.duckdb;

import java.util.ArrayList;
import java.util.List;

/**
 * The expressions of an index as {@code duckdb_indexes()} lists them, cast to text:
 * {@code [status, '(lower("name"))']}, an expression quoted where it is more than a bare name.
 */
final class IndexExpressions {
    private IndexExpressions() {}

    /** Splits the list into its expressions, quotes removed; empty for a NULL or empty list. */
    static List<String> parse(String list) {
        String s = list == null ? "" : list.strip();
        if (s.startsWith("[") && s.endsWith("]")) {
            s = s.substring(1, s.length() - 1);
        }
        List<String> out = new ArrayList<>();
        for (String part : s.split(",", -1)) {
            String p = part.strip();
            if (p.length() > 1 && p.startsWith("'") && p.endsWith("'")) {
                p = p.substring(1, p.length() - 1);
            }
            if (!p.isEmpty()) {
                out.add(p);
            }
        }
        return out;
    }
}
