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
        try {
            return seen(super.read());
        } catch (IOException e) {
            ended.countDown(); // input that fails has ended too: the server must not wait on it
            throw e;
        }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        try {
            return seen(super.read(b, off, len));
        } catch (IOException e) {
            ended.countDown();
            throw e;
        }
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
