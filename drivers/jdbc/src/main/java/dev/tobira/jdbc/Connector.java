package dev.tobira.jdbc;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.ErrorKind;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * Opens a dialect's connections: parses the DSN, hands the password to the vendor driver, and
 * prepares the new session. Only {@link #connect} is required.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface Connector {
    /**
     * Opens the JDBC connection for a configuration: parses the DSN, reveals
     * {@link ConnConfig#password()} to the vendor driver, honours {@link ConnConfig#connectTimeout()}
     * and, when {@link ConnConfig#readOnly()} is set, opens the connection the most read-only way the
     * database offers (a read-only file handle, a read-only session default). The password never
     * goes into a message: the base redacts it from every error, and a connector that builds its own
     * {@link dev.tobira.api.DriverException} must not quote it either.
     *
     * @param config the configuration; its scheme is one of the dialect's
     * @return the open connection, owned by the base from now on
     * @throws SQLException when the vendor driver fails; classified with op {@code open}
     * @throws dev.tobira.api.DriverException for what the connector classifies itself (a bad DSN is
     *     {@link ErrorKind#INVALID_ARGUMENT}, a missing database file {@link ErrorKind#NOT_FOUND})
     */
    Connection connect(ConnConfig config) throws SQLException;

    /**
     * Prepares a new session for use: session settings, limits, the read-only defaults of a
     * read-only connection, per-connection state the read-only mode needs from the start. Nothing by
     * default. If it throws, the base closes the connection.
     *
     * @param session the new session
     * @throws SQLException when the database fails; classified with op {@code open}
     */
    default void initialize(JdbcSession session) throws SQLException {}

    /**
     * Returns the server or engine version for {@link dev.tobira.api.ConnInfo#serverVersion()}; by
     * default {@link java.sql.DatabaseMetaData#getDatabaseProductVersion()}.
     *
     * @param session the session
     * @return the version, not empty, or empty if unknown
     * @throws SQLException when the database fails
     */
    default Optional<String> serverVersion(JdbcSession session) throws SQLException {
        String v = session.connection().getMetaData().getDatabaseProductVersion();
        return v == null || v.isEmpty() ? Optional.empty() : Optional.of(v);
    }

    /**
     * Returns the query language one connection speaks, where one driver serves servers of more than
     * one (MySQL and MariaDB); empty by default, for {@link JdbcDialect#dialectName()}.
     *
     * @param session the session
     * @return the language, or empty
     * @throws SQLException when the database fails
     */
    default Optional<String> dialectName(JdbcSession session) throws SQLException {
        return Optional.empty();
    }

    /**
     * Returns texts the redactor removes from every message of a connection, besides
     * {@link ConnConfig#password()} and the password of the DSN, which it always removes. Empty by
     * default; a connector adds tokens it took from options.
     *
     * @param config the configuration
     * @return the secrets
     */
    default List<String> secrets(ConnConfig config) {
        return List.of();
    }

    /**
     * Checks that the database answers, for {@code Conn.ping()}; by default
     * {@link Connection#isValid(int)}.
     *
     * @param session the session
     * @param timeoutSeconds how long to wait, at least 1
     * @return whether it answered
     * @throws SQLException when the check fails
     */
    default boolean ping(JdbcSession session, int timeoutSeconds) throws SQLException {
        return session.connection().isValid(timeoutSeconds);
    }
}
