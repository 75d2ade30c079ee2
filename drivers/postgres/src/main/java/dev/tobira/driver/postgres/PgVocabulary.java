package dev.tobira.driver.postgres;

import dev.tobira.jdbc.Vocabulary;
import java.util.List;

/** The completer's words: the standard keywords with PostgreSQL's own, and the functions used most. */
final class PgVocabulary {
    private static final List<String> KEYWORDS = List.of(
            "ILIKE",
            "RETURNING",
            "LATERAL",
            "FILTER",
            "OVER",
            "PARTITION BY",
            "WINDOW",
            "FETCH FIRST",
            "ROWS ONLY",
            "ON CONFLICT",
            "DO NOTHING",
            "DISTINCT ON",
            "TABLE",
            "SHOW",
            "NULLS FIRST",
            "NULLS LAST",
            "ANY",
            "ALL",
            "ARRAY",
            "INTERVAL",
            "TRUE",
            "FALSE");
    private static final List<String> FUNCTIONS = List.of(
            "abs",
            "array_agg",
            "array_length",
            "avg",
            "coalesce",
            "count",
            "current_date",
            "current_schema",
            "current_timestamp",
            "date_part",
            "date_trunc",
            "extract",
            "format",
            "generate_series",
            "greatest",
            "json_agg",
            "json_build_object",
            "jsonb_agg",
            "jsonb_build_object",
            "jsonb_path_query",
            "least",
            "left",
            "length",
            "lower",
            "max",
            "min",
            "now",
            "nullif",
            "regexp_replace",
            "replace",
            "right",
            "round",
            "split_part",
            "string_agg",
            "substring",
            "sum",
            "to_char",
            "to_date",
            "to_timestamp",
            "trim",
            "unnest",
            "upper");

    static final Vocabulary VOCABULARY = Vocabulary.standardPlus(KEYWORDS, FUNCTIONS);

    private PgVocabulary() {}
}
