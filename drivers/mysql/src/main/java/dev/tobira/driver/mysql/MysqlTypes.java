package dev.tobira.driver.mysql;

import dev.tobira.api.Value;
import dev.tobira.jdbc.ColumnMapping;
import dev.tobira.jdbc.ColumnReader;
import dev.tobira.jdbc.ColumnReaders;
import dev.tobira.jdbc.JdbcColumn;
import dev.tobira.jdbc.TypeMapping;
import java.sql.Types;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Pattern;

/** MySQL's and MariaDB's columns: JSON, UTC instants, times that may be durations, unsigned 64-bit numbers, bit fields. */
final class MysqlTypes implements TypeMapping {
    private static final Pattern PLAIN_TIME = Pattern.compile("([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,9})?");

    /** A TIME as a time of day when it is one; MySQL's TIME also holds durations up to 838 hours, and those stay text. */
    static final ColumnReader TIME = (rs, i) -> {
        String s = rs.getString(i);
        if (s == null) {
            return Value.NULL;
        }
        if (PLAIN_TIME.matcher(s).matches()) {
            try {
                return new Value.Time(LocalTime.parse(s));
            } catch (DateTimeParseException e) {
                return Value.of(s);
            }
        }
        return Value.of(s);
    };

    /** A TIMESTAMP, which the server stores as an instant and sends in the session's zone: always UTC here. */
    static final ColumnReader TIMESTAMP = (rs, i) -> {
        LocalDateTime v = rs.getObject(i, LocalDateTime.class);
        return v == null ? Value.NULL : new Value.Timestamp(v.toInstant(ZoneOffset.UTC));
    };

    @Override
    public ColumnMapping map(JdbcColumn column) {
        String type = column.typeName().toUpperCase(Locale.ROOT);
        switch (type) {
            case "JSON":
                return ColumnMapping.of(Value.Kind.JSON, ColumnReaders.JSON);
            case "TIMESTAMP":
                return ColumnMapping.of(Value.Kind.TIMESTAMP, TIMESTAMP);
            case "TIME":
                return ColumnMapping.of(Value.Kind.TIME, TIME).orAlso(Value.Kind.TEXT);
            case "YEAR":
                return ColumnMapping.of(Value.Kind.INT, ColumnReaders.INT);
            case "BIGINT UNSIGNED":
                return ColumnMapping.of(Value.Kind.DECIMAL, ColumnReaders.DECIMAL);
            case "UUID":
                return ColumnMapping.of(Value.Kind.UUID, ColumnReaders.UUID);
            default:
                break;
        }
        if (column.jdbcType() == Types.BIT && column.precision() > 1) {
            return column.precision() < 64
                    ? ColumnMapping.of(Value.Kind.INT, ColumnReaders.INT)
                    : ColumnMapping.of(Value.Kind.BYTES, ColumnReaders.BYTES);
        }
        return TypeMapping.super.map(column);
    }
}
