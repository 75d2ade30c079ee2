package dev.tobira.drivertest;

import dev.tobira.api.RowView;
import dev.tobira.api.Value;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * The typed getters of {@link RowView} (the primitive ones, {@code getText} and {@code get(int, Class)}), by the kind each reads, so that the kit can ask every one of
 * them of a cell and hold the answers against the cell's {@link Value}.
 */
final class TypedGetters {
    /** The kinds that have a typed getter. */
    static final List<Value.Kind> KINDS = List.of(
            Value.Kind.BOOL,
            Value.Kind.INT,
            Value.Kind.FLOAT,
            Value.Kind.DECIMAL,
            Value.Kind.TEXT,
            Value.Kind.BYTES,
            Value.Kind.DATE,
            Value.Kind.TIME,
            Value.Kind.DATETIME,
            Value.Kind.TIMESTAMP,
            Value.Kind.UUID);

    private TypedGetters() {}

    /** Calls the getter of a kind; bytes come back as a list, to compare by content. */
    static Object read(RowView row, int index, Value.Kind kind) {
        return switch (kind) {
            case BOOL -> row.getBoolean(index);
            case INT -> row.getLong(index);
            case FLOAT -> row.getDouble(index);
            case DECIMAL -> row.get(index, BigDecimal.class);
            case TEXT -> row.getText(index);
            case BYTES -> bytes(row.get(index, byte[].class));
            case DATE -> row.get(index, LocalDate.class);
            case TIME -> row.get(index, LocalTime.class);
            case DATETIME -> row.get(index, LocalDateTime.class);
            case TIMESTAMP -> row.get(index, Instant.class);
            case UUID -> row.get(index, UUID.class);
            default -> throw new IllegalArgumentException("no typed getter reads " + kind);
        };
    }

    /** What the getter of the value's kind must return for it. */
    static Object content(Value v) {
        return switch (v.kind()) {
            case BOOL -> ((Value.Bool) v).value();
            case INT -> ((Value.Int) v).value();
            case FLOAT -> ((Value.Float) v).value();
            case DECIMAL -> ((Value.Decimal) v).value();
            case TEXT -> ((Value.Text) v).value();
            case BYTES -> bytes(((Value.Bytes) v).value());
            case DATE -> ((Value.Date) v).value();
            case TIME -> ((Value.Time) v).value();
            case DATETIME -> ((Value.DateTime) v).value();
            case TIMESTAMP -> ((Value.Timestamp) v).value();
            case UUID -> ((Value.Uuid) v).value();
            default -> throw new IllegalArgumentException("no typed getter reads " + v.kind());
        };
    }

    private static List<Byte> bytes(byte[] b) {
        Byte[] boxed = new Byte[b.length];
        Arrays.setAll(boxed, i -> b[i]);
        return List.of(boxed);
    }
}
