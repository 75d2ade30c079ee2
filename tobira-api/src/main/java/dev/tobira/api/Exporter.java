package dev.tobira.api;

import java.io.OutputStream;

/**
 * Exports the result of a query through the database's own fast path, such as PostgreSQL's
 * {@code COPY … TO STDOUT}. Only queries the read-only guard admits are exported on a read-only
 * connection.
 *
 * @since 0.1
 */
public interface Exporter extends Facet {
    /**
     * Writes the result of a query to a stream. The stream is flushed, not closed.
     *
     * @param query the query
     * @param format the output format
     * @param out where to write
     * @return the number of rows written
     * @throws DriverException READ_ONLY if the guard refuses the query, or another kind; an I/O
     *     error of the stream is reported as kind INTERNAL with the IOException as cause
     */
    long export(Query query, Format format, OutputStream out);

    /**
     * The output formats.
     *
     * @since 0.1
     */
    enum Format {
        /** RFC 4180 CSV with a header line. */
        CSV,
        /** Tab-separated text with a header line, as the database's text format writes it. */
        TEXT
    }
}
