package dev.tobira.jdbc;

import dev.tobira.api.Value;
import java.sql.SQLException;

/**
 * Reads one column of the current row as a {@link Value}. Chosen once per column when a result
 * opens, so no row pays for a type switch.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface ColumnReader {
    /**
     * Reads the column at the current row.
     *
     * @param rs the JDBC result, positioned on a row
     * @param index the column's position, from 1
     * @return the value, {@link Value#NULL} for SQL NULL; never null
     * @throws SQLException when the driver fails to read it
     */
    Value read(java.sql.ResultSet rs, int index) throws SQLException;
}
