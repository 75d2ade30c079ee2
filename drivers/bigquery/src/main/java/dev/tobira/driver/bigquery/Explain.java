package dev.tobira.driver.bigquery;

import dev.tobira.spi.SqlToken;

/**
 * A leading {@code EXPLAIN}, which GoogleSQL does not have: tobira reads {@code EXPLAIN <query>}
 * as a dry run of the query, answered with its statistics, so that the same text explains on every
 * SQL driver. The query after the word is what both guard layers check.
 *
 * @param present whether the text began with {@code EXPLAIN}
 * @param text the query without it
 */
record Explain(boolean present, String text) {
    static Explain of(String sql) {
        for (SqlToken t : ReadOnlyGuard.scan(sql).tokens()) {
            if (!t.significant()) {
                continue;
            }
            if (t.isWord("EXPLAIN")) {
                return new Explain(true, sql.substring(t.end()));
            }
            break;
        }
        return new Explain(false, sql);
    }
}
