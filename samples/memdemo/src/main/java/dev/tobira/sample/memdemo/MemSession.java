package dev.tobira.sample.memdemo;

import dev.tobira.spi.base.Session;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** One connection's state: the store it reads, and a latch that a close from any thread releases. */
final class MemSession implements Session {
    private final String name;
    private final MemStore store;
    private final CountDownLatch closed = new CountDownLatch(1);

    MemSession(String name, MemStore store) {
        this.name = name;
        this.store = store;
    }

    MemStore store() {
        return store;
    }

    /** Waits up to millis; returns true at once when the connection closes meanwhile, so a close cancels a wait. */
    boolean awaitClose(long millis) throws InterruptedException {
        return closed.await(millis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void ping() {
        // the store lives in this JVM: it always answers
    }

    @Override
    public boolean isClosed() {
        return closed.getCount() == 0;
    }

    @Override
    public String address() {
        return MemdemoDriver.NAME + ":" + name;
    }

    @Override
    public void close() {
        closed.countDown();
    }
}
