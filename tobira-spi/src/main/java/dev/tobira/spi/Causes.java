package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import java.net.SocketTimeoutException;
import java.util.concurrent.TimeoutException;

/**
 * What a vendor client's failure chain says about its cause, read the same way by every driver.
 *
 * @since 0.1
 */
public final class Causes {
    /** Chains longer than this are cut: a cycle or a pathological chain cannot hold a driver up. */
    private static final int MAX_DEPTH = 32;

    private Causes() {}

    /**
     * Tells whether a failure ran out of time rather than being refused: somewhere in its chain
     * of causes (and suppressed exceptions of the first) stands a {@link SocketTimeoutException},
     * a {@link TimeoutException} or an exception whose class name ends in
     * {@code TimeoutException} ({@code java.sql.SQLTimeoutException}, Lettuce's
     * {@code RedisCommandTimeoutException}, Netty's {@code ConnectTimeoutException}). A server
     * that accepts a connection and never answers fails this way, and is a
     * {@link dev.tobira.api.ErrorKind#TIMEOUT}, not a refused connection.
     *
     * @param failure the failure
     * @return whether it timed out
     * @throws NullPointerException if failure is null
     */
    public static boolean timedOut(Throwable failure) {
        requireNonNull(failure, "failure is null");
        Throwable t = failure;
        for (int depth = 0; t != null && depth < MAX_DEPTH; depth++) {
            if (isTimeout(t)) {
                return true;
            }
            if (depth == 0) {
                for (Throwable s : t.getSuppressed()) {
                    if (isTimeout(s)) {
                        return true;
                    }
                }
            }
            t = t.getCause() == t ? null : t.getCause();
        }
        return false;
    }

    private static boolean isTimeout(Throwable t) {
        return t instanceof SocketTimeoutException
                || t instanceof TimeoutException
                || t.getClass().getSimpleName().endsWith("TimeoutException");
    }
}
