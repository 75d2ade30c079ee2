package dev.tobira.api;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;

/** The fixed table of {@link RowView#get(int, Class)}: which class reads which kind. */
final class TypedReads {
    /** Class to kind; {@code Value.class} maps to null (any kind). In the order the error names them. */
    private static final Map<Class<?>, Value.Kind> KINDS = new LinkedHashMap<>();

    static {
        KINDS.put(Boolean.class, Value.Kind.BOOL);
        KINDS.put(Long.class, Value.Kind.INT);
        KINDS.put(Double.class, Value.Kind.FLOAT);
        KINDS.put(BigDecimal.class, Value.Kind.DECIMAL);
        KINDS.put(String.class, Value.Kind.TEXT);
        KINDS.put(byte[].class, Value.Kind.BYTES);
        KINDS.put(LocalDate.class, Value.Kind.DATE);
        KINDS.put(LocalTime.class, Value.Kind.TIME);
        KINDS.put(LocalDateTime.class, Value.Kind.DATETIME);
        KINDS.put(Instant.class, Value.Kind.TIMESTAMP);
        KINDS.put(UUID.class, Value.Kind.UUID);
        KINDS.put(float[].class, Value.Kind.VECTOR);
        KINDS.put(Value.class, null);
        KINDS.put(Value.Bool.class, Value.Kind.BOOL);
        KINDS.put(Value.Int.class, Value.Kind.INT);
        KINDS.put(Value.Float.class, Value.Kind.FLOAT);
        KINDS.put(Value.Decimal.class, Value.Kind.DECIMAL);
        KINDS.put(Value.Text.class, Value.Kind.TEXT);
        KINDS.put(Value.Bytes.class, Value.Kind.BYTES);
        KINDS.put(Value.Date.class, Value.Kind.DATE);
        KINDS.put(Value.Time.class, Value.Kind.TIME);
        KINDS.put(Value.DateTime.class, Value.Kind.DATETIME);
        KINDS.put(Value.Timestamp.class, Value.Kind.TIMESTAMP);
        KINDS.put(Value.Uuid.class, Value.Kind.UUID);
        KINDS.put(Value.Json.class, Value.Kind.JSON);
        KINDS.put(Value.Array.class, Value.Kind.ARRAY);
        KINDS.put(Value.Doc.class, Value.Kind.DOC);
        KINDS.put(Value.Vector.class, Value.Kind.VECTOR);
    }

    private static final String SUPPORTED = KINDS.keySet().stream()
            .map(c -> c.getEnclosingClass() == Value.class ? "Value." + c.getSimpleName() : c.getSimpleName())
            .collect(Collectors.joining(", "));

    private TypedReads() {}

    /**
     * The kind a class reads, empty for {@code Value.class} (any kind).
     *
     * @throws IllegalArgumentException if the class is not in the table
     */
    static Optional<Value.Kind> kindOf(Class<?> type) {
        Optional<Value.Kind> kind = Optional.ofNullable(KINDS.get(type));
        if (kind.isEmpty() && type != Value.class) {
            throw new IllegalArgumentException(
                    type.getName() + " is not a class a row is read as; the classes are " + SUPPORTED);
        }
        return kind;
    }

    /** The content of a value whose kind the class reads: the value itself for a {@code Value} class. */
    static Object content(Value value, Class<?> type) {
        if (Value.class.isAssignableFrom(type)) {
            return value;
        }
        return switch (value.kind()) {
            case BOOL -> ((Value.Bool) value).value();
            case INT -> ((Value.Int) value).value();
            case FLOAT -> ((Value.Float) value).value();
            case DECIMAL -> ((Value.Decimal) value).value();
            case TEXT -> ((Value.Text) value).value();
            case BYTES -> ((Value.Bytes) value).value();
            case DATE -> ((Value.Date) value).value();
            case TIME -> ((Value.Time) value).value();
            case DATETIME -> ((Value.DateTime) value).value();
            case TIMESTAMP -> ((Value.Timestamp) value).value();
            case UUID -> ((Value.Uuid) value).value();
            case VECTOR -> ((Value.Vector) value).values();
            default -> throw new IllegalStateException("no plain class reads " + value.kind());
        };
    }
}
