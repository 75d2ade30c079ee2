package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Capability;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.Driver;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.Redactor;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Set;

/**
 * The {@link Driver} of a JDBC database, made of its {@link JdbcDialect}. A driver module's public
 * class is one line on top of it:
 *
 * <pre>{@code
 * public final class SqliteDriver extends JdbcDriver {
 *     public SqliteDriver() {
 *         super(new SqliteDialect());
 *     }
 * }
 * }</pre>
 *
 * <p>{@link #open(ConnConfig)} checks the scheme, opens and initialises the connection with the
 * dialect's {@link Connector}, and returns a connection whose queries pass the dialect's
 * {@link JdbcDialect#guard() guard}, run inside its read-only mode and stream their rows; it offers
 * exactly the facets of {@link JdbcDialect#declared()}. Stateless and thread-safe.
 *
 * @since 0.1
 */
public abstract class JdbcDriver implements Driver {
    private final Dialect dialect;

    /**
     * Creates the driver of a dialect, asking it for its collaborators once.
     *
     * @param dialect the dialect
     * @throws NullPointerException if dialect is null, or one of its collaborators is
     * @throws IllegalArgumentException if its guard is another driver's
     */
    protected JdbcDriver(JdbcDialect dialect) {
        this.dialect = Dialect.of(requireNonNull(dialect, "dialect is null"));
    }

    @Override
    public final String name() {
        return dialect.name();
    }

    @Override
    public final Set<String> schemes() {
        return dialect.schemes();
    }

    @Override
    public final Set<Capability> declared() {
        return dialect.declared();
    }

    /**
     * Opens a connection.
     *
     * @param config where and how to connect
     * @return the open connection; the caller closes it
     * @throws NullPointerException if config is null
     * @throws DriverException INVALID_ARGUMENT for a scheme this driver does not open or a bad DSN,
     *     or what the dialect and the database report, classified and redacted
     */
    @Override
    public final Conn open(ConnConfig config) {
        requireNonNull(config, "config is null");
        if (!dialect.schemes().contains(config.scheme())) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    dialect.name(),
                    "open",
                    "the " + dialect.name() + " driver does not open DSNs of scheme \"" + config.scheme() + "\"");
        }
        Redactor redactor = SqlErrors.redactor(dialect, config);
        SqlErrors errors = new SqlErrors(dialect, redactor);
        Connection connection;
        try {
            connection = dialect.connector().connect(config);
        } catch (SQLException | RuntimeException e) {
            throw rethrow(errors, e);
        }
        if (connection == null) {
            throw new NullPointerException(dialect + ": the connector returned no connection");
        }
        JdbcSession session = new JdbcSession(dialect, connection, config);
        try {
            Connector connector = dialect.connector();
            connector.initialize(session);
            Optional<String> serverVersion = requireNonNull(connector.serverVersion(session), "serverVersion is null");
            String language = requireNonNull(connector.dialectName(session), "dialectName is null")
                    .orElse(dialect.dialectName());
            ConnInfo info = ConnInfo.of(dialect.name(), dialect.model(), language);
            if (serverVersion.isPresent()) {
                info = info.withServerVersion(serverVersion.get());
            }
            return new JdbcConn(new Runner(dialect, session, errors), info);
        } catch (SQLException | RuntimeException e) {
            session.close();
            try {
                connection.close();
            } catch (SQLException | RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw rethrow(errors, e);
        }
    }

    private static RuntimeException rethrow(SqlErrors errors, Exception e) {
        if (e instanceof RuntimeException r && !(r instanceof DriverException)) {
            return r;
        }
        return errors.map(e, "open", false);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + name() + "]";
    }
}
