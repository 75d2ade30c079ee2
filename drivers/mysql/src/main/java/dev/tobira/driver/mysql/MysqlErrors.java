package dev.tobira.driver.mysql;

import dev.tobira.api.ErrorKind;
import dev.tobira.jdbc.ErrorMapper;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/** MySQL's and MariaDB's error codes as error kinds, and Connector/J's messages without their connection prefix. */
final class MysqlErrors implements ErrorMapper {
    private static final Pattern CONN_PREFIX = Pattern.compile("^\\(conn=\\d+\\)\\s*");

    @Override
    public Optional<ErrorKind> classify(SQLException e) {
        switch (e.getErrorCode()) {
            case 1792: // cannot execute statement in a READ ONLY transaction
            case 1836: // running in read-only mode
                return Optional.of(ErrorKind.READ_ONLY);
            case 1290: // the server is running with --read-only, --secure-file-priv, …
                String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
                return Optional.of(
                        m.contains("read-only") || m.contains("read_only")
                                ? ErrorKind.READ_ONLY
                                : ErrorKind.PERMISSION);
            case 1045: // access denied (bad user or password)
            case 1698: // access denied (auth plugin)
            case 1130: // host not allowed to connect
            case 1251: // client does not support the authentication protocol
            case 1862: // password expired
            case 1820: // must reset password
                return Optional.of(ErrorKind.AUTH);
            case 1044: // access denied to database
            case 1142: // command denied on table
            case 1143: // column access denied
            case 1227: // needs SUPER or another privilege
            case 1370: // command denied on routine
            case 1095: // not the owner of the thread
            case 1419: // SUPER needed for a routine with binary logging on
                return Optional.of(ErrorKind.PERMISSION);
            case 1049: // unknown database
            case 1146: // table does not exist
            case 1051: // unknown table
            case 1054: // unknown column
            case 1109: // unknown table in a multi-table statement
            case 1176: // key does not exist
            case 1305: // function or procedure does not exist
            case 1630: // function does not exist (with a space before the parenthesis)
            case 1091: // cannot drop a field or key that does not exist
            case 4089: // sequence does not exist (MariaDB)
            case 1193: // unknown system variable
                return Optional.of(ErrorKind.NOT_FOUND);
            case 1064: // syntax error
            case 1149: // syntax error
                return Optional.of(ErrorKind.SYNTAX);
            case 1205: // lock wait timeout
            case 1213: // deadlock
                return Optional.of(ErrorKind.CONFLICT);
            case 1062: // duplicate key
            case 1451: // foreign key: row is referenced
            case 1452: // foreign key: no parent row
            case 1048: // column cannot be null
            case 3819: // MySQL check constraint violated
            case 4025: // MariaDB CONSTRAINT failed
                return Optional.of(ErrorKind.CONSTRAINT);
            case 1317: // query interrupted
                return Optional.of(ErrorKind.CANCELLED);
            case 1969: // MariaDB max_statement_time exceeded
            case 3024: // MySQL max_execution_time exceeded
                return Optional.of(ErrorKind.TIMEOUT);
            case 1040: // too many connections
            case 1129: // host blocked
            case 1053: // server shutdown in progress
            case 2002: // cannot connect through socket
            case 2003: // cannot connect to server
            case 2006: // server has gone away
            case 2013: // lost connection during query
                return Optional.of(ErrorKind.CONNECTION);
            case 1235: // not supported yet
                return Optional.of(ErrorKind.UNSUPPORTED);
            default:
                return Optional.empty();
        }
    }

    /** Connector/J's {@code (conn=42) Table 'x' doesn't exist} becomes {@code Table 'x' doesn't exist}. */
    @Override
    public String message(SQLException e) {
        return CONN_PREFIX.matcher(ErrorMapper.super.message(e)).replaceFirst("");
    }
}
