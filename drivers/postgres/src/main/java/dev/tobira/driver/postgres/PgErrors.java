package dev.tobira.driver.postgres;

import dev.tobira.api.ErrorKind;
import dev.tobira.jdbc.ErrorMapper;
import java.sql.SQLException;
import java.util.Optional;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/** PostgreSQL's SQLStates that the standard classes get wrong, and the server's own message without pgjdbc's decoration. */
final class PgErrors implements ErrorMapper {
    @Override
    public Optional<ErrorKind> classify(SQLException e) {
        String state = e.getSQLState();
        if ("08001".equals(state) && String.valueOf(e.getMessage()).contains("Connection attempt timed out")) {
            return Optional.of(ErrorKind.TIMEOUT); // pgjdbc's loginTimeout ran out: the server never answered
        }
        if (state == null) {
            return Optional.empty();
        }
        switch (state) {
            case "55P03": // lock_not_available
            case "55006": // object_in_use
            case "25P02": // in_failed_sql_transaction
            case "2BP01": // dependent_objects_still_exist
                return Optional.of(ErrorKind.CONFLICT);
            case "25001": // active_sql_transaction: cannot run inside a transaction block
                return Optional.of(ErrorKind.UNSUPPORTED);
            case "08004": // pgjdbc: the server asked for a password the configuration does not have
                return String.valueOf(e.getMessage()).contains("password")
                        ? Optional.of(ErrorKind.AUTH)
                        : Optional.empty();
            case "53300": // too_many_connections
            case "57P04": // database_dropped
                return Optional.of(ErrorKind.CONNECTION);
            default:
                break;
        }
        if (state.startsWith("54")) { // program_limit_exceeded
            return Optional.of(ErrorKind.INVALID_ARGUMENT);
        }
        return Optional.empty();
    }

    /** The server's primary message, with its hint; not the ERROR: prefix, the Position: line or the detail (which may quote row values). */
    @Override
    public String message(SQLException e) {
        if (e instanceof PSQLException p && p.getServerErrorMessage() != null) {
            ServerErrorMessage m = p.getServerErrorMessage();
            String text = m.getMessage() == null ? ErrorMapper.super.message(e) : m.getMessage();
            return m.getHint() == null ? text : text + " (hint: " + m.getHint() + ")";
        }
        String m = ErrorMapper.super.message(e);
        int line = m.indexOf('\n');
        return line < 0 ? m : m.substring(0, line).strip();
    }
}
