package dev.tobira.jdbc;

import dev.tobira.spi.Nullable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What runs on one connection right now, for a close from another thread: the statement being
 * executed and the results still open. Once closed, a result that opens is closed at once and a
 * statement that has not started never starts.
 */
final class InFlight {
    private final AtomicBoolean closed = new AtomicBoolean();
    private final List<Execution.Result> open = new ArrayList<>(1); // guarded by itself: close comes from any thread
    private volatile @Nullable Execution executing;

    boolean closed() {
        return closed.get();
    }

    void executing(@Nullable Execution e) {
        executing = e;
    }

    void opened(Execution.Result result) {
        synchronized (open) {
            open.add(result);
        }
        if (closed.get()) {
            result.close();
        }
    }

    void released(Execution.Result result) {
        synchronized (open) {
            open.remove(result); // by identity: a result is equal only to itself
        }
    }

    /**
     * Marks the connection closed, cancels the statement in flight and closes the open results.
     *
     * @return false if it was closed already
     */
    boolean close() {
        if (!closed.compareAndSet(false, true)) {
            return false;
        }
        Execution running = executing;
        if (running != null) {
            running.cancel();
        }
        List<Execution.Result> results;
        synchronized (open) {
            results = List.copyOf(open);
        }
        for (Execution.Result r : results) {
            r.close();
        }
        return true;
    }
}
