package dev.tobira.driver.sqlite;

import dev.tobira.api.ErrorKind;
import dev.tobira.jdbc.ErrorMapper;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** SQLite's primary result codes, which sqlite-jdbc reports without a SQLState, and its message decoration. */
final class SqliteErrors implements ErrorMapper {
    /**
     * sqlite-jdbc's form: the code, SQLite's fixed description of it, and the detail in parentheses.
     * A description may hold "()" ({@code Operation terminated by sqlite3_interrupt()}) but never
     * " (", which opens the detail; the detail may hold parentheses and quotes of its own.
     */
    private static final Pattern VENDOR_MESSAGE =
            Pattern.compile("^\\[SQLITE_[A-Z_]+\\][^\\n]*? \\((.*)\\)\\s*$", Pattern.DOTALL);

    @Override
    public Optional<ErrorKind> classify(SQLException e) {
        int code = e.getErrorCode() & 0xff;
        String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        switch (code) {
            case 1: // SQLITE_ERROR
                if (message.contains("no such ")) {
                    return Optional.of(ErrorKind.NOT_FOUND);
                }
                if (message.contains("not authorized")) {
                    return Optional.of(ErrorKind.PERMISSION);
                }
                if (message.contains("too many attached databases - max 0")) {
                    return Optional.of(ErrorKind.READ_ONLY); // the limit only read-only connections set
                }
                return Optional.of(ErrorKind.SYNTAX);
            case 3: // SQLITE_PERM
            case 23: // SQLITE_AUTH
                return Optional.of(ErrorKind.PERMISSION);
            case 4: // SQLITE_ABORT
            case 5: // SQLITE_BUSY
            case 6: // SQLITE_LOCKED
            case 17: // SQLITE_SCHEMA
                return Optional.of(ErrorKind.CONFLICT);
            case 19: // SQLITE_CONSTRAINT: it fails the same way when retried
                return Optional.of(ErrorKind.CONSTRAINT);
            case 8: // SQLITE_READONLY
                return Optional.of(ErrorKind.READ_ONLY);
            case 9: // SQLITE_INTERRUPT
                return Optional.of(ErrorKind.CANCELLED);
            case 12: // SQLITE_NOTFOUND
            case 14: // SQLITE_CANTOPEN
                return Optional.of(ErrorKind.NOT_FOUND);
            case 20: // SQLITE_MISMATCH: a value of the wrong type
                return Optional.of(ErrorKind.DATA);
            case 18: // SQLITE_TOOBIG: the statement itself, or a value it made, too big
            case 25: // SQLITE_RANGE
            case 26: // SQLITE_NOTADB
                return Optional.of(ErrorKind.INVALID_ARGUMENT);
            case 2: // SQLITE_INTERNAL
            case 7: // SQLITE_NOMEM
            case 10: // SQLITE_IOERR
            case 11: // SQLITE_CORRUPT
            case 13: // SQLITE_FULL
            case 21: // SQLITE_MISUSE
                return Optional.of(ErrorKind.INTERNAL);
            default:
                return Optional.empty();
        }
    }

    /** sqlite-jdbc's {@code [SQLITE_ERROR] SQL error or missing database (no such table: x)} becomes {@code no such table: x}. */
    @Override
    public String message(SQLException e) {
        String m = ErrorMapper.super.message(e);
        Matcher matcher = VENDOR_MESSAGE.matcher(m);
        return matcher.matches() && !matcher.group(1).isBlank()
                ? matcher.group(1).strip()
                : m;
    }
}
