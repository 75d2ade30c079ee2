package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.EnumSet;
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
 * comments, {@code /* … *}{@code /} block comments, {@code ?} and {@code $1} parameters, and the
 * one-letter prefixes {@code N'…'}, {@code X'…'} and {@code B'…'} as part of the string.
 *
 * <p>The text is assumed to reach the server as UTF-8: in a multi-byte character set whose
 * characters may end in the byte of a backslash (GBK, Big5, SJIS) no lexer on the client side can
 * tell where a MySQL string ends.
 *
 * <p>Instances are immutable and thread-safe; equal when their names and features are.
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
        UNICODE_SPACES_SEPARATE
    }

    /**
     * Standard SQL: {@code '…'} strings, {@code "…"} identifiers, {@code --} comments ending at a
     * line feed or carriage return, nested block comments.
     */
    public static final SqlDialect ANSI =
            of("ansi", Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT, Feature.NESTED_COMMENTS,
                    Feature.UNICODE_ESCAPE_IDENTIFIERS, Feature.UNICODE_SPACES_SEPARATE);

    /**
     * SQLite: {@code "…"}, {@code `…`} and {@code […]} identifiers, block comments that do not nest,
     * line comments ending at a line feed, Tcl-style {@code $name(…)} parameters, and trigger bodies
     * that hold semicolons.
     */
    public static final SqlDialect SQLITE = of("sqlite", Feature.BACKTICK_IDENTIFIERS, Feature.BRACKET_IDENTIFIERS,
            Feature.TCL_VARIABLES, Feature.TRIGGER_BODIES);

    /**
     * PostgreSQL (and what speaks its dialect): {@code E'…'} strings, dollar quoting, {@code "…"}
     * identifiers, nested block comments, line comments ending at a line feed or carriage return.
     * Assumes {@code standard_conforming_strings} is on, the default since 9.1.
     */
    public static final SqlDialect POSTGRES = of("postgres", Feature.ESCAPE_STRINGS, Feature.DOLLAR_QUOTES,
            Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT, Feature.NESTED_COMMENTS, Feature.UNICODE_ESCAPE_IDENTIFIERS);

    /**
     * MySQL and MariaDB in their default SQL mode: backslash escapes in strings, {@code "…"}
     * strings, {@code `…`} identifiers, {@code #} comments, {@code --} comments only before white
     * space, block comments that do not nest, and executable comments.
     */
    public static final SqlDialect MYSQL = of("mysql", Feature.BACKSLASH_ESCAPES, Feature.DOUBLE_QUOTED_STRINGS,
            Feature.BACKTICK_IDENTIFIERS, Feature.DASH_COMMENT_NEEDS_SPACE, Feature.HASH_COMMENTS,
            Feature.EXECUTABLE_COMMENTS);

    /**
     * DuckDB: as PostgreSQL reads it, {@code E'…'} strings, dollar quoting, {@code "…"}
     * identifiers, nested block comments.
     */
    public static final SqlDialect DUCKDB = POSTGRES.withName("duckdb");

    /**
     * BigQuery's GoogleSQL: {@code '…'} and {@code "…"} strings with backslash escapes, triple-quoted
     * strings, raw and bytes prefixes ({@code r'…'}, {@code b"…"}, {@code rb'''…'''}),
     * {@code `…`} identifiers with backslash escapes (which may hold dots and dashes:
     * {@code `project-1.dataset.table`}), {@code #} and {@code --} comments ending at a line feed or
     * carriage return, block comments that do not nest.
     */
    public static final SqlDialect BIGQUERY = of("bigquery", Feature.BACKSLASH_ESCAPES,
            Feature.DOUBLE_QUOTED_STRINGS, Feature.BACKTICK_IDENTIFIERS, Feature.BACKTICK_BACKSLASH_ESCAPES,
            Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT, Feature.HASH_COMMENTS, Feature.TRIPLE_QUOTED_STRINGS,
            Feature.RAW_AND_BYTES_PREFIXES, Feature.UNICODE_SPACES_SEPARATE);

    private final String name;
    /** Bit {@code f.ordinal()} is set when feature {@code f} is on: the lexer asks per character. */
    private final int features;

    private SqlDialect(String name, int features) {
        this.name = requireNonNull(name, "name is null");
        this.features = features;
    }

    /**
     * Returns a dialect with exactly the given features on.
     *
     * @param name a short name for messages, such as {@code postgres}
     * @param features the features that are on
     * @return the dialect
     * @throws NullPointerException if name, the array or one of its features is null
     */
    public static SqlDialect of(String name, Feature... features) {
        return new SqlDialect(name, bits(0, true, features));
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
     * Returns this dialect with another name.
     *
     * @param name the new name
     * @return the derived dialect
     * @throws NullPointerException if name is null
     */
    public SqlDialect withName(String name) {
        return new SqlDialect(name, features);
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
        return new SqlDialect(name, bits(this.features, true, features));
    }

    /**
     * Returns this dialect with some features off.
     *
     * @param features the features to turn off
     * @return the derived dialect
     * @throws NullPointerException if the array or one of its features is null
     */
    public SqlDialect without(Feature... features) {
        return new SqlDialect(name, bits(this.features, false, features));
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
        return o instanceof SqlDialect d && d.name.equals(name) && d.features == features;
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + features;
    }

    @Override
    public String toString() {
        return "SqlDialect[" + name + ", " + features() + "]";
    }
}
