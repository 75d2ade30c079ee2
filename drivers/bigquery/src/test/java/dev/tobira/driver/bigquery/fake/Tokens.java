package dev.tobira.driver.bigquery.fake;

import java.util.ArrayList;
import java.util.List;

/**
 * The fake's own reading of GoogleSQL text, written apart from the SPI lexer the driver uses, so
 * that the fake's dry run does not share the driver's mistakes: words, backtick names, the string
 * forms (quoted with ' or ", triple-quoted, with the prefixes r, b, rb and br), numbers, {@code ?},
 * punctuation and the three comment forms.
 */
final class Tokens {
    enum Type {
        WORD,
        NAME,
        STRING,
        BYTES,
        NUMBER,
        PARAM,
        PUNCT,
        COMMENT,
        SPACE
    }

    /** One token; {@code value} is a string's or name's content with its escapes read. */
    record Token(Type type, String text, String value) {
        boolean is(String word) {
            return type == Type.WORD && text.equalsIgnoreCase(word);
        }

        boolean code() {
            return type != Type.COMMENT && type != Type.SPACE;
        }
    }

    private Tokens() {}

    static List<Token> of(String sql) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            int start = i;
            if (Character.isWhitespace(c)) {
                while (i < n && Character.isWhitespace(sql.charAt(i))) {
                    i++;
                }
                out.add(new Token(Type.SPACE, sql.substring(start, i), ""));
            } else if (c == '#' || c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                while (i < n && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
                    i++;
                }
                out.add(new Token(Type.COMMENT, sql.substring(start, i), ""));
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                if (end < 0) {
                    throw new IllegalArgumentException("Syntax error: Unclosed comment");
                }
                i = end + 2;
                out.add(new Token(Type.COMMENT, sql.substring(start, i), ""));
            } else if (c == '`') {
                StringBuilder v = new StringBuilder();
                i++;
                while (i < n && sql.charAt(i) != '`') {
                    if (sql.charAt(i) == '\\' && i + 1 < n) {
                        i++;
                    }
                    v.append(sql.charAt(i++));
                }
                if (i >= n) {
                    throw new IllegalArgumentException("Syntax error: Unclosed identifier literal");
                }
                i++;
                out.add(new Token(Type.NAME, sql.substring(start, i), v.toString()));
            } else if (isQuote(sql, i)) {
                i = string(sql, i, out);
            } else if (Character.isLetter(c) || c == '_') {
                while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_')) {
                    i++;
                }
                out.add(new Token(Type.WORD, sql.substring(start, i), sql.substring(start, i)));
            } else if (Character.isDigit(c) || c == '.' && i + 1 < n && Character.isDigit(sql.charAt(i + 1))) {
                while (i < n
                        && (Character.isLetterOrDigit(sql.charAt(i))
                                || sql.charAt(i) == '.'
                                || (sql.charAt(i) == '+' || sql.charAt(i) == '-')
                                        && (sql.charAt(i - 1) == 'e' || sql.charAt(i - 1) == 'E'))) {
                    i++;
                }
                out.add(new Token(Type.NUMBER, sql.substring(start, i), sql.substring(start, i)));
            } else if (c == '?') {
                i++;
                out.add(new Token(Type.PARAM, "?", "?"));
            } else {
                i++;
                if (i < n && "<>!|=".indexOf(c) >= 0 && "=>|".indexOf(sql.charAt(i)) >= 0) {
                    i++;
                }
                out.add(new Token(Type.PUNCT, sql.substring(start, i), sql.substring(start, i)));
            }
        }
        return out;
    }

    /** A string begins here: a quote, or the prefixes r, b, rb, br before one. */
    private static boolean isQuote(String sql, int i) {
        int j = i;
        while (j < sql.length() && j - i < 2 && "rRbB".indexOf(sql.charAt(j)) >= 0) {
            j++;
        }
        if (j > i && i > 0 && (Character.isLetterOrDigit(sql.charAt(i - 1)) || sql.charAt(i - 1) == '_')) {
            return false;
        }
        return j < sql.length() && (sql.charAt(j) == '\'' || sql.charAt(j) == '"');
    }

    private static int string(String sql, int i, List<Token> out) {
        int start = i;
        boolean raw = false;
        boolean bytes = false;
        while ("rRbB".indexOf(sql.charAt(i)) >= 0) {
            raw |= sql.charAt(i) == 'r' || sql.charAt(i) == 'R';
            bytes |= sql.charAt(i) == 'b' || sql.charAt(i) == 'B';
            i++;
        }
        char q = sql.charAt(i);
        String close = sql.startsWith(String.valueOf(q).repeat(3), i)
                ? String.valueOf(q).repeat(3)
                : String.valueOf(q);
        i += close.length();
        StringBuilder v = new StringBuilder();
        while (true) {
            if (i >= sql.length()) {
                throw new IllegalArgumentException("Syntax error: Unclosed string literal");
            }
            if (sql.startsWith(close, i)) {
                i += close.length();
                break;
            }
            char c = sql.charAt(i);
            if (close.length() == 1 && (c == '\n' || c == '\r')) {
                throw new IllegalArgumentException("Syntax error: Unclosed string literal");
            }
            if (c == '\\' && i + 1 < sql.length()) {
                if (raw) {
                    v.append(c).append(sql.charAt(i + 1));
                    i += 2;
                } else {
                    i = escape(sql, i + 1, v);
                }
                continue;
            }
            v.append(c);
            i++;
        }
        out.add(new Token(bytes ? Type.BYTES : Type.STRING, sql.substring(start, i), v.toString()));
        return i;
    }

    private static int escape(String sql, int i, StringBuilder v) {
        char c = sql.charAt(i);
        switch (c) {
            case 'n':
                v.append('\n');
                return i + 1;
            case 't':
                v.append('\t');
                return i + 1;
            case 'r':
                v.append('\r');
                return i + 1;
            case 'b':
                v.append('\b');
                return i + 1;
            case 'f':
                v.append('\f');
                return i + 1;
            case 'a':
                v.append('\u0007');
                return i + 1;
            case 'v':
                v.append('\u000b');
                return i + 1;
            case 'x':
            case 'X':
                v.append((char) Integer.parseInt(sql.substring(i + 1, i + 3), 16));
                return i + 3;
            case 'u':
                v.append((char) Integer.parseInt(sql.substring(i + 1, i + 5), 16));
                return i + 5;
            case 'U':
                v.appendCodePoint(Integer.parseInt(sql.substring(i + 1, i + 9), 16));
                return i + 9;
            default:
                if (c >= '0' && c <= '7') {
                    v.append((char) Integer.parseInt(sql.substring(i, i + 3), 8));
                    return i + 3;
                }
                v.append(c); // \\ \' \" \` \?
                return i + 1;
        }
    }

    /** The statements of a text, split at semicolons outside strings, names and comments; empty ones dropped. */
    static List<List<Token>> statements(List<Token> tokens) {
        List<List<Token>> out = new ArrayList<>();
        List<Token> current = new ArrayList<>();
        for (Token t : tokens) {
            if (t.type() == Type.PUNCT && t.text().equals(";")) {
                if (current.stream().anyMatch(Token::code)) {
                    out.add(current);
                }
                current = new ArrayList<>();
            } else {
                current.add(t);
            }
        }
        if (current.stream().anyMatch(Token::code)) {
            out.add(current);
        }
        return out;
    }

    static List<Token> code(List<Token> tokens) {
        return tokens.stream().filter(Token::code).toList();
    }
}
