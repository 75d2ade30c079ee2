package dev.tobira.mcp;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CountDownLatch;

/** Standard input that tells when it ended: the client closed it, so the stdio server is done. */
final class EndOfInput extends FilterInputStream {
    private final CountDownLatch ended = new CountDownLatch(1);

    EndOfInput(InputStream in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        return seen(super.read());
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        return seen(super.read(b, off, len));
    }

    private int seen(int n) {
        if (n < 0) {
            ended.countDown();
        }
        return n;
    }

    void await() throws InterruptedException {
        ended.await();
    }

    void end() {
        ended.countDown();
    }
}
