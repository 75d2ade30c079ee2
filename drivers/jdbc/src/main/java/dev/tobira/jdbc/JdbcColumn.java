package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

/**
 * What JDBC says about one column, read once from {@link java.sql.ResultSetMetaData} when a result
 * opens (or from {@link java.sql.DatabaseMetaData#getColumns} for {@code describe}); the input of
 * {@link JdbcDialect#map(JdbcColumn)}.
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
public record JdbcColumn(int index, String name, int jdbcType, String typeName, int precision, int scale,
                         boolean nullable, String className) {
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
}
