package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import dev.tobira.spi.SqlToken.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Test oracle: the implementation as of commit 2e5e0b9, before the lexer was rewritten
 * for speed, kept verbatim (renamed) so that {@code LegacyDifferentialTest} can check the new code
 * decides exactly as the old one did. Not to be changed.
 *
 * <p>What a statement guard needs to know about SQL text, read once by {@link LegacySqlLexer}: the
 * statements, their keywords, the function calls, and anything the guard must refuse outright.
 *
 * <p>Everything here looks only at code: a word inside a string, a quoted identifier or a comment
 * is never a keyword, and a {@code ;} inside one never ends a statement. Keywords are compared in
 * ASCII upper case, whatever case the caller passes.
 *
 * <p>Instances are immutable and thread-safe.
 *
 * @since 0.1
 */
final class LegacySqlScan {
    private final String sql;
    private final SqlDialect dialect;
    private final List<SqlToken> tokens;
    private final List<Statement> statements;

    LegacySqlScan(String sql, SqlDialect dialect, List<SqlToken> tokens) {
        this.sql = sql;
        this.dialect = dialect;
        this.tokens = tokens;
        this.statements = split(sql, tokens, dialect.has(SqlDialect.Feature.TRIGGER_BODIES));
    }

    /**
     * Scans text in a dialect; the same as {@code LegacySqlLexer.of(dialect).scan(sql)}.
     *
     * @param sql the text
     * @param dialect how the database reads it
     * @return the scan
     * @throws NullPointerException if an argument is null
     */
    public static LegacySqlScan of(String sql, SqlDialect dialect) {
        return LegacySqlLexer.of(dialect).scan(sql);
    }

    private static List<Statement> split(String sql, List<SqlToken> tokens, boolean triggerBodies) {
        List<Statement> result = new ArrayList<>();
        List<SqlToken> current = new ArrayList<>();
        Boundary boundary = triggerBodies ? new Boundary() : null;
        for (SqlToken token : tokens) {
            if (token.type() == Type.SEMICOLON) {
                if (boundary == null || boundary.semicolonEnds()) {
                    addStatement(sql, result, current);
                    current = new ArrayList<>();
                    boundary = boundary == null ? null : new Boundary();
                } else {
                    current.add(token); // inside a trigger body
                }
            } else if (token.significant()) {
                current.add(token);
                if (boundary != null) {
                    boundary.read(token);
                }
            }
        }
        addStatement(sql, result, current);
        return List.copyOf(result);
    }

    /**
     * Where a statement may end when trigger bodies hold semicolons: SQLite's sqlite3_complete
     * automaton, read strictly. Only EXPLAIN, QUERY and PLAN may come before CREATE, where
     * sqlite3_complete lets any word through after EXPLAIN: ending statements at more semicolons
     * than the server never hides a statement from the guard, ending them at fewer would.
     */
    private static final class Boundary {
        private enum State {
            START,
            EXPLAIN,
            CREATE,
            NORMAL,
            BODY,
            BODY_SEMICOLON,
            BODY_END
        }

        private State state = State.START;

        /** Reads a {@code ;} and tells whether it ends the statement. */
        boolean semicolonEnds() {
            return switch (state) {
                case BODY, BODY_SEMICOLON -> {
                    state = State.BODY_SEMICOLON;
                    yield false;
                }
                default -> true;
            };
        }

        void read(SqlToken token) {
            String word = token.type() == Type.WORD ? token.upper() : "";
            state = switch (state) {
                case START ->
                    word.equals("CREATE") ? State.CREATE : word.equals("EXPLAIN") ? State.EXPLAIN : State.NORMAL;
                case EXPLAIN ->
                    word.equals("CREATE")
                            ? State.CREATE
                            : word.equals("QUERY") || word.equals("PLAN") ? State.EXPLAIN : State.NORMAL;
                case CREATE ->
                    word.equals("TRIGGER")
                            ? State.BODY
                            : word.equals("TEMP") || word.equals("TEMPORARY") ? State.CREATE : State.NORMAL;
                case NORMAL -> State.NORMAL;
                case BODY, BODY_END -> State.BODY;
                case BODY_SEMICOLON -> word.equals("END") ? State.BODY_END : State.BODY;
            };
        }
    }

    private static void addStatement(String sql, List<Statement> result, List<SqlToken> significant) {
        if (!significant.isEmpty()) {
            int start = significant.get(0).start();
            int end = significant.get(significant.size() - 1).end();
            result.add(new Statement(start, end, sql.substring(start, end), significant));
        }
    }

    /**
     * Returns the text that was scanned.
     *
     * @return the text
     */
    public String sql() {
        return sql;
    }

    /**
     * Returns the dialect the text was read in.
     *
     * @return the dialect
     */
    public SqlDialect dialect() {
        return dialect;
    }

    /**
     * Returns every token, white space and comments included; they tile the text.
     *
     * @return the tokens in order
     */
    public List<SqlToken> tokens() {
        return tokens;
    }

    /**
     * Returns the statements: the stretches between {@code ;} that hold at least one
     * {@linkplain SqlToken#significant() significant} token. A trailing {@code ;}, the empty
     * statement of {@code ;;}, and a stretch of only comments and white space are not statements.
     * With {@link SqlDialect.Feature#TRIGGER_BODIES}, the semicolons inside a trigger body do not end its
     * {@code CREATE TRIGGER} statement.
     *
     * @return the statements in order, empty when the text holds no code
     */
    public List<Statement> statements() {
        return statements;
    }

    /**
     * Returns how many statements the text holds.
     *
     * @return {@code statements().size()}
     */
    public int statementCount() {
        return statements.size();
    }

    /**
     * Tells whether the text holds no statement: it is empty, or only white space, comments and
     * semicolons.
     *
     * @return whether there is no statement
     */
    public boolean isEmpty() {
        return statements.isEmpty();
    }

    /**
     * Returns the first keyword of the first statement, as {@link Statement#firstKeyword()}.
     *
     * @return the keyword in upper case, or empty
     */
    public Optional<String> firstKeyword() {
        return statements.isEmpty() ? Optional.empty() : statements.get(0).firstKeyword();
    }

    /**
     * Returns the first word of the text, outside strings, quoted identifiers and comments, that is
     * one of the given words.
     *
     * @param words the words to look for, in any case
     * @return the word found, in upper case, or empty
     * @throws NullPointerException if words is or holds null
     */
    public Optional<String> findWord(Collection<String> words) {
        Set<String> wanted = upper(words);
        for (SqlToken token : tokens) {
            if (token.type() == Type.WORD) {
                String word = token.upper();
                if (wanted.contains(word)) {
                    return Optional.of(word);
                }
                // issue 29, added to the reference: a word outside ASCII compares in its normal form
                word = IdentifierNames.normalise(token.text());
                if (wanted.contains(word)) {
                    return Optional.of(word);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Tells whether a word appears outside strings, quoted identifiers and comments.
     *
     * @param word the word, in any case
     * @return whether it appears
     * @throws NullPointerException if word is null
     */
    public boolean containsWord(String word) {
        return findWord(Set.of(requireNonNull(word, "word is null"))).isPresent();
    }

    /**
     * Returns the first function call of the text whose name is one of the given names: a word or a
     * quoted identifier followed by {@code (}, with only white space and comments between. The
     * name may be qualified ({@code pg_catalog.lo_export(…)}), and a quoted name counts whatever
     * its case ({@code "lo_export"(…)} calls the function in PostgreSQL).
     *
     * @param functions the function names, in any case
     * @return the name found, in upper case, or empty
     * @throws NullPointerException if functions is or holds null
     */
    public Optional<String> findCall(Collection<String> functions) {
        // issue 29, added to the reference: the name is the last part of the path before the
        // parenthesis, its quotes and escapes decoded (U&"…" with UESCAPE too), split at dots, normalised
        Set<String> wanted = upper(functions);
        List<Integer> sig = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.get(i).significant()) {
                sig.add(i);
            }
        }
        for (int k = 1; k < sig.size(); k++) {
            SqlToken paren = tokens.get(sig.get(k));
            if (paren.type() != Type.PUNCTUATION || !paren.text().equals("(")) {
                continue;
            }
            int name = sig.get(k - 1);
            char escape = '\\';
            if (tokens.get(name).type() == Type.STRING) {
                if (k < 3
                        || !tokens.get(sig.get(k - 2)).upper().equals("UESCAPE")
                        || tokens.get(sig.get(k - 2)).type() != Type.WORD
                        || !unicodeEscaped(sig.get(k - 3))
                        || tokens.get(name).text().length() != 3) {
                    continue;
                }
                escape = tokens.get(name).text().charAt(1);
                name = sig.get(k - 3);
            }
            SqlToken t = tokens.get(name);
            String last;
            if (t.type() == Type.WORD) {
                last = IdentifierNames.normalise(t.text());
            } else if (t.type() == Type.QUOTED_IDENTIFIER) {
                String decoded = IdentifierNames.unquote(dialect, t.text());
                if (unicodeEscaped(name)) {
                    decoded = IdentifierNames.unicodeEscapes(decoded, escape);
                }
                last = IdentifierNames.normalise(decoded.substring(decoded.lastIndexOf('.') + 1));
            } else {
                continue;
            }
            if (wanted.contains(last)) {
                return Optional.of(last);
            }
        }
        return Optional.empty();
    }

    private boolean unicodeEscaped(int i) {
        return dialect.has(SqlDialect.Feature.UNICODE_ESCAPE_IDENTIFIERS)
                && i >= 2
                && tokens.get(i).type() == Type.QUOTED_IDENTIFIER
                && tokens.get(i).text().startsWith("\"")
                && tokens.get(i - 1).text().equals("&")
                && tokens.get(i - 1).type() == Type.OPERATOR
                && (tokens.get(i - 2).text().equals("U")
                        || tokens.get(i - 2).text().equals("u"));
    }

    /**
     * Tells whether the text calls a function, as {@link #findCall(Collection)} finds it.
     *
     * @param function the function name, in any case
     * @return whether it is called
     * @throws NullPointerException if function is null
     */
    public boolean callsFunction(String function) {
        return findCall(Set.of(requireNonNull(function, "function is null"))).isPresent();
    }

    /**
     * Tells whether the text holds an executable comment ({@code /*! … *}{@code /} in MySQL and
     * MariaDB), whose content the server runs but this scan does not read.
     *
     * @return whether there is one
     */
    public boolean hasExecutableComment() {
        for (SqlToken token : tokens) {
            if (token.type() == Type.EXECUTABLE_COMMENT) {
                return true;
            }
        }
        return false;
    }

    /**
     * Returns the string, quoted identifier or comment that the text leaves open, if any.
     *
     * @return the unterminated token, always the last one, or empty
     */
    public Optional<SqlToken> unterminated() {
        if (tokens.isEmpty()) {
            return Optional.empty();
        }
        SqlToken last = tokens.get(tokens.size() - 1);
        return last.unterminated() ? Optional.of(last) : Optional.empty();
    }

    /**
     * Tells whether the text leaves a string, quoted identifier or comment open.
     *
     * @return whether {@link #unterminated()} is present
     */
    public boolean isUnterminated() {
        return unterminated().isPresent();
    }

    /**
     * Tells whether the text holds a NUL character. Servers that read text as a C string stop or
     * end a comment there, and would then read something other than this scan.
     *
     * @return whether a U+0000 appears anywhere
     */
    public boolean containsNul() {
        return sql.indexOf('\0') >= 0;
    }

    @Override
    public String toString() {
        return "LegacySqlScan[" + dialect.name() + ", " + statements.size() + " statement(s)"
                + (isUnterminated() ? ", unterminated" : "") + "]";
    }

    private static Set<String> upper(Collection<String> words) {
        requireNonNull(words, "words is null");
        Set<String> result = new HashSet<>();
        for (String word : words) {
            result.add(Ascii.upper(requireNonNull(word, "word is null")));
        }
        return result;
    }

    /** Strips the quotes of {@code "…"}, {@code `…`} or {@code […]} and undoes doubled closing quotes. */
    private static String unquote(String quoted) {
        if (quoted.length() < 2) {
            return quoted;
        }
        char close = quoted.charAt(quoted.length() - 1);
        String inner = quoted.substring(1, quoted.length() - 1);
        String doubled = String.valueOf(close) + close;
        return inner.replace(doubled, String.valueOf(close));
    }

    /**
     * One statement: the significant tokens between two semicolons.
     *
     * @param start the index of its first significant character in the text
     * @param end the index after its last significant character
     * @param text the text from start to end, comments inside included
     * @param tokens its significant tokens, without white space, comments or the closing {@code ;};
     *     the semicolons inside a trigger body ({@link SqlDialect.Feature#TRIGGER_BODIES}) are kept
     * @since 0.1
     */
    public record Statement(int start, int end, String text, List<SqlToken> tokens) {

        /**
         * Copies the tokens.
         *
         * @param start see {@link #start()}
         * @param end see {@link #end()}
         * @param text see {@link #text()}
         * @param tokens see {@link #tokens()}
         * @throws NullPointerException if text or tokens is null
         */
        public Statement {
            requireNonNull(text, "text is null");
            tokens = List.copyOf(tokens);
        }

        /**
         * Returns the words of the statement in order, in upper case: its keywords and unquoted
         * identifiers, never a word inside a string or comment.
         *
         * @return the words
         */
        public List<String> keywords() {
            List<String> words = new ArrayList<>();
            for (SqlToken token : tokens) {
                if (token.type() == Type.WORD) {
                    words.add(token.upper());
                }
            }
            return List.copyOf(words);
        }

        /**
         * Returns the keyword the statement begins with, which names its kind: its first token
         * when that is a word, after any opening parentheses ({@code (SELECT 1)}).
         *
         * @return the keyword in upper case, or empty when the statement begins with anything else
         *     (a string, a number, an executable comment)
         */
        public Optional<String> firstKeyword() {
            for (SqlToken token : tokens) {
                if (token.type() == Type.PUNCTUATION && token.text().equals("(")) {
                    continue;
                }
                return token.type() == Type.WORD ? Optional.of(token.upper()) : Optional.empty();
            }
            return Optional.empty();
        }
    }
}
