package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import dev.tobira.spi.SqlToken.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * Test oracle: the implementation as of commit 2e5e0b9, before the lexer was rewritten
 * for speed, kept verbatim (renamed) so that {@code LegacyDifferentialTest} can check the new code
 * decides exactly as the old one did. Not to be changed.
 *
 * <p>Splits SQL text into {@link SqlToken}s the way one {@link SqlDialect} reads it. This is not a
 * parser: it knows where strings, quoted identifiers, comments and statements begin and end, which
 * is what a statement guard needs, and nothing about the grammar.
 *
 * <p>The lexer never throws on any text and runs in time linear in its length. A string, quoted
 * identifier or comment left open runs to the end of the text as one token marked
 * {@linkplain SqlToken#unterminated() unterminated}, so nothing inside it is ever read as a word or
 * a statement boundary.
 *
 * <p>Instances are immutable and thread-safe.
 *
 * @since 0.1
 */
final class LegacySqlLexer {
    private final SqlDialect dialect;

    private LegacySqlLexer(SqlDialect dialect) {
        this.dialect = dialect;
    }

    /**
     * Returns a lexer for a dialect.
     *
     * @param dialect how the database reads SQL
     * @return the lexer
     * @throws NullPointerException if dialect is null
     */
    public static LegacySqlLexer of(SqlDialect dialect) {
        return new LegacySqlLexer(requireNonNull(dialect, "dialect is null"));
    }

    /**
     * Returns the dialect this lexer reads.
     *
     * @return the dialect
     */
    public SqlDialect dialect() {
        return dialect;
    }

    /**
     * Splits text into tokens that tile it, white space and comments included.
     *
     * @param sql the text
     * @return the tokens in order, an empty list for empty text
     * @throws NullPointerException if sql is null
     */
    public List<SqlToken> tokenize(String sql) {
        requireNonNull(sql, "sql is null");
        return new Run(sql, dialect).tokens();
    }

    /**
     * Splits text into tokens and statements and answers questions about them.
     *
     * @param sql the text
     * @return the scan
     * @throws NullPointerException if sql is null
     */
    public LegacySqlScan scan(String sql) {
        return new LegacySqlScan(sql, dialect, tokenize(sql));
    }

    /** One pass over one text; {@code pos} only moves forward, which keeps the pass linear. */
    private static final class Run {
        private static final String OPERATOR_CHARS = "+-*/<>=~!@#%^&|:";
        private static final String PUNCTUATION_CHARS = "(),.[]{}";

        private final String s;
        private final int n;
        private final SqlDialect d;
        private final List<SqlToken> out = new ArrayList<>();
        private int pos;

        Run(String s, SqlDialect d) {
            this.s = s;
            this.n = s.length();
            this.d = d;
        }

        List<SqlToken> tokens() {
            while (pos < n) {
                next();
            }
            return List.copyOf(out);
        }

        private char at(int i) {
            return i < n ? s.charAt(i) : '\0';
        }

        private void emit(Type type, int end) {
            emit(type, end, false);
        }

        private void emit(Type type, int end, boolean unterminated) {
            out.add(new SqlToken(type, pos, end, s.substring(pos, end), unterminated));
            pos = end;
        }

        private void next() {
            char c = s.charAt(pos);
            if (isSpace(c)) {
                int j = pos + 1;
                while (j < n && isSpace(s.charAt(j))) {
                    j++;
                }
                emit(Type.WHITESPACE, j);
            } else if (lineCommentAt(pos)) {
                lineComment();
            } else if (c == '/' && at(pos + 1) == '*') {
                blockComment();
            } else if (c == '\'') {
                quoted(Type.STRING, pos, '\'', d.has(SqlDialect.Feature.BACKSLASH_ESCAPES), true);
            } else if (c == '"') {
                if (d.has(SqlDialect.Feature.DOUBLE_QUOTED_STRINGS)) {
                    quoted(Type.STRING, pos, '"', d.has(SqlDialect.Feature.BACKSLASH_ESCAPES), true);
                } else {
                    quoted(Type.QUOTED_IDENTIFIER, pos, '"', false, true);
                }
            } else if (c == '`' && d.has(SqlDialect.Feature.BACKTICK_IDENTIFIERS)) {
                quoted(Type.QUOTED_IDENTIFIER, pos, '`', false, true);
            } else if (c == '[' && d.has(SqlDialect.Feature.BRACKET_IDENTIFIERS)) {
                quoted(Type.QUOTED_IDENTIFIER, pos, ']', false, d.has(SqlDialect.Feature.BRACKET_ESCAPES));
            } else if ((c == 'e' || c == 'E') && at(pos + 1) == '\'' && d.has(SqlDialect.Feature.ESCAPE_STRINGS)) {
                quoted(Type.STRING, pos + 1, '\'', true, true);
            } else if ("nNxXbB".indexOf(c) >= 0 && at(pos + 1) == '\'') {
                quoted(Type.STRING, pos + 1, '\'', d.has(SqlDialect.Feature.BACKSLASH_ESCAPES), true);
            } else if (c == ';') {
                emit(Type.SEMICOLON, pos + 1);
            } else if (Ascii.isDigit(c) || (c == '.' && Ascii.isDigit(at(pos + 1)))) {
                number();
            } else if (isWordStart(c)) {
                emit(Type.WORD, wordEnd(pos + 1));
            } else if (c == '$') {
                dollar();
            } else if (c == '?') {
                int j = pos + 1;
                while (j < n && Ascii.isDigit(s.charAt(j))) {
                    j++;
                }
                emit(Type.PARAMETER, j);
            } else if (tclVariableAt(pos)) {
                tclVariable();
            } else if (PUNCTUATION_CHARS.indexOf(c) >= 0) {
                emit(Type.PUNCTUATION, pos + 1);
            } else if (OPERATOR_CHARS.indexOf(c) >= 0) {
                int j = pos + 1;
                while (j < n && OPERATOR_CHARS.indexOf(s.charAt(j)) >= 0 && !startsSomethingAt(j)) {
                    j++;
                }
                emit(Type.OPERATOR, j);
            } else {
                emit(Type.OPERATOR, pos + 1);
            }
        }

        /** An operator run stops where a comment or a variable begins, as every server's lexer does. */
        private boolean startsSomethingAt(int i) {
            return lineCommentAt(i) || (s.charAt(i) == '/' && at(i + 1) == '*') || tclVariableAt(i);
        }

        private boolean lineCommentAt(int i) {
            char c = s.charAt(i);
            if (c == '#') {
                return d.has(SqlDialect.Feature.HASH_COMMENTS);
            }
            if (c != '-' || at(i + 1) != '-') {
                return false;
            }
            if (!d.has(SqlDialect.Feature.DASH_COMMENT_NEEDS_SPACE) || i + 2 >= n) {
                return true;
            }
            // MySQL: the second dash must be followed by white space or a control character
            char after = s.charAt(i + 2);
            return after <= ' ' || after == '\u007f';
        }

        private void lineComment() {
            int j = pos + 1;
            while (j < n) {
                char c = s.charAt(j);
                if (c == '\n' || (c == '\r' && d.has(SqlDialect.Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT))) {
                    break;
                }
                j++;
            }
            emit(Type.COMMENT, j);
        }

        private void blockComment() {
            int j = pos + 2;
            boolean executable = d.has(SqlDialect.Feature.EXECUTABLE_COMMENTS)
                    && (at(j) == '!' || ((at(j) == 'M' || at(j) == 'm') && at(j + 1) == '!'));
            Type type = executable ? Type.EXECUTABLE_COMMENT : Type.COMMENT;
            if (d.has(SqlDialect.Feature.NESTED_COMMENTS) && !executable) {
                int depth = 1;
                while (j < n) {
                    char c = s.charAt(j);
                    if (c == '/' && at(j + 1) == '*') {
                        depth++;
                        j += 2;
                    } else if (c == '*' && at(j + 1) == '/') {
                        j += 2;
                        if (--depth == 0) {
                            emit(type, j);
                            return;
                        }
                    } else {
                        j++;
                    }
                }
            } else {
                int close = s.indexOf("*/", j);
                if (close >= 0) {
                    emit(type, close + 2);
                    return;
                }
            }
            emit(type, n, true);
        }

        /**
         * Reads a quoted token whose opening quote is at {@code open} (a prefix such as {@code E}
         * may come before it, from {@code pos}).
         */
        private void quoted(Type type, int open, char close, boolean backslash, boolean doubling) {
            int j = open + 1;
            while (j < n) {
                char c = s.charAt(j);
                if (backslash && c == '\\') {
                    j += 2;
                } else if (c == close) {
                    if (doubling && at(j + 1) == close && j + 1 < n) {
                        j += 2;
                    } else {
                        emit(type, j + 1);
                        return;
                    }
                } else {
                    j++;
                }
            }
            emit(type, n, true);
        }

        private void number() {
            int j = pos;
            if (s.charAt(j) == '0' && (at(j + 1) == 'x' || at(j + 1) == 'X') && Ascii.isHexDigit(at(j + 2))) {
                j += 2;
                while (j < n
                        && (Ascii.isHexDigit(s.charAt(j)) || (s.charAt(j) == '_' && Ascii.isHexDigit(at(j + 1))))) {
                    j++;
                }
                emit(Type.NUMBER, j);
                return;
            }
            j = digits(j);
            if (at(j) == '.') {
                j = digits(j + 1);
            }
            char e = at(j);
            if (e == 'e' || e == 'E') {
                int k = j + 1;
                if (at(k) == '+' || at(k) == '-') {
                    k++;
                }
                if (Ascii.isDigit(at(k))) {
                    j = digits(k);
                }
            }
            emit(Type.NUMBER, j);
        }

        private int digits(int j) {
            while (j < n
                    && (Ascii.isDigit(s.charAt(j))
                            || (s.charAt(j) == '_'
                                    && j > pos
                                    && Ascii.isDigit(at(j + 1))
                                    && Ascii.isDigit(s.charAt(j - 1))))) {
                j++;
            }
            return j;
        }

        // issue 29, added to the reference: every Unicode space separates words, except where the
        // server's own boundary decides what a string is (dollar-quote tags, SQLite variables)
        private static boolean isSpace(char c) {
            return Ascii.isSpace(c)
                    || (c >= 0x80
                            && (Character.isSpaceChar(c)
                                    || Character.isWhitespace(c)
                                    || c == 0x85
                                    || c == 0x180e
                                    || c == 0x200b
                                    || c == 0x2060));
        }

        private static boolean isWordStart(char c) {
            return Ascii.isLetter(c) || c == '_' || (c >= 0x80 && !isSpace(c));
        }

        private static boolean isWordPart(char c) {
            return isWordStart(c) || Ascii.isDigit(c) || c == '$';
        }

        private static boolean isNameStart(char c) {
            return Ascii.isLetter(c) || c == '_' || c >= 0x80;
        }

        private static boolean isNamePart(char c) {
            return isNameStart(c) || Ascii.isDigit(c) || c == '$';
        }

        private int wordEnd(int j) {
            while (j < n && isWordPart(s.charAt(j))) {
                j++;
            }
            return j;
        }

        private void dollar() {
            if (d.has(SqlDialect.Feature.DOLLAR_QUOTES)) {
                int j = pos + 1;
                if (j < n && (Ascii.isLetter(s.charAt(j)) || s.charAt(j) == '_' || s.charAt(j) >= 0x80)) {
                    j++;
                    while (j < n && (isNameStart(s.charAt(j)) || Ascii.isDigit(s.charAt(j)))) {
                        j++;
                    }
                }
                if (at(j) == '$' && j < n) {
                    dollarQuoted(s.substring(pos, j + 1));
                    return;
                }
            }
            if (tclVariableAt(pos)) {
                tclVariable();
            } else if (Ascii.isDigit(at(pos + 1))) {
                int j = pos + 1;
                while (j < n && Ascii.isDigit(s.charAt(j))) {
                    j++;
                }
                emit(Type.PARAMETER, j);
            } else if (isWordPart(at(pos + 1)) && pos + 1 < n) {
                emit(Type.PARAMETER, wordEnd(pos + 1));
            } else {
                emit(Type.OPERATOR, pos + 1);
            }
        }

        /**
         * Finds the closing tag by checking each later {@code $}; a tag holds no {@code $} inside,
         * so every character is compared a bounded number of times.
         */
        private void dollarQuoted(String tag) {
            int j = pos + tag.length();
            while (j < n) {
                int dollar = s.indexOf('$', j);
                if (dollar < 0) {
                    break;
                }
                if (s.startsWith(tag, dollar)) {
                    emit(Type.STRING, dollar + tag.length());
                    return;
                }
                j = dollar + 1;
            }
            emit(Type.STRING, n, true);
        }

        private boolean tclVariableAt(int i) {
            if (!d.has(SqlDialect.Feature.TCL_VARIABLES)) {
                return false;
            }
            char c = s.charAt(i);
            if (c != '$' && c != ':' && c != '@' && c != '#') {
                return false;
            }
            char next = at(i + 1);
            return i + 1 < n && (isNamePart(next) || (next == ':' && at(i + 2) == ':' && i + 2 < n));
        }

        /** SQLite's reading of {@code $name}, with {@code ::} parts and a {@code (…)} suffix. */
        private void tclVariable() {
            int j = pos + 1;
            int chars = 0;
            while (j < n) {
                char c = s.charAt(j);
                if (isNamePart(c)) {
                    chars++;
                    j++;
                } else if (c == '(' && chars > 0) {
                    j++;
                    while (j < n && !Ascii.isSpace(s.charAt(j)) && s.charAt(j) != ')') {
                        j++;
                    }
                    if (j < n && s.charAt(j) == ')') {
                        j++;
                    }
                    break;
                } else if (c == ':' && at(j + 1) == ':' && j + 1 < n) {
                    j += 2;
                } else {
                    break;
                }
            }
            emit(Type.PARAMETER, j);
        }
    }
}
