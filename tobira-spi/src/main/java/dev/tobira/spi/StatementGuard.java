package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The statement check a SQL driver puts in front of its database's own read-only mechanism: it
 * reads the query text with the driver's {@link SqlDialect} and refuses what a read-only call must
 * not send, before anything reaches the server. It is one layer of the guard, never all of it: code
 * already living on the server (a function that writes, a trigger) is invisible to it.
 *
 * <p>{@link #check(String)}, for read-only calls, refuses, in this order:
 * <ol>
 *   <li>a text holding a NUL character, leaving a string, quoted identifier or comment open, or
 *       holding a byte order mark (U+FEFF) outside a string or comment: {@link ErrorKind#SYNTAX};
 *   <li>a text with no statement (empty, or only white space, comments and semicolons):
 *       {@link ErrorKind#INVALID_ARGUMENT}, since there is nothing to run;
 *   <li>more than one statement, under the single-statement rule (on by default):
 *       {@link ErrorKind#SYNTAX} with the message
 *       {@code <driver>: query: multiple statements are not supported yet: invalid query}, before
 *       anything is read of what the statements are, as the reference answers such a text;
 *   <li>an executable comment, whose content the server would run unread: {@link ErrorKind#READ_ONLY};
 *   <li>a statement that begins with a word no dialect begins a statement with ({@code selec 1}),
 *       when an allow-list is set: {@link ErrorKind#SYNTAX}, since it is a typo rather than a write.
 *       Besides the words every guard knows, the guard's dialect declares its own
 *       ({@link SqlDialect#statementWords()}), and so may the builder
 *       ({@link Builder#statementWords}); a declared read joins the allow-list, any other declared
 *       word is refused as below, and a word nobody declared still fails closed;
 *   <li>a statement whose first keyword is not allowed, when an allow-list is set; a forbidden
 *       word anywhere in the code; a call of a forbidden function, its name compared as
 *       {@link SqlScan#calls()} decodes it; a refusal by a custom {@link Rule}:
 *       {@link ErrorKind#READ_ONLY}.
 * </ol>
 * A text of several statements is thus refused as such, whatever they are; the kit's stacked
 * writes ({@code select 1; delete …}) never reach the allow-list.
 * {@link #checkSingleStatement(String)}, for writable calls, applies only the first three steps.
 *
 * <p>Messages have the form {@code <driver>: query: <detail>: <kind words>}, for example
 * {@code sqlite: query: only SELECT, WITH, VALUES, EXPLAIN and read-only PRAGMA statements are
 * allowed on a read-only connection: read-only violation}. They never quote the query text.
 *
 * <p>Instances are immutable and thread-safe.
 *
 * @since 0.1
 */
public final class StatementGuard {
    private static final String OP = "query";
    private static final String ON_READ_ONLY = " on a read-only connection";

    private final String driver;
    private final SqlLexer lexer;
    private final WordSet allowed;
    /** The words a statement may begin with: every dialect's, and the guard's own dialect's. */
    private final WordSet known;

    private final String refusal;
    private final WordSet forbiddenWords;
    /** The names as the builder got them, by their upper case. */
    private final Map<String, String> forbiddenFunctions;

    private final WordSet forbiddenFunctionNames;
    private final boolean singleStatement;
    private final List<Rule> rules;

    /**
     * The words that begin a statement in any dialect a driver of this project speaks; a text on
     * the read-only path that begins with another word is a syntax error. Whatever the allow-list
     * refuses among these stays a read-only violation.
     */
    static final List<String> STATEMENT_WORD_LIST = List.of(
            "ABORT",
            "ALTER",
            "ANALYSE",
            "ANALYZE",
            "ATTACH",
            "BACKUP",
            "BEGIN",
            "BINLOG",
            "CACHE",
            "CALL",
            "CHANGE",
            "CHECK",
            "CLONE",
            "PUT",
            "REMOVE",
            "RESTORE",
            "UNDROP",
            "CHECKPOINT",
            "CHECKSUM",
            "CLOSE",
            "CLUSTER",
            "COMMENT",
            "COMMIT",
            "COPY",
            "CREATE",
            "DEALLOCATE",
            "DECLARE",
            "DELETE",
            "DESC",
            "DESCRIBE",
            "DETACH",
            "DISCARD",
            "DO",
            "DROP",
            "END",
            "EXECUTE",
            "EXPLAIN",
            "EXPORT",
            "FETCH",
            "FLUSH",
            "FORCE",
            "FROM",
            "GET",
            "GRANT",
            "HANDLER",
            "HELP",
            "IMPORT",
            "INSERT",
            "INSTALL",
            "KILL",
            "LISTEN",
            "LOAD",
            "LOCK",
            "MERGE",
            "MOVE",
            "NOTIFY",
            "OPTIMIZE",
            "PIVOT",
            "PRAGMA",
            "PREPARE",
            "PURGE",
            "REASSIGN",
            "REFRESH",
            "REINDEX",
            "RELEASE",
            "RENAME",
            "REPAIR",
            "REPLACE",
            "RESET",
            "RESIGNAL",
            "RESTART",
            "REVOKE",
            "ROLLBACK",
            "SAVEPOINT",
            "SECURITY",
            "SELECT",
            "SET",
            "SHOW",
            "SHUTDOWN",
            "SIGNAL",
            "START",
            "STOP",
            "SUMMARIZE",
            "TABLE",
            "TRUNCATE",
            "UNINSTALL",
            "UNLISTEN",
            "UNLOCK",
            "UNPIVOT",
            "UPDATE",
            "UPSERT",
            "USE",
            "VACUUM",
            "VALUES",
            "WITH",
            "XA");

    private StatementGuard(Builder b) {
        this.driver = b.driver;
        this.lexer = SqlLexer.of(b.dialect);
        Map<String, SqlDialect.StatementKind> own = new LinkedHashMap<>(b.dialect.statementWords());
        own.putAll(b.statementWords);
        Map<String, String> allowedWords = new LinkedHashMap<>(b.allowed);
        // without an allow-list every statement passes: a declared read must not turn one on
        if (!allowedWords.isEmpty()) {
            own.forEach((word, kind) -> {
                if (kind == SqlDialect.StatementKind.READ) {
                    allowedWords.putIfAbsent(word, word);
                }
            });
        }
        List<String> knownWords = new ArrayList<>(STATEMENT_WORD_LIST);
        knownWords.addAll(own.keySet());
        this.allowed = WordSet.of(allowedWords.keySet());
        this.known = WordSet.of(knownWords);
        this.refusal = b.refusal != null ? b.refusal : defaultRefusal(allowedWords.values());
        this.forbiddenWords = WordSet.of(b.forbiddenWords);
        this.forbiddenFunctions = Map.copyOf(b.forbiddenFunctions);
        this.forbiddenFunctionNames = WordSet.of(forbiddenFunctions.keySet());
        this.singleStatement = b.singleStatement;
        this.rules = List.copyOf(b.rules);
    }

    /**
     * Starts a guard for a driver.
     *
     * @param driver the driver's name, the first part of every message
     * @return a builder
     * @throws NullPointerException if driver is null
     */
    public static Builder builder(String driver) {
        return new Builder(driver);
    }

    /**
     * Returns the exception for a text of more than one statement:
     * {@code <driver>: query: multiple statements are not supported yet: invalid query}, of kind
     * {@link ErrorKind#SYNTAX}.
     *
     * @param driver the driver's name
     * @return the exception, ready to throw
     * @throws NullPointerException if driver is null
     */
    public static DriverException multipleStatements(String driver) {
        return DriverException.builder(ErrorKind.SYNTAX, driver, OP)
                .detail("multiple statements are not supported yet")
                .kindWords("invalid query")
                .build();
    }

    private static String defaultRefusal(Collection<String> wordings) {
        if (wordings.isEmpty()) {
            return "this statement is not allowed" + ON_READ_ONLY;
        }
        List<String> list = new ArrayList<>(wordings);
        StringBuilder sb = new StringBuilder("only ");
        for (int i = 0; i < list.size(); i++) {
            if (i > 0) {
                sb.append(i == list.size() - 1 ? " and " : ", ");
            }
            sb.append(list.get(i));
        }
        return sb.append(" statements are allowed").append(ON_READ_ONLY).toString();
    }

    /**
     * Returns the driver name the messages begin with.
     *
     * @return the driver name
     */
    public String driver() {
        return driver;
    }

    /**
     * Returns the dialect the guard reads query text in.
     *
     * @return the dialect
     */
    public SqlDialect dialect() {
        return lexer.dialect();
    }

    /**
     * Returns the detail of the message that refuses a statement kind outside the allow-list.
     *
     * @return the refusal detail, such as {@code only SELECT and WITH statements are allowed on a
     *     read-only connection}
     */
    public String refusal() {
        return refusal;
    }

    /**
     * Checks text for a read-only call, as the class description lists.
     *
     * @param sql the query text
     * @return the scan of the text, for the driver to reuse
     * @throws DriverException of kind {@link ErrorKind#READ_ONLY} when the text must not run on a
     *     read-only path, {@link ErrorKind#SYNTAX} when it cannot be read safely or holds several
     *     statements, {@link ErrorKind#INVALID_ARGUMENT} when it holds none
     * @throws NullPointerException if sql is null
     */
    public SqlScan check(String sql) {
        // several statements are refused as such before any of them is read: the reference's order
        SqlScan scan = single(readable(sql));
        if (scan.hasExecutableComment()) {
            throw readOnly("executable comments are not allowed" + ON_READ_ONLY);
        }
        if (!allowed.isEmpty() && !scan.statementsBeginWith(allowed)) {
            if (scan.unknownLeadingWord(allowed, known) != null) {
                // "selec 1" is a typo, not a write: the exit code of a query error, still refused before it runs
                throw DriverException.of(
                        ErrorKind.SYNTAX, driver, OP, "the text does not begin with a statement keyword");
            }
            throw readOnly(refusal);
        }
        SqlScan.Found found = scan.findWordOrCall(forbiddenWords, forbiddenFunctionNames);
        if (found != null) {
            throw readOnly((found.word() ? found.name() : forbiddenFunctions.get(found.name()) + "()")
                    + " is not allowed" + ON_READ_ONLY);
        }
        for (Rule rule : rules) {
            Optional<String> detail = rule.refusal(scan);
            if (detail == null) {
                throw new NullPointerException("a guard rule returned null instead of Optional.empty()");
            }
            if (detail.isPresent()) {
                throw readOnly(detail.get());
            }
        }
        return scan;
    }

    /**
     * Checks text for a writable call: it must be readable and hold exactly one statement. The
     * allow-list, forbidden words, functions and rules do not apply, and executable comments pass.
     *
     * @param sql the query text
     * @return the scan of the text, for the driver to reuse
     * @throws DriverException of kind {@link ErrorKind#SYNTAX} when the text cannot be read safely or
     *     holds several statements (whatever the single-statement setting of this guard),
     *     {@link ErrorKind#INVALID_ARGUMENT} when it holds none
     * @throws NullPointerException if sql is null
     */
    public SqlScan checkSingleStatement(String sql) {
        SqlScan scan = readable(sql);
        if (scan.statementCount() > 1) {
            throw multipleStatements(driver);
        }
        return scan;
    }

    private SqlScan readable(String sql) {
        SqlScan scan = lexer.scan(requireNonNull(sql, "sql is null"));
        if (scan.containsNul()) {
            throw DriverException.of(ErrorKind.SYNTAX, driver, OP, "the query text holds a NUL character");
        }
        if (scan.isUnterminated()) {
            throw DriverException.of(ErrorKind.SYNTAX, driver, OP, "unterminated " + describe(scan.unterminatedType()));
        }
        if (sql.indexOf('\ufeff') >= 0 && holdsByteOrderMarkInCode(scan)) {
            // no server reads it as white space: a syntax error, whatever the allow-list would say of the word it hides
            throw DriverException.of(
                    ErrorKind.SYNTAX,
                    driver,
                    OP,
                    "the query text holds a byte order mark (U+FEFF) outside a string or comment; remove it");
        }
        if (scan.isEmpty()) {
            throw DriverException.of(ErrorKind.INVALID_ARGUMENT, driver, OP, "empty query");
        }
        return scan;
    }

    private static boolean holdsByteOrderMarkInCode(SqlScan scan) {
        for (SqlToken token : scan.tokens()) {
            SqlToken.Type type = token.type();
            if (type != SqlToken.Type.STRING
                    && type != SqlToken.Type.COMMENT
                    && type != SqlToken.Type.QUOTED_IDENTIFIER
                    && token.text().indexOf('\ufeff') >= 0) {
                return true;
            }
        }
        return false;
    }

    private SqlScan single(SqlScan scan) {
        if (singleStatement && scan.statementCount() > 1) {
            throw multipleStatements(driver);
        }
        return scan;
    }

    private static String describe(SqlToken.Type type) {
        switch (type) {
            case STRING:
                return "string literal";
            case QUOTED_IDENTIFIER:
                return "quoted identifier";
            case EXECUTABLE_COMMENT:
                return "executable comment";
            default:
                return "comment";
        }
    }

    private DriverException readOnly(String detail) {
        return DriverException.of(ErrorKind.READ_ONLY, driver, OP, detail);
    }

    @Override
    public String toString() {
        return "StatementGuard[" + driver + ", " + lexer.dialect().name() + "]";
    }

    /**
     * A check of its own that a driver adds to the guard, such as PostgreSQL's refusal of
     * {@code COPY … TO PROGRAM}. Rules run on read-only calls only, after the built-in checks,
     * in the order they were added.
     *
     * @since 0.1
     */
    @FunctionalInterface
    public interface Rule {
        /**
         * Decides whether to refuse the text.
         *
         * @param scan the scan of the text, readable and with at least one statement
         * @return the detail of the refusal message, such as {@code COPY TO PROGRAM is not allowed
         *     on a read-only connection}, or empty to let the text pass; never null
         */
        Optional<String> refusal(SqlScan scan);
    }

    /**
     * Builds a {@link StatementGuard}. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private final String driver;
        private SqlDialect dialect = SqlDialect.ANSI;
        private final Map<String, String> allowed = new LinkedHashMap<>();
        private Map<String, SqlDialect.StatementKind> statementWords = Map.of();
        private final Set<String> forbiddenWords = new LinkedHashSet<>();
        private final Map<String, String> forbiddenFunctions = new LinkedHashMap<>();
        private final List<Rule> rules = new ArrayList<>();
        private boolean singleStatement = true;
        private @Nullable String refusal;

        private Builder(String driver) {
            this.driver = requireNonNull(driver, "driver is null");
        }

        /**
         * Sets the dialect the guard reads query text in; {@link SqlDialect#ANSI} by default.
         *
         * @param dialect the dialect
         * @return this builder
         * @throws NullPointerException if dialect is null
         */
        public Builder dialect(SqlDialect dialect) {
            this.dialect = requireNonNull(dialect, "dialect is null");
            return this;
        }

        /**
         * Adds keywords a read-only statement may begin with. Without any, statements may begin
         * with anything; with some, every other first keyword is refused.
         *
         * @param keywords the keywords, in any case; each appears in the default refusal wording in
         *     upper case
         * @return this builder
         * @throws NullPointerException if keywords is or holds null
         * @throws IllegalArgumentException if a keyword is not a single word
         */
        public Builder allow(String... keywords) {
            for (String keyword : keywords) {
                allowAs(keyword, Ascii.upper(word(keyword, "keyword")));
            }
            return this;
        }

        /**
         * Adds a keyword a read-only statement may begin with, named by its own wording in the
         * default refusal; {@code allowAs("PRAGMA", "read-only PRAGMA")} for a driver that lets
         * some PRAGMA statements through and refuses the others with a {@link Rule}.
         *
         * @param keyword the keyword, in any case
         * @param wording how the refusal message names it
         * @return this builder
         * @throws NullPointerException if an argument is null
         * @throws IllegalArgumentException if the keyword is not a single word
         */
        public Builder allowAs(String keyword, String wording) {
            requireNonNull(wording, "wording is null");
            allowed.put(Ascii.upper(word(keyword, "keyword")), wording);
            return this;
        }

        /**
         * Declares words a statement may begin with on this guard's server, beyond those of every
         * dialect and of its {@link SqlDialect}, as {@link SqlDialect#withStatementWords} does: when
         * an allow-list is set, a {@link SqlDialect.StatementKind#READ} word joins it (named as the
         * word in the default refusal) and any other is refused as a read-only violation, not as a
         * syntax error. A word declared here takes the kind given here, whatever the dialect says.
         *
         * @param kind what the statements do
         * @param words the words, in any case
         * @return this builder
         * @throws NullPointerException if kind or words is or holds null
         * @throws IllegalArgumentException if a word is not a single word, or is a write declared
         *     a read ({@code DELETE}, for one) or a statement every guard knows ({@code CALL}, {@code SET}, …)
         *     declared a read
         * @since 0.1
         */
        public Builder statementWords(SqlDialect.StatementKind kind, String... words) {
            statementWords = SqlDialect.declare(statementWords, kind, words);
            return this;
        }

        /**
         * Adds words refused anywhere in the code of a read-only call (never inside a string,
         * quoted identifier or comment), such as {@code DO} or {@code PROGRAM}.
         *
         * @param words the words, in any case
         * @return this builder
         * @throws NullPointerException if words is or holds null
         * @throws IllegalArgumentException if a word is not a single word
         */
        public Builder forbidWords(String... words) {
            for (String word : words) {
                forbiddenWords.add(Ascii.upper(word(word, "word")));
            }
            return this;
        }

        /**
         * Adds functions whose call is refused on a read-only call, such as {@code lo_export}.
         *
         * @param functions the function names, in any case; the message names them as given
         * @return this builder
         * @throws NullPointerException if functions is or holds null
         * @throws IllegalArgumentException if a name is not a single word
         */
        public Builder forbidFunctions(String... functions) {
            for (String function : functions) {
                forbiddenFunctions.put(Ascii.upper(word(function, "function")), function);
            }
            return this;
        }

        /**
         * Sets whether {@link StatementGuard#check(String)} refuses a text of more than one
         * statement; on by default, as tobira's SQL drivers take exactly one statement per query.
         *
         * @param on whether to refuse
         * @return this builder
         */
        public Builder singleStatement(boolean on) {
            this.singleStatement = on;
            return this;
        }

        /**
         * Adds a rule that runs on read-only calls after the built-in checks.
         *
         * @param rule the rule
         * @return this builder
         * @throws NullPointerException if rule is null
         */
        public Builder rule(Rule rule) {
            rules.add(requireNonNull(rule, "rule is null"));
            return this;
        }

        /**
         * Replaces the default detail of the message that refuses a statement kind outside the
         * allow-list. By default it is built from the allowed keywords: {@code only SELECT, WITH
         * and VALUES statements are allowed on a read-only connection}.
         *
         * @param detail the detail, which never holds a credential
         * @return this builder
         * @throws NullPointerException if detail is null
         */
        public Builder refusal(String detail) {
            this.refusal = requireNonNull(detail, "detail is null");
            return this;
        }

        /**
         * Builds the guard.
         *
         * @return the guard
         */
        public StatementGuard build() {
            return new StatementGuard(this);
        }

        private static String word(String word, String what) {
            return WordSet.single(word, what);
        }
    }
}
