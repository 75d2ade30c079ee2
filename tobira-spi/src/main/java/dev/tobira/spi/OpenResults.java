package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The results and feeds a connection has handed out and not yet seen closed, so that closing the
 * connection closes them, from any thread. A result that registers after the close is closed at
 * once. A result removes itself when it is closed ({@link #remove}).
 *
 * @since 0.1
 */
public final class OpenResults {
    private static final System.Logger LOG = System.getLogger(OpenResults.class.getName());

    private final Set<AutoCloseable> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    /** Creates an empty registry. */
    public OpenResults() {}

    /**
     * Registers an open result; closes it at once when the connection is already closed.
     *
     * @param <T> the result's type
     * @param result the result
     * @return the result
     * @throws NullPointerException if result is null
     */
    public <T extends AutoCloseable> T add(T result) {
        open.add(requireNonNull(result, "result is null"));
        if (closed) {
            closeQuietly(result);
        }
        return result;
    }

    /**
     * Forgets a result that closed itself.
     *
     * @param result the result
     */
    public void remove(AutoCloseable result) {
        open.remove(result);
    }

    /** Closes every registered result, best effort, and every one registered from now on. */
    public void closeAll() {
        closed = true;
        for (AutoCloseable c : List.copyOf(open)) {
            closeQuietly(c);
        }
        open.clear();
    }

    /**
     * Returns how many results are open; for tests.
     *
     * @return the count
     */
    public int size() {
        return open.size();
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // closing is best effort; the connection goes regardless
            LOG.log(System.Logger.Level.DEBUG, "closing a result with its connection failed", e);
        }
    }
}
