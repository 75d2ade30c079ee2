package dev.tobira.format;

import dev.tobira.api.ResultSet;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes a result to a stream in one format, row by row as the result yields them, so memory stays
 * constant whatever the result's size (the table format buffers a bounded window to size its
 * columns).
 *
 * <p>Every writer writes UTF-8, closes the result when it is done or fails (a failed write ends the
 * rows, which cancels the query on the server), flushes the stream and leaves it open.
 *
 * @since 0.1
 */
public interface ResultWriter {
    /**
     * Writes the whole result, then closes it.
     *
     * @param result the rows; closed on return, normal or not
     * @param out where to write; flushed, not closed
     * @return the number of rows written
     * @throws IOException if the stream fails (a broken pipe, a full disk)
     * @throws dev.tobira.api.DriverException if the result fails while it is read
     */
    long write(ResultSet result, OutputStream out) throws IOException;
}
