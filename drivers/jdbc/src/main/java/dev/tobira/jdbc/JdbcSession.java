package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.ConnConfig;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One open connection as a dialect's collaborators see it: the JDBC connection, its configuration,
 * and the only place a dialect keeps per-connection state. The base opens a session right after
 * {@link Connector#connect}, passes it to every collaborator, and closes it with the connection;
 * collaborators themselves stay stateless.
 *
 * <p>State is kept under a {@link Key}: the first {@link #get} creates it with the key's
 * initializer, later ones return the same object. A state that is {@link AutoCloseable} is closed
 * when the session closes, and no state is made after that. Calls on one session come from one
 * thread at a time, except a close from another thread, which cancels the statement in flight,
 * closes the statement's scope and then the session; the state map is safe for both.
 *
 * @since 0.1
 */
public final class JdbcSession {
    private static final System.Logger LOG = System.getLogger(JdbcSession.class.getName());

    private final Dialect dialect;
    private final String driver;
    private final Connection connection;
    private final ConnConfig config;
    private final Map<Key<?>, Object> state = new ConcurrentHashMap<>(4);
    private volatile boolean closed;

    JdbcSession(Dialect dialect, Connection connection, ConnConfig config) {
        this.dialect = dialect;
        this.driver = dialect.name();
        this.connection = requireNonNull(connection, "connection is null");
        this.config = requireNonNull(config, "config is null");
    }

    /**
     * Returns the driver's name, for messages.
     *
     * @return the name, such as {@code postgres}
     */
    public String driver() {
        return driver;
    }

    /**
     * Returns the JDBC connection. Collaborators must not close it, nor keep it beyond the call.
     *
     * @return the connection
     */
    public Connection connection() {
        return connection;
    }

    /**
     * Returns the configuration the connection was opened with.
     *
     * @return the configuration
     */
    public ConnConfig config() {
        return config;
    }

    /**
     * Tells whether the connection is read-only, so every call on it is guarded.
     *
     * @return {@link ConnConfig#readOnly()}
     */
    public boolean readOnly() {
        return config.readOnly();
    }

    /**
     * Returns this session's state under a key, created by the key's initializer on first use.
     *
     * @param <T> the state's type
     * @param key the key
     * @return the state, never null
     * @throws SQLException when the initializer fails; nothing is kept then
     * @throws IllegalStateException if the session is closed and the state was not made before
     */
    public <T> T get(Key<T> key) throws SQLException {
        requireNonNull(key, "key is null");
        Object v = state.get(key);
        if (v == null) {
            if (closed) {
                // a close from another thread got here first: nothing may be made on a closing connection
                throw new IllegalStateException("the connection is closed");
            }
            T created =
                    requireNonNull(key.initializer.create(this), () -> "the initializer of " + key + " returned null");
            Object raced = state.putIfAbsent(key, created);
            v = raced == null ? created : raced;
        }
        return key.type.cast(v);
    }

    /**
     * Returns this session's state under a key if it has been created, without creating it: for
     * what only needs forgetting when it exists (a cache told that the schema may have changed).
     *
     * @param <T> the state's type
     * @param key the key
     * @return the state, or empty
     */
    public <T> java.util.Optional<T> find(Key<T> key) {
        requireNonNull(key, "key is null");
        return java.util.Optional.ofNullable(state.get(key)).map(key.type::cast);
    }

    /** The collaborators of the session's dialect, for the base's defaults. */
    Dialect dialect() {
        return dialect;
    }

    /** Closes the states that hold resources; failures are logged. */
    void close() {
        closed = true;
        List<Object> values = new ArrayList<>(state.values());
        state.clear();
        for (Object v : values) {
            if (v instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception e) {
                    LOG.log(System.Logger.Level.DEBUG, "closing session state failed", e);
                }
            }
        }
    }

    @Override
    public String toString() {
        return "JdbcSession[" + driver + (readOnly() ? ", read-only" : "") + "]";
    }

    /**
     * Creates the state of a key for one session.
     *
     * @param <T> the state's type
     * @since 0.1
     */
    @FunctionalInterface
    public interface Initializer<T> {
        /**
         * Creates the state.
         *
         * @param session the session it belongs to
         * @return the state, not null
         * @throws SQLException when the database fails
         */
        T create(JdbcSession session) throws SQLException;
    }

    /**
     * The name of one piece of per-connection state; compared by identity, so a dialect holds its
     * keys in static final fields.
     *
     * @param <T> the state's type
     * @since 0.1
     */
    public static final class Key<T> {
        private final String name;
        private final Class<T> type;
        private final Initializer<? extends T> initializer;

        private Key(String name, Class<T> type, Initializer<? extends T> initializer) {
            this.name = requireNonNull(name, "name is null");
            this.type = requireNonNull(type, "type is null");
            this.initializer = requireNonNull(initializer, "initializer is null");
        }

        /**
         * Creates a key.
         *
         * @param <T> the state's type
         * @param name what the state is, for messages
         * @param type the state's class
         * @param initializer creates the state on first use
         * @return the key
         */
        public static <T> Key<T> of(String name, Class<T> type, Initializer<? extends T> initializer) {
            return new Key<>(name, type, initializer);
        }

        @Override
        public String toString() {
            return "Key[" + name + "]";
        }
    }
}
