package dev.tobira.jdbc;

import java.io.IOException;
import java.sql.SQLException;
import java.util.OptionalLong;

/**
 * The database's own bulk path for {@link dev.tobira.api.Exporter#export}, such as PostgreSQL's
 * {@code COPY … TO STDOUT}. Optional: without one, a dialect that declares
 * {@link dev.tobira.api.Capability#EXPORTER} exports through the base, which streams the query's
 * rows as CSV.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface BulkExport {
    /**
     * Writes the result of one statement to the export's stream. The base has already checked the
     * text with the guard exactly as for a query, and runs this inside the read-only mode's scope
     * (after the namespace is set when the query names one), with the call's deadline and a close
     * from another thread cancelling the statements made with {@link Export#prepare}, or calling
     * {@link #cancel} while there are none.
     *
     * @param session the session
     * @param export the query, its parameters, limit and format, the stream and the kind of call
     * @return the number of rows written, or empty to have the base stream the rows instead
     * @throws SQLException when the database fails
     * @throws IOException when writing to the stream fails; reported as
     *     {@link dev.tobira.api.ErrorKind#INTERNAL}
     */
    OptionalLong export(JdbcSession session, Export export) throws SQLException, IOException;

    /**
     * Cancels the export in flight from another thread, while it runs without a statement of
     * {@link Export#prepare} (PostgreSQL's {@code CopyManager}). Nothing by default. Must not block.
     *
     * @param session the session
     * @throws SQLException when the cancel fails; it is logged and ignored
     */
    default void cancel(JdbcSession session) throws SQLException {}
}
