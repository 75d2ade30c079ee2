package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

/**
 * How one database splits SQL text into tokens: which quotes open strings and identifiers, which
 * markers open comments, and where each of them ends. {@link SqlLexer} reads text with these
 * options; the guard is only as good as the match between the options and the server, so a driver
 * picks the preset of its database or derives its own with the {@code with…} methods.
 *
 * <p>Always on, in every dialect: {@code '…'} strings with {@code ''} for a quote, {@code --} line
 * comments, {@code /* … *}{@code /} block comments, {@code ?} and {@code $1} parameters, and the
 * one-letter prefixes {@code N'…'}, {@code X'…'} and {@code B'…'} as part of the string.
 *
 * <p>The text is assumed to reach the server as UTF-8: in a multi-byte character set whose
 * characters may end in the byte of a backslash (GBK, Big5, SJIS) no lexer on the client side can
 * tell where a MySQL string ends.
 *
 * <p>Instances are immutable and thread-safe.
 *
 * @param name a short name for messages, such as {@code postgres}
 * @param backslashEscapes a backslash escapes the next character inside {@code '…'} strings (and
 *     inside {@code "…"} when those are strings), as MySQL and MariaDB read them unless
 *     {@code NO_BACKSLASH_ESCAPES} is set
 * @param escapeStrings {@code E'…'} is a string in which a backslash escapes the next character
 *     (PostgreSQL, DuckDB)
 * @param dollarQuotes {@code $tag$…$tag$} is a string (PostgreSQL, DuckDB); a tag is a letter or
 *     underscore then letters, digits or underscores, and may be empty ({@code $$…$$}); {@code $1}
 *     stays a parameter
 * @param doubleQuotedStrings {@code "…"} is a string (MySQL and MariaDB without
 *     {@code ANSI_QUOTES}) rather than a quoted identifier
 * @param backtickIdentifiers {@code `…`} is a quoted identifier, with {@code ``} for a backtick
 *     (MySQL, MariaDB, SQLite)
 * @param bracketIdentifiers {@code […]} is a quoted identifier (SQLite, SQL Server)
 * @param bracketEscapes {@code ]]} inside a bracketed identifier stands for one {@code ]}, as SQL
 *     Server reads it; without it the identifier ends at the first {@code ]}, as SQLite reads it
 * @param dashCommentNeedsSpace {@code --} opens a comment only when a space, a control character
 *     or the end of the text follows it (MySQL, MariaDB: {@code SELECT 1--1} is arithmetic there)
 * @param carriageReturnEndsLineComment a carriage return ends a line comment as a line feed does
 *     (PostgreSQL, DuckDB); without it only a line feed does (MySQL, SQLite)
 * @param hashComments {@code #} opens a line comment (MySQL, MariaDB)
 * @param nestedComments block comments nest, so {@code /* /* *}{@code / *}{@code /} is one comment
 *     (PostgreSQL, DuckDB, the SQL standard); without it a block comment ends at the first
 *     {@code *}{@code /} (MySQL, SQLite)
 * @param executableComments {@code /*! … *}{@code /}, {@code /*!50000 … *}{@code /} and
 *     {@code /*M! … *}{@code /} are executable comments, whose content the server runs (MySQL,
 *     MariaDB)
 * @param tclVariables {@code $name}, {@code :name}, {@code @name} and {@code #name} are
 *     parameters, and a parenthesized suffix such as {@code $a(x)} belongs to the parameter up to
 *     the first {@code )} or white space, as SQLite reads them
 * @param triggerBodies the body of {@code CREATE [TEMP] TRIGGER … BEGIN …; …; END} belongs to its
 *     statement, semicolons and all, as SQLite reads it (SQLite only): after a statement's leading
 *     {@code CREATE [TEMP|TEMPORARY] TRIGGER} (or {@code EXPLAIN [QUERY PLAN] CREATE …}) a
 *     {@code ;} ends the statement only when it follows an {@code END} that itself follows a
 *     {@code ;}, so a {@code CASE … END} inside the body never ends it early. This is the rule of
 *     SQLite's {@code sqlite3_complete}, held to its strictest reading
 * @since 0.1
 */
public record SqlDialect(
        String name,
        boolean backslashEscapes,
        boolean escapeStrings,
        boolean dollarQuotes,
        boolean doubleQuotedStrings,
        boolean backtickIdentifiers,
        boolean bracketIdentifiers,
        boolean bracketEscapes,
        boolean dashCommentNeedsSpace,
        boolean carriageReturnEndsLineComment,
        boolean hashComments,
        boolean nestedComments,
        boolean executableComments,
        boolean tclVariables,
        boolean triggerBodies) {

    /**
     * Standard SQL: {@code '…'} strings, {@code "…"} identifiers, {@code --} comments ending at a
     * line feed or carriage return, nested block comments.
     */
    public static final SqlDialect ANSI =
            new SqlDialect("ansi", false, false, false, false, false, false, false, false, true, false, true, false,
                    false, false);

    /**
     * SQLite: {@code "…"}, {@code `…`} and {@code […]} identifiers, block comments that do not nest,
     * line comments ending at a line feed, Tcl-style {@code $name(…)} parameters, and trigger bodies
     * that hold semicolons.
     */
    public static final SqlDialect SQLITE =
            new SqlDialect("sqlite", false, false, false, false, true, true, false, false, false, false, false, false,
                    true, true);

    /**
     * PostgreSQL (and what speaks its dialect): {@code E'…'} strings, dollar quoting, {@code "…"}
     * identifiers, nested block comments, line comments ending at a line feed or carriage return.
     * Assumes {@code standard_conforming_strings} is on, the default since 9.1.
     */
    public static final SqlDialect POSTGRES =
            new SqlDialect("postgres", false, true, true, false, false, false, false, false, true, false, true, false,
                    false, false);

    /**
     * MySQL and MariaDB in their default SQL mode: backslash escapes in strings, {@code "…"}
     * strings, {@code `…`} identifiers, {@code #} comments, {@code --} comments only before white
     * space, block comments that do not nest, and executable comments.
     */
    public static final SqlDialect MYSQL =
            new SqlDialect("mysql", true, false, false, true, true, false, false, true, false, true, false, true,
                    false, false);

    /**
     * DuckDB: as PostgreSQL reads it, {@code E'…'} strings, dollar quoting, {@code "…"}
     * identifiers, nested block comments.
     */
    public static final SqlDialect DUCKDB =
            new SqlDialect("duckdb", false, true, true, false, false, false, false, false, true, false, true, false,
                    false, false);

    /**
     * Checks the name.
     *
     * @param name see {@link #name()}
     * @param backslashEscapes see {@link #backslashEscapes()}
     * @param escapeStrings see {@link #escapeStrings()}
     * @param dollarQuotes see {@link #dollarQuotes()}
     * @param doubleQuotedStrings see {@link #doubleQuotedStrings()}
     * @param backtickIdentifiers see {@link #backtickIdentifiers()}
     * @param bracketIdentifiers see {@link #bracketIdentifiers()}
     * @param bracketEscapes see {@link #bracketEscapes()}
     * @param dashCommentNeedsSpace see {@link #dashCommentNeedsSpace()}
     * @param carriageReturnEndsLineComment see {@link #carriageReturnEndsLineComment()}
     * @param hashComments see {@link #hashComments()}
     * @param nestedComments see {@link #nestedComments()}
     * @param executableComments see {@link #executableComments()}
     * @param tclVariables see {@link #tclVariables()}
     * @param triggerBodies see {@link #triggerBodies()}
     * @throws NullPointerException if name is null
     */
    public SqlDialect {
        requireNonNull(name, "name is null");
    }

    /**
     * Creates a dialect without {@link #triggerBodies()}, as dialects were described before that
     * option existed.
     *
     * @param name see {@link #name()}
     * @param backslashEscapes see {@link #backslashEscapes()}
     * @param escapeStrings see {@link #escapeStrings()}
     * @param dollarQuotes see {@link #dollarQuotes()}
     * @param doubleQuotedStrings see {@link #doubleQuotedStrings()}
     * @param backtickIdentifiers see {@link #backtickIdentifiers()}
     * @param bracketIdentifiers see {@link #bracketIdentifiers()}
     * @param bracketEscapes see {@link #bracketEscapes()}
     * @param dashCommentNeedsSpace see {@link #dashCommentNeedsSpace()}
     * @param carriageReturnEndsLineComment see {@link #carriageReturnEndsLineComment()}
     * @param hashComments see {@link #hashComments()}
     * @param nestedComments see {@link #nestedComments()}
     * @param executableComments see {@link #executableComments()}
     * @param tclVariables see {@link #tclVariables()}
     * @throws NullPointerException if name is null
     */
    public SqlDialect(String name, boolean backslashEscapes, boolean escapeStrings, boolean dollarQuotes,
                      boolean doubleQuotedStrings, boolean backtickIdentifiers, boolean bracketIdentifiers,
                      boolean bracketEscapes, boolean dashCommentNeedsSpace, boolean carriageReturnEndsLineComment,
                      boolean hashComments, boolean nestedComments, boolean executableComments, boolean tclVariables) {
        this(name, backslashEscapes, escapeStrings, dollarQuotes, doubleQuotedStrings, backtickIdentifiers,
                bracketIdentifiers, bracketEscapes, dashCommentNeedsSpace, carriageReturnEndsLineComment, hashComments,
                nestedComments, executableComments, tclVariables, false);
    }

    /**
     * Returns this dialect with another name.
     *
     * @param name the new name
     * @return the derived dialect
     */
    public SqlDialect withName(String name) {
        return new SqlDialect(name, backslashEscapes, escapeStrings, dollarQuotes, doubleQuotedStrings,
                backtickIdentifiers, bracketIdentifiers, bracketEscapes, dashCommentNeedsSpace,
                carriageReturnEndsLineComment, hashComments, nestedComments, executableComments, tclVariables,
                triggerBodies);
    }

    /**
     * Returns this dialect with {@link #backslashEscapes()} set.
     *
     * @param on the new value
     * @return the derived dialect
     */
    public SqlDialect withBackslashEscapes(boolean on) {
        return new SqlDialect(name, on, escapeStrings, dollarQuotes, doubleQuotedStrings,
                backtickIdentifiers, bracketIdentifiers, bracketEscapes, dashCommentNeedsSpace,
                carriageReturnEndsLineComment, hashComments, nestedComments, executableComments, tclVariables,
                triggerBodies);
    }

    /**
     * Returns this dialect with {@link #escapeStrings()} set.
     *
     * @param on the new value
     * @return the derived dialect
     */
    public SqlDialect withEscapeStrings(boolean on) {
        return new SqlDialect(name, backslashEscapes, on, dollarQuotes, doubleQuotedStrings,
                backtickIdentifiers, bracketIdentifiers, bracketEscapes, dashCommentNeedsSpace,
                carriageReturnEndsLineComment, hashComments, nestedComments, executableComments, tclVariables,
                triggerBodies);
    }

    /**
     * Returns this dialect with {@link #dollarQuotes()} set.
     *
     * @param on the new value
     * @return the derived dialect
     */
    public SqlDialect withDollarQuotes(boolean on) {
        return new SqlDialect(name, backslashEscapes, escapeStrings, on, doubleQuotedStrings,
                backtickIdentifiers, bracketIdentifiers, bracketEscapes, dashCommentNeedsSpace,
                carriageReturnEndsLineComment, hashComments, nestedComments, executableComments, tclVariables,
                triggerBodies);
    }

    /**
     * Returns this dialect with {@link #doubleQuotedStrings()} set; MySQL's {@code ANSI_QUOTES} mode
     * is {@code MYSQL.withDoubleQuotedStrings(false)}.
     *
     * @param on the new value
     * @return the derived dialect
     */
    public SqlDialect withDoubleQuotedStrings(boolean on) {
        return new SqlDialect(name, backslashEscapes, escapeStrings, dollarQuotes, on,
                backtickIdentifiers, bracketIdentifiers, bracketEscapes, dashCommentNeedsSpace,
                carriageReturnEndsLineComment, hashComments, nestedComments, executableComments, tclVariables,
                triggerBodies);
    }

    /**
     * Returns this dialect with {@link #backtickIdentifiers()} set.
     *
     * @param on the new value
     * @return the derived dialect
     */
    public SqlDialect withBacktickIdentifiers(boolean on) {
        return new SqlDialect(name, backslashEscapes, escapeStrings, dollarQuotes, doubleQuotedStrings,
                on, bracketIdentifiers, bracketEscapes, dashCommentNeedsSpace,
                carriageReturnEndsLineComment, hashComments, nestedComments, executableComments, tclVariables,
                triggerBodies);
    }

    /**
     * Returns this dialect with {@link #bracketIdentifiers()} set.
     *
     * @param on the new value
     * @return the derived dialect
     */
    public SqlDialect withBracketIdentifiers(boolean on) {
        return new SqlDialect(name, backslashEscapes, escapeStrings, dollarQuotes, doubleQuotedStrings,
                backtickIdentifiers, on, bracketEscapes, dashCommentNeedsSpace,
                carriageReturnEndsLineComment, hashComments, nestedComments, executableComments, tclVariables,
                triggerBodies);
    }

    /**
     * Returns this dialect with {@link #bracketEscapes()} set.
     *
     * @param on the new value
     * @return the derived dialect
     */
    public SqlDialect withBracketEscapes(boolean on) {
        return new SqlDialect(name, backslashEscapes, escapeStrings, dollarQuotes, doubleQuotedStrings,
                backtickIdentifiers, bracketIdentifiers, on, dashCommentNeedsSpace,
                carriageReturnEndsLineComment, hashComments, nestedComments, executableComments, tclVariables,
                triggerBodies);
    }

    /**
     * Returns this dialect with {@link #dashCommentNeedsSpace()} set.
     *
     * @param on the new value
     * @return the derived dialect
     */
    public SqlDialect withDashCommentNeedsSpace(boolean on) {
        return new SqlDialect(name, backslashEscapes, escapeStrings, dollarQuotes, doubleQuotedStrings,
                backtickIdentifiers, bracketIdentifiers, bracketEscapes, on,
                carriageReturnEndsLineComment, hashComments, nestedComments, executableComments, tclVariables,
                triggerBodies);
    }

    /**
     * Returns this dialect with {@link #carriageReturnEndsLineComment()} set.
     *
     * @param on the new value
     * @return the derived dialect
     */
    public SqlDialect withCarriageReturnEndsLineComment(boolean on) {
        return new SqlDialect(name, backslashEscapes, escapeStrings, dollarQuotes, doubleQuotedStrings,
                backtickIdentifiers, bracketIdentifiers, bracketEscapes, dashCommentNeedsSpace,
                on, hashComments, nestedComments, executableComments, tclVariables, triggerBodies);
    }

    /**
     * Returns this dialect with {@link #hashComments()} set.
     *
     * @param on the new value
     * @return the derived dialect
     */
    public SqlDialect withHashComments(boolean on) {
        return new SqlDialect(name, backslashEscapes, escapeStrings, dollarQuotes, doubleQuotedStrings,
                backtickIdentifiers, bracketIdentifiers, bracketEscapes, dashCommentNeedsSpace,
                carriageReturnEndsLineComment, on, nestedComments, executableComments, tclVariables, triggerBodies);
    }

    /**
     * Returns this dialect with {@link #nestedComments()} set.
     *
     * @param on the new value
     * @return the derived dialect
     */
    public SqlDialect withNestedComments(boolean on) {
        return new SqlDialect(name, backslashEscapes, escapeStrings, dollarQuotes, doubleQuotedStrings,
                backtickIdentifiers, bracketIdentifiers, bracketEscapes, dashCommentNeedsSpace,
                carriageReturnEndsLineComment, hashComments, on, executableComments, tclVariables, triggerBodies);
    }

    /**
     * Returns this dialect with {@link #executableComments()} set.
     *
     * @param on the new value
     * @return the derived dialect
     */
    public SqlDialect withExecutableComments(boolean on) {
        return new SqlDialect(name, backslashEscapes, escapeStrings, dollarQuotes, doubleQuotedStrings,
                backtickIdentifiers, bracketIdentifiers, bracketEscapes, dashCommentNeedsSpace,
                carriageReturnEndsLineComment, hashComments, nestedComments, on, tclVariables, triggerBodies);
    }

    /**
     * Returns this dialect with {@link #tclVariables()} set.
     *
     * @param on the new value
     * @return the derived dialect
     */
    public SqlDialect withTclVariables(boolean on) {
        return new SqlDialect(name, backslashEscapes, escapeStrings, dollarQuotes, doubleQuotedStrings,
                backtickIdentifiers, bracketIdentifiers, bracketEscapes, dashCommentNeedsSpace,
                carriageReturnEndsLineComment, hashComments, nestedComments, executableComments, on, triggerBodies);
    }

    /**
     * Returns this dialect with {@link #triggerBodies()} set.
     *
     * @param on the new value
     * @return the derived dialect
     */
    public SqlDialect withTriggerBodies(boolean on) {
        return new SqlDialect(name, backslashEscapes, escapeStrings, dollarQuotes, doubleQuotedStrings,
                backtickIdentifiers, bracketIdentifiers, bracketEscapes, dashCommentNeedsSpace,
                carriageReturnEndsLineComment, hashComments, nestedComments, executableComments, tclVariables, on);
    }
}
