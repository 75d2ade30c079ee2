package dev.tobira.mcp;

import java.io.IOException;
import java.io.Writer;

/**
 * A writer that keeps what is written as long as its UTF-8 size stays within a budget, and fails
 * with {@link Spent} as soon as it would pass it: a value larger than the budget is never held whole.
 */
final class Utf8Budget extends Writer {
    /** The budget ran out. */
    static final class Spent extends IOException {
        private static final long serialVersionUID = 1L;

        Spent() {
            super("over the byte budget");
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this; // thrown as a signal, maybe per row: no stack to fill
        }
    }

    private final StringBuilder text = new StringBuilder();
    private final long budget;
    private long used;
    private boolean spent;

    Utf8Budget(long budget) {
        this.budget = budget;
    }

    /** The UTF-8 size of a text. */
    static long bytes(CharSequence s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            n += bytes(s.charAt(i));
        }
        return n;
    }

    private static int bytes(char c) {
        // a surrogate pair is 4 bytes, 2 for each half
        return c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
    }

    boolean spent() {
        return spent;
    }

    @Override
    public void write(char[] cbuf, int off, int len) throws IOException {
        if (spent) {
            throw new Spent();
        }
        long n = used;
        for (int i = off; i < off + len; i++) {
            n += bytes(cbuf[i]);
        }
        if (n > budget) {
            spent = true;
            throw new Spent();
        }
        used = n;
        text.append(cbuf, off, len);
    }

    @Override
    public void write(String s, int off, int len) throws IOException {
        if (spent) {
            throw new Spent();
        }
        long n = used;
        for (int i = off; i < off + len; i++) {
            n += bytes(s.charAt(i));
        }
        if (n > budget) {
            spent = true;
            throw new Spent();
        }
        used = n;
        text.append(s, off, off + len);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}

    @Override
    public String toString() {
        return text.toString();
    }
}
