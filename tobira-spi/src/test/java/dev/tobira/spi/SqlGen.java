package dev.tobira.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Generates SQL text of known structure for one dialect: statements of words, numbers, operators
 * and parameters, with strings, quoted identifiers and comments in every form the dialect has, each
 * holding payloads full of semicolons, dangerous keywords, comment markers and quotes. The test
 * then checks that the lexer finds exactly the generated structure. Where the dialect has
 * {@linkplain SqlDialect.Feature#TRIGGER_BODIES trigger bodies}, some statements are
 * {@code CREATE TRIGGER … BEGIN …; …; END}, whose bodies hold semicolons and {@code CASE … END}.
 */
final class SqlGen {
    /** Words that only ever appear inside literals and comments. */
    static final List<String> DANGER = List.of("DROP", "DELETE", "INSERT", "UPDATE", "TRUNCATE", "GRANT", "ATTACH");

    private static final String[] WORDS = {
        "select", "FROM", "t", "x1", "where", "a_b", "Name", "émoji", "with", "values", "e", "x", "n", "b", "u",
        "order", "by", "case", "when", "then", "END", "end", "create", "explain", "Temp"
    };
    private static final String[] PAYLOAD = {
        ";",
        ";",
        "DROP",
        "delete",
        "Insert",
        " ",
        "  ",
        "'",
        "''",
        "\"",
        "`",
        "[",
        "]",
        "--",
        "-- ",
        "/*",
        "*/",
        "#",
        "$$",
        "$a$",
        "$1",
        "\\",
        "\\'",
        "\n",
        "\r",
        "\r\n",
        "\t",
        "x",
        "é",
        "E'",
        "?",
        ":",
        "@",
        "!",
        "/*!",
        "*",
        "/",
        "$",
        "{",
        "}",
        "名",
        "\ud83d\ude00"
    };

    private final SqlDialect d;
    private final Random r;

    /**
     * What was generated: the text, each statement's words in upper case, whether it holds an
     * executable comment, and how many of its statements are triggers.
     */
    record Generated(String sql, List<List<String>> keywords, boolean executable, int triggers) {}

    SqlGen(SqlDialect dialect, Random random) {
        this.d = dialect;
        this.r = random;
    }

    Generated next() {
        StringBuilder sb = new StringBuilder();
        List<List<String>> keywords = new ArrayList<>();
        boolean[] executable = {false};
        int triggers = 0;
        if (r.nextInt(3) == 0) {
            sb.append(junk());
        }
        int statements = 1 + r.nextInt(4);
        for (int s = 0; s < statements; s++) {
            if (s > 0) {
                sb.append(r.nextBoolean() ? "" : separator()).append(';');
                while (r.nextInt(4) == 0) {
                    sb.append(junk());
                }
                sb.append(separator());
            }
            List<String> words = new ArrayList<>();
            if (d.has(SqlDialect.Feature.TRIGGER_BODIES) && r.nextInt(4) == 0) {
                sb.append(trigger(words, executable));
                triggers++;
            } else {
                sb.append(statement(pick(WORDS), words, executable));
            }
            keywords.add(words);
        }
        if (r.nextBoolean()) {
            sb.append(r.nextBoolean() ? "" : separator()).append(';');
            while (r.nextInt(3) == 0) {
                sb.append(junk());
            }
        }
        return new Generated(sb.toString(), keywords, executable[0], triggers);
    }

    /** A statement that begins with a word, followed by fragments. */
    private String statement(String first, List<String> words, boolean[] executable) {
        StringBuilder sb = new StringBuilder(first);
        words.add(Ascii.upper(first));
        int fragments = r.nextInt(8);
        for (int f = 0; f < fragments; f++) {
            sb.append(separator());
            sb.append(fragment(words, executable));
        }
        return sb.toString();
    }

    /**
     * {@code CREATE [TEMP] TRIGGER … BEGIN s; [s; …] END}: each body statement begins with any word
     * but END (which ends the body after a semicolon) and may hold {@code CASE … END}.
     */
    private String trigger(List<String> words, boolean[] executable) {
        StringBuilder sb = new StringBuilder();
        sb.append(word("create", words)).append(separator());
        if (r.nextBoolean()) {
            sb.append(word(r.nextBoolean() ? "temp" : "temporary", words)).append(separator());
        }
        sb.append(word("trigger", words))
                .append(separator())
                .append(word("tr", words))
                .append(separator())
                .append(word(r.nextBoolean() ? "after" : "before", words))
                .append(separator())
                .append(word("insert", words))
                .append(separator())
                .append(word("on", words))
                .append(separator())
                .append(word("t", words))
                .append(separator());
        if (r.nextInt(3) == 0) {
            sb.append(word("when", words))
                    .append(separator())
                    .append(fragment(words, executable))
                    .append(separator());
        }
        sb.append(word("begin", words));
        int body = 1 + r.nextInt(3);
        for (int i = 0; i < body; i++) {
            sb.append(separator());
            String first;
            do {
                first = pick(WORDS);
            } while (Ascii.upper(first).equals("END"));
            sb.append(statement(first, words, executable));
            if (r.nextBoolean()) {
                sb.append(separator())
                        .append(word("case", words))
                        .append(separator())
                        .append(word("when", words))
                        .append(separator())
                        .append(fragment(words, executable))
                        .append(separator())
                        .append(word("then", words))
                        .append(separator())
                        .append(fragment(words, executable))
                        .append(separator())
                        .append(word("end", words));
            }
            sb.append(r.nextBoolean() ? "" : separator()).append(';');
        }
        sb.append(separator()).append(word("end", words));
        return sb.toString();
    }

    /** A keyword in a random case, recorded in upper case. */
    private String word(String lower, List<String> words) {
        words.add(Ascii.upper(lower));
        switch (r.nextInt(3)) {
            case 0:
                return lower;
            case 1:
                return Ascii.upper(lower);
            default:
                return Character.toUpperCase(lower.charAt(0)) + lower.substring(1);
        }
    }

    /** Text that holds no statement: white space, comments, empty statements. */
    private String junk() {
        switch (r.nextInt(3)) {
            case 0:
                return separator();
            case 1:
                return separator() + ";";
            default:
                return ";" + separator();
        }
    }

    private String pick(String[] options) {
        return options[r.nextInt(options.length)];
    }

    private String payload() {
        StringBuilder sb = new StringBuilder();
        int n = r.nextInt(8);
        for (int i = 0; i < n; i++) {
            sb.append(pick(PAYLOAD));
        }
        return sb.toString();
    }

    /** White space or a comment between two fragments; it begins and ends with white space. */
    private String separator() {
        switch (r.nextInt(8)) {
            case 0:
                return " ";
            case 1:
                return "\n";
            case 2:
                return "\t ";
            case 3:
                if (d.has(SqlDialect.Feature.NO_DASH_COMMENTS)) {
                    return " ";
                }
                return " -- " + lineCommentPayload() + (r.nextBoolean() ? "\n" : "\r\n");
            case 4:
                return " " + blockComment() + " ";
            case 5:
                if (d.has(SqlDialect.Feature.HASH_COMMENTS)) {
                    return " #" + lineCommentPayload() + "\n";
                }
                if (d.has(SqlDialect.Feature.DOUBLE_SLASH_COMMENTS)) {
                    return " //" + lineCommentPayload() + (r.nextBoolean() ? "\n" : "\r\n");
                }
                return " ";
            case 6:
                if (d.has(SqlDialect.Feature.NESTED_COMMENTS)) {
                    return " /* " + blockPayload() + " " + blockComment() + " " + blockPayload() + " */ ";
                }
                return "  ";
            default:
                return "\r\n";
        }
    }

    private String lineCommentPayload() {
        String p = payload().replace("\n", " ");
        return d.has(SqlDialect.Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT) ? p.replace("\r", " ") : p;
    }

    private String blockComment() {
        return "/* " + blockPayload() + " */";
    }

    /** A payload that holds no comment marker of its own, so the generated nesting is the only one. */
    private String blockPayload() {
        String p = payload();
        String previous;
        do {
            previous = p;
            p = p.replace("*/", "* /").replace("/*", "/ *");
        } while (!p.equals(previous));
        return p;
    }

    private String fragment(List<String> words, boolean[] executable) {
        int kind = r.nextInt(12);
        switch (kind) {
            case 0:
            case 1:
                String word = pick(WORDS);
                words.add(Ascii.upper(word));
                return word;
            case 2:
                return pick(new String[] {"1", "42", "1.5", ".5", "1e10", "2E-3", "0x1F", "1_000"});
            case 3:
                return pick(new String[] {"=", "<>", "+", "*", "(", ")", ",", ".", "<=", "-", "/", "||", "%"});
            case 4:
                return pick(
                        d.has(SqlDialect.Feature.TCL_VARIABLES)
                                ? new String[] {"?", "?3", "$1", ":name", "@v", "$a::b(x;y)"}
                                : new String[] {"?", "?3", "$1"});
            case 5:
            case 6:
            case 7:
                return string();
            case 8:
            case 9:
                return quotedIdentifier();
            case 10:
                if (d.has(SqlDialect.Feature.DASH_COMMENT_NEEDS_SPACE) || d.has(SqlDialect.Feature.NO_DASH_COMMENTS)) {
                    // MySQL arithmetic: no comment here, the words after it count
                    return "1--1";
                }
                return string();
            default:
                if (d.has(SqlDialect.Feature.EXECUTABLE_COMMENTS) && r.nextInt(4) == 0) {
                    executable[0] = true;
                    return pick(new String[] {"/*!", "/*!50000", "/*M!", "/*!40101 "}) + " " + blockPayload() + " */";
                }
                return quotedIdentifier();
        }
    }

    private String string() {
        int form = r.nextInt(5);
        String p = payload();
        if (p.isEmpty() && d.has(SqlDialect.Feature.TRIPLE_QUOTED_STRINGS)) {
            p = "x"; // an empty '' next to another quote reads as the opening of a triple-quoted string
        }
        if (form == 0 && d.has(SqlDialect.Feature.ESCAPE_STRINGS)) {
            return (r.nextBoolean() ? "E'" : "e'") + backslashed(p, '\'') + "'";
        }
        if (form == 1 && d.has(SqlDialect.Feature.DOLLAR_QUOTES)) {
            String tag = "$" + pick(new String[] {"", "a", "fn", "_x1", "Q"}) + "$";
            while ((p + tag).indexOf(tag) != p.length()) {
                p = p.replace("$", "");
            }
            return tag + p + tag;
        }
        String raw = d.has(SqlDialect.Feature.RAW_AND_BYTES_PREFIXES)
                ? pick(new String[] {"", "", "r", "R", "b", "B", "rb", "BR", "bR"})
                : "";
        if (form == 3 && d.has(SqlDialect.Feature.TRIPLE_QUOTED_STRINGS)) {
            char quote = d.has(SqlDialect.Feature.DOUBLE_QUOTED_STRINGS) && r.nextBoolean() ? '"' : '\'';
            String three = "" + quote + quote + quote;
            return raw + three + tripleEscaped(p, quote) + three;
        }
        if (form == 2 && d.has(SqlDialect.Feature.DOUBLE_QUOTED_STRINGS)) {
            return raw + "\""
                    + (d.has(SqlDialect.Feature.BACKSLASH_ESCAPES) ? backslashed(p, '"') : p.replace("\"", "\"\""))
                    + "\"";
        }
        String prefix = raw.isEmpty() ? pick(new String[] {"", "", "", "N", "x", "B"}) : raw;
        return prefix + "'"
                + (d.has(SqlDialect.Feature.BACKSLASH_ESCAPES) ? backslashed(p, '\'') : p.replace("'", "''")) + "'";
    }

    /** The inside of a triple-quoted string: single quotes stay, backslashes and each quote that might close it are escaped. */
    private String tripleEscaped(String p, char quote) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '\\') {
                sb.append("\\\\");
            } else if (c == quote && (r.nextBoolean() || i + 1 == p.length())) {
                sb.append('\\').append(c);
            } else if (c == quote) {
                sb.append(c); // one quote, maybe two, never three in a row: the next is escaped or not a quote
                if (i + 1 < p.length() && p.charAt(i + 1) == quote) {
                    sb.append('\\').append(quote);
                    i++;
                }
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** Escapes for a string in which a backslash escapes the next character. */
    private String backslashed(String p, char quote) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '\\') {
                sb.append("\\\\");
            } else if (c == quote) {
                // GoogleSQL has no doubled quote: '' ends one string and opens the next (or a triple-quoted one)
                boolean doubling = !d.has(SqlDialect.Feature.TRIPLE_QUOTED_STRINGS) && r.nextBoolean();
                sb.append(doubling ? "" + quote + quote : "\\" + quote);
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private String quotedIdentifier() {
        String p = payload();
        int form = r.nextInt(3);
        if (form == 1 && d.has(SqlDialect.Feature.BACKTICK_IDENTIFIERS)) {
            return backtick(p);
        }
        if (form == 2 && d.has(SqlDialect.Feature.BRACKET_IDENTIFIERS)) {
            return "[" + p.replace("]", "") + "]";
        }
        if (d.has(SqlDialect.Feature.DOUBLE_QUOTED_STRINGS)) {
            return d.has(SqlDialect.Feature.BACKTICK_IDENTIFIERS) ? backtick(p) : string();
        }
        return "\"" + p.replace("\"", "\"\"") + "\"";
    }

    private String backtick(String p) {
        if (d.has(SqlDialect.Feature.BACKTICK_BACKSLASH_ESCAPES)) {
            return "`" + p.replace("\\", "\\\\").replace("`", "\\`") + "`";
        }
        return "`" + p.replace("`", "``") + "`";
    }
}
