package dev.tobira.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Splits a byte stream into lines ended by {@code \n} (a {@code \r} before it is dropped), holding
 * at most a cap of bytes: the rest of a longer line is read and thrown away, and the line is
 * reported as too long. The last line may end without a newline. Not thread-safe.
 */
final class LineReader {
    /** One line: its bytes are {@code bytes()[0, length())}, valid until the next call. */
    // the reader reuses one buffer for every line on purpose: no copy per line
    @SuppressWarnings("ArrayRecordComponent")
    record Line(byte[] bytes, int length, boolean tooLong) {}

    private final InputStream in;
    private final int max;
    private final byte[] buf = new byte[64 * 1024];
    private int pos;
    private int len;
    private byte[] line = new byte[4096];
    private int size;
    private boolean overflow;

    LineReader(InputStream in, int max) {
        this.in = in;
        this.max = max;
    }

    /** Returns the next line, or null at the end of input. */
    @Nullable
    Line next() throws IOException {
        size = 0;
        overflow = false;
        boolean any = false;
        while (true) {
            if (pos == len) {
                int n = in.read(buf, 0, buf.length);
                if (n < 0) {
                    pos = len = 0;
                    return any ? finish() : null;
                }
                pos = 0;
                len = n;
            }
            int start = pos;
            while (pos < len && buf[pos] != '\n') {
                pos++;
            }
            any |= pos > start;
            append(start, pos - start);
            if (pos < len) {
                pos++; // the newline
                return finish();
            }
        }
    }

    private void append(int from, int n) {
        if (overflow || n == 0) {
            return;
        }
        if (size + n > max) {
            overflow = true;
            size = 0;
            if (line.length > 1 << 16) {
                line = new byte[4096]; // do not keep a large buffer for a line that is thrown away
            }
            return;
        }
        if (size + n > line.length) {
            line = Arrays.copyOf(line, Math.min(max, Math.max(size + n, line.length * 2)));
        }
        System.arraycopy(buf, from, line, size, n);
        size += n;
    }

    private Line finish() {
        if (overflow) {
            return new Line(line, 0, true);
        }
        int n = size;
        if (n > 0 && line[n - 1] == '\r') {
            n--;
        }
        return new Line(line, n, false);
    }
}
