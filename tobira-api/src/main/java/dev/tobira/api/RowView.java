package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.UUID;

/**
 * The values of one row, read by index or column name, either as {@link Value}s or through typed
 * getters that hand over the content of a value without the value itself.
 *
 * <p>Two kinds of object are row views. A {@link Row} is one: immutable, kept as long as wanted.
 * The view {@link ResultSet#forEachRow} hands its action is the other: a window on the row the
 * result stands at, which a driver may read in place from its cursor, building no {@code Row} and
 * no {@code Value} for the getters that return a primitive or a plain object. Such a view is valid
 * only while the action that received it runs; keep a row with {@link #toRow()}.
 *
 * <p>Every typed getter follows one rule: {@code getX(i)} returns the content of {@code get(i)} when
 * that value is of the getter's kind, and otherwise throws {@link IllegalStateException} naming the
 * column and both kinds; a NULL is of kind {@link Value.Kind#NULL}, so ask {@link #isNull(int)} (or
 * {@link #kind(int)}) first where a column may hold one. There is no conversion between kinds: an
 * {@link Value.Int} is not read by {@link #getDecimal(int)}, nor a {@link Value.Json} by
 * {@link #getText(int)}. Kinds without a getter here (JSON, arrays, documents, vectors) are read
 * with {@link #get(int)}.
 *
 * @since 0.1
 */
public interface RowView {
    /**
     * Returns the columns of the row.
     *
     * @return the columns, unmodifiable
     */
    List<Column> columns();

    /**
     * Returns the number of values.
     *
     * @return the width of the row
     */
    int size();

    /**
     * Returns the value at an index.
     *
     * @param index the column index, from 0
     * @return the value, {@link Value#NULL} for null
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    Value get(int index);

    /**
     * Returns the value of the first column with the given name (exact match first, then ignoring
     * case).
     *
     * @param column the column name
     * @return the value, {@link Value#NULL} for null
     * @throws NoSuchElementException if no column has that name
     */
    default Value get(String column) {
        return get(indexOf(columns(), column));
    }

    /**
     * Returns the kind of the value at an index; it may differ from row to row where the database
     * types values rather than columns (SQLite, documents).
     *
     * @param index the column index, from 0
     * @return the kind, {@link Value.Kind#NULL} for null
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    default Value.Kind kind(int index) {
        return get(index).kind();
    }

    /**
     * Tells whether the value at an index is a null, a value of kind {@link Value.Kind#NULL}
     * ({@link Value#isNull()}).
     *
     * @param index the column index, from 0
     * @return whether it is null
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    default boolean isNull(int index) {
        return get(index).isNull();
    }

    /**
     * Returns the truth value of a {@link Value.Bool}.
     *
     * @param index the column index, from 0
     * @return the value
     * @throws IllegalStateException if the value is not a {@code Bool} (NULL included)
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    default boolean getBoolean(int index) {
        if (get(index) instanceof Value.Bool v) {
            return v.value();
        }
        throw notOfKind(index, Value.Kind.BOOL);
    }

    /**
     * Returns the number of a {@link Value.Int}.
     *
     * @param index the column index, from 0
     * @return the value
     * @throws IllegalStateException if the value is not an {@code Int} (NULL included)
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    default long getLong(int index) {
        if (get(index) instanceof Value.Int v) {
            return v.value();
        }
        throw notOfKind(index, Value.Kind.INT);
    }

    /**
     * Returns the number of a {@link Value.Float}.
     *
     * @param index the column index, from 0
     * @return the value
     * @throws IllegalStateException if the value is not a {@code Float} (NULL included)
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    default double getDouble(int index) {
        if (get(index) instanceof Value.Float v) {
            return v.value();
        }
        throw notOfKind(index, Value.Kind.FLOAT);
    }

    /**
     * Returns the number of a {@link Value.Decimal}.
     *
     * @param index the column index, from 0
     * @return the value, not null
     * @throws IllegalStateException if the value is not a {@code Decimal} (NULL included)
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    default BigDecimal getDecimal(int index) {
        if (get(index) instanceof Value.Decimal v) {
            return v.value();
        }
        throw notOfKind(index, Value.Kind.DECIMAL);
    }

    /**
     * Returns the text of a {@link Value.Text}.
     *
     * @param index the column index, from 0
     * @return the value, not null
     * @throws IllegalStateException if the value is not a {@code Text} (NULL included)
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    default String getText(int index) {
        if (get(index) instanceof Value.Text v) {
            return v.value();
        }
        throw notOfKind(index, Value.Kind.TEXT);
    }

    /**
     * Returns the bytes of a {@link Value.Bytes}.
     *
     * @param index the column index, from 0
     * @return a new array the caller owns
     * @throws IllegalStateException if the value is not a {@code Bytes} (NULL included)
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    default byte[] getBytes(int index) {
        if (get(index) instanceof Value.Bytes v) {
            return v.value();
        }
        throw notOfKind(index, Value.Kind.BYTES);
    }

    /**
     * Returns the date of a {@link Value.Date}.
     *
     * @param index the column index, from 0
     * @return the value, not null
     * @throws IllegalStateException if the value is not a {@code Date} (NULL included)
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    default LocalDate getDate(int index) {
        if (get(index) instanceof Value.Date v) {
            return v.value();
        }
        throw notOfKind(index, Value.Kind.DATE);
    }

    /**
     * Returns the time of day of a {@link Value.Time}.
     *
     * @param index the column index, from 0
     * @return the value, not null
     * @throws IllegalStateException if the value is not a {@code Time} (NULL included)
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    default LocalTime getTime(int index) {
        if (get(index) instanceof Value.Time v) {
            return v.value();
        }
        throw notOfKind(index, Value.Kind.TIME);
    }

    /**
     * Returns the date and time of a {@link Value.DateTime}.
     *
     * @param index the column index, from 0
     * @return the value, not null
     * @throws IllegalStateException if the value is not a {@code DateTime} (NULL included)
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    default LocalDateTime getDateTime(int index) {
        if (get(index) instanceof Value.DateTime v) {
            return v.value();
        }
        throw notOfKind(index, Value.Kind.DATETIME);
    }

    /**
     * Returns the instant of a {@link Value.Timestamp}.
     *
     * @param index the column index, from 0
     * @return the value, not null
     * @throws IllegalStateException if the value is not a {@code Timestamp} (NULL included)
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    default Instant getTimestamp(int index) {
        if (get(index) instanceof Value.Timestamp v) {
            return v.value();
        }
        throw notOfKind(index, Value.Kind.TIMESTAMP);
    }

    /**
     * Returns the UUID of a {@link Value.Uuid}.
     *
     * @param index the column index, from 0
     * @return the value, not null
     * @throws IllegalStateException if the value is not a {@code Uuid} (NULL included)
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    default UUID getUuid(int index) {
        if (get(index) instanceof Value.Uuid v) {
            return v.value();
        }
        throw notOfKind(index, Value.Kind.UUID);
    }

    /**
     * Returns the row as an immutable {@link Row}, to keep after the view moves on.
     *
     * @return the row; a {@code Row} returns itself
     */
    default Row toRow() {
        Row.Builder row = Row.builder(columns());
        for (int i = 0; i < size(); i++) {
            row.set(i, get(i));
        }
        return row.build();
    }

    /** The error of a typed getter whose kind the value at the index is not. */
    private IllegalStateException notOfKind(int index, Value.Kind wanted) {
        Value.Kind found = kind(index);
        return new IllegalStateException("column " + columns().get(index).name() + " (index " + index + ") is " + found
                + ", not " + wanted + (found == Value.Kind.NULL ? "; ask isNull first" : ""));
    }

    /** The index of a column by name: exact match first, then ignoring case. */
    private static int indexOf(List<Column> columns, String column) {
        requireNonNull(column, "column is null");
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(column)) {
                return i;
            }
        }
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equalsIgnoreCase(column)) {
                return i;
            }
        }
        throw new NoSuchElementException("no column named " + column + " in " + columns.stream().map(Column::name).toList());
    }
}
