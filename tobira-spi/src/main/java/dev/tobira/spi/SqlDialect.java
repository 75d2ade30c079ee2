package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How one database splits SQL text into tokens: which quotes open strings and identifiers, which
 * markers open comments, and where each of them ends. {@link SqlLexer} reads text with these
 * options; the guard is only as good as the match between the options and the server, so a driver
 * picks the preset of its database or derives its own with {@link #with} and {@link #without}.
 *
 * <p>A dialect is a name and a set of named {@link Feature}s, never a row of positional booleans:
 * a feature added later is off in every dialect made before it, and no caller's code changes.
 *
 * <p>Always on, in every dialect: {@code '…'} strings with {@code ''} for a quote, {@code --} line
 * comments (unless {@link Feature#NO_DASH_COMMENTS}), {@code /* … *}{@code /} block comments,
 * {@code ?} and {@code $1} parameters, and the one-letter prefixes {@code N'…'}, {@code X'…'} and
 * {@code B'…'} as part of the string.
 *
 * <p>Comments are declared as the server reads them, since the guard sees exactly what the lexer
 * reads: {@code --} (off with {@link Feature#NO_DASH_COMMENTS}, before white space only with
 * {@link Feature#DASH_COMMENT_NEEDS_SPACE}), {@code #} ({@link Feature#HASH_COMMENTS}) and
 * {@code //} ({@link Feature#DOUBLE_SLASH_COMMENTS}) line comments, ended by a carriage return too
 * with {@link Feature#CARRIAGE_RETURN_ENDS_LINE_COMMENT}; block comments, nesting with
 * {@link Feature#NESTED_COMMENTS}; executable comments ({@link Feature#EXECUTABLE_COMMENTS}), which
 * a guard refuses on a read-only path since it cannot read what the server runs in them.
 *
 * <p>Beyond its reading of the text, a dialect declares how its server resolves names
 * ({@link #identifierCase()}) and the words its own statements begin with
 * ({@link #statementWords()}), which a {@link StatementGuard} knows besides those of every dialect.
 *
 * <p>The text is assumed to reach the server as UTF-8: in a multi-byte character set whose
 * characters may end in the byte of a backslash (GBK, Big5, SJIS) no lexer on the client side can
 * tell where a MySQL string ends.
 *
 * <p>Instances are immutable and thread-safe; equal when their names, features, identifier cases
 * and statement words are.
 *
 * @since 0.1
 */
public final class SqlDialect {

    /**
     * One way in which a database's reading of SQL departs from the always-on core.
     *
     * @since 0.1
     */
    public enum Feature {
        /**
         * A backslash escapes the next character inside {@code '…'} strings (and
         * inside {@code "…"} when those are strings), as MySQL and MariaDB read them unless
         * {@code NO_BACKSLASH_ESCAPES} is set.
         */
        BACKSLASH_ESCAPES,

        /**
         * {@code E'…'} is a string in which a backslash escapes the next character
         * (PostgreSQL, DuckDB).
         */
        ESCAPE_STRINGS,

        /**
         * {@code $tag$…$tag$} is a string (PostgreSQL, DuckDB); a tag is a letter or
         * underscore then letters, digits or underscores, and may be empty ({@code $$…$$}); {@code $1}
         * stays a parameter.
         */
        DOLLAR_QUOTES,

        /**
         * {@code "…"} is a string (MySQL and MariaDB without
         * {@code ANSI_QUOTES}) rather than a quoted identifier.
         */
        DOUBLE_QUOTED_STRINGS,

        /**
         * {@code `…`} is a quoted identifier, with {@code ``} for a backtick
         * (MySQL, MariaDB, SQLite).
         */
        BACKTICK_IDENTIFIERS,

        /**
         * {@code […]} is a quoted identifier (SQLite, SQL Server).
         */
        BRACKET_IDENTIFIERS,

        /**
         * {@code ]]} inside a bracketed identifier stands for one {@code ]}, as SQL
         * Server reads it; without it the identifier ends at the first {@code ]}, as SQLite reads it.
         */
        BRACKET_ESCAPES,

        /**
         * {@code --} opens a comment only when a space, a control character
         * or the end of the text follows it (MySQL, MariaDB: {@code SELECT 1--1} is arithmetic there).
         */
        DASH_COMMENT_NEEDS_SPACE,

        /**
         * A carriage return ends a line comment as a line feed does
         * (PostgreSQL, DuckDB); without it only a line feed does (MySQL, SQLite).
         */
        CARRIAGE_RETURN_ENDS_LINE_COMMENT,

        /**
         * {@code #} opens a line comment (MySQL, MariaDB).
         */
        HASH_COMMENTS,

        /**
         * Block comments nest, so {@code /* /* *}{@code / *}{@code /} is one comment
         * (PostgreSQL, DuckDB, the SQL standard); without it a block comment ends at the first
         * {@code *}{@code /} (MySQL, SQLite).
         */
        NESTED_COMMENTS,

        /**
         * {@code /*! … *}{@code /}, {@code /*!50000 … *}{@code /} and
         * {@code /*M! … *}{@code /} are executable comments, whose content the server runs (MySQL,
         * MariaDB).
         */
        EXECUTABLE_COMMENTS,

        /**
         * {@code $name}, {@code :name}, {@code @name} and {@code #name} are
         * parameters, and a parenthesized suffix such as {@code $a(x)} belongs to the parameter up to
         * the first {@code )} or white space, as SQLite reads them.
         */
        TCL_VARIABLES,

        /**
         * The body of {@code CREATE [TEMP] TRIGGER … BEGIN …; …; END} belongs to its
         * statement, semicolons and all, as SQLite reads it (SQLite only): after a statement's leading
         * {@code CREATE [TEMP|TEMPORARY] TRIGGER} (or {@code EXPLAIN [QUERY PLAN] CREATE …}) a
         * {@code ;} ends the statement only when it follows an {@code END} that itself follows a
         * {@code ;}, so a {@code CASE … END} inside the body never ends it early. This is the rule of
         * SQLite's {@code sqlite3_complete}, held to its strictest reading.
         */
        TRIGGER_BODIES,

        /**
         * {@code '''…'''} (and {@code """…"""} where {@code "…"} is a string) is a string that may
         * hold single quotes and line breaks, closed by the first unescaped triple quote (GoogleSQL).
         */
        TRIPLE_QUOTED_STRINGS,

        /**
         * {@code r}, {@code b}, {@code rb} and {@code br}, in either case, before any form of
         * string are part of it: raw and bytes literals (GoogleSQL). A backslash inside a raw string
         * keeps its character, but it still keeps the next quote from closing the string, as the
         * server reads it.
         */
        RAW_AND_BYTES_PREFIXES,

        /**
         * A backslash escapes the next character inside a {@code `…`} identifier, and a doubled
         * backtick is two identifiers rather than one escaped backtick (GoogleSQL); without it a
         * backtick identifier has {@code ``} for a backtick and no escapes (MySQL, SQLite).
         */
        BACKTICK_BACKSLASH_ESCAPES,

        /**
         * {@code U&"…"} (with {@code u&} too, and no space inside {@code U&"}) is a quoted
         * identifier whose escapes {@code \XXXX} and {@code \+XXXXXX} stand for code points, with
         * another escape character chosen by a {@code UESCAPE '!'} after it (the SQL standard,
         * PostgreSQL, DuckDB). It splits into the same tokens as without the feature; a guard
         * compares the decoded name ({@link SqlScan#calls()}), so {@code U&"lo\005Fexport"(…)} is a
         * call of {@code lo_export}.
         *
         * @since 0.1
         */
        UNICODE_ESCAPE_IDENTIFIERS,
        /**
         * Every Unicode space (U+00A0, U+2003, U+3000, U+2028, U+200B, …) separates words, as ASCII
         * white space does. Only for a dialect whose server does not take them into a name, or whose
         * reading is not known (GoogleSQL, ANSI): there splitting shows the guard the keyword behind
         * such a space ({@code …)\u3000TRUNCATE}). PostgreSQL, DuckDB, MySQL and SQLite read them as
         * name characters, so their dialects leave this off and the lexer reads the text as the
         * server does: a boundary the server does not see would let {@code x\u00a0$$} start a
         * dollar-quoted string that the server reads as part of a name.
         *
         * @since 0.1
         */
        UNICODE_SPACES_SEPARATE,

        /**
         * {@code //} opens a line comment, which ends where a {@code --} comment would (H2,
         * Snowflake). Without it {@code //} is two slashes, as PostgreSQL and MySQL read it; a lexer
         * that reads {@code //} otherwise than its server hides code from the guard, or shows it code
         * the server never runs.
         *
         * @since 0.1
         */
        DOUBLE_SLASH_COMMENTS,

        /**
         * {@code --} opens no comment: it is two minus signs, for a server that has no such comment.
         * Named for its absence because {@code --} comments are on in every dialect made before it.
         *
         * @since 0.1
         */
        NO_DASH_COMMENTS
    }

    /**
     * How a server resolves the names it is given, for {@link #identifierCase()}: whether an
     * unquoted name is folded, and whether case tells names apart. The guard refuses a forbidden
     * name under every one of them, since its comparison folds more than any of them
     * ({@link SqlScan#calls()}); the declared folding says which name the server really means, for
     * what must find exactly that name: a catalog lookup, an allow-list, a fixture's names.
     *
     * @since 0.1
     */
    public enum IdentifierCase {
        /**
         * Unquoted names fold to upper case and quoted names keep theirs, as the SQL standard, H2,
         * Oracle, Db2 and Snowflake resolve them: {@code foo}, {@code Foo} and {@code "FOO"} are one
         * name, {@code "foo"} another.
         */
        UPPER,

        /**
         * Unquoted names fold to lower case and quoted names keep theirs, as PostgreSQL resolves
         * them: {@code FOO}, {@code Foo} and {@code "foo"} are one name, {@code "FOO"} another.
         */
        LOWER,

        /**
         * No name is folded and case tells names apart, quoted or not: {@code foo}, {@code FOO} and
         * {@code "Foo"} are three names.
         */
        SENSITIVE,

        /**
         * Names keep the case they are written in but case never tells them apart, quoted or not, as
         * SQLite, DuckDB and MySQL resolve column and function names: {@code foo}, {@code FOO} and
         * {@code "Foo"} are one name. The default of {@link SqlDialect#of}, as the SPI compared names
         * before a dialect could declare its folding. It tells fewer names apart than a server that
         * folds, so a driver that allows names by this key declares its server's real folding.
         */
        INSENSITIVE;

        /**
         * Returns the name a server of this kind resolves a name to, for comparing it with
         * {@link String#equals}: an unquoted name folded as the server folds it, a quoted one as
         * written; under {@link #INSENSITIVE} both in upper case, so equal keys are the same name.
         * {@link #UPPER} and {@link #INSENSITIVE} fold letters by Unicode's rules without a locale
         * ({@code ı} and {@code ſ} fold onto {@code I} and {@code S}), as Java-based servers such as H2
         * fold them; {@link #LOWER} folds ASCII letters only, as PostgreSQL does in UTF-8.
         *
         * @param name the name, without its quotes and with any escapes decoded
         * @param quoted whether it was written quoted
         * @return the key: equal keys name the same object on such a server
         * @throws NullPointerException if name is null
         * @since 0.1
         */
        public String key(String name, boolean quoted) {
            requireNonNull(name, "name is null");
            return switch (this) {
                case UPPER -> quoted ? name : name.toUpperCase(Locale.ROOT);
                // PostgreSQL folds only ASCII letters in a multi-byte encoding: "É" stays "É"
                case LOWER -> quoted ? name : Ascii.lower(name);
                case SENSITIVE -> name;
                case INSENSITIVE -> name.toLowerCase(Locale.ROOT).toUpperCase(Locale.ROOT);
            };
        }
    }

    /**
     * What a statement that begins with a word a dialect declares does, for
     * {@link #withStatementWords}.
     *
     * @since 0.1
     */
    public enum StatementKind {
        /**
         * The statement only reads, as H2's {@code SHOW} does: a guard with an allow-list accepts it
         * on a read-only path.
         */
        READ,

        /**
         * Anything else: a write, or a session, transaction or administration command. A guard
         * refuses it on a read-only path as {@link dev.tobira.api.ErrorKind#READ_ONLY}, not as the
         * syntax error of a word no statement begins with.
         */
        OTHER
    }

    /** The words that begin a write in every dialect: none of them may be declared a read. */
    private static final WordSet WRITES = WordSet.of(List.of(
            "INSERT",
            "UPDATE",
            "DELETE",
            "MERGE",
            "UPSERT",
            "REPLACE",
            "CREATE",
            "DROP",
            "ALTER",
            "TRUNCATE",
            "GRANT",
            "REVOKE",
            "RENAME"));

    /**
     * Standard SQL: {@code '…'} strings, {@code "…"} identifiers, {@code --} comments ending at a
     * line feed or carriage return, nested block comments, unquoted names folded to upper case.
     */
    public static final SqlDialect ANSI = of(
                    "ansi",
                    Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT,
                    Feature.NESTED_COMMENTS,
                    Feature.UNICODE_ESCAPE_IDENTIFIERS,
                    Feature.UNICODE_SPACES_SEPARATE)
            .withIdentifierCase(IdentifierCase.UPPER);

    /**
     * SQLite: {@code "…"}, {@code `…`} and {@code […]} identifiers, block comments that do not nest,
     * line comments ending at a line feed, Tcl-style {@code $name(…)} parameters, and trigger bodies
     * that hold semicolons, names compared without regard to case.
     */
    public static final SqlDialect SQLITE = of(
            "sqlite",
            Feature.BACKTICK_IDENTIFIERS,
            Feature.BRACKET_IDENTIFIERS,
            Feature.TCL_VARIABLES,
            Feature.TRIGGER_BODIES);

    /**
     * PostgreSQL (and what speaks its dialect): {@code E'…'} strings, dollar quoting, {@code "…"}
     * identifiers, nested block comments, line comments ending at a line feed or carriage return,
     * unquoted names folded to lower case. Assumes {@code standard_conforming_strings} is on, the
     * default since 9.1.
     */
    public static final SqlDialect POSTGRES = of(
                    "postgres",
                    Feature.ESCAPE_STRINGS,
                    Feature.DOLLAR_QUOTES,
                    Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT,
                    Feature.NESTED_COMMENTS,
                    Feature.UNICODE_ESCAPE_IDENTIFIERS)
            .withIdentifierCase(IdentifierCase.LOWER);

    /**
     * MySQL and MariaDB in their default SQL mode: backslash escapes in strings, {@code "…"}
     * strings, {@code `…`} identifiers, {@code #} comments, {@code --} comments only before white
     * space, block comments that do not nest, and executable comments; column and function names
     * compared without regard to case (table names follow the server's
     * {@code lower_case_table_names}).
     */
    public static final SqlDialect MYSQL = of(
            "mysql",
            Feature.BACKSLASH_ESCAPES,
            Feature.DOUBLE_QUOTED_STRINGS,
            Feature.BACKTICK_IDENTIFIERS,
            Feature.DASH_COMMENT_NEEDS_SPACE,
            Feature.HASH_COMMENTS,
            Feature.EXECUTABLE_COMMENTS);

    /**
     * DuckDB: as PostgreSQL reads it, {@code E'…'} strings, dollar quoting, {@code "…"}
     * identifiers, nested block comments; unlike PostgreSQL, names compared without regard to case,
     * quoted ones too.
     */
    public static final SqlDialect DUCKDB = POSTGRES.withName("duckdb").withIdentifierCase(IdentifierCase.INSENSITIVE);

    /**
     * BigQuery's GoogleSQL: {@code '…'} and {@code "…"} strings with backslash escapes, triple-quoted
     * strings, raw and bytes prefixes ({@code r'…'}, {@code b"…"}, {@code rb'''…'''}),
     * {@code `…`} identifiers with backslash escapes (which may hold dots and dashes:
     * {@code `project-1.dataset.table`}), {@code #} and {@code --} comments ending at a line feed or
     * carriage return, block comments that do not nest; column and function names compared without
     * regard to case (dataset and table names are case-sensitive by default).
     */
    public static final SqlDialect BIGQUERY = of(
            "bigquery",
            Feature.BACKSLASH_ESCAPES,
            Feature.DOUBLE_QUOTED_STRINGS,
            Feature.BACKTICK_IDENTIFIERS,
            Feature.BACKTICK_BACKSLASH_ESCAPES,
            Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT,
            Feature.HASH_COMMENTS,
            Feature.TRIPLE_QUOTED_STRINGS,
            Feature.RAW_AND_BYTES_PREFIXES,
            Feature.UNICODE_SPACES_SEPARATE);

    private final String name;
    /** Bit {@code f.ordinal()} is set when feature {@code f} is on: the lexer asks per character. */
    private final int features;

    private final IdentifierCase identifierCase;
    /** The dialect's own statement words in upper case, in the order declared. */
    private final Map<String, StatementKind> statementWords;
    /** Made once: a scan cache keyed by text and dialect asks for it on every query. */
    private final int hash;

    private SqlDialect(
            String name, int features, IdentifierCase identifierCase, Map<String, StatementKind> statementWords) {
        this.name = requireNonNull(name, "name is null");
        this.features = features;
        this.identifierCase = identifierCase;
        this.statementWords = statementWords;
        this.hash = ((this.name.hashCode() * 31 + features) * 31 + identifierCase.ordinal()) * 31
                + statementWords.hashCode();
    }

    /**
     * Returns a dialect with exactly the given features on, names compared as
     * {@link IdentifierCase#INSENSITIVE} and no statement words of its own.
     *
     * @param name a short name for messages, such as {@code postgres}
     * @param features the features that are on
     * @return the dialect
     * @throws NullPointerException if name, the array or one of its features is null
     */
    public static SqlDialect of(String name, Feature... features) {
        return new SqlDialect(name, bits(0, true, features), IdentifierCase.INSENSITIVE, Map.of());
    }

    /**
     * Returns the short name for messages, such as {@code postgres}.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * Tells whether a feature is on.
     *
     * @param feature the feature
     * @return true when it is on
     */
    public boolean has(Feature feature) {
        return (features & (1 << feature.ordinal())) != 0;
    }

    /**
     * Returns the features that are on.
     *
     * @return an unmodifiable set, in the order of {@link Feature}
     */
    public Set<Feature> features() {
        EnumSet<Feature> on = EnumSet.noneOf(Feature.class);
        for (Feature f : Feature.values()) {
            if (has(f)) {
                on.add(f);
            }
        }
        return Collections.unmodifiableSet(on);
    }

    /**
     * Returns the markers that open a line comment in this dialect, each when a space follows it
     * (MySQL's {@code --} needs one): {@code --} unless {@link Feature#NO_DASH_COMMENTS}, then
     * {@code #} and {@code //} where declared. For a test kit that spells a probe with every line
     * comment the server reads, and with none it does not.
     *
     * @return the markers, in that order
     * @since 0.1
     */
    public List<String> lineCommentMarkers() {
        List<String> markers = new ArrayList<>(3);
        if (!has(Feature.NO_DASH_COMMENTS)) {
            markers.add("--");
        }
        if (has(Feature.HASH_COMMENTS)) {
            markers.add("#");
        }
        if (has(Feature.DOUBLE_SLASH_COMMENTS)) {
            markers.add("//");
        }
        return List.copyOf(markers);
    }

    /**
     * Returns how the server resolves names.
     *
     * @return the identifier case
     * @since 0.1
     */
    public IdentifierCase identifierCase() {
        return identifierCase;
    }

    /**
     * Returns the key of the name a word or quoted identifier stands for on this server, as
     * {@link IdentifierCase#key} makes it: a word folded as the server folds unquoted names, a quoted
     * identifier with its quotes off and its doubled quotes (GoogleSQL: its escapes) decoded. Two
     * tokens with equal keys name the same object: under {@link IdentifierCase#UPPER},
     * {@code "FOO"} and {@code foo}.
     *
     * @param token a token this dialect's lexer made
     * @return the key
     * @throws NullPointerException if token is null
     * @throws IllegalArgumentException if the token is neither a word nor a quoted identifier
     * @since 0.1
     */
    public String identifierKey(SqlToken token) {
        return switch (requireNonNull(token, "token is null").type()) {
            case WORD -> identifierCase.key(token.text(), false);
            case QUOTED_IDENTIFIER -> identifierCase.key(IdentifierNames.unquote(this, token.text()), true);
            default -> throw new IllegalArgumentException("not a name: " + token.type());
        };
    }

    /**
     * Returns the words this dialect declares a statement may begin with, beyond those every guard
     * knows, and what each such statement does; see {@link #withStatementWords}.
     *
     * @return an unmodifiable map from each word, in upper case, to its kind, in the order declared
     * @since 0.1
     */
    public Map<String, StatementKind> statementWords() {
        return statementWords;
    }

    /**
     * Returns this dialect with another name.
     *
     * @param name the new name
     * @return the derived dialect
     * @throws NullPointerException if name is null
     */
    public SqlDialect withName(String name) {
        return new SqlDialect(name, features, identifierCase, statementWords);
    }

    /**
     * Returns this dialect with more features on; MySQL's {@code ANSI_QUOTES} mode, for one, is
     * {@code MYSQL.without(DOUBLE_QUOTED_STRINGS)}.
     *
     * @param features the features to turn on
     * @return the derived dialect
     * @throws NullPointerException if the array or one of its features is null
     */
    public SqlDialect with(Feature... features) {
        return new SqlDialect(name, bits(this.features, true, features), identifierCase, statementWords);
    }

    /**
     * Returns this dialect with some features off.
     *
     * @param features the features to turn off
     * @return the derived dialect
     * @throws NullPointerException if the array or one of its features is null
     */
    public SqlDialect without(Feature... features) {
        return new SqlDialect(name, bits(this.features, false, features), identifierCase, statementWords);
    }

    /**
     * Returns this dialect with another way of resolving names.
     *
     * @param identifierCase how the server resolves names
     * @return the derived dialect
     * @throws NullPointerException if identifierCase is null
     * @since 0.1
     */
    public SqlDialect withIdentifierCase(IdentifierCase identifierCase) {
        return new SqlDialect(name, features, requireNonNull(identifierCase, "identifierCase is null"), statementWords);
    }

    /**
     * Returns this dialect with words of its own that a statement may begin with, such as H2's
     * {@code SHOW} or {@code SCRIPT}. A {@link StatementGuard} knows them as it knows the words of
     * every dialect: one with an allow-list accepts a {@link StatementKind#READ} statement on a
     * read-only path and refuses an {@link StatementKind#OTHER} one as a read-only violation, and a
     * statement that begins with a word neither list holds stays a syntax error. A word declared
     * again takes its new kind.
     *
     * <p>A word that begins a write in every dialect ({@code INSERT}, {@code UPDATE},
     * {@code DELETE}, {@code MERGE}, {@code UPSERT}, {@code REPLACE}, {@code CREATE}, {@code DROP},
     * {@code ALTER}, {@code TRUNCATE}, {@code GRANT}, {@code REVOKE}, {@code RENAME}) cannot be
     * declared a read: a typo in a declaration must not open the read-only path to it.
     *
     * @param kind what the statements do
     * @param words the words, in any case
     * @return the derived dialect
     * @throws NullPointerException if kind or words is or holds null
     * @throws IllegalArgumentException if a word is not a single word, or is a write or a statement every guard knows (CALL, SET, COPY, …) declared a read
     * @since 0.1
     */
    public SqlDialect withStatementWords(StatementKind kind, String... words) {
        return new SqlDialect(name, features, identifierCase, declare(statementWords, kind, words));
    }

    /** Adds words of a kind to a copy of {@code declared}, as {@link #withStatementWords} says. */
    static Map<String, StatementKind> declare(
            Map<String, StatementKind> declared, StatementKind kind, String... words) {
        requireNonNull(kind, "kind is null");
        Map<String, StatementKind> all = new LinkedHashMap<>(declared);
        for (String word : requireNonNull(words, "words is null")) {
            String upper = Ascii.upper(WordSet.single(word, "statement word"));
            if (kind == StatementKind.READ && WRITES.match(upper) != null) {
                throw new IllegalArgumentException(upper + " begins a write and cannot be declared a read");
            }
            // CALL, SET, COPY, LOAD, PRAGMA…: a word every guard already knows does more than read in
            // some form, and one word declared a read would open all of them on a read-only path
            if (kind == StatementKind.READ && StatementGuard.STATEMENT_WORD_LIST.contains(upper)) {
                throw new IllegalArgumentException(
                        upper + " is a statement every guard knows and cannot be declared a read:"
                                + " allow it with StatementGuard.Builder.allow, where the choice is visible");
            }
            // a word declared again moves to the end, so the map's order is the order of the last declarations
            all.remove(upper);
            all.put(upper, kind);
        }
        return Collections.unmodifiableMap(all);
    }

    private static int bits(int from, boolean on, Feature... features) {
        int bits = from;
        for (Feature f : features) {
            int bit = 1 << requireNonNull(f, "feature is null").ordinal();
            bits = on ? bits | bit : bits & ~bit;
        }
        return bits;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SqlDialect d
                && d.hash == hash
                && d.name.equals(name)
                && d.features == features
                && d.identifierCase == identifierCase
                && d.statementWords.equals(statementWords);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        // the name and features first, as before: a dialect without declarations prints as it did
        StringBuilder sb =
                new StringBuilder("SqlDialect[").append(name).append(", ").append(features());
        if (identifierCase != IdentifierCase.INSENSITIVE) {
            sb.append(", ").append(identifierCase).append(" case");
        }
        if (!statementWords.isEmpty()) {
            sb.append(", statements ").append(statementWords);
        }
        return sb.append(']').toString();
    }
}
