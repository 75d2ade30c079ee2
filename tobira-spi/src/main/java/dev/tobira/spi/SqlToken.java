package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

/**
 * One token of SQL text, as {@link SqlLexer} splits it: its type, its span {@code [start, end)} in
 * the text, and the text of that span. The tokens of a text tile it: each starts where the previous
 * one ends, and together they cover every character.
 *
 * @param type what the token is
 * @param start the index of its first character in the text
 * @param end the index after its last character
 * @param text the characters of the span, quotes and comment markers included
 * @param unterminated whether the string, quoted identifier or comment runs to the end of the text
 *     without its closing quote or marker; only the last token can be
 * @since 0.1
 */
public record SqlToken(Type type, int start, int end, String text, boolean unterminated) {

    /**
     * Checks the span.
     *
     * @param type see {@link #type()}
     * @param start see {@link #start()}
     * @param end see {@link #end()}
     * @param text see {@link #text()}
     * @param unterminated see {@link #unterminated()}
     * @throws NullPointerException if type or text is null
     * @throws IllegalArgumentException if the span is negative or does not match the text's length
     */
    public SqlToken {
        requireNonNull(type, "type is null");
        requireNonNull(text, "text is null");
        if (start < 0 || end - start != text.length()) {
            throw new IllegalArgumentException("span [" + start + ", " + end + ") does not hold "
                    + text.length() + " characters");
        }
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
        return type == Type.WORD ? Ascii.upper(text) : text;
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
