package dev.tobira.driver.bigquery;

import com.google.cloud.bigquery.Field;
import com.google.cloud.bigquery.FieldList;
import com.google.cloud.bigquery.FieldValue;
import com.google.cloud.bigquery.FieldValueList;
import com.google.cloud.bigquery.LegacySQLTypeName;
import com.google.cloud.bigquery.StandardSQLTypeName;
import dev.tobira.api.Column;
import dev.tobira.api.Value;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.jspecify.annotations.Nullable;

/**
 * BigQuery's cells as {@link Value}s, by the schema's field: INT64 {@code Int}, NUMERIC and
 * BIGNUMERIC {@code Decimal}, FLOAT64 {@code Float}, BOOL, STRING and GEOGRAPHY {@code Text}
 * (the native type says which), BYTES, DATE, TIME, DATETIME, TIMESTAMP, JSON, a REPEATED field
 * {@code Array} and a STRUCT {@code Doc}. INTERVAL and RANGE, which have no kind of their own, are
 * their canonical text.
 */
final class Values {
    private Values() {}

    static List<Column> columns(FieldList fields) {
        List<Column> columns = new ArrayList<>(fields.size());
        for (Field f : fields) {
            columns.add(Column.of(f.getName(), kind(f), nativeType(f), f.getMode() != Field.Mode.REQUIRED));
        }
        return List.copyOf(columns);
    }

    static Value.Kind kind(Field field) {
        return field.getMode() == Field.Mode.REPEATED ? Value.Kind.ARRAY : scalarKind(type(field));
    }

    static StandardSQLTypeName type(Field field) {
        LegacySQLTypeName legacy = field.getType();
        StandardSQLTypeName standard = legacy == null ? null : legacy.getStandardType();
        if (standard == null && legacy != null) {
            // a name the client's table does not list: GoogleSQL's own spelling, or a type newer than it
            try {
                return StandardSQLTypeName.valueOf(legacy.name());
            } catch (IllegalArgumentException e) {
                return StandardSQLTypeName.STRING;
            }
        }
        return standard == null ? StandardSQLTypeName.STRING : standard;
    }

    private static Value.Kind scalarKind(StandardSQLTypeName type) {
        switch (type) {
            case INT64:
                return Value.Kind.INT;
            case NUMERIC:
            case BIGNUMERIC:
                return Value.Kind.DECIMAL;
            case FLOAT64:
                return Value.Kind.FLOAT;
            case BOOL:
                return Value.Kind.BOOL;
            case BYTES:
                return Value.Kind.BYTES;
            case DATE:
                return Value.Kind.DATE;
            case TIME:
                return Value.Kind.TIME;
            case DATETIME:
                return Value.Kind.DATETIME;
            case TIMESTAMP:
                return Value.Kind.TIMESTAMP;
            case JSON:
                return Value.Kind.JSON;
            case STRUCT:
                return Value.Kind.DOC;
            case ARRAY:
                return Value.Kind.ARRAY;
            default:
                return Value.Kind.TEXT; // STRING, GEOGRAPHY, INTERVAL, RANGE
        }
    }

    /** GoogleSQL's spelling of the field's type: {@code INT64}, {@code ARRAY<STRING>}, {@code STRUCT<a INT64>}. */
    static String nativeType(Field field) {
        String scalar = scalarType(field);
        return field.getMode() == Field.Mode.REPEATED ? "ARRAY<" + scalar + ">" : scalar;
    }

    private static String scalarType(Field field) {
        StandardSQLTypeName type = type(field);
        if (type == StandardSQLTypeName.STRUCT && field.getSubFields() != null) {
            StringJoiner j = new StringJoiner(", ", "STRUCT<", ">");
            for (Field sub : field.getSubFields()) {
                j.add(sub.getName() + " " + nativeType(sub));
            }
            return j.toString();
        }
        return type.name();
    }

    /**
     * The cell as a Value; a cell that does not read as its field's type is an INTERNAL
     * DriverException naming the column, never the parser's exception.
     */
    static Value cell(Field field, @Nullable FieldValue cell) {
        try {
            return read(field, cell);
        } catch (dev.tobira.api.DriverException e) {
            throw e;
        } catch (RuntimeException e) {
            String raw =
                    cell == null || cell.getAttribute() != FieldValue.Attribute.PRIMITIVE ? "" : " " + cell.getValue();
            throw dev.tobira.api.DriverException.builder(
                            dev.tobira.api.ErrorKind.INTERNAL, BigQueryDriver.NAME, "query")
                    .detail("column " + field.getName() + ": BigQuery's value"
                            + (raw.length() > 62 ? raw.substring(0, 60) + "..." : raw) + " does not read as "
                            + field.getType() + ": " + e.getMessage())
                    .cause(e)
                    .build();
        }
    }

    private static Value read(Field field, @Nullable FieldValue cell) {
        if (cell == null || cell.isNull()) {
            return Value.NULL;
        }
        if (field.getMode() == Field.Mode.REPEATED) {
            List<FieldValue> items = cell.getRepeatedValue();
            List<Value> values = new ArrayList<>(items.size());
            Field element = field.toBuilder().setMode(Field.Mode.NULLABLE).build();
            for (FieldValue item : items) {
                values.add(cell(element, item));
            }
            return new Value.Array(values);
        }
        StandardSQLTypeName type = type(field);
        switch (type) {
            case INT64:
                return Value.of(cell.getLongValue());
            case NUMERIC:
            case BIGNUMERIC:
                return new Value.Decimal(new BigDecimal(cell.getStringValue()));
            case FLOAT64:
                return Value.of(cell.getDoubleValue());
            case BOOL:
                return Value.of(cell.getBooleanValue());
            case BYTES:
                return new Value.Bytes(cell.getBytesValue());
            case DATE:
                return new Value.Date(LocalDate.parse(cell.getStringValue()));
            case TIME:
                return new Value.Time(LocalTime.parse(cell.getStringValue()));
            case DATETIME:
                return new Value.DateTime(
                        LocalDateTime.parse(cell.getStringValue().replace(' ', 'T')));
            case TIMESTAMP:
                return new Value.Timestamp(cell.getTimestampInstant());
            case JSON:
                return new Value.Json(cell.getStringValue());
            case STRUCT:
                return struct(field.getSubFields(), cell.getRecordValue());
            default:
                return new Value.Text(cell.getStringValue());
        }
    }

    private static Value struct(FieldList fields, FieldValueList record) {
        Map<String, Value> doc = new LinkedHashMap<>();
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            doc.put(f.getName(), cell(f, i < record.size() ? record.get(i) : null));
        }
        return new Value.Doc(doc);
    }
}
