package dev.tobira.jdbc;

import dev.tobira.api.ErrorKind;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Turns a vendor's exceptions into tobira's errors. The base walks the chain
 * ({@link SQLException#getNextException()} and causes), asks {@link #classify} of each exception
 * before it falls back to the SQLState classes, redacts {@link #message} and throws a
 * {@link dev.tobira.api.DriverException} with the vendor exception as its cause.
 *
 * @since 0.1
 */
public interface ErrorMapper {
    /** SQLState classes alone, and the vendor's message as it is. */
    ErrorMapper STANDARD = new ErrorMapper() {};

    /**
     * Classifies one exception of the chain before the SQLState classes are tried: for vendor
     * error codes and drivers that report no SQLState. Empty by default.
     *
     * @param e one exception of the chain
     * @return the kind, or empty to fall back to the SQLState
     */
    default Optional<ErrorKind> classify(SQLException e) {
        return Optional.empty();
    }

    /**
     * Returns the detail of the message for a vendor exception, before redaction; by default its
     * message. Override to strip vendor decoration such as error-code prefixes.
     *
     * @param e the exception
     * @return the detail
     */
    default String message(SQLException e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m.strip();
    }
}
