package dev.tobira.driver.mysql;

import dev.tobira.jdbc.Vocabulary;
import java.util.List;

/** The completer's words for MySQL and MariaDB: the common keywords, MySQL's own, and its usual functions. */
final class MysqlVocabulary {
    private static final List<String> FUNCTIONS = List.of(
            "abs", "avg", "cast", "ceil", "char_length", "coalesce", "concat", "concat_ws", "convert", "count",
            "curdate", "current_date", "current_timestamp", "curtime", "date", "date_add", "date_format", "date_sub",
            "datediff", "day", "dayname", "floor", "format", "from_unixtime", "greatest", "group_concat", "hex",
            "hour", "if", "ifnull", "instr", "json_array", "json_extract", "json_object", "json_unquote",
            "json_value", "last_day", "lcase", "least", "left", "length", "locate", "lower", "lpad", "ltrim", "max",
            "md5", "min", "minute", "mod", "month", "monthname", "now", "nullif", "position", "pow", "rand",
            "regexp_replace", "replace", "reverse", "right", "round", "row_number", "rpad", "rtrim", "second", "sha2",
            "sign", "sqrt", "str_to_date", "substr", "substring", "substring_index", "sum", "sysdate",
            "time_format", "timestampdiff", "trim", "truncate", "ucase", "unhex", "unix_timestamp", "upper",
            "utc_timestamp", "uuid", "week", "weekday", "year");

    private static final List<String> KEYWORDS = List.of("SHOW", "DESCRIBE", "DATABASES", "TABLES", "COLUMNS", "INDEX",
            "REPLACE", "STRAIGHT_JOIN", "FORMAT=JSON", "LOCK IN SHARE MODE", "FOR UPDATE", "ON DUPLICATE KEY UPDATE",
            "INSERT IGNORE");

    static final Vocabulary WORDS = Vocabulary.standardPlus(KEYWORDS, FUNCTIONS);

    private MysqlVocabulary() {}
}
