package dev.tobira.driver.duckdb;

import dev.tobira.api.ErrorKind;
import dev.tobira.jdbc.ErrorMapper;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/** DuckDB's errors: it reports no SQLState, and its messages begin with the error class. */
final class DuckdbErrors implements ErrorMapper {
    private static final Pattern VENDOR_LINE = Pattern.compile("\\s*\\n\\s*LINE \\d+:.*", Pattern.DOTALL);

    @Override
    public Optional<ErrorKind> classify(SQLException e) {
        String m = String.valueOf(e.getMessage());
        String lower = m.toLowerCase(Locale.ROOT);
        if (m.startsWith("IO Error") && lower.contains("does not exist")) {
            return Optional.of(ErrorKind.NOT_FOUND);
        }
        if (lower.contains("read-only mode")
                || lower.contains("disabled by configuration")
                || lower.contains("configuration has been locked")
                || lower.contains("cannot launch in-memory database in read-only")) {
            return Optional.of(ErrorKind.READ_ONLY);
        }
        if (lower.contains("different configuration than existing connections")
                || lower.contains("could not set lock on file")
                || lower.contains("unique file handle conflict")) {
            return Optional.of(ErrorKind.CONFLICT);
        }
        if (lower.contains("parameter index out of bounds")
                || lower.contains("values were not provided for the following prepared statement parameters")) {
            return Optional.of(ErrorKind.INVALID_ARGUMENT); // placeholders and parameters do not match
        }
        if (m.startsWith("Parser Error")) {
            return Optional.of(ErrorKind.SYNTAX);
        }
        if (m.startsWith("Catalog Error") || m.startsWith("Binder Error")) {
            if (lower.contains("does not exist")
                    || lower.contains("not found")
                    || lower.matches("(?s).*\\bno\\b.*\\bfound\\b.*")) {
                return Optional.of(ErrorKind.NOT_FOUND);
            }
            return Optional.of(lower.contains("already exists") ? ErrorKind.CONFLICT : ErrorKind.SYNTAX);
        }
        if (m.startsWith("Constraint Error")) {
            return Optional.of(ErrorKind.CONSTRAINT);
        }
        if (m.startsWith("TransactionContext Error") || m.startsWith("Dependency Error")) {
            return Optional.of(ErrorKind.CONFLICT);
        }
        if (m.startsWith("Conversion Error")
                || m.startsWith("Out of Range Error")
                || m.startsWith("Invalid Input Error")
                || m.startsWith("Invalid Type Error")
                || m.startsWith("Mismatch Type Error")) {
            return Optional.of(ErrorKind.INVALID_ARGUMENT);
        }
        if (m.startsWith("INTERRUPT Error")) {
            return Optional.of(ErrorKind.CANCELLED);
        }
        if (m.startsWith("Permission Error")) {
            return Optional.of(ErrorKind.PERMISSION);
        }
        if (m.startsWith("Not implemented Error") || m.startsWith("Extension Autoloading Error")) {
            return Optional.of(ErrorKind.UNSUPPORTED);
        }
        if (m.startsWith("IO Error")) {
            return Optional.of(ioError(lower));
        }
        if (lower.contains("connection was closed") || lower.contains("connection is closed")) {
            return Optional.of(ErrorKind.CONNECTION);
        }
        return Optional.empty();
    }

    private static ErrorKind ioError(String lower) {
        if (lower.contains("not a valid duckdb database file") || lower.contains("is a directory")) {
            return ErrorKind.INVALID_ARGUMENT;
        }
        if (lower.contains("does not exist") || lower.contains("no such file")) {
            return ErrorKind.NOT_FOUND;
        }
        return ErrorKind.INTERNAL;
    }

    /** One line: the query excerpt and caret DuckDB appends after {@code LINE n:} are dropped. */
    @Override
    public String message(SQLException e) {
        String m = VENDOR_LINE.matcher(ErrorMapper.super.message(e)).replaceFirst("");
        if (m.contains("different configuration than existing connections")) {
            m += " (this process holds the file open in the other mode; DuckDB allows one configuration per file"
                    + " per process, so close the writable connections before opening it read-only, or the other way round)";
        }
        if (m.contains("file system operations are disabled by configuration")) {
            // duckdb_extensions() among them: it lists the extension directory to say what is installed
            m += " (a read-only connection runs with enable_external_access=false, so nothing may touch the file"
                    + " system, listing the extension directory included; ask a writable connection)";
        }
        return m.replaceAll("\\s*\\n\\s*", " ").strip();
    }
}
