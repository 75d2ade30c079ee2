package dev.tobira.driver.mysql;

import dev.tobira.spi.SqlScan;
import dev.tobira.spi.SqlToken;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Whether a text may call a stored function: a call of a name that is no built-in function or
 * keyword, or of a qualified or quoted name. A stored function may take a user-level lock
 * ({@code GET_LOCK}), which the read-only transaction does not cover and which outlives the call
 * in the session; so after such a read the dialect releases every lock the session holds. The
 * list only spares common reads that round trip; a name missing from it costs one, never safety.
 * A view that calls a stored function hides the call from any statement check: see the README.
 */
final class StoredCode {
    /** Keywords that a parenthesis may follow, with or without a space. */
    private static final Set<String> KEYWORDS = Set.copyOf(List.of(
            "SELECT",
            "FROM",
            "WHERE",
            "AND",
            "OR",
            "NOT",
            "XOR",
            "IN",
            "AS",
            "ON",
            "BY",
            "JOIN",
            "USING",
            "EXISTS",
            "VALUES",
            "VALUE",
            "ROW",
            "OVER",
            "WHEN",
            "THEN",
            "ELSE",
            "CASE",
            "ALL",
            "ANY",
            "SOME",
            "DISTINCT",
            "LIKE",
            "RLIKE",
            "REGEXP",
            "BETWEEN",
            "IS",
            "INTERVAL",
            "UNION",
            "INTERSECT",
            "EXCEPT",
            "WITH",
            "RECURSIVE",
            "HAVING",
            "LIMIT",
            "OFFSET",
            "TABLE",
            "LATERAL",
            "PARTITION",
            "WINDOW",
            "EXPLAIN",
            "DESCRIBE",
            "DESC",
            "ASC",
            "CHAR",
            "BINARY",
            "COLUMNS",
            "PATH",
            "NESTED",
            "MEMBER",
            "OF",
            "ESCAPE",
            "DIV",
            "SEPARATOR"));

    /** Built-in functions, spared only with the parenthesis right after the name. */
    private static final Set<String> BUILT_IN = Set.copyOf(List.of(
            // control flow, casts, comparison
            "IF",
            "IFNULL",
            "NULLIF",
            "COALESCE",
            "GREATEST",
            "LEAST",
            "ISNULL",
            "INTERVAL",
            "CAST",
            "CONVERT",
            "STRCMP",
            "FIELD",
            "ELT",
            "FIND_IN_SET",
            "MAKE_SET",
            "EXPORT_SET",
            "DECODE_ORACLE",
            "NVL",
            "NVL2",
            // aggregates and windows
            "COUNT",
            "SUM",
            "AVG",
            "MIN",
            "MAX",
            "GROUP_CONCAT",
            "STD",
            "STDDEV",
            "STDDEV_POP",
            "STDDEV_SAMP",
            "VARIANCE",
            "VAR_POP",
            "VAR_SAMP",
            "BIT_AND",
            "BIT_OR",
            "BIT_XOR",
            "JSON_ARRAYAGG",
            "JSON_OBJECTAGG",
            "ROW_NUMBER",
            "RANK",
            "DENSE_RANK",
            "PERCENT_RANK",
            "CUME_DIST",
            "NTILE",
            "LAG",
            "LEAD",
            "FIRST_VALUE",
            "LAST_VALUE",
            "NTH_VALUE",
            "MEDIAN",
            "PERCENTILE_CONT",
            "PERCENTILE_DISC",
            "ANY_VALUE",
            // strings
            "ASCII",
            "BIN",
            "BIT_LENGTH",
            "CHAR_LENGTH",
            "CHARACTER_LENGTH",
            "CHR",
            "CONCAT",
            "CONCAT_WS",
            "FORMAT",
            "FROM_BASE64",
            "TO_BASE64",
            "HEX",
            "UNHEX",
            "INSERT",
            "INSTR",
            "LCASE",
            "LEFT",
            "LENGTH",
            "LENGTHB",
            "LOCATE",
            "LOWER",
            "LPAD",
            "LTRIM",
            "MID",
            "OCT",
            "OCTET_LENGTH",
            "ORD",
            "POSITION",
            "QUOTE",
            "REPEAT",
            "REPLACE",
            "REVERSE",
            "RIGHT",
            "RPAD",
            "RTRIM",
            "SOUNDEX",
            "SPACE",
            "SUBSTR",
            "SUBSTRING",
            "SUBSTRING_INDEX",
            "TRIM",
            "UCASE",
            "UPPER",
            "REGEXP_REPLACE",
            "REGEXP_INSTR",
            "REGEXP_SUBSTR",
            "REGEXP_LIKE",
            "WEIGHT_STRING",
            "COLLATION",
            "CHARSET",
            "COERCIBILITY",
            "SFORMAT",
            "NATURAL_SORT_KEY",
            "MD5",
            "SHA",
            "SHA1",
            "SHA2",
            "CRC32",
            "CRC32C",
            "COMPRESS",
            "UNCOMPRESS",
            "UNCOMPRESSED_LENGTH",
            "AES_ENCRYPT",
            "AES_DECRYPT",
            "RANDOM_BYTES",
            "UUID",
            "UUID_SHORT",
            "SYS_GUID",
            "INET_ATON",
            "INET_NTOA",
            "INET6_ATON",
            "INET6_NTOA",
            "IS_IPV4",
            "IS_IPV6",
            "BIN_TO_UUID",
            "UUID_TO_BIN",
            // numbers
            "ABS",
            "ACOS",
            "ASIN",
            "ATAN",
            "ATAN2",
            "CEIL",
            "CEILING",
            "CONV",
            "COS",
            "COT",
            "DEGREES",
            "EXP",
            "FLOOR",
            "LN",
            "LOG",
            "LOG10",
            "LOG2",
            "PI",
            "POW",
            "POWER",
            "RADIANS",
            "RAND",
            "ROUND",
            "SIGN",
            "SIN",
            "SQRT",
            "TAN",
            "TRUNCATE",
            "BIT_COUNT",
            // dates and times
            "ADDDATE",
            "ADDTIME",
            "CONVERT_TZ",
            "CURDATE",
            "CURRENT_DATE",
            "CURRENT_TIME",
            "CURRENT_TIMESTAMP",
            "CURTIME",
            "DATE",
            "DATEDIFF",
            "DATE_ADD",
            "DATE_FORMAT",
            "DATE_SUB",
            "DAY",
            "DAYNAME",
            "DAYOFMONTH",
            "DAYOFWEEK",
            "DAYOFYEAR",
            "EXTRACT",
            "FROM_DAYS",
            "FROM_UNIXTIME",
            "GET_FORMAT",
            "HOUR",
            "LAST_DAY",
            "LOCALTIME",
            "LOCALTIMESTAMP",
            "MAKEDATE",
            "MAKETIME",
            "MICROSECOND",
            "MINUTE",
            "MONTH",
            "MONTHNAME",
            "NOW",
            "PERIOD_ADD",
            "PERIOD_DIFF",
            "QUARTER",
            "SECOND",
            "SEC_TO_TIME",
            "STR_TO_DATE",
            "SUBDATE",
            "SUBTIME",
            "SYSDATE",
            "TIME",
            "TIMEDIFF",
            "TIMESTAMP",
            "TIMESTAMPADD",
            "TIMESTAMPDIFF",
            "TIME_FORMAT",
            "TIME_TO_SEC",
            "TO_DAYS",
            "TO_SECONDS",
            "UNIX_TIMESTAMP",
            "UTC_DATE",
            "UTC_TIME",
            "UTC_TIMESTAMP",
            "WEEK",
            "WEEKDAY",
            "WEEKOFYEAR",
            "YEAR",
            "YEARWEEK",
            "TO_CHAR",
            // JSON
            "JSON_ARRAY",
            "JSON_ARRAY_APPEND",
            "JSON_ARRAY_INSERT",
            "JSON_CONTAINS",
            "JSON_CONTAINS_PATH",
            "JSON_DEPTH",
            "JSON_EXTRACT",
            "JSON_INSERT",
            "JSON_KEYS",
            "JSON_LENGTH",
            "JSON_MERGE",
            "JSON_MERGE_PATCH",
            "JSON_MERGE_PRESERVE",
            "JSON_OBJECT",
            "JSON_OVERLAPS",
            "JSON_PRETTY",
            "JSON_QUOTE",
            "JSON_REMOVE",
            "JSON_REPLACE",
            "JSON_SEARCH",
            "JSON_SET",
            "JSON_TABLE",
            "JSON_TYPE",
            "JSON_UNQUOTE",
            "JSON_VALID",
            "JSON_VALUE",
            "JSON_QUERY",
            "JSON_EXISTS",
            "JSON_DETAILED",
            "JSON_COMPACT",
            "JSON_LOOSE",
            "JSON_NORMALIZE",
            "JSON_EQUALS",
            "JSON_SCHEMA_VALID",
            // information
            "DATABASE",
            "SCHEMA",
            "USER",
            "CURRENT_USER",
            "SESSION_USER",
            "SYSTEM_USER",
            "CURRENT_ROLE",
            "VERSION",
            "CONNECTION_ID",
            "FOUND_ROWS",
            "ROW_COUNT",
            "LAST_INSERT_ID",
            "CHARSET",
            "DEFAULT",
            "ROLES_GRAPHML",
            "VALUES",
            "MATCH",
            "AGAINST",
            // types in CAST and CONVERT
            "DECIMAL",
            "NUMERIC",
            "SIGNED",
            "UNSIGNED",
            "INTEGER",
            "INT",
            "DOUBLE",
            "FLOAT",
            "NCHAR",
            "VARCHAR",
            "DATETIME",
            "JSON",
            "CHARACTER"));

    private StoredCode() {}

    /**
     * Whether the text may call a stored function. A built-in name is spared only where the
     * server reads it as the built-in: the parenthesis right after it, no space or comment between
     * (with a space, MySQL resolves {@code count (1)} to a stored function of the current
     * database), and no name or number joined to its front ({@code 2concat(}, {@code $f(}).
     * Keywords that a parenthesis may follow ({@code IN (}, {@code FROM (}) are spared either way.
     */
    static boolean mayCall(SqlScan scan) {
        List<SqlToken> tokens = scan.tokens();
        for (int i = 1; i < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            if (!token.isPunctuation("(")) {
                continue;
            }
            int j = skipBack(tokens, i - 1);
            boolean spaced = j != i - 1;
            if (j < 0) {
                continue;
            }
            SqlToken name = tokens.get(j);
            switch (name.type()) {
                case QUOTED_IDENTIFIER:
                case PARAMETER:
                    return true;
                case WORD:
                    break;
                default:
                    continue; // a bracket after an operator, a number or another bracket: no call
            }
            String upper = name.text().toUpperCase(Locale.ROOT);
            if (KEYWORDS.contains(upper)) {
                continue;
            }
            SqlToken before = j > 0 ? tokens.get(j - 1) : null;
            boolean joined = before != null
                    && (before.type() == SqlToken.Type.NUMBER
                            || before.type() == SqlToken.Type.PARAMETER
                            || before.type() == SqlToken.Type.WORD
                            || joinsNames(before));
            int k = skipBack(tokens, j - 1);
            boolean qualified = k >= 0 && tokens.get(k).isPunctuation(".");
            if (spaced || joined || qualified || !BUILT_IN.contains(upper)) {
                return true;
            }
        }
        return false;
    }

    /**
     * White space that holds a Unicode space (U+00A0, U+3000, …): the SPI lexer splits words there to
     * show a guard every keyword, but MySQL takes every character from U+0080 up into a name, so
     * {@code x\u00a0count(} calls a stored function named {@code x\u00a0count}, not the built-in.
     */
    private static boolean joinsNames(SqlToken token) {
        if (token.type() != SqlToken.Type.WHITESPACE) {
            return false;
        }
        for (int i = 0; i < token.text().length(); i++) {
            if (token.text().charAt(i) >= 128) {
                return true;
            }
        }
        return false;
    }

    /** The index of the last token at or before {@code from} that is no white space or comment, -1 if none. */
    private static int skipBack(List<SqlToken> tokens, int from) {
        int k = from;
        while (k >= 0
                && (tokens.get(k).type() == SqlToken.Type.WHITESPACE
                        || tokens.get(k).type() == SqlToken.Type.COMMENT)) {
            k--;
        }
        return k;
    }
}
