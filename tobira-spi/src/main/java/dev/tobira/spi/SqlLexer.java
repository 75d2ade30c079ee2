package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import dev.tobira.spi.SqlDialect.Feature;
import java.util.List;

/**
 * Splits SQL text into {@link SqlToken}s the way one {@link SqlDialect} reads it. This is not a
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
public final class SqlLexer {
    private final SqlDialect dialect;

    private SqlLexer(SqlDialect dialect) {
        this.dialect = dialect;
    }

    /**
     * Returns a lexer for a dialect.
     *
     * @param dialect how the database reads SQL
     * @return the lexer
     * @throws NullPointerException if dialect is null
     */
    public static SqlLexer of(SqlDialect dialect) {
        return new SqlLexer(requireNonNull(dialect, "dialect is null"));
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
        return scan(sql).tokens();
    }

    /**
     * Splits text into tokens and statements and answers questions about them.
     *
     * @param sql the text
     * @return the scan
     * @throws NullPointerException if sql is null
     */
    public SqlScan scan(String sql) {
        requireNonNull(sql, "sql is null");
        return new SqlScan(dialect, new Run(sql, dialect).tokens());
    }

    /**
     * One pass over one text; {@code pos} only moves forward, which keeps the pass linear. The
     * branches of {@link #next()} are tried in a fixed order: which one wins decides how the text
     * is read, so a change of order is a change of behaviour.
     */
    private static final class Run {
        /** Classes of the ASCII characters, as bits. */
        private static final byte OPERATOR_CHAR = 1;

        private static final byte PUNCTUATION_CHAR = 2;
        private static final byte WORD_START = 4;
        private static final byte WORD_PART = 8;
        private static final byte STRING_PREFIX = 16;
        private static final byte SPACE = 32;
        private static final byte[] CLASSES = new byte[128];

        static {
            for (char c : "+-*/<>=~!@#%^&|:".toCharArray()) {
                CLASSES[c] |= OPERATOR_CHAR;
            }
            for (char c : "(),.[]{}".toCharArray()) {
                CLASSES[c] |= PUNCTUATION_CHAR;
            }
            for (char c = 0; c < CLASSES.length; c++) {
                if (Ascii.isLetter(c) || c == '_') {
                    CLASSES[c] |= WORD_START | WORD_PART;
                } else if (Ascii.isDigit(c) || c == '$') {
                    CLASSES[c] |= WORD_PART;
                }
            }
            for (char c : "nNxXbB".toCharArray()) {
                CLASSES[c] |= STRING_PREFIX;
            }
            for (char c = 0; c < CLASSES.length; c++) {
                if (Ascii.isSpace(c)) {
                    CLASSES[c] |= SPACE;
                }
            }
        }

        private final String s;
        private final int n;
        private final SqlDialect d;
        private final boolean unicodeSpacesSeparate;
        private final boolean doubleSlashComments;
        private final boolean noDashComments;
        private final Tokens out;
        private int pos;

        Run(String s, SqlDialect d) {
            this.s = s;
            this.n = s.length();
            this.d = d;
            this.unicodeSpacesSeparate = d.has(Feature.UNICODE_SPACES_SEPARATE);
            this.doubleSlashComments = d.has(Feature.DOUBLE_SLASH_COMMENTS);
            this.noDashComments = d.has(Feature.NO_DASH_COMMENTS);
            this.out = new Tokens(s);
        }

        Tokens tokens() {
            while (pos < n) {
                next();
            }
            return out;
        }

        private char at(int i) {
            return i < n ? s.charAt(i) : '\0';
        }

        private void emit(byte kind, int end) {
            out.add(kind, end);
            pos = end;
        }

        private void emitUnterminated(byte kind) {
            emit(kind, n);
            out.markUnterminated();
        }

        private static boolean is(char c, byte charClass) {
            return c < 128 && (CLASSES[c] & charClass) != 0;
        }

        /**
         * Reads one token. Words and white space, the most frequent, come first: no other branch
         * takes a character that starts either, except the letters that prefix a string, which
         * {@link #wordOrPrefixedString} tries first. The rest is {@link #other(char)}, kept apart
         * so that this method stays small enough to be inlined into the loop.
         */
        private void next() {
            char c = s.charAt(pos);
            if (isWordStart(c)) {
                wordOrPrefixedString(c);
            } else if (isSpace(c)) {
                int j = pos + 1;
                while (j < n && isSpace(s.charAt(j))) {
                    j++;
                }
                emit(Tokens.WHITESPACE, j);
            } else {
                other(c);
            }
        }

        /** Reads a token that starts with anything but a word character or white space. */
        private void other(char c) {
            if (c == ',' || c == '(' || c == ')') {
                // the commonest punctuation, which no branch below takes before its own
                emit(Tokens.PUNCTUATION, pos + 1);
            } else if (lineCommentAt(pos)) {
                lineComment();
            } else if (c == '/' && at(pos + 1) == '*') {
                blockComment();
            } else if (c == '\'' || (c == '"' && d.has(Feature.DOUBLE_QUOTED_STRINGS))) {
                string(pos);
            } else if (c == '"') {
                quoted(Tokens.QUOTED_IDENTIFIER, pos, '"', false, true);
            } else if (c == '`' && d.has(Feature.BACKTICK_IDENTIFIERS)) {
                boolean escapes = d.has(Feature.BACKTICK_BACKSLASH_ESCAPES);
                quoted(Tokens.QUOTED_IDENTIFIER, pos, '`', escapes, !escapes);
            } else if (c == '[' && d.has(Feature.BRACKET_IDENTIFIERS)) {
                quoted(Tokens.QUOTED_IDENTIFIER, pos, ']', false, d.has(Feature.BRACKET_ESCAPES));
            } else if (c == ';') {
                emit(Tokens.SEMICOLON, pos + 1);
            } else if (Ascii.isDigit(c) || (c == '.' && Ascii.isDigit(at(pos + 1)))) {
                number();
            } else if (c == '$') {
                dollar();
            } else if (c == '?') {
                int j = pos + 1;
                while (j < n && Ascii.isDigit(s.charAt(j))) {
                    j++;
                }
                emit(Tokens.PARAMETER, j);
            } else if (tclVariableAt(pos)) {
                tclVariable();
            } else if (is(c, PUNCTUATION_CHAR)) {
                emit(Tokens.PUNCTUATION, pos + 1);
            } else if (is(c, OPERATOR_CHAR)) {
                int j = pos + 1;
                while (j < n && is(s.charAt(j), OPERATOR_CHAR) && !startsSomethingAt(j)) {
                    j++;
                }
                emit(Tokens.OPERATOR, j);
            } else {
                emit(Tokens.OPERATOR, pos + 1);
            }
        }

        /**
         * A string that opens at {@code open} (after any prefix, which belongs to the token): a
         * triple-quoted one where the dialect has them, else one closed by its single quote.
         */
        private void string(int open) {
            char quote = s.charAt(open);
            if (d.has(Feature.TRIPLE_QUOTED_STRINGS)
                    && at(open + 1) == quote
                    && at(open + 2) == quote
                    && open + 2 < n) {
                tripleQuoted(open, quote);
            } else {
                quoted(Tokens.STRING, open, quote, d.has(Feature.BACKSLASH_ESCAPES), true);
            }
        }

        /** GoogleSQL's {@code '''…'''}: a backslash escapes the next character, and only three quotes close it. */
        private void tripleQuoted(int open, char quote) {
            int j = open + 3;
            while (j < n) {
                char c = s.charAt(j);
                if (c == '\\' && d.has(Feature.BACKSLASH_ESCAPES)) {
                    j += 2;
                } else if (c == quote && at(j + 1) == quote && at(j + 2) == quote && j + 2 < n) {
                    emit(Tokens.STRING, j + 3);
                    return;
                } else {
                    j++;
                }
            }
            emitUnterminated(Tokens.STRING);
        }

        /** Where a GoogleSQL string opens after an {@code r}, {@code b}, {@code rb} or {@code br} at {@code pos}, or -1. */
        private int rawOrBytesQuote(char c) {
            if (!d.has(Feature.RAW_AND_BYTES_PREFIXES) || (c != 'r' && c != 'R' && c != 'b' && c != 'B')) {
                return -1;
            }
            int q = pos + 1;
            char second = at(q);
            boolean raw = c == 'r' || c == 'R';
            if (q < n && (raw ? second == 'b' || second == 'B' : second == 'r' || second == 'R')) {
                q++;
            }
            char quote = at(q);
            return q < n && (quote == '\'' || (quote == '"' && d.has(Feature.DOUBLE_QUOTED_STRINGS))) ? q : -1;
        }

        /** A word, or a string whose prefix is a letter: {@code E'…'}, {@code N'…'}, {@code X'…'}, {@code B'…'}. */
        private void wordOrPrefixedString(char c) {
            int quote = rawOrBytesQuote(c);
            if (quote >= 0) {
                string(quote);
                return;
            }
            if (at(pos + 1) == '\'') {
                if ((c == 'e' || c == 'E') && d.has(Feature.ESCAPE_STRINGS)) {
                    quoted(Tokens.STRING, pos + 1, '\'', true, true);
                    return;
                }
                if (is(c, STRING_PREFIX)) {
                    quoted(Tokens.STRING, pos + 1, '\'', d.has(Feature.BACKSLASH_ESCAPES), true);
                    return;
                }
            }
            emit(Tokens.WORD, wordEnd(pos + 1));
        }

        /** An operator run stops where a comment or a variable begins, as every server's lexer does. */
        private boolean startsSomethingAt(int i) {
            return lineCommentAt(i) || (s.charAt(i) == '/' && at(i + 1) == '*') || tclVariableAt(i);
        }

        private boolean lineCommentAt(int i) {
            char c = s.charAt(i);
            if (c == '#') {
                return d.has(Feature.HASH_COMMENTS);
            }
            if (c == '/') {
                return at(i + 1) == '/' && doubleSlashComments;
            }
            if (c != '-' || at(i + 1) != '-' || noDashComments) {
                return false;
            }
            if (!d.has(Feature.DASH_COMMENT_NEEDS_SPACE) || i + 2 >= n) {
                return true;
            }
            // MySQL: the second dash must be followed by white space or a control character
            char after = s.charAt(i + 2);
            return after <= ' ' || after == '\u007f';
        }

        private void lineComment() {
            boolean carriageReturnEnds = d.has(Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT);
            int j = pos + 1;
            while (j < n) {
                char c = s.charAt(j);
                if (c == '\n' || (c == '\r' && carriageReturnEnds)) {
                    break;
                }
                j++;
            }
            emit(Tokens.COMMENT, j);
        }

        private void blockComment() {
            int j = pos + 2;
            boolean executable = d.has(Feature.EXECUTABLE_COMMENTS)
                    && (at(j) == '!' || ((at(j) == 'M' || at(j) == 'm') && at(j + 1) == '!'));
            byte kind = Tokens.COMMENT;
            if (executable) {
                kind = Tokens.EXECUTABLE_COMMENT;
                out.markExecutable();
            }
            if (d.has(Feature.NESTED_COMMENTS) && !executable) {
                int depth = 1;
                while (j < n) {
                    char c = s.charAt(j);
                    if (c == '/' && at(j + 1) == '*') {
                        depth++;
                        j += 2;
                    } else if (c == '*' && at(j + 1) == '/') {
                        j += 2;
                        if (--depth == 0) {
                            emit(kind, j);
                            return;
                        }
                    } else {
                        j++;
                    }
                }
            } else {
                int close = s.indexOf("*/", j);
                if (close >= 0) {
                    emit(kind, close + 2);
                    return;
                }
            }
            emitUnterminated(kind);
        }

        /**
         * Reads a quoted token whose opening quote is at {@code open} (a prefix such as {@code E}
         * may come before it, from {@code pos}).
         */
        private void quoted(byte kind, int open, char close, boolean backslash, boolean doubling) {
            int j = open + 1;
            if (!backslash) {
                // only the closing quote matters: let indexOf find each one
                while (j < n) {
                    int q = s.indexOf(close, j);
                    if (q < 0) {
                        break;
                    }
                    if (doubling && q + 1 < n && s.charAt(q + 1) == close) {
                        j = q + 2;
                    } else {
                        emit(kind, q + 1);
                        return;
                    }
                }
                emitUnterminated(kind);
                return;
            }
            while (j < n) {
                char c = s.charAt(j);
                if (c == '\\') {
                    j += 2;
                } else if (c == close) {
                    if (doubling && at(j + 1) == close && j + 1 < n) {
                        j += 2;
                    } else {
                        emit(kind, j + 1);
                        return;
                    }
                } else {
                    j++;
                }
            }
            emitUnterminated(kind);
        }

        private void number() {
            int j = pos;
            if (s.charAt(j) == '0' && (at(j + 1) == 'x' || at(j + 1) == 'X') && Ascii.isHexDigit(at(j + 2))) {
                j += 2;
                while (j < n
                        && (Ascii.isHexDigit(s.charAt(j)) || (s.charAt(j) == '_' && Ascii.isHexDigit(at(j + 1))))) {
                    j++;
                }
                emit(Tokens.NUMBER, j);
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
            emit(Tokens.NUMBER, j);
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

        /**
         * ASCII white space, and, where the dialect says so ({@link Feature#UNICODE_SPACES_SEPARATE}),
         * every Unicode space. PostgreSQL, DuckDB, MySQL and SQLite take U+00A0 or U+3000 into a name,
         * and there the lexer must too: a boundary the server does not see would let a name followed
         * by {@code $$} or {@code E'} start a string the server never reads, and hide a call behind it.
         */
        private boolean isSpace(char c) {
            return c < 128 ? (CLASSES[c] & SPACE) != 0 : unicodeSpacesSeparate && isUnicodeSpace(c);
        }

        static boolean isUnicodeSpace(char c) {
            return Character.isSpaceChar(c)
                    || Character.isWhitespace(c)
                    // white space to Unicode or to some reader, though not of a space category in Java
                    || c == '\u0085'
                    || c == '\u180e'
                    || c == '\u200b'
                    || c == '\u2060';
        }

        private boolean isWordStart(char c) {
            return c >= 128 ? !(unicodeSpacesSeparate && isUnicodeSpace(c)) : (CLASSES[c] & WORD_START) != 0;
        }

        private boolean isWordPart(char c) {
            return c >= 128 ? !(unicodeSpacesSeparate && isUnicodeSpace(c)) : (CLASSES[c] & WORD_PART) != 0;
        }

        /** A name's first character as the server reads it: every character from U+0080 up, spaces included. */
        private static boolean isNameStart(char c) {
            return c >= 128 || (CLASSES[c] & WORD_START) != 0;
        }

        /** As isNameStart, for the characters after the first. */
        private static boolean isNamePart(char c) {
            return c >= 128 || (CLASSES[c] & WORD_PART) != 0;
        }

        private int wordEnd(int j) {
            while (j < n && isWordPart(s.charAt(j))) {
                j++;
            }
            return j;
        }

        private void dollar() {
            if (d.has(Feature.DOLLAR_QUOTES)) {
                int j = pos + 1;
                if (j < n && isNameStart(s.charAt(j))) {
                    j++;
                    while (j < n && (isNameStart(s.charAt(j)) || Ascii.isDigit(s.charAt(j)))) {
                        j++;
                    }
                }
                if (at(j) == '$' && j < n) {
                    dollarQuoted(j + 1 - pos);
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
                emit(Tokens.PARAMETER, j);
            } else if (isWordPart(at(pos + 1)) && pos + 1 < n) {
                emit(Tokens.PARAMETER, wordEnd(pos + 1));
            } else {
                emit(Tokens.OPERATOR, pos + 1);
            }
        }

        /**
         * Finds the closing tag, the {@code tagLength} characters from {@code pos}, by checking each
         * later {@code $}; a tag holds no {@code $} inside, so every character is compared a
         * bounded number of times.
         */
        private void dollarQuoted(int tagLength) {
            int j = pos + tagLength;
            while (j < n) {
                int dollar = s.indexOf('$', j);
                if (dollar < 0) {
                    break;
                }
                // the last character of a tag is its closing $: a cheap test before comparing the tag
                int after = dollar + tagLength;
                if (after <= n && s.charAt(after - 1) == '$' && s.regionMatches(dollar, s, pos, tagLength)) {
                    emit(Tokens.STRING, dollar + tagLength);
                    return;
                }
                j = dollar + 1;
            }
            emitUnterminated(Tokens.STRING);
        }

        private boolean tclVariableAt(int i) {
            if (!d.has(Feature.TCL_VARIABLES)) {
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
            emit(Tokens.PARAMETER, j);
        }
    }
}
