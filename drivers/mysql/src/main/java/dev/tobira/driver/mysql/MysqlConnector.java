package dev.tobira.driver.mysql;

import static dev.tobira.driver.mysql.SessionStatements.run;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.jdbc.Connector;
import dev.tobira.jdbc.JdbcSession;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Opens Connector/J connections from checked parts ({@link MysqlTarget}) and gives every session
 * the SQL modes the guard's lexer assumes and UTC; a read-only connection's session is
 * {@code TRANSACTION READ ONLY} from the start.
 */
final class MysqlConnector implements Connector {
    @Override
    public Connection connect(ConnConfig config) throws SQLException {
        MysqlTarget target = MysqlTarget.of(MysqlDialect.NAME, config);
        Connection c = new org.mariadb.jdbc.Driver()
                .connect(
                        target.jdbcUrl(),
                        target.properties(config.connectTimeout()
                                .orElse(ConnConfig.DEFAULT_CONNECT_TIMEOUT)
                                .toMillis()));
        if (c == null) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT, MysqlDialect.NAME, "open", "Connector/J does not accept the DSN");
        }
        return c;
    }

    @Override
    public void initialize(JdbcSession session) throws SQLException {
        Connection connection = session.connection();
        MysqlTarget target = MysqlTarget.of(MysqlDialect.NAME, session.config());
        ConnectorJInternals.status(
                connection); // fails now, not at the first guarded statement, if the status flags cannot be read
        if (!target.database().isEmpty() && !target.databaseInUrl()) {
            run(connection, "USE " + MysqlQueries.quoteName(target.database()));
        }
        run(connection, SessionStatements.SESSION_DEFAULTS);
        if (session.readOnly()) {
            run(connection, "SET SESSION TRANSACTION READ ONLY");
        }
        session.get(MysqlSession.KEY); // a read-only session's literal settings, taken now that they are final
    }

    /** Says which server answered: {@code mariadb} or {@code mysql}, from the handshake (no round trip). */
    @Override
    public Optional<String> dialectName(JdbcSession session) throws SQLException {
        return Optional.of(ConnectorJInternals.isMariaDb(session.connection()) ? "mariadb" : "mysql");
    }
}
