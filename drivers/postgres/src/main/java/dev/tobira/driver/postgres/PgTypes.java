package dev.tobira.driver.postgres;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import dev.tobira.jdbc.ColumnMapping;
import dev.tobira.jdbc.ColumnReader;
import dev.tobira.jdbc.ColumnReaders;
import dev.tobira.jdbc.JdbcColumn;
import dev.tobira.jdbc.JdbcSession;
import dev.tobira.jdbc.TypeMapping;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * PostgreSQL's types in tobira, chosen by the type's own name (pgjdbc reports several of them under
 * the same {@link Types} code): int2/int4/int8 and oid to Int, numeric to Decimal (its NaN and
 * infinities to Float), float4/float8 to Float, bool to Bool, the character types to Text, bytea
 * to Bytes, date, time and timestamp to Date, Time and DateTime, timestamptz to Timestamp, uuid to
 * Uuid, json and jsonb to Json, arrays to Array (elements by the element type), pgvector's vector
 * and halfvec to Vector, and anything else (interval, inet, money, bit strings, ranges, composite
 * values) to its text form. Parameters: JSON and Doc untyped, so the server reads them as the
 * context wants, vectors in pgvector's text form, arrays of one kind of element as SQL arrays.
 */
final class PgTypes implements TypeMapping {
    /** The server's own text form. */
    static final ColumnReader TEXT = (rs, i) -> {
        String s = rs.getString(i);
        return s == null ? Value.NULL : Value.of(s);
    };
    /** pgvector's text form. */
    static final ColumnReader VECTOR = (rs, i) -> {
        String s = rs.getString(i);
        return s == null ? Value.NULL : new Value.Vector(VectorText.parse(s));
    };
    /** An array, each element converted by the element type. */
    static final ColumnReader ARRAY = (rs, i) -> {
        Array a = rs.getArray(i);
        if (a == null) {
            return Value.NULL;
        }
        try {
            String element = a.getBaseTypeName().toLowerCase(Locale.ROOT);
            return element(a.getArray(), element);
        } finally {
            a.free();
        }
    };

    @Override
    public ColumnMapping map(JdbcColumn column) {
        String type = column.typeName().toLowerCase(Locale.ROOT);
        if (type.startsWith("\"") && type.endsWith("\"") && type.length() > 1) {
            type = type.substring(1, type.length() - 1);
        }
        if (column.jdbcType() == Types.ARRAY || (type.startsWith("_") && type.length() > 1)) {
            return ColumnMapping.of(Value.Kind.ARRAY, ARRAY);
        }
        switch (type) {
            case "int2":
            case "int4":
            case "int8":
            case "smallint":
            case "integer":
            case "bigint":
            case "smallserial":
            case "serial":
            case "bigserial":
            case "serial2":
            case "serial4":
            case "serial8":
            case "oid":
                return ColumnMapping.of(Value.Kind.INT, ColumnReaders.INT);
            case "numeric":
            case "decimal":
                // NaN and the infinities, which no Decimal holds, are Float cells
                return ColumnMapping.of(Value.Kind.DECIMAL, ColumnReaders.DECIMAL_OR_SPECIAL)
                        .orAlso(Value.Kind.FLOAT);
            case "float4":
            case "real":
                return ColumnMapping.of(Value.Kind.FLOAT, ColumnReaders.REAL);
            case "float8":
            case "double precision":
                return ColumnMapping.of(Value.Kind.FLOAT, ColumnReaders.DOUBLE);
            case "bool":
            case "boolean":
                return ColumnMapping.of(Value.Kind.BOOL, ColumnReaders.BOOL);
            case "text":
            case "varchar":
            case "bpchar":
            case "char":
            case "name":
            case "citext":
            case "character varying":
            case "character":
                return ColumnMapping.of(Value.Kind.TEXT, ColumnReaders.TEXT);
            case "bytea":
                return ColumnMapping.of(Value.Kind.BYTES, ColumnReaders.BYTES);
            case "date":
                return ColumnMapping.of(Value.Kind.DATE, ColumnReaders.DATE);
            case "time":
                return ColumnMapping.of(Value.Kind.TIME, ColumnReaders.TIME);
            case "timestamp":
                return ColumnMapping.of(Value.Kind.DATETIME, ColumnReaders.DATETIME);
            case "timestamptz":
                return ColumnMapping.of(Value.Kind.TIMESTAMP, ColumnReaders.TIMESTAMP);
            case "uuid":
                return ColumnMapping.of(Value.Kind.UUID, ColumnReaders.UUID);
            case "json":
            case "jsonb":
                return ColumnMapping.of(Value.Kind.JSON, ColumnReaders.JSON);
            case "vector":
            case "halfvec":
                return ColumnMapping.of(Value.Kind.VECTOR, VECTOR);
            case "void":
                return ColumnMapping.of(Value.Kind.NULL, ColumnReaders.NULL);
            default:
                return ColumnMapping.of(Value.Kind.TEXT, TEXT);
        }
    }

    /** What {@link #map} reads, the type name and code, and the column: no precision, scale or class name. */
    @Override
    public JdbcColumn column(ResultSetMetaData md, int index) throws SQLException {
        String label = md.getColumnLabel(index);
        String typeName = md.getColumnTypeName(index);
        return new JdbcColumn(
                index,
                label == null ? "" : label,
                md.getColumnType(index),
                typeName == null ? "" : typeName,
                0,
                0,
                md.isNullable(index) != ResultSetMetaData.columnNoNulls,
                "");
    }

    /** Converts what {@link Array#getArray()} returned, recursing into the dimensions of a multi-dimensional array. */
    static Value element(Object o, String elementType) throws SQLException {
        if (o == null) {
            return Value.NULL;
        }
        if (o instanceof Object[] items) {
            List<Value> values = new ArrayList<>(items.length);
            for (Object item : items) {
                values.add(element(item, elementType));
            }
            return new Value.Array(values);
        }
        switch (elementType) {
            case "timestamptz":
                if (o instanceof java.sql.Timestamp t) {
                    return new Value.Timestamp(t.toInstant());
                }
                break;
            case "json":
            case "jsonb":
                return new Value.Json(o.toString());
            case "numeric":
                if (o instanceof BigDecimal d) {
                    return Value.of(d);
                }
                return ColumnReaders.fromObject(Double.valueOf(o.toString()));
            case "float4":
                if (o instanceof Float f) {
                    return Value.of(Double.parseDouble(f.toString()));
                }
                break;
            case "vector":
            case "halfvec":
                return new Value.Vector(VectorText.parse(o.toString()));
            default:
                break;
        }
        if (o instanceof java.sql.Time t) {
            return new Value.Time(t.toLocalTime());
        }
        return ColumnReaders.fromObject(o);
    }

    /** Binds what the standard binder refuses or binds with a type the server would not coerce; the rest as it does. */
    @Override
    public void bind(JdbcSession session, PreparedStatement st, int index, Value value) throws SQLException {
        switch (value.kind()) {
            case JSON, DOC ->
                // untyped, so the server reads it as json or jsonb, whichever the context wants
                st.setObject(index, value.toString(), Types.OTHER);
            case VECTOR -> st.setObject(index, VectorText.format(((Value.Vector) value).values()), Types.OTHER);
            case ARRAY -> bindArray(st, index, (Value.Array) value);
            default -> TypeMapping.super.bind(session, st, index, value);
        }
    }

    private static void bindArray(PreparedStatement st, int index, Value.Array array) throws SQLException {
        Value.Kind kind = null;
        Object[] elements = new Object[array.values().size()];
        for (int i = 0; i < elements.length; i++) {
            Value v = array.values().get(i);
            if (v.isNull()) {
                continue;
            }
            if (kind != null && kind != v.kind()) {
                throw unsupported("array parameters must hold one kind of element, not " + kind + " and " + v.kind());
            }
            kind = v.kind();
            elements[i] = javaValue(v);
        }
        String type = kind == null ? "text" : elementType(kind);
        st.setArray(index, st.getConnection().createArrayOf(type, elements));
    }

    private static String elementType(Value.Kind kind) {
        switch (kind) {
            case BOOL:
                return "bool";
            case INT:
                return "int8";
            case FLOAT:
                return "float8";
            case DECIMAL:
                return "numeric";
            case TEXT:
                return "text";
            case BYTES:
                return "bytea";
            case DATE:
                return "date";
            case TIME:
                return "time";
            case DATETIME:
                return "timestamp";
            case TIMESTAMP:
                return "timestamptz";
            case UUID:
                return "uuid";
            case JSON:
            case DOC:
                return "jsonb";
            default:
                throw unsupported(
                        "array parameters of " + kind.name().toLowerCase(Locale.ROOT) + " elements are not supported");
        }
    }

    private static Object javaValue(Value v) {
        switch (v.kind()) {
            case BOOL:
                return ((Value.Bool) v).value();
            case INT:
                return ((Value.Int) v).value();
            case FLOAT:
                return ((Value.Float) v).value();
            case DECIMAL:
                return ((Value.Decimal) v).value();
            case BYTES:
                return ((Value.Bytes) v).value();
            case UUID:
                return ((Value.Uuid) v).value();
            case TEXT:
            case DATE:
            case TIME:
            case DATETIME:
            case TIMESTAMP:
            case JSON:
            case DOC:
                return v.toString();
            default:
                throw unsupported("array parameters of " + v.kind().name().toLowerCase(Locale.ROOT)
                        + " elements are not supported");
        }
    }

    private static DriverException unsupported(String detail) {
        return DriverException.of(ErrorKind.UNSUPPORTED, PostgresDialect.NAME, "query", detail);
    }
}
