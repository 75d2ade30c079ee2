package dev.tobira.spi.base;

/**
 * A driver's own state for one connection: its vendor client or session and where it goes. The
 * driver opens it in {@link Dialect#openSession}; the connection closes it last, after every
 * result it handed out.
 *
 * @since 0.1
 */
public interface Session extends AutoCloseable {
    /**
     * Checks that the database answers, within the connection's connect timeout.
     *
     * @throws dev.tobira.api.DriverException CONNECTION or TIMEOUT if it does not
     */
    void ping();

    /**
     * Tells whether the session is closed, by {@link #close()} or for good by the server, so that
     * every later call fails with {@link IllegalStateException}.
     *
     * @return whether it is closed
     */
    boolean isClosed();

    /**
     * Returns where the session goes, for {@code toString} and logs: host and port, a path or a
     * project, never a credential.
     *
     * @return the address
     */
    String address();

    /** Releases the client; idempotent, never throws. */
    @Override
    void close();
}
