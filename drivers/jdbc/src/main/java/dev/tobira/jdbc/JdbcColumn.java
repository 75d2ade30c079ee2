package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;

/**
 * What JDBC says about one column, read once from {@link java.sql.ResultSetMetaData} when a result
 * opens (or from {@link java.sql.DatabaseMetaData#getColumns} for {@code describe}); the input of
 * {@link TypeMapping#map(JdbcColumn)}.
 *
 * @param index the column's position, from 1; 0 when described from metadata rather than a result
 * @param name the column label
 * @param jdbcType the {@link java.sql.Types} code
 * @param typeName the database's own type name, empty if unknown
 * @param precision the precision or length, 0 if unknown
 * @param scale the scale, 0 if unknown
 * @param nullable whether the column may hold null; true when unknown
 * @param className the Java class {@code getObject} returns, empty if unknown
 * @since 0.1
 */
public record JdbcColumn(
        int index,
        String name,
        int jdbcType,
        String typeName,
        int precision,
        int scale,
        boolean nullable,
        String className) {
    /**
     * Creates a column description.
     *
     * @param index the column's position, from 1; 0 when described from metadata
     * @param name the column label
     * @param jdbcType the {@link java.sql.Types} code
     * @param typeName the database's own type name, empty if unknown
     * @param precision the precision or length, 0 if unknown
     * @param scale the scale, 0 if unknown
     * @param nullable whether the column may hold null
     * @param className the Java class {@code getObject} returns, empty if unknown
     * @throws NullPointerException if name, typeName or className is null
     */
    public JdbcColumn {
        requireNonNull(name, "name is null");
        requireNonNull(typeName, "typeName is null");
        requireNonNull(className, "className is null");
    }

    /**
     * Describes one column of a result from its metadata: the label, type code, type name,
     * precision, scale, nullability and class name; a driver that throws for the precision, scale
     * or class name of a type gets 0, 0 and empty.
     *
     * @param md the result's metadata
     * @param index the column's position, from 1
     * @return the description
     * @throws SQLException when the driver fails
     */
    public static JdbcColumn describe(ResultSetMetaData md, int index) throws SQLException {
        String label = md.getColumnLabel(index);
        String typeName = md.getColumnTypeName(index);
        return new JdbcColumn(
                index,
                label == null ? "" : label,
                md.getColumnType(index),
                typeName == null ? "" : typeName,
                precision(md, index),
                scale(md, index),
                md.isNullable(index) != ResultSetMetaData.columnNoNulls,
                className(md, index));
    }

    private static int precision(ResultSetMetaData md, int index) {
        try {
            return md.getPrecision(index);
        } catch (SQLException | RuntimeException e) {
            return 0; // some drivers throw for types without a precision
        }
    }

    private static int scale(ResultSetMetaData md, int index) {
        try {
            return md.getScale(index);
        } catch (SQLException | RuntimeException e) {
            return 0;
        }
    }

    private static String className(ResultSetMetaData md, int index) {
        try {
            String name = md.getColumnClassName(index);
            return name == null ? "" : name;
        } catch (SQLException | RuntimeException e) {
            return "";
        }
    }
}
