package dev.tobira.driver.duckdb;

import dev.tobira.api.Value;
import dev.tobira.jdbc.ColumnMapping;
import dev.tobira.jdbc.ColumnReader;
import dev.tobira.jdbc.ColumnReaders;
import dev.tobira.jdbc.JdbcColumn;
import dev.tobira.jdbc.TypeMapping;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Array;
import java.sql.SQLException;
import java.time.OffsetTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * DuckDB's types as tobira values, chosen by the type name DuckDB reports, since duckdb_jdbc
 * reports many of them as {@code OTHER}:
 * <ul>
 *   <li>TINYINT to BIGINT, UTINYINT, USMALLINT, UINTEGER: Int. UBIGINT, HUGEINT, UHUGEINT and
 *       BIGNUM, which go past 64 bits: Decimal, every value of the column;</li>
 *   <li>DECIMAL: Decimal; FLOAT, DOUBLE: Float; BOOLEAN: Bool; VARCHAR, ENUM: Text; BLOB: Bytes;</li>
 *   <li>DATE: Date; TIME: Time; TIMESTAMP (and _S, _MS, _NS): DateTime; TIMESTAMP WITH TIME ZONE:
 *       Timestamp; TIME WITH TIME ZONE, INTERVAL, BIT and UNION: Text, their native type on the
 *       column;</li>
 *   <li>UUID: Uuid; JSON: Json; LIST and ARRAY: Array; STRUCT and MAP: Doc (a MAP's keys as text);
 *       nested values the same way.</li>
 * </ul>
 * Parameters bind as the base binds them, but for a DateTime or Timestamp past DuckDB's
 * TIMESTAMP range (microseconds since 1970 in 64 bits, about 290,000 years either side), which is
 * an INVALID_ARGUMENT naming the parameter ({@link #bind}).
 */
final class DuckdbTypes implements TypeMapping {
    private static final String TIMESTAMP_RANGE =
            "DuckDB's TIMESTAMP, microseconds since 1970 in 64 bits: 290309 BC to 294247 AD";

    /**
     * duckdb_jdbc turns a date-time into microseconds since 1970 only when the statement runs, and
     * an overflow there is a raw ArithmeticException from inside its native call: checked here, where
     * the value is bound.
     */
    @Override
    public void bind(dev.tobira.jdbc.JdbcSession session, java.sql.PreparedStatement st, int index, Value value)
            throws java.sql.SQLException {
        java.time.LocalDateTime t = switch (value.kind()) {
            case DATETIME -> ((Value.DateTime) value).value();
            case TIMESTAMP -> {
                java.time.Instant instant = ((Value.Timestamp) value).value();
                yield instant.isBefore(MIN) || instant.isAfter(MAX)
                        ? null
                        : java.time.LocalDateTime.ofInstant(instant, java.time.ZoneOffset.UTC);
            }
            default -> java.time.LocalDateTime.MIN.plusYears(1); // not a date-time: nothing to check
        };
        if ((value.kind() == Value.Kind.DATETIME || value.kind() == Value.Kind.TIMESTAMP)
                && (t == null || !micros(t))) {
            String shown = value.toString();
            throw dev.tobira.api.DriverException.of(
                    dev.tobira.api.ErrorKind.INVALID_ARGUMENT,
                    session.driver(),
                    "query",
                    "parameter " + index + " is the " + value.kind().name() + " "
                            + (shown.length() <= 60 ? shown : shown.substring(0, 57) + "...")
                            + ", outside the range it can be sent in (" + TIMESTAMP_RANGE + ")");
        }
        TypeMapping.super.bind(session, st, index, value);
    }

    private static final java.time.Instant MIN = java.time.Instant.ofEpochSecond(Long.MIN_VALUE / 1_000_000);
    private static final java.time.Instant MAX = java.time.Instant.ofEpochSecond(Long.MAX_VALUE / 1_000_000);

    /** Whether the date-time is a whole count of microseconds since 1970 that fits in 64 bits, as duckdb_jdbc computes it. */
    private static boolean micros(java.time.LocalDateTime t) {
        try {
            var unused = java.time.temporal.ChronoUnit.MICROS.between(java.time.LocalDateTime.of(1970, 1, 1, 0, 0), t);
            return true;
        } catch (ArithmeticException e) {
            return false;
        }
    }

    /** Integers past 64 bits, every value as a Decimal so the column has one kind. */
    static final ColumnReader BIG_INTEGER = (rs, i) -> {
        Object o = rs.getObject(i);
        return o == null ? Value.NULL : new Value.Decimal(decimal(o));
    };

    /** LIST and ARRAY, nested values converted by {@link #of(Object)}. */
    static final ColumnReader LIST = (rs, i) -> {
        Array a = rs.getArray(i);
        if (a == null) {
            return Value.NULL;
        }
        try {
            return of(a.getArray());
        } finally {
            a.free();
        }
    };

    /** TIME, which duckdb_jdbc returns as {@link java.time.LocalTime} from {@code getObject} but will not convert to it. */
    static final ColumnReader TIME = (rs, i) -> of(rs.getObject(i));

    /** STRUCT, MAP, UNION and anything else read as an object. */
    static final ColumnReader OBJECT = (rs, i) -> of(rs.getObject(i));

    @Override
    public ColumnMapping map(JdbcColumn column) {
        String type = column.typeName().toUpperCase(Locale.ROOT).strip();
        if (type.endsWith("]")) {
            return ColumnMapping.of(Value.Kind.ARRAY, LIST);
        }
        int paren = type.indexOf('(');
        String base = paren < 0 ? type : type.substring(0, paren).strip();
        switch (base) {
            case "TINYINT":
            case "SMALLINT":
            case "INTEGER":
            case "BIGINT":
            case "UTINYINT":
            case "USMALLINT":
            case "UINTEGER":
                return ColumnMapping.of(Value.Kind.INT, ColumnReaders.INT);
            case "UBIGINT":
            case "HUGEINT":
            case "UHUGEINT":
            case "BIGNUM":
            case "VARINT":
                return ColumnMapping.of(Value.Kind.DECIMAL, BIG_INTEGER);
            case "DECIMAL":
            case "NUMERIC":
                return ColumnMapping.of(Value.Kind.DECIMAL, ColumnReaders.DECIMAL);
            case "FLOAT":
            case "REAL":
                return ColumnMapping.of(Value.Kind.FLOAT, ColumnReaders.REAL);
            case "DOUBLE":
                return ColumnMapping.of(Value.Kind.FLOAT, ColumnReaders.DOUBLE);
            case "BOOLEAN":
                return ColumnMapping.of(Value.Kind.BOOL, ColumnReaders.BOOL);
            case "VARCHAR":
            case "ENUM":
            case "INTERVAL":
            case "BIT":
            case "UNION":
                return ColumnMapping.of(Value.Kind.TEXT, ColumnReaders.TEXT);
            case "BLOB":
                return ColumnMapping.of(Value.Kind.BYTES, ColumnReaders.BYTES);
            case "DATE":
                return ColumnMapping.of(Value.Kind.DATE, ColumnReaders.DATE);
            case "TIME":
            case "TIME_NS":
                return ColumnMapping.of(Value.Kind.TIME, TIME);
            case "TIME WITH TIME ZONE":
                return ColumnMapping.of(Value.Kind.TEXT, ColumnReaders.TIME_WITH_TIMEZONE);
            case "TIMESTAMP":
            case "TIMESTAMP_S":
            case "TIMESTAMP_MS":
            case "TIMESTAMP_NS":
                return ColumnMapping.of(Value.Kind.DATETIME, ColumnReaders.DATETIME);
            case "TIMESTAMP WITH TIME ZONE":
                return ColumnMapping.of(Value.Kind.TIMESTAMP, ColumnReaders.TIMESTAMP);
            case "UUID":
                return ColumnMapping.of(Value.Kind.UUID, ColumnReaders.UUID);
            case "JSON":
                return ColumnMapping.of(Value.Kind.JSON, ColumnReaders.JSON);
            case "STRUCT":
            case "MAP":
                return ColumnMapping.of(Value.Kind.DOC, OBJECT);
            case "NULL":
            case "\"NULL\"":
                return ColumnMapping.of(Value.Kind.NULL, ColumnReaders.NULL);
            default:
                return TypeMapping.super.map(column);
        }
    }

    /** Converts a nested value as duckdb_jdbc returns it from {@code getObject} or an array. */
    static Value of(Object o) throws SQLException {
        if (o == null) {
            return Value.NULL;
        }
        Optional<Map<String, Object>> struct = DuckdbJdbcInternals.structFields(o);
        if (struct.isPresent()) {
            return doc(struct.get());
        }
        if (o instanceof Map<?, ?> m) {
            return doc(m);
        }
        if (o instanceof Array a) {
            try {
                return of(a.getArray());
            } finally {
                a.free();
            }
        }
        if (o instanceof Object[] a) {
            List<Value> values = new ArrayList<>(a.length);
            for (Object e : a) {
                values.add(of(e));
            }
            return new Value.Array(values);
        }
        if (o instanceof BigInteger b) {
            return new Value.Decimal(new BigDecimal(b));
        }
        Optional<String> json = DuckdbJdbcInternals.jsonText(o);
        if (json.isPresent()) {
            return new Value.Json(json.get());
        }
        if (o instanceof OffsetTime t) {
            return Value.of(t.toString());
        }
        return ColumnReaders.fromObject(o);
    }

    private static Value doc(Map<?, ?> m) throws SQLException {
        Map<String, Value> fields = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : m.entrySet()) {
            fields.put(String.valueOf(e.getKey()), of(e.getValue()));
        }
        return new Value.Doc(fields);
    }

    private static BigDecimal decimal(Object o) {
        if (o instanceof BigInteger b) {
            return new BigDecimal(b);
        }
        if (o instanceof BigDecimal d) {
            return d;
        }
        if (o instanceof Number n) {
            return BigDecimal.valueOf(n.longValue());
        }
        return new BigDecimal(o.toString());
    }
}
