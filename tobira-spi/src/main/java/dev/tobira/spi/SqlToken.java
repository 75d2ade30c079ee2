package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

/**
 * One token of SQL text, as {@link SqlLexer} splits it: its type, its span {@code [start, end)} in
 * the text, and the text of that span. The tokens of a text tile it: each starts where the previous
 * one ends, and together they cover every character.
 *
 * <p>Two tokens are equal when their type, span, text and {@link #unterminated()} flag are. Instances
 * are immutable and thread-safe.
 *
 * @since 0.1
 */
public final class SqlToken {
    /** The text of every one-character ASCII token, so that {@code (}, {@code ,} or {@code ;} cost no string each. */
    private static final String[] ASCII_CHARS = new String[128];

    static {
        for (char c = 0; c < ASCII_CHARS.length; c++) {
            ASCII_CHARS[c] = String.valueOf(c);
        }
    }

    private final Type type;
    private final int start;
    private final int end;
    private final boolean unterminated;
    /** The scanned text the span points into, or null when the text was given. */
    private final @Nullable String source;
    // Computed on first use; a race only computes an equal immutable string twice.
    private @Nullable String text;
    private @Nullable String upper;

    /**
     * Creates a token from its parts.
     *
     * @param type what the token is
     * @param start the index of its first character in the text
     * @param end the index after its last character
     * @param text the characters of the span, quotes and comment markers included
     * @param unterminated whether the string, quoted identifier or comment runs to the end of the
     *     text without its closing quote or marker
     * @throws NullPointerException if type or text is null
     * @throws IllegalArgumentException if the span is negative or does not match the text's length
     */
    public SqlToken(Type type, int start, int end, String text, boolean unterminated) {
        requireNonNull(type, "type is null");
        requireNonNull(text, "text is null");
        if (start < 0 || end - start != text.length()) {
            throw new IllegalArgumentException(
                    "span [" + start + ", " + end + ") does not hold " + text.length() + " characters");
        }
        this.type = type;
        this.start = start;
        this.end = end;
        this.unterminated = unterminated;
        this.source = null;
        this.text = text;
    }

    /** A token over a span of the scanned text, whose characters are copied only when asked for. */
    private SqlToken(String source, Type type, int start, int end, boolean unterminated) {
        this.type = type;
        this.start = start;
        this.end = end;
        this.unterminated = unterminated;
        this.source = source;
    }

    /** For the lexer, which has checked the span against the text. */
    static SqlToken span(String source, Type type, int start, int end, boolean unterminated) {
        return new SqlToken(source, type, start, end, unterminated);
    }

    /**
     * Returns what the token is.
     *
     * @return the type
     */
    public Type type() {
        return type;
    }

    /**
     * Returns the index of the token's first character in the text.
     *
     * @return the start of the span
     */
    public int start() {
        return start;
    }

    /**
     * Returns the index after the token's last character.
     *
     * @return the end of the span
     */
    public int end() {
        return end;
    }

    /**
     * Returns the characters of the span, quotes and comment markers included.
     *
     * @return the text of the token
     */
    public String text() {
        String t = text;
        if (t == null) {
            String s = requireNonNull(source); // one of text and source is set
            char c = s.charAt(start);
            t = end - start == 1 && c < ASCII_CHARS.length ? ASCII_CHARS[c] : s.substring(start, end);
            text = t;
        }
        return t;
    }

    /**
     * Tells whether the string, quoted identifier or comment runs to the end of the text without its
     * closing quote or marker; only the last token of a text can.
     *
     * @return whether the token is left open
     */
    public boolean unterminated() {
        return unterminated;
    }

    /**
     * Tells whether the token means something to the server: anything but white space and plain
     * comments. Executable comments are significant.
     *
     * @return whether the token is neither {@link Type#WHITESPACE} nor {@link Type#COMMENT}
     */
    public boolean significant() {
        return type != Type.WHITESPACE && type != Type.COMMENT;
    }

    /**
     * Returns the word in upper case, as keywords are compared: only ASCII letters are folded, so
     * {@code ſelect} never becomes {@code SELECT}.
     *
     * @return the upper-cased text of a {@link Type#WORD}, the plain text of any other token
     */
    public String upper() {
        if (type != Type.WORD) {
            return text();
        }
        String u = upper;
        if (u == null) {
            u = source == null ? Ascii.upper(text()) : Keywords.upper(source, start, end);
            upper = u;
        }
        return u;
    }

    /**
     * Tells whether the token is the word {@code upper}, compared as keywords are (see
     * {@link #upper()}).
     *
     * @param upper the word in upper case, such as {@code SELECT}
     * @return true for a {@link Type#WORD} whose upper-cased text is {@code upper}
     */
    public boolean isWord(String upper) {
        return type == Type.WORD && upper().equals(upper);
    }

    /**
     * Tells whether the token is the punctuation {@code text}, such as {@code (} or {@code ,}.
     *
     * @param text the punctuation
     * @return true for a {@link Type#PUNCTUATION} whose text is {@code text}
     */
    public boolean isPunctuation(String text) {
        return type == Type.PUNCTUATION && text().equals(text);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SqlToken t
                && type == t.type
                && start == t.start
                && end == t.end
                && unterminated == t.unterminated
                && text().equals(t.text());
    }

    @Override
    public int hashCode() {
        int h = type.ordinal();
        h = 31 * h + start;
        h = 31 * h + end;
        h = 31 * h + text().hashCode();
        return 31 * h + Boolean.hashCode(unterminated);
    }

    /** Returns the parts of the token, as a record would print them. */
    @Override
    public String toString() {
        return "SqlToken[type=" + type + ", start=" + start + ", end=" + end + ", text=" + text() + ", unterminated="
                + unterminated + "]";
    }

    /**
     * What a token is.
     *
     * @since 0.1
     */
    public enum Type {
        /** Spaces, tabs, line feeds, carriage returns, form feeds and vertical tabs. */
        WHITESPACE,
        /** An unquoted identifier or keyword, such as {@code select} or {@code customers}. */
        WORD,
        /** A quoted identifier: {@code "…"}, and where the dialect has them {@code `…`} or {@code […]}. */
        QUOTED_IDENTIFIER,
        /** A string literal of any form: {@code '…'}, {@code E'…'}, {@code $$…$$}, {@code X'…'}. */
        STRING,
        /** A numeric literal, such as {@code 42}, {@code 1.5e3} or {@code 0xff}. */
        NUMBER,
        /** A parameter or variable, such as {@code ?}, {@code ?2}, {@code $1} or {@code :name}. */
        PARAMETER,
        /** A run of operator characters, such as {@code =}, {@code <>} or {@code ::}. */
        OPERATOR,
        /** One of {@code ( ) , . [ ] { }}. */
        PUNCTUATION,
        /** A {@code ;}, which ends a statement. */
        SEMICOLON,
        /** A line or block comment; the server ignores it. */
        COMMENT,
        /** A MySQL or MariaDB executable comment, {@code /*! … *}{@code /}; the server runs its content. */
        EXECUTABLE_COMMENT
    }
}
