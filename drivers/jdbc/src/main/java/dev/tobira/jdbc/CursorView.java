package dev.tobira.jdbc;

import dev.tobira.api.Column;
import dev.tobira.api.Row;
import dev.tobira.api.RowView;
import dev.tobira.api.Value;
import dev.tobira.spi.Nullable;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The row a JDBC cursor stands at, read in place for {@code forEachRow}: one object per result,
 * whose typed getters call the driver's own {@code getLong}, {@code getString}, … for columns of the
 * standard readers, building no {@link Value}. Every answer is the one the row path gives for the same
 * cell ({@link ResultColumns#value}): a dialect's reader, or a NULL, goes through that value, so
 * the rule of {@link RowView} (the getter's kind or an {@link IllegalStateException}) holds unchanged.
 */
final class CursorView implements RowView {
    private final ResultColumns mapped;
    private final List<Column> columns;
    private final java.sql.ResultSet rs;
    private final Function<Exception, RuntimeException> failed;

    /**
     * @param failed turns an exception of the JDBC driver into what the result throws, as a failed
     *     fetch does
     */
    CursorView(
            ResultColumns mapped,
            List<Column> columns,
            java.sql.ResultSet rs,
            Function<Exception, RuntimeException> failed) {
        this.mapped = mapped;
        this.columns = columns;
        this.rs = rs;
        this.failed = failed;
    }

    @Override
    public List<Column> columns() {
        return columns;
    }

    @Override
    public int size() {
        return columns.size();
    }

    @Override
    public Value get(int index) {
        Objects.checkIndex(index, columns.size());
        try {
            return mapped.value(rs, index);
        } catch (SQLException | RuntimeException e) {
            throw failed.apply(e);
        }
    }

    @Override
    public Value.Kind kind(int index) {
        Value.Kind kind = mapped.fixedKind(index);
        if (kind == null) {
            return RowView.super.kind(index);
        }
        return isNull(index) ? Value.Kind.NULL : kind;
    }

    /** Reads the cell with the getter of its reader, as the row would, but builds no {@link Value} for the standard ones. */
    @Override
    public boolean isNull(int index) {
        byte tag = mapped.tag(index);
        int c = index + 1;
        try {
            return switch (tag) {
                case ResultColumns.INT -> rs.getLong(c) == 0 && rs.wasNull();
                case ResultColumns.DOUBLE, ResultColumns.REAL -> rs.getDouble(c) == 0 && rs.wasNull();
                case ResultColumns.BOOL -> !rs.getBoolean(c) && rs.wasNull();
                case ResultColumns.TEXT -> rs.getString(c) == null;
                case ResultColumns.DECIMAL -> rs.getBigDecimal(c) == null;
                case ResultColumns.DECIMAL_OR_SPECIAL -> rs.getObject(c) == null;
                case ResultColumns.BYTES -> rs.getBytes(c) == null;
                case ResultColumns.DATE -> rs.getObject(c, LocalDate.class) == null;
                case ResultColumns.DATETIME -> rs.getObject(c, LocalDateTime.class) == null;
                case ResultColumns.TIMESTAMP -> rs.getObject(c, OffsetDateTime.class) == null;
                default -> mapped.value(rs, index).isNull();
            };
        } catch (SQLException | RuntimeException e) {
            throw failed.apply(e);
        }
    }

    // Each typed getter reads the cell directly when a standard reader of its kind maps the column
    // and the cell is not NULL; anything else (another kind, a dialect's reader, a NULL) goes through
    // the Value, where RowView's default returns the content or throws as it does for a Row.

    @Override
    public <T> T get(int index, Class<T> type) {
        // the object kinds read in place; Boolean, Long, Double and String reach the getters below
        // through RowView's default, and a null here (another kind, a NULL) goes through the Value
        Object v = type == BigDecimal.class
                ? decimal(index)
                : type == byte[].class
                        ? bytes(index)
                        : type == LocalDate.class
                                ? date(index)
                                : type == LocalDateTime.class
                                        ? dateTime(index)
                                        : type == Instant.class ? timestamp(index) : null;
        return v != null ? type.cast(v) : RowView.super.get(index, type);
    }

    @Override
    public boolean getBoolean(int index) {
        if (mapped.tag(index) == ResultColumns.BOOL) {
            try {
                boolean v = rs.getBoolean(index + 1);
                if (v || !rs.wasNull()) {
                    return v;
                }
            } catch (SQLException | RuntimeException e) {
                throw failed.apply(e);
            }
        }
        return RowView.super.getBoolean(index);
    }

    @Override
    public long getLong(int index) {
        if (mapped.tag(index) == ResultColumns.INT) {
            try {
                long v = rs.getLong(index + 1);
                if (v != 0 || !rs.wasNull()) {
                    return v;
                }
            } catch (SQLException | RuntimeException e) {
                throw failed.apply(e);
            }
        }
        return RowView.super.getLong(index);
    }

    @Override
    public double getDouble(int index) {
        byte tag = mapped.tag(index);
        if (tag == ResultColumns.DOUBLE || tag == ResultColumns.REAL) {
            try {
                if (tag == ResultColumns.DOUBLE) {
                    double v = rs.getDouble(index + 1);
                    if (v != 0 || !rs.wasNull()) {
                        return v;
                    }
                } else {
                    float v = rs.getFloat(index + 1);
                    if (v != 0 || !rs.wasNull()) {
                        return ColumnReaders.widen(v);
                    }
                }
            } catch (SQLException | RuntimeException e) {
                throw failed.apply(e);
            }
        }
        return RowView.super.getDouble(index);
    }

    private @Nullable BigDecimal decimal(int index) {
        byte tag = mapped.tag(index);
        if (tag == ResultColumns.DECIMAL || tag == ResultColumns.DECIMAL_OR_SPECIAL) {
            try {
                Object v = tag == ResultColumns.DECIMAL ? rs.getBigDecimal(index + 1) : rs.getObject(index + 1);
                if (v instanceof BigDecimal d) {
                    return d;
                }
            } catch (SQLException | RuntimeException e) {
                throw failed.apply(e);
            }
        }
        return null;
    }

    @Override
    public String getText(int index) {
        if (mapped.tag(index) == ResultColumns.TEXT) {
            try {
                String v = rs.getString(index + 1);
                if (v != null) {
                    return v;
                }
            } catch (SQLException | RuntimeException e) {
                throw failed.apply(e);
            }
        }
        return RowView.super.getText(index);
    }

    private @Nullable byte[] bytes(int index) {
        if (mapped.tag(index) == ResultColumns.BYTES) {
            try {
                byte[] v = rs.getBytes(index + 1);
                if (v != null) {
                    return v.clone(); // some drivers hand out an array of their own
                }
            } catch (SQLException | RuntimeException e) {
                throw failed.apply(e);
            }
        }
        return null;
    }

    private @Nullable LocalDate date(int index) {
        if (mapped.tag(index) == ResultColumns.DATE) {
            try {
                LocalDate v = rs.getObject(index + 1, LocalDate.class);
                if (v != null) {
                    return v;
                }
            } catch (SQLException | RuntimeException e) {
                throw failed.apply(e);
            }
        }
        return null;
    }

    private @Nullable LocalDateTime dateTime(int index) {
        if (mapped.tag(index) == ResultColumns.DATETIME) {
            try {
                LocalDateTime v = rs.getObject(index + 1, LocalDateTime.class);
                if (v != null) {
                    return v;
                }
            } catch (SQLException | RuntimeException e) {
                throw failed.apply(e);
            }
        }
        return null;
    }

    private @Nullable Instant timestamp(int index) {
        if (mapped.tag(index) == ResultColumns.TIMESTAMP) {
            try {
                OffsetDateTime v = rs.getObject(index + 1, OffsetDateTime.class);
                if (v != null) {
                    return v.toInstant();
                }
            } catch (SQLException | RuntimeException e) {
                throw failed.apply(e);
            }
        }
        return null;
    }

    @Override
    public Row toRow() {
        try {
            return mapped.read(rs, columns);
        } catch (SQLException | RuntimeException e) {
            throw failed.apply(e);
        }
    }
}
