package dev.tobira.spi;

import java.util.Arrays;

/**
 * The tokens of one text as two arrays, a type and a boundary per token, so that lexing and the
 * guard's questions create no object per token; {@link SqlToken}s are made only when asked for.
 * {@link SqlLexer} fills an instance, which never changes once it is handed to {@link SqlScan}.
 */
final class Tokens {
    static final byte WHITESPACE = kind(SqlToken.Type.WHITESPACE);
    static final byte WORD = kind(SqlToken.Type.WORD);
    static final byte QUOTED_IDENTIFIER = kind(SqlToken.Type.QUOTED_IDENTIFIER);
    static final byte STRING = kind(SqlToken.Type.STRING);
    static final byte NUMBER = kind(SqlToken.Type.NUMBER);
    static final byte PARAMETER = kind(SqlToken.Type.PARAMETER);
    static final byte OPERATOR = kind(SqlToken.Type.OPERATOR);
    static final byte PUNCTUATION = kind(SqlToken.Type.PUNCTUATION);
    static final byte SEMICOLON = kind(SqlToken.Type.SEMICOLON);
    static final byte COMMENT = kind(SqlToken.Type.COMMENT);
    static final byte EXECUTABLE_COMMENT = kind(SqlToken.Type.EXECUTABLE_COMMENT);

    private static final SqlToken.Type[] TYPES = SqlToken.Type.values();

    final String sql;
    private byte[] kinds;
    /** {@code bounds[i]} is where token i starts, {@code bounds[i + 1]} where it ends. */
    private int[] bounds;

    private int count;
    private boolean unterminated;
    private boolean executable;

    Tokens(String sql) {
        this.sql = sql;
        // SQL averages two to six characters a token; growing past the guess copies the arrays
        int capacity = sql.length() / 4 + 8;
        this.kinds = new byte[capacity];
        this.bounds = new int[capacity + 1];
    }

    private static byte kind(SqlToken.Type type) {
        return (byte) type.ordinal();
    }

    /** Appends the token that ends at {@code end}; it starts where the previous one ended. */
    void add(byte kind, int end) {
        if (count == kinds.length) {
            int capacity = count + (count >> 1) + 16;
            kinds = Arrays.copyOf(kinds, capacity);
            bounds = Arrays.copyOf(bounds, capacity + 1);
        }
        kinds[count] = kind;
        bounds[++count] = end;
    }

    /** Notes that the text holds an executable comment. */
    void markExecutable() {
        executable = true;
    }

    /** Marks the last token as running to the end of the text unclosed. */
    void markUnterminated() {
        unterminated = true;
    }

    int count() {
        return count;
    }

    byte kind(int i) {
        return kinds[i];
    }

    SqlToken.Type type(int i) {
        return TYPES[kinds[i]];
    }

    int start(int i) {
        return bounds[i];
    }

    int end(int i) {
        return bounds[i + 1];
    }

    /** As {@link SqlToken#significant()}. */
    boolean significant(int i) {
        byte k = kinds[i];
        return k != WHITESPACE && k != COMMENT;
    }

    /** Tells whether token i is the one-character punctuation {@code c}. */
    boolean isPunctuation(int i, char c) {
        return kinds[i] == PUNCTUATION && sql.charAt(bounds[i]) == c;
    }

    boolean lastUnterminated() {
        return unterminated;
    }

    boolean hasExecutableComment() {
        return executable;
    }

    SqlToken token(int i) {
        return SqlToken.span(sql, type(i), bounds[i], bounds[i + 1], unterminated && i == count - 1);
    }
}
