package dev.tobira.drivertest;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlLexer;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.SqlToken;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Generates the variants of a probe: the same write spelled differently (case, white space,
 * comments, leading comments, nesting in a CTE). SQL is rewritten token by token with the
 * driver's own lexer, so a string literal, a quoted identifier or an executable comment is never
 * touched; only keywords change case, because identifiers are case-sensitive on some servers
 * (MySQL table names on Linux) and a variant that renames its target proves nothing.
 */
final class Variants {
    private Variants() {}

    /** One generated spelling. */
    record Variant(String suffix, String text) {}

    private static final Set<String> KEYWORDS = Set.of(
            "ADD",
            "ALL",
            "ALTER",
            "ANALYZE",
            "AND",
            "AS",
            "ATTACH",
            "BEGIN",
            "BY",
            "CALL",
            "CHECKPOINT",
            "COLUMN",
            "COMMIT",
            "COPY",
            "CREATE",
            "DATABASE",
            "DELETE",
            "DETACH",
            "DO",
            "DROP",
            "DUMPFILE",
            "END",
            "EXECUTE",
            "EXISTS",
            "EXPLAIN",
            "EXPORT",
            "EXTENSION",
            "FROM",
            "FUNCTION",
            "GRANT",
            "GROUP",
            "HANDLER",
            "IF",
            "IMPORT",
            "IN",
            "INDEX",
            "INSERT",
            "INSTALL",
            "INT",
            "INTEGER",
            "INTO",
            "IS",
            "KEY",
            "LIKE",
            "LIMIT",
            "LOAD",
            "LOCK",
            "MERGE",
            "NOT",
            "NULL",
            "ON",
            "ONLY",
            "OR",
            "ORDER",
            "OUTFILE",
            "PRAGMA",
            "PREPARE",
            "PRIMARY",
            "PROGRAM",
            "READ",
            "REFERENCES",
            "REINDEX",
            "RENAME",
            "REPLACE",
            "RETURNING",
            "REVOKE",
            "ROLLBACK",
            "SELECT",
            "SESSION",
            "SET",
            "SHOW",
            "TABLE",
            "TEXT",
            "TO",
            "TRANSACTION",
            "TRIGGER",
            "TRUNCATE",
            "UNION",
            "UNLOCK",
            "UPDATE",
            "USING",
            "VACUUM",
            "VALUES",
            "VIEW",
            "WHERE",
            "WITH",
            "WRITE");

    /** A variant's name per line-comment marker; {@code --} keeps the name it had before dialects declared others. */
    private static final Map<String, String> LINE_COMMENT_VARIANTS =
            Map.of("--", "leading-line-comment", "#", "leading-hash-comment", "//", "leading-slash-comment");

    static List<Variant> of(String text, Language language, SqlDialect dialect) {
        return language == Language.SQL ? sql(text, dialect) : other(text);
    }

    static List<Variant> sql(String text, SqlDialect dialect) {
        List<SqlToken> tokens = SqlLexer.of(dialect).tokenize(text);
        boolean single = SqlScan.of(text, dialect).statementCount() <= 1;
        Random random = new Random(text.hashCode());
        Map<String, String> out = new LinkedHashMap<>();
        Set<String> words = dialect.statementWords().keySet(); // a dialect's own statements are keywords too
        out.put("upper", keywords(tokens, words, w -> w.toUpperCase(Locale.ROOT)));
        out.put("lower", keywords(tokens, words, w -> w.toLowerCase(Locale.ROOT)));
        out.put("mixed", keywords(tokens, words, w -> mixed(w, random)));
        out.put("whitespace", "\n\t " + spaces(tokens, "\n\t  ", " \t\n  ") + "\n ");
        out.put("comments", spaces(tokens, "\n/* tobira */\n", " /* tobira */ "));
        out.put("leading-block-comment", "/* tobira: select */ " + text);
        for (String marker : dialect.lineCommentMarkers()) { // every line comment the server reads, // and # too
            out.put(LINE_COMMENT_VARIANTS.get(marker), marker + " tobira: select\n" + text);
        }
        boolean endsInComment =
                !tokens.isEmpty() && tokens.get(tokens.size() - 1).type() == SqlToken.Type.COMMENT;
        out.put("trailing-semicolon", text + (endsInComment ? "\n;" : ";"));
        if (single) {
            out.put("cte-before", "with probe_cte as (select 1 as x) " + text);
            out.put("cte-around", "with probe_cte as (" + text + "\n) select 1 as x");
        }
        return distinct(text, out);
    }

    /** For a language without a lexer here: the command word's case and the white space between words. */
    static List<Variant> other(String text) {
        Random random = new Random(text.hashCode());
        Map<String, String> out = new LinkedHashMap<>();
        out.put("upper", firstWords(text, w -> w.toUpperCase(Locale.ROOT)));
        out.put("lower", firstWords(text, w -> w.toLowerCase(Locale.ROOT)));
        out.put("mixed", firstWords(text, w -> mixed(w, random)));
        out.put("whitespace", "\t " + text.replaceAll("[ \t]+", " \t  ") + " ");
        return distinct(text, out);
    }

    private static List<Variant> distinct(String original, Map<String, String> out) {
        List<Variant> variants = new ArrayList<>();
        Set<String> seen = new java.util.HashSet<>();
        seen.add(original);
        out.forEach((suffix, text) -> {
            if (seen.add(text)) {
                variants.add(new Variant(suffix, text));
            }
        });
        return variants;
    }

    private static String keywords(List<SqlToken> tokens, Set<String> dialectWords, UnaryOperator<String> change) {
        StringBuilder sb = new StringBuilder();
        for (SqlToken t : tokens) {
            boolean keyword = t.type() == SqlToken.Type.WORD
                    && (KEYWORDS.contains(t.upper()) || dialectWords.contains(t.upper()));
            sb.append(keyword ? change.apply(t.text()) : t.text());
        }
        return sb.toString();
    }

    /** Replaces every run of white space; a run holding a line break keeps one, since it may end a line comment. */
    private static String spaces(List<SqlToken> tokens, String forLineBreak, String forSpace) {
        StringBuilder sb = new StringBuilder();
        for (SqlToken t : tokens) {
            if (t.type() == SqlToken.Type.WHITESPACE) {
                boolean lineBreak = t.text().indexOf('\n') >= 0 || t.text().indexOf('\r') >= 0;
                sb.append(lineBreak ? forLineBreak : forSpace);
            } else {
                sb.append(t.text());
            }
        }
        return sb.toString();
    }

    private static String firstWords(String text, UnaryOperator<String> change) {
        StringBuilder sb = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            if (sb.length() > 0) {
                sb.append('\n');
            }
            int start = 0;
            while (start < line.length() && Character.isWhitespace(line.charAt(start))) {
                start++;
            }
            int end = start;
            while (end < line.length() && !Character.isWhitespace(line.charAt(end))) {
                end++;
            }
            sb.append(line, 0, start)
                    .append(change.apply(line.substring(start, end)))
                    .append(line.substring(end));
        }
        return sb.toString();
    }

    private static String mixed(String word, Random random) {
        char[] chars = word.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            char c = chars[i];
            if (c < 128 && Character.isLetter(c)) {
                chars[i] = random.nextBoolean() ? Character.toUpperCase(c) : Character.toLowerCase(c);
            }
        }
        String result = new String(chars);
        if (result.equals(word) && !word.isEmpty() && word.charAt(0) < 128 && Character.isLetter(word.charAt(0))) {
            char c = chars[0];
            chars[0] = Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c);
            result = new String(chars);
        }
        return result;
    }
}
