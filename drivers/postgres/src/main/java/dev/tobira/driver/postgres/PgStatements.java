package dev.tobira.driver.postgres;

import dev.tobira.jdbc.Call;
import dev.tobira.jdbc.JdbcSession;
import dev.tobira.jdbc.Statements;
import java.sql.SQLException;
import java.sql.Statement;
import org.postgresql.PGConnection;

/** pgjdbc's statements: a capped read fetched whole, everything else streamed; cancels on the connection. */
final class PgStatements implements Statements {
    /**
     * A capped read is fetched whole in its one flight, on pgjdbc's unnamed portal: a fetch size
     * would make it a named one, which the flight's own ROLLBACK closes under the result.
     */
    @Override
    public void configure(Statement statement, Call call) throws SQLException {
        if (CappedRead.applies(call)) {
            statement.setFetchSize(0);
        } else {
            Statements.super.configure(statement, call);
        }
    }

    /**
     * pgjdbc's {@code Statement.cancel()} does nothing once {@code execute()} has returned, so a
     * fetch of the next batch of a streamed result would wait for the server (a {@code pg_sleep}
     * in the second batch kept a closed result's reader blocked for its whole length): the cancel
     * request goes for the connection's running query instead.
     */
    @Override
    public void cancel(JdbcSession session, Statement statement) throws SQLException {
        cancelRunning(session);
    }

    /** Sends the server a cancel request for whatever the session's connection runs now. */
    static void cancelRunning(JdbcSession session) throws SQLException {
        session.connection().unwrap(PGConnection.class).cancelQuery();
    }
}
