package dev.tobira.driver.mysql;

import dev.tobira.jdbc.JdbcSession;
import dev.tobira.jdbc.Literals;
import dev.tobira.jdbc.Statements;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/** Parameters placed by tobira's lexer rather than Connector/J's, and a result abandoned by killing its query. */
final class MysqlStatements implements Statements {
    /**
     * Parameters are written into the text by the base, at the placeholders tobira's lexer finds:
     * Connector/J's client-side prepared statements would paste them in at the positions its own
     * parser finds, which reads comments differently from the server (for it {@code /*}{@code /}
     * opens and closes a comment, and {@code --} needs no space after it), so a value could land
     * where the server reads code. The text then runs on a plain statement without Connector/J's
     * escape processing, whose parser disagrees with the server's in the same ways and rewrites
     * {@code {…}} escapes. Read as the session reads text now: backslash escapes unless the status
     * flags say {@code NO_BACKSLASH_ESCAPES} (which no guarded statement runs under).
     */
    @Override
    public Optional<Literals> literals(JdbcSession session) throws SQLException {
        return Optional.of(MysqlLiterals.of(
                ConnectorJInternals.status(session.connection()).noBackslashEscapes()));
    }

    /**
     * Connector/J's close of a streamed result reads and discards every row the server has not
     * sent yet (a million rows, for a caller that wanted three). So the query is killed first:
     * {@code KILL QUERY} from a short side connection, which returns once the server has taken
     * it, and the close then reads only the rows already on their way. {@code Statement.cancel()}
     * would do nothing here, as Connector/J cancels only while a call is running on the statement.
     * A session whose query is already over ignores the kill: the server drops it when the
     * session's next command starts.
     */
    @Override
    public void abandon(JdbcSession session, Statement statement) throws SQLException {
        Connection connection = statement.getConnection();
        if (!connection.isClosed()) { // a connection that broke has no query left to kill, and no server to ask
            ConnectorJInternals.killRunningQuery(connection);
        }
    }
}
