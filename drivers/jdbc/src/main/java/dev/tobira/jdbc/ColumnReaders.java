package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Value;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The standard JDBC to {@link Value} mapping, written once: {@link #standard(JdbcColumn)} picks a
 * reader per column from its {@link java.sql.Types} code, and the readers are public so that a
 * dialect overriding {@link TypeMapping#map(JdbcColumn)} for one native type can fall back to them.
 *
 * <p>The mapping: TINYINT, SMALLINT, INTEGER and BIGINT to {@link Value.Int} (a BIGINT read as
 * {@link BigInteger}, such as MySQL's unsigned one, to {@link Value.Decimal}); NUMERIC and DECIMAL
 * to {@link Value.Decimal}; REAL, FLOAT and DOUBLE to {@link Value.Float}; BOOLEAN and BIT(1) to
 * {@link Value.Bool} (a wider BIT to {@link Value.Bytes}); the character and CLOB types to
 * {@link Value.Text}; the binary and BLOB types to {@link Value.Bytes}; DATE, TIME and TIMESTAMP
 * to {@link Value.Date}, {@link Value.Time} and {@link Value.DateTime}; TIMESTAMP WITH TIME ZONE
 * to {@link Value.Timestamp}; columns read as {@link java.util.UUID} to {@link Value.Uuid}; ARRAY to
 * {@link Value.Array}; anything else through {@link #fromObject(Object)}.
 *
 * @since 0.1
 */
public final class ColumnReaders {
    /** Reads a boolean. */
    public static final ColumnReader BOOL = ColumnReaders::bool;
    /** Reads a 64-bit integer. */
    public static final ColumnReader INT = ColumnReaders::integer;
    /** Reads an exact number. */
    public static final ColumnReader DECIMAL = ColumnReaders::decimal;
    /**
     * Reads an exact number through {@code getObject}, for drivers whose {@code getBigDecimal}
     * refuses values a Decimal cannot hold: a {@link BigDecimal} to {@link Value.Decimal}, a
     * {@link Double} (PostgreSQL's {@code NaN} and infinities) to {@link Value.Float}, anything
     * else through {@link #fromObject(Object)}. Its cells are of more than one kind.
     *
     * @since 0.1
     */
    public static final ColumnReader DECIMAL_OR_SPECIAL = ColumnReaders::decimalOrSpecial;
    /** Reads a 64-bit floating-point number. */
    public static final ColumnReader DOUBLE = ColumnReaders::doubleValue;
    /** Reads a 32-bit floating-point number, keeping its shortest decimal form ({@code 1.1f} stays {@code 1.1}). */
    public static final ColumnReader REAL = ColumnReaders::real;
    /** Reads text. */
    public static final ColumnReader TEXT = ColumnReaders::text;
    /** Reads bytes. */
    public static final ColumnReader BYTES = ColumnReaders::bytes;
    /** Reads a date as {@link LocalDate}. */
    public static final ColumnReader DATE = ColumnReaders::date;
    /** Reads a time of day as {@link LocalTime}. */
    public static final ColumnReader TIME = (rs, i) -> {
        LocalTime v = rs.getObject(i, LocalTime.class);
        return v == null ? Value.NULL : new Value.Time(v);
    };
    /** Reads a time with offset as its ISO text, since {@link Value} has no zoned time of day. */
    public static final ColumnReader TIME_WITH_TIMEZONE = (rs, i) -> {
        OffsetTime v = rs.getObject(i, OffsetTime.class);
        return v == null ? Value.NULL : Value.of(v.toString());
    };
    /** Reads a date and time without zone as {@link LocalDateTime}. */
    public static final ColumnReader DATETIME = ColumnReaders::dateTime;
    /** Reads an instant as {@link OffsetDateTime}. */
    public static final ColumnReader TIMESTAMP = ColumnReaders::timestamp;
    /** Reads a {@link java.util.UUID}. */
    public static final ColumnReader UUID = (rs, i) -> {
        java.util.UUID v = rs.getObject(i, java.util.UUID.class);
        return v == null ? Value.NULL : new Value.Uuid(v);
    };
    /** Reads JSON text. */
    public static final ColumnReader JSON = (rs, i) -> {
        String v = rs.getString(i);
        return v == null ? Value.NULL : new Value.Json(v);
    };
    /** Reads an SQL ARRAY, its elements through {@link #fromObject(Object)}. */
    public static final ColumnReader ARRAY = (rs, i) -> {
        Array v = rs.getArray(i);
        if (v == null) {
            return Value.NULL;
        }
        try {
            return fromObject(v.getArray());
        } finally {
            v.free();
        }
    };
    /** Reads whatever {@code getObject} returns, through {@link #fromObject(Object)}. */
    public static final ColumnReader OBJECT = (rs, i) -> fromObject(rs.getObject(i));
    /** Reads nothing: every cell is {@link Value#NULL}. */
    public static final ColumnReader NULL = (rs, i) -> Value.NULL;

    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private ColumnReaders() {}

    // The standard readers' bodies, as static methods: the row loop of a result calls them
    // directly for the columns that use these readers (see ResultColumns), where the JIT inlines them.
    // The primitive getters return 0 (false) for SQL NULL, as JDBC requires, so wasNull, one more
    // call into the driver per cell, is asked only when the value read is 0 (false).

    static Value bool(java.sql.ResultSet rs, int i) throws SQLException {
        boolean v = rs.getBoolean(i);
        return !v && rs.wasNull() ? Value.NULL : Value.of(v);
    }

    static Value integer(java.sql.ResultSet rs, int i) throws SQLException {
        long v = rs.getLong(i);
        return v == 0 && rs.wasNull() ? Value.NULL : Value.of(v);
    }

    static Value decimal(java.sql.ResultSet rs, int i) throws SQLException {
        return Value.of(rs.getBigDecimal(i));
    }

    static Value decimalOrSpecial(java.sql.ResultSet rs, int i) throws SQLException {
        Object o = rs.getObject(i);
        if (o == null) {
            return Value.NULL;
        }
        if (o instanceof BigDecimal d) {
            return Value.of(d);
        }
        if (o instanceof Double d) {
            return Value.of(d.doubleValue());
        }
        return fromObject(o);
    }

    static Value doubleValue(java.sql.ResultSet rs, int i) throws SQLException {
        double v = rs.getDouble(i);
        return v == 0 && rs.wasNull() ? Value.NULL : Value.of(v);
    }

    static Value real(java.sql.ResultSet rs, int i) throws SQLException {
        float v = rs.getFloat(i);
        return v == 0 && rs.wasNull() ? Value.NULL : Value.of(widen(v));
    }

    /** A REAL as the double of its shortest decimal form, so that {@code 1.1f} reads as {@code 1.1}. */
    static double widen(float v) {
        return Double.parseDouble(Float.toString(v));
    }

    static Value text(java.sql.ResultSet rs, int i) throws SQLException {
        return Value.of(rs.getString(i));
    }

    static Value bytes(java.sql.ResultSet rs, int i) throws SQLException {
        byte[] v = rs.getBytes(i);
        return v == null ? Value.NULL : new Value.Bytes(v);
    }

    static Value date(java.sql.ResultSet rs, int i) throws SQLException {
        LocalDate v = rs.getObject(i, LocalDate.class);
        return v == null ? Value.NULL : new Value.Date(v);
    }

    static Value dateTime(java.sql.ResultSet rs, int i) throws SQLException {
        LocalDateTime v = rs.getObject(i, LocalDateTime.class);
        return v == null ? Value.NULL : new Value.DateTime(v);
    }

    static Value timestamp(java.sql.ResultSet rs, int i) throws SQLException {
        OffsetDateTime v = rs.getObject(i, OffsetDateTime.class);
        return v == null ? Value.NULL : new Value.Timestamp(v.toInstant());
    }

    /**
     * Returns the standard mapping of a column, as the class description lists it.
     *
     * @param column the column
     * @return the kind and reader
     * @throws NullPointerException if column is null
     */
    public static ColumnMapping standard(JdbcColumn column) {
        requireNonNull(column, "column is null");
        String cls = column.className();
        if (cls.equals("java.util.UUID")) {
            return ColumnMapping.of(Value.Kind.UUID, UUID);
        }
        switch (column.jdbcType()) {
            case Types.TINYINT:
            case Types.SMALLINT:
            case Types.INTEGER:
                return ColumnMapping.of(Value.Kind.INT, INT);
            case Types.BIGINT:
                return cls.equals("java.math.BigInteger") || cls.equals("java.math.BigDecimal")
                        ? ColumnMapping.of(Value.Kind.DECIMAL, DECIMAL)
                        : ColumnMapping.of(Value.Kind.INT, INT);
            case Types.NUMERIC:
            case Types.DECIMAL:
                return ColumnMapping.of(Value.Kind.DECIMAL, DECIMAL);
            case Types.REAL:
                return ColumnMapping.of(Value.Kind.FLOAT, REAL);
            case Types.FLOAT:
            case Types.DOUBLE:
                return ColumnMapping.of(Value.Kind.FLOAT, DOUBLE);
            case Types.BOOLEAN:
                return ColumnMapping.of(Value.Kind.BOOL, BOOL);
            case Types.BIT:
                return column.precision() <= 1
                        ? ColumnMapping.of(Value.Kind.BOOL, BOOL)
                        : ColumnMapping.of(Value.Kind.BYTES, BYTES);
            case Types.CHAR:
            case Types.VARCHAR:
            case Types.LONGVARCHAR:
            case Types.NCHAR:
            case Types.NVARCHAR:
            case Types.LONGNVARCHAR:
            case Types.CLOB:
            case Types.NCLOB:
            case Types.SQLXML:
            case Types.ROWID:
                return ColumnMapping.of(Value.Kind.TEXT, TEXT);
            case Types.BINARY:
            case Types.VARBINARY:
            case Types.LONGVARBINARY:
            case Types.BLOB:
                return ColumnMapping.of(Value.Kind.BYTES, BYTES);
            case Types.DATE:
                return ColumnMapping.of(Value.Kind.DATE, DATE);
            case Types.TIME:
                return ColumnMapping.of(Value.Kind.TIME, TIME);
            case Types.TIME_WITH_TIMEZONE:
                return ColumnMapping.of(Value.Kind.TEXT, TIME_WITH_TIMEZONE);
            case Types.TIMESTAMP:
                return ColumnMapping.of(Value.Kind.DATETIME, DATETIME);
            case Types.TIMESTAMP_WITH_TIMEZONE:
                return ColumnMapping.of(Value.Kind.TIMESTAMP, TIMESTAMP);
            case Types.ARRAY:
                return ColumnMapping.of(Value.Kind.ARRAY, ARRAY);
            // OBJECT types each cell by the class getObject returns (a BigInteger in long range is an Int):
            // the column's kind is a guess from its class, the cells are what they are
            case Types.NULL:
                return ColumnMapping.perCell(Value.Kind.NULL, OBJECT);
            default:
                return ColumnMapping.perCell(kindOfClass(cls), OBJECT);
        }
    }

    /**
     * Returns the kind {@link #fromObject(Object)} gives objects of a class, by its name.
     *
     * @param className a class name such as {@code java.lang.Long}, or empty
     * @return the kind; {@link Value.Kind#TEXT} for an unknown or empty name
     */
    public static Value.Kind kindOfClass(String className) {
        switch (requireNonNull(className, "className is null")) {
            case "java.lang.Boolean":
                return Value.Kind.BOOL;
            case "java.lang.Byte":
            case "java.lang.Short":
            case "java.lang.Integer":
            case "java.lang.Long":
                return Value.Kind.INT;
            case "java.lang.Float":
            case "java.lang.Double":
                return Value.Kind.FLOAT;
            case "java.math.BigDecimal":
            case "java.math.BigInteger":
                return Value.Kind.DECIMAL;
            case "[B":
            case "java.sql.Blob":
                return Value.Kind.BYTES;
            case "java.sql.Date":
            case "java.time.LocalDate":
                return Value.Kind.DATE;
            case "java.sql.Time":
            case "java.time.LocalTime":
                return Value.Kind.TIME;
            case "java.sql.Timestamp":
            case "java.time.LocalDateTime":
                return Value.Kind.DATETIME;
            case "java.time.OffsetDateTime":
            case "java.time.ZonedDateTime":
            case "java.time.Instant":
                return Value.Kind.TIMESTAMP;
            case "java.util.UUID":
                return Value.Kind.UUID;
            case "java.sql.Array":
                return Value.Kind.ARRAY;
            default:
                return Value.Kind.TEXT;
        }
    }

    /**
     * Converts what a JDBC driver returned from {@code getObject} into a {@link Value}, by its
     * class. This is the fallback for columns of no standard type and for array elements; typed
     * columns never come here.
     *
     * @param o the object, or null
     * @return the value; {@link Value#NULL} for null, and the {@code toString()} text for a class
     *     it does not know
     * @throws SQLException if reading a LOB or an array fails
     */
    public static Value fromObject(Object o) throws SQLException {
        if (o == null) {
            return Value.NULL;
        }
        if (o instanceof Value v) {
            return v;
        }
        if (o instanceof String s) {
            return Value.of(s);
        }
        if (o instanceof Long || o instanceof Integer || o instanceof Short || o instanceof Byte) {
            return Value.of(((Number) o).longValue());
        }
        if (o instanceof Double d) {
            return Value.of(d.doubleValue());
        }
        if (o instanceof Float f) {
            return Value.of(Double.parseDouble(f.toString()));
        }
        if (o instanceof BigDecimal d) {
            return Value.of(d);
        }
        if (o instanceof BigInteger b) {
            return b.compareTo(LONG_MIN) >= 0 && b.compareTo(LONG_MAX) <= 0
                    ? Value.of(b.longValue())
                    : Value.of(new BigDecimal(b));
        }
        if (o instanceof Boolean b) {
            return Value.of(b.booleanValue());
        }
        if (o instanceof byte[] b) {
            return new Value.Bytes(b);
        }
        if (o instanceof java.util.UUID u) {
            return new Value.Uuid(u);
        }
        if (o instanceof java.sql.Timestamp t) {
            return new Value.DateTime(t.toLocalDateTime());
        }
        if (o instanceof java.sql.Date d) {
            return new Value.Date(d.toLocalDate());
        }
        if (o instanceof java.sql.Time t) {
            return new Value.Time(t.toLocalTime());
        }
        if (o instanceof LocalDate d) {
            return new Value.Date(d);
        }
        if (o instanceof LocalTime t) {
            return new Value.Time(t);
        }
        if (o instanceof LocalDateTime t) {
            return new Value.DateTime(t);
        }
        if (o instanceof OffsetDateTime t) {
            return new Value.Timestamp(t.toInstant());
        }
        if (o instanceof ZonedDateTime t) {
            return new Value.Timestamp(t.toInstant());
        }
        if (o instanceof Instant t) {
            return new Value.Timestamp(t);
        }
        if (o instanceof float[] f) {
            return new Value.Vector(f);
        }
        if (o instanceof Array a) {
            try {
                return fromObject(a.getArray());
            } finally {
                a.free();
            }
        }
        if (o instanceof Object[] a) {
            List<Value> values = new ArrayList<>(a.length);
            for (Object e : a) {
                values.add(fromObject(e));
            }
            return new Value.Array(values);
        }
        if (o instanceof List<?> l) {
            List<Value> values = new ArrayList<>(l.size());
            for (Object e : l) {
                values.add(fromObject(e));
            }
            return new Value.Array(values);
        }
        if (o instanceof Map<?, ?> m) {
            Map<String, Value> fields = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                fields.put(String.valueOf(e.getKey()), fromObject(e.getValue()));
            }
            return new Value.Doc(fields);
        }
        if (o instanceof Clob c) {
            try {
                return Value.of(c.getSubString(1, Math.toIntExact(c.length())));
            } finally {
                c.free();
            }
        }
        if (o instanceof Blob b) {
            try {
                return new Value.Bytes(b.getBytes(1, Math.toIntExact(b.length())));
            } finally {
                b.free();
            }
        }
        return Value.of(o.toString());
    }
}
