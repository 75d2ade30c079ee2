package dev.tobira.driver.sqlite;

import dev.tobira.api.Value;
import dev.tobira.jdbc.ColumnMapping;
import dev.tobira.jdbc.ColumnReader;
import dev.tobira.jdbc.ColumnReaders;
import dev.tobira.jdbc.JdbcColumn;
import dev.tobira.jdbc.JdbcSession;
import dev.tobira.jdbc.TypeMapping;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * SQLite types values, not columns: a column reports the kind of its declared type's affinity (or
 * of its first value, for an expression), and each cell is read by its own storage class, so the
 * mapping is {@linkplain ColumnMapping#perCell per cell}. The one exception is a column declared
 * {@code NUMERIC} or {@code DECIMAL} ({@link #declaresDecimal}): it is DECIMAL, as on every other
 * SQL engine, and its INTEGER and REAL cells read as Decimal, whichever the engine chose to store
 * row by row. Dates, times, UUIDs and booleans bind as the text and integers SQLite's own functions use.
 */
final class SqliteTypes implements TypeMapping {
    /**
     * Reads a cell by its storage class: INTEGER to Int, REAL to Float, TEXT to Text, BLOB to Bytes,
     * NULL to NULL; from the statement directly on sqlite-jdbc's own result ({@link SqliteInternals#cell}).
     */
    static final ColumnReader STORAGE_CLASS = (rs, i) -> {
        Value cell = SqliteInternals.cell(rs, i);
        return cell != null ? cell : fromObject(rs.getObject(i));
    };

    /**
     * Reads a cell of a column declared NUMERIC or DECIMAL: an INTEGER or finite REAL as Decimal (a
     * REAL by its shortest decimal form, {@code 12.5} not {@code 12.5000000000000001…}); text,
     * blobs and infinities, which NUMERIC affinity leaves as they are, keep their storage class.
     */
    static final ColumnReader DECIMAL_CELL = (rs, i) -> decimal(STORAGE_CLASS.read(rs, i));

    /** The kinds a DECIMAL column's cells may have: {@link #DECIMAL_CELL}'s. */
    private static final java.util.Set<Value.Kind> DECIMAL_CELL_KINDS =
            java.util.EnumSet.of(Value.Kind.DECIMAL, Value.Kind.FLOAT, Value.Kind.TEXT, Value.Kind.BYTES);

    static Value decimal(Value cell) {
        if (cell instanceof Value.Int n) {
            return Value.of(java.math.BigDecimal.valueOf(n.value()));
        }
        if (cell instanceof Value.Float f && Double.isFinite(f.value())) {
            return Value.of(java.math.BigDecimal.valueOf(f.value()));
        }
        return cell;
    }

    /**
     * Tells whether a declared type makes a column DECIMAL: its name, up to any {@code (} and
     * without case, is {@code NUMERIC} or {@code DECIMAL}. The other names of NUMERIC affinity
     * ({@code BOOLEAN}, {@code DATE}, {@code DATETIME}, or any unknown name) keep their storage
     * classes: they are no exact numbers on any engine, and SQLite stores text dates as text.
     *
     * @param declared the declared type, or null for none
     */
    static boolean declaresDecimal(@Nullable String declared) {
        if (declared == null) {
            return false;
        }
        int paren = declared.indexOf('(');
        String name = (paren < 0 ? declared : declared.substring(0, paren)).trim();
        return name.equalsIgnoreCase("NUMERIC") || name.equalsIgnoreCase("DECIMAL");
    }

    private static Value fromObject(Object o) throws SQLException {
        if (o == null) {
            return Value.NULL;
        }
        if (o instanceof Integer n) {
            return Value.of(n.longValue());
        }
        if (o instanceof Long n) {
            return Value.of(n.longValue());
        }
        if (o instanceof Double d) {
            return Value.of(d.doubleValue());
        }
        if (o instanceof String s) {
            return Value.of(s);
        }
        if (o instanceof byte[] b) {
            return new Value.Bytes(b);
        }
        return ColumnReaders.fromObject(o);
    }

    /** The class name {@link #column} gives a column declared NUMERIC or DECIMAL; no result of sqlite-jdbc's reports it. */
    private static final String DECLARED_DECIMAL = "java.math.BigDecimal";

    @Override
    public ColumnMapping map(JdbcColumn column) {
        Value.Kind kind = kind(column);
        return kind == Value.Kind.DECIMAL
                ? new ColumnMapping(kind, DECIMAL_CELL, DECIMAL_CELL_KINDS)
                : ColumnMapping.perCell(kind, STORAGE_CLASS);
    }

    /**
     * Only what {@link #kind} and the column need: sqlite-jdbc answers the type name, precision and
     * scale each with a regular expression over the declared type, and the class name from the
     * first row's value, which {@link #kind} reads for NUMERIC and DECIMAL columns only. A column
     * declared NUMERIC or DECIMAL is described by its declared type alone, whatever its first value.
     */
    @Override
    public JdbcColumn column(ResultSetMetaData md, int index) throws SQLException {
        String label = md.getColumnLabel(index);
        String typeName = md.getColumnTypeName(index);
        if (declaresDecimal(SqliteInternals.declaredType(md, index))) {
            return new JdbcColumn(
                    index,
                    label == null ? "" : label,
                    Types.DECIMAL,
                    typeName == null ? "" : typeName,
                    0,
                    0,
                    md.isNullable(index) != ResultSetMetaData.columnNoNulls,
                    DECLARED_DECIMAL);
        }
        int type = md.getColumnType(index);
        String className = "";
        if (type == Types.NUMERIC || type == Types.DECIMAL) {
            String name = md.getColumnClassName(index);
            className = name == null ? "" : name;
        }
        return new JdbcColumn(
                index,
                label == null ? "" : label,
                type,
                typeName == null ? "" : typeName,
                0,
                0,
                md.isNullable(index) != ResultSetMetaData.columnNoNulls,
                className);
    }

    @Override
    public Optional<Object> resultShape(JdbcSession session, ResultSet rs) throws SQLException {
        return SqliteShapes.of(session, rs);
    }

    /**
     * The kind a column reports: by the declared type's affinity for a table column, by the first
     * row's storage class for an expression (sqlite-jdbc reports that when no type is declared).
     */
    static Value.Kind kind(JdbcColumn column) {
        if (column.className().equals(DECLARED_DECIMAL)
                || (column.index() == 0 && declaresDecimal(column.typeName()))) {
            // a result's column declared so (see column), or a table's column as described
            return Value.Kind.DECIMAL;
        }
        switch (column.jdbcType()) {
            case Types.INTEGER:
            case Types.BIGINT:
            case Types.SMALLINT:
            case Types.TINYINT:
            case Types.BOOLEAN:
            case Types.BIT:
                return Value.Kind.INT;
            case Types.REAL:
            case Types.FLOAT:
            case Types.DOUBLE:
                return Value.Kind.FLOAT;
            case Types.BLOB:
            case Types.BINARY:
            case Types.VARBINARY:
            case Types.LONGVARBINARY:
                return Value.Kind.BYTES;
            case Types.NULL:
                return Value.Kind.NULL;
            case Types.NUMERIC:
            case Types.DECIMAL:
                switch (column.className()) {
                    case "java.lang.Integer":
                    case "java.lang.Long":
                        return Value.Kind.INT;
                    case "java.lang.Double":
                        return Value.Kind.FLOAT;
                    case "java.lang.String":
                        return Value.Kind.TEXT;
                    default:
                        // no value to go by: a declared NUMERIC column holds numbers, an expression's first value was
                        // NULL
                        return column.index() == 0 ? Value.Kind.FLOAT : Value.Kind.NULL;
                }
            default:
                return Value.Kind.TEXT;
        }
    }

    @Override
    public void bind(JdbcSession session, PreparedStatement statement, int index, Value value) throws SQLException {
        switch (value.kind()) {
            case BOOL:
                statement.setLong(index, ((Value.Bool) value).value() ? 1 : 0);
                break;
            case DECIMAL:
                statement.setString(index, ((Value.Decimal) value).value().toPlainString());
                break;
            case DATE:
            case TIME:
            case DATETIME:
            case TIMESTAMP:
            case UUID:
                statement.setString(index, value.toString());
                break;
            default:
                TypeMapping.super.bind(session, statement, index, value);
        }
    }
}
