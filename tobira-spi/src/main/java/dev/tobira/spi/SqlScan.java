package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import java.util.AbstractList;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.RandomAccess;
import java.util.Set;

/**
 * What a statement guard needs to know about SQL text, read once by {@link SqlLexer}: the
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
public final class SqlScan {
    private final SqlDialect dialect;
    private final Tokens tokens;
    /** Per statement, its first and after its last significant token: {@code [2k]} and {@code [2k + 1]}. */
    private final int[] spans;

    private final int statementCount;
    /**
     * The {@link SqlToken}s made so far, by index, allocated on first use: a token is made when it
     * is first read, so a rule that looks at a statement's first words makes a few tokens, not all.
     * Races only make an equal token twice, and a token's identity fields are final, so no lock.
     */
    private @Nullable SqlToken[] made;

    private @Nullable List<SqlToken> tokenList;
    // made once, under the lock: a statement copies its text
    private volatile @Nullable List<Statement> statementList;

    SqlScan(SqlDialect dialect, Tokens tokens) {
        this.dialect = dialect;
        this.tokens = tokens;
        Splitter splitter = new Splitter(tokens, dialect.has(SqlDialect.Feature.TRIGGER_BODIES));
        this.spans = splitter.spans;
        this.statementCount = splitter.count;
    }

    /**
     * Scans text in a dialect; the same as {@code SqlLexer.of(dialect).scan(sql)}.
     *
     * @param sql the text
     * @param dialect how the database reads it
     * @return the scan
     * @throws NullPointerException if an argument is null
     */
    public static SqlScan of(String sql, SqlDialect dialect) {
        return SqlLexer.of(dialect).scan(sql);
    }

    /**
     * Finds the statements: the stretches between the semicolons that end one, each from its first
     * to its last significant token.
     */
    private static final class Splitter {
        private int[] spans = new int[2];
        private int count;

        Splitter(Tokens tokens, boolean triggerBodies) {
            Boundary boundary = triggerBodies ? new Boundary() : null;
            int first = -1;
            int last = -1;
            for (int i = 0, n = tokens.count(); i < n; i++) {
                byte kind = tokens.kind(i);
                if (kind == Tokens.SEMICOLON) {
                    if (boundary == null || boundary.semicolonEnds()) {
                        add(first, last);
                        first = -1;
                        boundary = boundary == null ? null : new Boundary();
                        continue;
                    }
                    // inside a trigger body: part of the statement
                } else if (!tokens.significant(i)) {
                    continue;
                } else if (boundary != null) {
                    boundary.read(tokens, i);
                }
                if (first < 0) {
                    first = i;
                }
                last = i;
            }
            add(first, last);
        }

        private void add(int first, int last) {
            if (first < 0) {
                return;
            }
            if (2 * count == spans.length) {
                spans = Arrays.copyOf(spans, 4 * count);
            }
            spans[2 * count] = first;
            spans[2 * count + 1] = last + 1;
            count++;
        }
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

        /** Reads significant token i, which is not a {@code ;}. */
        void read(Tokens t, int i) {
            state = switch (state) {
                case START -> is(t, i, "CREATE") ? State.CREATE : is(t, i, "EXPLAIN") ? State.EXPLAIN : State.NORMAL;
                case EXPLAIN ->
                    is(t, i, "CREATE")
                            ? State.CREATE
                            : is(t, i, "QUERY") || is(t, i, "PLAN") ? State.EXPLAIN : State.NORMAL;
                case CREATE ->
                    is(t, i, "TRIGGER")
                            ? State.BODY
                            : is(t, i, "TEMP") || is(t, i, "TEMPORARY") ? State.CREATE : State.NORMAL;
                case NORMAL -> State.NORMAL;
                case BODY, BODY_END -> State.BODY;
                case BODY_SEMICOLON -> is(t, i, "END") ? State.BODY_END : State.BODY;
            };
        }

        private static boolean is(Tokens t, int i, String upperWord) {
            return t.kind(i) == Tokens.WORD && Ascii.equalsUpper(t.sql, t.start(i), t.end(i), upperWord);
        }
    }

    /**
     * Returns the text that was scanned.
     *
     * @return the text
     */
    public String sql() {
        return tokens.sql;
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
        List<SqlToken> list = tokenList;
        if (list == null) {
            list = new TokenList(null, 0, tokens.count());
            tokenList = list;
        }
        return list;
    }

    /** Returns token i, made on first use. */
    private SqlToken token(int i) {
        SqlToken[] array = made;
        if (array == null) {
            array = new SqlToken[tokens.count()];
            made = array;
        }
        SqlToken token = array[i];
        if (token == null) {
            token = tokens.token(i);
            array[i] = token;
        }
        return token;
    }

    /**
     * Tokens of this scan by index: all of them, or a statement's significant ones listed in
     * {@code indexes[from, from + size)}. Unmodifiable; a token is made when it is first read.
     */
    private final class TokenList extends AbstractList<SqlToken> implements RandomAccess {
        private final @Nullable int[] indexes;
        private final int from;
        private final int size;

        TokenList(@Nullable int[] indexes, int from, int size) {
            this.indexes = indexes;
            this.from = from;
            this.size = size;
        }

        @Override
        public SqlToken get(int index) {
            Objects.checkIndex(index, size);
            return token(indexes == null ? index : indexes[from + index]);
        }

        @Override
        public int size() {
            return size;
        }
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
        List<Statement> list = statementList;
        if (list == null) {
            synchronized (this) {
                list = statementList;
                if (list == null) {
                    list = makeStatements();
                    statementList = list;
                }
            }
        }
        return list;
    }

    private List<Statement> makeStatements() {
        // the significant tokens of every statement, one after the other
        int[] significant = new int[statementCount == 0 ? 0 : spans[2 * statementCount - 1] - spans[0]];
        int size = 0;
        Statement[] array = new Statement[statementCount];
        for (int k = 0; k < statementCount; k++) {
            int first = size;
            for (int i = spans[2 * k], to = spans[2 * k + 1]; i < to; i++) {
                if (tokens.significant(i)) {
                    significant[size++] = i;
                }
            }
            int start = tokens.start(spans[2 * k]);
            int end = tokens.end(spans[2 * k + 1] - 1);
            array[k] = new Statement(
                    start, end, tokens.sql.substring(start, end), new TokenList(significant, first, size - first));
        }
        return new ArrayView<>(array, array.length);
    }

    /**
     * Returns how many statements the text holds.
     *
     * @return {@code statements().size()}
     */
    public int statementCount() {
        return statementCount;
    }

    /**
     * Tells whether the text holds no statement: it is empty, or only white space, comments and
     * semicolons.
     *
     * @return whether there is no statement
     */
    public boolean isEmpty() {
        return statementCount == 0;
    }

    /**
     * Returns the first keyword of the first statement, as {@link Statement#firstKeyword()}.
     *
     * @return the keyword in upper case, or empty
     */
    public Optional<String> firstKeyword() {
        if (statementCount == 0) {
            return Optional.empty();
        }
        int i = firstKeywordAt(0);
        return i < 0 ? Optional.empty() : Optional.of(Keywords.upper(tokens.sql, tokens.start(i), tokens.end(i)));
    }

    /**
     * Finds the token that names statement k's kind, as {@link Statement#firstKeyword()} reads it.
     *
     * @return its index, or -1 when the statement does not begin with a word
     */
    private int firstKeywordAt(int k) {
        for (int i = spans[2 * k], to = spans[2 * k + 1]; i < to; i++) {
            if (!tokens.significant(i) || tokens.isPunctuation(i, '(')) {
                continue;
            }
            return tokens.kind(i) == Tokens.WORD ? i : -1;
        }
        return -1;
    }

    /**
     * Tells whether every statement begins with one of the words, as {@link Statement#firstKeyword()}
     * reads the first keyword; without allocating, for the guard.
     */
    boolean statementsBeginWith(WordSet words) {
        for (int k = 0; k < statementCount; k++) {
            int i = firstKeywordAt(k);
            if (i < 0 || words.match(tokens.sql, tokens.start(i), tokens.end(i)) == null) {
                return false;
            }
        }
        return true;
    }

    /**
     * Returns the first word of a statement that does not begin with one of {@code allowed} and
     * is no word of {@code known} either, or null; for the guard, which calls such a text a
     * syntax error rather than a write. A statement that begins with no word at all is not one.
     */
    @Nullable
    String unknownLeadingWord(WordSet allowed, WordSet known) {
        for (int k = 0; k < statementCount; k++) {
            int i = firstKeywordAt(k);
            if (i < 0 || allowed.match(tokens.sql, tokens.start(i), tokens.end(i)) != null) {
                continue;
            }
            if (known.match(tokens.sql, tokens.start(i), tokens.end(i)) == null) {
                return tokens.sql.substring(tokens.start(i), tokens.end(i));
            }
        }
        return null;
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
        return Optional.ofNullable(findWordOf(WordSet.of(words)));
    }

    /** As {@link #findWord(Collection)}, without allocating: the word found, or null. */
    @Nullable
    String findWordOf(WordSet words) {
        if (words.isEmpty()) {
            return null;
        }
        for (int i = 0, n = tokens.count(); i < n; i++) {
            if (tokens.kind(i) == Tokens.WORD) {
                String word = wordOf(words, i);
                if (word != null) {
                    return word;
                }
            }
        }
        return null;
    }

    /**
     * Tells whether a word appears outside strings, quoted identifiers and comments.
     *
     * @param word the word, in any case
     * @return whether it appears
     * @throws NullPointerException if word is null
     */
    public boolean containsWord(String word) {
        return findWordOf(WordSet.of(Set.of(requireNonNull(word, "word is null")))) != null;
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
        return Optional.ofNullable(findCallOf(WordSet.of(functions)));
    }

    /** As {@link #findCall(Collection)}: the name found, or null. */
    @Nullable
    String findCallOf(WordSet functions) {
        if (functions.isEmpty()) {
            return null;
        }
        for (int i = 0, n = tokens.count(); i < n; i++) {
            if (tokens.isPunctuation(i, '(')) {
                String found = called(functions, i);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /**
     * Returns which of the functions the {@code (} at token {@code paren} calls, or null: its name,
     * the last part of the path before it, decoded and normalised once (callAt) and
     * compared in that form only. A plain word, the commonest case, is compared in place.
     */
    private @Nullable String called(WordSet functions, int paren) {
        int name = previousSignificant(paren);
        if (name >= 0 && tokens.kind(name) == Tokens.WORD && isAscii(name)) {
            return functions.match(tokens.sql, tokens.start(name), tokens.end(name));
        }
        Call call = callAt(paren);
        return call == null ? null : functions.match(call.name());
    }

    private boolean isAscii(int i) {
        for (int k = tokens.start(i), end = tokens.end(i); k < end; k++) {
            if (tokens.sql.charAt(k) >= 128) {
                return false;
            }
        }
        return true;
    }

    private int previousSignificant(int i) {
        int k = i - 1;
        while (k >= 0 && !tokens.significant(k)) {
            k--;
        }
        return k;
    }

    /** The most parts a call's path is read back to: a longer path is no name any server resolves. */
    private static final int MAX_PATH = 16;

    /**
     * Returns every function call of the text: a name, maybe qualified, then {@code (}, with only
     * white space and comments between, outside strings and comments. Each part of the name is
     * decoded as the dialect reads it, its quotes off and its escapes undone (GoogleSQL's
     * {@code \x5f}, <code>&#92;u005F</code>, {@code \137} in backticks; the standard's {@code U&"…"} with
     * {@code UESCAPE}), split at the dots inside a quoted part (GoogleSQL's {@code `region.fn`}), and
     * normalised: compatibility forms and accents folded, in upper case. The normal form folds more
     * than any server, so it errs on the side of finding a name.
     *
     * @return the calls in order of their {@code (}
     * @since 0.1
     */
    public List<Call> calls() {
        List<Call> list = new ArrayList<>();
        for (int i = 0, n = tokens.count(); i < n; i++) {
            if (tokens.isPunctuation(i, '(')) {
                Call call = callAt(i);
                if (call != null) {
                    list.add(call);
                }
            }
        }
        return List.copyOf(list);
    }

    /**
     * One function call the text makes.
     *
     * @param path the parts of the name, decoded and normalised as {@link #calls()} says, the
     *     function's own name last; never empty
     * @param start where the name begins in the text
     * @since 0.1
     */
    public record Call(List<String> path, int start) {
        /**
         * Copies the path.
         *
         * @param path see {@link #path()}
         * @param start see {@link #start()}
         * @throws NullPointerException if path is or holds null
         * @throws IllegalArgumentException if path is empty
         */
        public Call {
            path = List.copyOf(path);
            if (path.isEmpty()) {
                throw new IllegalArgumentException("path is empty");
            }
        }

        /**
         * Returns the function's own name, the last part of the path.
         *
         * @return the name, normalised
         */
        public String name() {
            return path.get(path.size() - 1);
        }

        /**
         * Returns the part before the function's own name, or an empty string for an unqualified call.
         *
         * @return the qualifier, normalised
         */
        public String qualifier() {
            return path.size() < 2 ? "" : path.get(path.size() - 2);
        }
    }

    /** The call whose {@code (} is token {@code paren}, or null when no name comes before it. */
    private @Nullable Call callAt(int paren) {
        int name = previousSignificant(paren);
        if (name < 0) {
            return null;
        }
        char escape = '\\';
        if (tokens.kind(name) == Tokens.STRING) {
            // U&"name" UESCAPE '!' (…): the escape clause stands between the name and its parenthesis
            int keyword = previousSignificant(name);
            int quoted = keyword < 0 ? -1 : previousSignificant(keyword);
            String clause = tokens.sql.substring(tokens.start(name), tokens.end(name));
            if (quoted < 0 || !isWord(keyword, "UESCAPE") || !isUnicodeEscaped(quoted) || clause.length() != 3) {
                return null;
            }
            escape = clause.charAt(1);
            name = quoted;
        }
        byte kind = tokens.kind(name);
        if (kind != Tokens.WORD && kind != Tokens.QUOTED_IDENTIFIER) {
            return null;
        }
        ArrayDeque<String> path = new ArrayDeque<>();
        int first = name;
        addParts(path, name, escape);
        int dot = previousSignificant(name);
        while (dot >= 1 && tokens.isPunctuation(dot, '.') && path.size() < MAX_PATH) {
            int part = previousSignificant(dot);
            if (part < 0 || (tokens.kind(part) != Tokens.WORD && tokens.kind(part) != Tokens.QUOTED_IDENTIFIER)) {
                break;
            }
            addParts(path, part, '\\');
            first = part;
            dot = previousSignificant(part);
        }
        int start = tokens.start(first);
        if (isUnicodeEscaped(first)) {
            start = tokens.start(first - 2);
        }
        return new Call(new ArrayList<>(path), start);
    }

    /** Puts the parts that token i names in front of the path, decoded, split at dots and normalised. */
    private void addParts(ArrayDeque<String> path, int i, char escape) {
        String text = tokens.sql.substring(tokens.start(i), tokens.end(i));
        if (tokens.kind(i) == Tokens.WORD) {
            path.addFirst(IdentifierNames.normalise(text));
            return;
        }
        String decoded = IdentifierNames.unquote(dialect, text);
        if (isUnicodeEscaped(i)) {
            decoded = IdentifierNames.unicodeEscapes(decoded, escape);
        }
        String[] parts = decoded.split("\\.", -1);
        for (int k = parts.length - 1; k >= 0; k--) {
            path.addFirst(IdentifierNames.normalise(parts[k]));
        }
    }

    /** Tells whether quoted identifier i is the body of a {@code U&"…"}: {@code U}, {@code &} and the quote touch. */
    private boolean isUnicodeEscaped(int i) {
        return dialect.has(SqlDialect.Feature.UNICODE_ESCAPE_IDENTIFIERS)
                && tokens.kind(i) == Tokens.QUOTED_IDENTIFIER
                && tokens.sql.charAt(tokens.start(i)) == '"'
                && i >= 2
                && tokens.kind(i - 1) == Tokens.OPERATOR
                && tokens.end(i - 1) - tokens.start(i - 1) == 1
                && tokens.sql.charAt(tokens.start(i - 1)) == '&'
                && tokens.kind(i - 2) == Tokens.WORD
                && tokens.end(i - 2) - tokens.start(i - 2) == 1
                && (tokens.sql.charAt(tokens.start(i - 2)) == 'U' || tokens.sql.charAt(tokens.start(i - 2)) == 'u');
    }

    private boolean isWord(int i, String upper) {
        return tokens.kind(i) == Tokens.WORD && Ascii.equalsUpper(tokens.sql, tokens.start(i), tokens.end(i), upper);
    }

    /**
     * What {@link #findWordOrCall} found: a forbidden word, or else a call of a forbidden function.
     *
     * @param name the word or the function name, in upper case
     * @param word whether it is a word rather than a function
     */
    record Found(String name, boolean word) {}

    /**
     * For the guard, {@link #findWordOf} and then {@link #findCallOf} in one pass: a word found
     * anywhere wins over a call, as when the two searches run one after the other.
     *
     * @return the word, else the call, or null when there is neither
     */
    @Nullable
    Found findWordOrCall(WordSet words, WordSet functions) {
        String call = null;
        for (int i = 0, n = tokens.count(); i < n; i++) {
            byte kind = tokens.kind(i);
            if (kind == Tokens.WORD) {
                String word = wordOf(words, i);
                if (word != null) {
                    return new Found(word, true);
                }
            } else if (call == null && !functions.isEmpty() && tokens.isPunctuation(i, '(')) {
                call = called(functions, i);
            }
        }
        return call == null ? null : new Found(call, false);
    }

    /** Which of the words token i is: compared in place when ASCII, else in its normal form. */
    private @Nullable String wordOf(WordSet words, int i) {
        String word = words.match(tokens.sql, tokens.start(i), tokens.end(i));
        if (word == null && !isAscii(i)) {
            word = words.match(IdentifierNames.normalise(tokens.sql.substring(tokens.start(i), tokens.end(i))));
        }
        return word;
    }

    /**
     * Tells whether the text calls a function, as {@link #findCall(Collection)} finds it.
     *
     * @param function the function name, in any case
     * @return whether it is called
     * @throws NullPointerException if function is null
     */
    public boolean callsFunction(String function) {
        return findCallOf(WordSet.of(Set.of(requireNonNull(function, "function is null")))) != null;
    }

    /**
     * Tells whether the text holds an executable comment ({@code /*! … *}{@code /} in MySQL and
     * MariaDB), whose content the server runs but this scan does not read.
     *
     * @return whether there is one
     */
    public boolean hasExecutableComment() {
        return tokens.hasExecutableComment();
    }

    /**
     * Returns the string, quoted identifier or comment that the text leaves open, if any.
     *
     * @return the unterminated token, always the last one, or empty
     */
    public Optional<SqlToken> unterminated() {
        if (!tokens.lastUnterminated()) {
            return Optional.empty();
        }
        return Optional.of(token(tokens.count() - 1));
    }

    /**
     * Tells whether the text leaves a string, quoted identifier or comment open.
     *
     * @return whether {@link #unterminated()} is present
     */
    public boolean isUnterminated() {
        return tokens.lastUnterminated();
    }

    /** The type of the token {@link #unterminated()} returns; only when there is one. */
    SqlToken.Type unterminatedType() {
        return tokens.type(tokens.count() - 1);
    }

    /**
     * Tells whether the text holds a NUL character. Servers that read text as a C string stop or
     * end a comment there, and would then read something other than this scan.
     *
     * @return whether a U+0000 appears anywhere
     */
    public boolean containsNul() {
        return tokens.sql.indexOf('\0') >= 0;
    }

    @Override
    public String toString() {
        return "SqlScan[" + dialect.name() + ", " + statementCount + " statement(s)"
                + (isUnterminated() ? ", unterminated" : "") + "]";
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
         * Copies the tokens; a token list of a {@link SqlScan} is immutable already and kept as it is.
         *
         * @param start see {@link #start()}
         * @param end see {@link #end()}
         * @param text see {@link #text()}
         * @param tokens see {@link #tokens()}
         * @throws NullPointerException if text or tokens is null
         */
        public Statement {
            requireNonNull(text, "text is null");
            // a scan's token list is unmodifiable over a scan that never changes: nothing to copy
            tokens = tokens instanceof SqlScan.TokenList ? tokens : List.copyOf(tokens);
        }

        /**
         * Tells whether token {@code i} of {@link #tokens()} is the word {@code upper}; an index
         * outside the statement is no word, so a guard may look one token ahead or behind freely.
         *
         * @param i the index of the token
         * @param upper the word in upper case
         * @return true when the token exists and is that word
         */
        public boolean isWord(int i, String upper) {
            return i >= 0 && i < tokens.size() && tokens.get(i).isWord(upper);
        }

        /**
         * Tells whether token {@code i} of {@link #tokens()} is the punctuation {@code text}; an
         * index outside the statement is none.
         *
         * @param i the index of the token
         * @param text the punctuation, such as {@code (}
         * @return true when the token exists and is that punctuation
         */
        public boolean isPunctuation(int i, String text) {
            return i >= 0 && i < tokens.size() && tokens.get(i).isPunctuation(text);
        }

        /**
         * Returns the index of the first token at or after {@code i} that is not an opening
         * parenthesis: where the keyword of {@code ((SELECT 1))} stands.
         *
         * @param i the index to start at
         * @return the index, {@code tokens().size()} when only parentheses follow
         */
        public int skipOpenParentheses(int i) {
            int k = Math.max(i, 0);
            while (isPunctuation(k, "(")) {
                k++;
            }
            return k;
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
                if (token.type() == SqlToken.Type.WORD) {
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
            int k = skipOpenParentheses(0);
            return k < tokens.size() && tokens.get(k).type() == SqlToken.Type.WORD
                    ? Optional.of(tokens.get(k).upper())
                    : Optional.empty();
        }
    }
}
