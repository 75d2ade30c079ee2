package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
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
 * {@link #kind(int)}) first where a column may hold one, or read it with the getter's
 * {@code findX(i)}: empty for a null, else what {@code getX(i)} returns (or throws). There is no
 * conversion between kinds: an {@link Value.Int} is not read by {@link #getDecimal(int)}, nor a
 * {@link Value.Json} by {@link #getText(int)}. Kinds without a getter here (JSON, arrays,
 * documents, vectors) are read with {@link #get(int)}.
 *
 * <p>{@link #findLong(int)} and {@link #findDouble(int)} return {@link OptionalLong} and
 * {@link OptionalDouble}, so a number is never boxed; the others return {@link Optional}. Where
 * every cell of a large result counts, {@code isNull(i)} and {@code getX(i)} allocate nothing.
 *
 * <p>Every method that takes an index also takes a column name ({@code getLong("id")},
 * {@code findText("email")}, {@code isNull("email")}): the first column of that name, an exact match
 * first, then one ignoring case ({@link #indexOf(String)}); no such column throws
 * {@link NoSuchElementException}. The name is looked up on each call, and the method at the index
 * does the rest, so a view that reads in place serves both.
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
        return get(indexOf(column));
    }

    /**
     * Returns the index of the first column with the given name: an exact match first, then one
     * that ignores case. Every method that takes a column name finds its column this way, on every
     * call; a loop over many rows can look the index up once and read by index.
     *
     * @param column the column name
     * @return the column index, from 0
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default int indexOf(String column) {
        requireNonNull(column, "column is null");
        List<Column> columns = columns();
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
     * Returns the kind of the value in the named column: {@link #kind(int)} at
     * {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the kind, {@link Value.Kind#NULL} for null
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default Value.Kind kind(String column) {
        return kind(indexOf(column));
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
     * Tells whether the value in the named column is a null: {@link #isNull(int)} at
     * {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return whether it is null
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default boolean isNull(String column) {
        return isNull(indexOf(column));
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
     * Returns the truth value of a {@link Value.Bool} in the named column: {@link #getBoolean(int)} at
     * {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value
     * @throws IllegalStateException if the value is not a {@code Bool} (NULL included)
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default boolean getBoolean(String column) {
        return getBoolean(indexOf(column));
    }

    /**
     * Returns the truth value of a {@link Value.Bool}, or empty for a null: {@link #getBoolean(int)}
     * for a column that may hold one, without asking {@link #isNull(int)} first.
     *
     * @param index the column index, from 0
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither a {@code Bool} nor a null
     * @throws IndexOutOfBoundsException if the index is out of range
     * @since 0.1
     */
    default Optional<Boolean> findBoolean(int index) {
        return isNull(index) ? Optional.empty() : Optional.of(getBoolean(index));
    }

    /**
     * Returns the truth value of a {@link Value.Bool} in the named column, or empty for a null:
     * {@link #findBoolean(int)} at {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither a {@code Bool} nor a null
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default Optional<Boolean> findBoolean(String column) {
        return findBoolean(indexOf(column));
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
     * Returns the number of an {@link Value.Int} in the named column: {@link #getLong(int)} at
     * {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value
     * @throws IllegalStateException if the value is not an {@code Int} (NULL included)
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default long getLong(String column) {
        return getLong(indexOf(column));
    }

    /**
     * Returns the number of an {@link Value.Int}, or empty for a null: {@link #getLong(int)}
     * for a column that may hold one, without asking {@link #isNull(int)} first.
     *
     * @param index the column index, from 0
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither an {@code Int} nor a null
     * @throws IndexOutOfBoundsException if the index is out of range
     * @since 0.1
     */
    default OptionalLong findLong(int index) {
        return isNull(index) ? OptionalLong.empty() : OptionalLong.of(getLong(index));
    }

    /**
     * Returns the number of an {@link Value.Int} in the named column, or empty for a null:
     * {@link #findLong(int)} at {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither an {@code Int} nor a null
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default OptionalLong findLong(String column) {
        return findLong(indexOf(column));
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
     * Returns the number of a {@link Value.Float} in the named column: {@link #getDouble(int)} at
     * {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value
     * @throws IllegalStateException if the value is not a {@code Float} (NULL included)
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default double getDouble(String column) {
        return getDouble(indexOf(column));
    }

    /**
     * Returns the number of a {@link Value.Float}, or empty for a null: {@link #getDouble(int)}
     * for a column that may hold one, without asking {@link #isNull(int)} first.
     *
     * @param index the column index, from 0
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither a {@code Float} nor a null
     * @throws IndexOutOfBoundsException if the index is out of range
     * @since 0.1
     */
    default OptionalDouble findDouble(int index) {
        return isNull(index) ? OptionalDouble.empty() : OptionalDouble.of(getDouble(index));
    }

    /**
     * Returns the number of a {@link Value.Float} in the named column, or empty for a null:
     * {@link #findDouble(int)} at {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither a {@code Float} nor a null
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default OptionalDouble findDouble(String column) {
        return findDouble(indexOf(column));
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
     * Returns the number of a {@link Value.Decimal} in the named column: {@link #getDecimal(int)} at
     * {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value, not null
     * @throws IllegalStateException if the value is not a {@code Decimal} (NULL included)
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default BigDecimal getDecimal(String column) {
        return getDecimal(indexOf(column));
    }

    /**
     * Returns the number of a {@link Value.Decimal}, or empty for a null: {@link #getDecimal(int)}
     * for a column that may hold one, without asking {@link #isNull(int)} first.
     *
     * @param index the column index, from 0
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither a {@code Decimal} nor a null
     * @throws IndexOutOfBoundsException if the index is out of range
     * @since 0.1
     */
    default Optional<BigDecimal> findDecimal(int index) {
        return isNull(index) ? Optional.empty() : Optional.of(getDecimal(index));
    }

    /**
     * Returns the number of a {@link Value.Decimal} in the named column, or empty for a null:
     * {@link #findDecimal(int)} at {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither a {@code Decimal} nor a null
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default Optional<BigDecimal> findDecimal(String column) {
        return findDecimal(indexOf(column));
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
     * Returns the text of a {@link Value.Text} in the named column: {@link #getText(int)} at
     * {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value, not null
     * @throws IllegalStateException if the value is not a {@code Text} (NULL included)
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default String getText(String column) {
        return getText(indexOf(column));
    }

    /**
     * Returns the text of a {@link Value.Text}, or empty for a null: {@link #getText(int)}
     * for a column that may hold one, without asking {@link #isNull(int)} first.
     *
     * @param index the column index, from 0
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither a {@code Text} nor a null
     * @throws IndexOutOfBoundsException if the index is out of range
     * @since 0.1
     */
    default Optional<String> findText(int index) {
        return isNull(index) ? Optional.empty() : Optional.of(getText(index));
    }

    /**
     * Returns the text of a {@link Value.Text} in the named column, or empty for a null:
     * {@link #findText(int)} at {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither a {@code Text} nor a null
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default Optional<String> findText(String column) {
        return findText(indexOf(column));
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
     * Returns the bytes of a {@link Value.Bytes} in the named column: {@link #getBytes(int)} at
     * {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return a new array the caller owns
     * @throws IllegalStateException if the value is not a {@code Bytes} (NULL included)
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default byte[] getBytes(String column) {
        return getBytes(indexOf(column));
    }

    /**
     * Returns the bytes of a {@link Value.Bytes}, or empty for a null: {@link #getBytes(int)}
     * for a column that may hold one, without asking {@link #isNull(int)} first.
     *
     * @param index the column index, from 0
     * @return a new array the caller owns, or empty if the value is a null
     * @throws IllegalStateException if the value is neither a {@code Bytes} nor a null
     * @throws IndexOutOfBoundsException if the index is out of range
     * @since 0.1
     */
    default Optional<byte[]> findBytes(int index) {
        return isNull(index) ? Optional.empty() : Optional.of(getBytes(index));
    }

    /**
     * Returns the bytes of a {@link Value.Bytes} in the named column, or empty for a null:
     * {@link #findBytes(int)} at {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return a new array the caller owns, or empty if the value is a null
     * @throws IllegalStateException if the value is neither a {@code Bytes} nor a null
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default Optional<byte[]> findBytes(String column) {
        return findBytes(indexOf(column));
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
     * Returns the date of a {@link Value.Date} in the named column: {@link #getDate(int)} at
     * {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value, not null
     * @throws IllegalStateException if the value is not a {@code Date} (NULL included)
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default LocalDate getDate(String column) {
        return getDate(indexOf(column));
    }

    /**
     * Returns the date of a {@link Value.Date}, or empty for a null: {@link #getDate(int)}
     * for a column that may hold one, without asking {@link #isNull(int)} first.
     *
     * @param index the column index, from 0
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither a {@code Date} nor a null
     * @throws IndexOutOfBoundsException if the index is out of range
     * @since 0.1
     */
    default Optional<LocalDate> findDate(int index) {
        return isNull(index) ? Optional.empty() : Optional.of(getDate(index));
    }

    /**
     * Returns the date of a {@link Value.Date} in the named column, or empty for a null:
     * {@link #findDate(int)} at {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither a {@code Date} nor a null
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default Optional<LocalDate> findDate(String column) {
        return findDate(indexOf(column));
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
     * Returns the time of day of a {@link Value.Time} in the named column: {@link #getTime(int)} at
     * {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value, not null
     * @throws IllegalStateException if the value is not a {@code Time} (NULL included)
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default LocalTime getTime(String column) {
        return getTime(indexOf(column));
    }

    /**
     * Returns the time of day of a {@link Value.Time}, or empty for a null: {@link #getTime(int)}
     * for a column that may hold one, without asking {@link #isNull(int)} first.
     *
     * @param index the column index, from 0
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither a {@code Time} nor a null
     * @throws IndexOutOfBoundsException if the index is out of range
     * @since 0.1
     */
    default Optional<LocalTime> findTime(int index) {
        return isNull(index) ? Optional.empty() : Optional.of(getTime(index));
    }

    /**
     * Returns the time of day of a {@link Value.Time} in the named column, or empty for a null:
     * {@link #findTime(int)} at {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither a {@code Time} nor a null
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default Optional<LocalTime> findTime(String column) {
        return findTime(indexOf(column));
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
     * Returns the date and time of a {@link Value.DateTime} in the named column: {@link #getDateTime(int)} at
     * {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value, not null
     * @throws IllegalStateException if the value is not a {@code DateTime} (NULL included)
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default LocalDateTime getDateTime(String column) {
        return getDateTime(indexOf(column));
    }

    /**
     * Returns the date and time of a {@link Value.DateTime}, or empty for a null: {@link #getDateTime(int)}
     * for a column that may hold one, without asking {@link #isNull(int)} first.
     *
     * @param index the column index, from 0
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither a {@code DateTime} nor a null
     * @throws IndexOutOfBoundsException if the index is out of range
     * @since 0.1
     */
    default Optional<LocalDateTime> findDateTime(int index) {
        return isNull(index) ? Optional.empty() : Optional.of(getDateTime(index));
    }

    /**
     * Returns the date and time of a {@link Value.DateTime} in the named column, or empty for a null:
     * {@link #findDateTime(int)} at {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither a {@code DateTime} nor a null
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default Optional<LocalDateTime> findDateTime(String column) {
        return findDateTime(indexOf(column));
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
     * Returns the instant of a {@link Value.Timestamp} in the named column: {@link #getTimestamp(int)} at
     * {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value, not null
     * @throws IllegalStateException if the value is not a {@code Timestamp} (NULL included)
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default Instant getTimestamp(String column) {
        return getTimestamp(indexOf(column));
    }

    /**
     * Returns the instant of a {@link Value.Timestamp}, or empty for a null: {@link #getTimestamp(int)}
     * for a column that may hold one, without asking {@link #isNull(int)} first.
     *
     * @param index the column index, from 0
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither a {@code Timestamp} nor a null
     * @throws IndexOutOfBoundsException if the index is out of range
     * @since 0.1
     */
    default Optional<Instant> findTimestamp(int index) {
        return isNull(index) ? Optional.empty() : Optional.of(getTimestamp(index));
    }

    /**
     * Returns the instant of a {@link Value.Timestamp} in the named column, or empty for a null:
     * {@link #findTimestamp(int)} at {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither a {@code Timestamp} nor a null
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default Optional<Instant> findTimestamp(String column) {
        return findTimestamp(indexOf(column));
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
     * Returns the UUID of a {@link Value.Uuid} in the named column: {@link #getUuid(int)} at
     * {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value, not null
     * @throws IllegalStateException if the value is not a {@code Uuid} (NULL included)
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default UUID getUuid(String column) {
        return getUuid(indexOf(column));
    }

    /**
     * Returns the UUID of a {@link Value.Uuid}, or empty for a null: {@link #getUuid(int)}
     * for a column that may hold one, without asking {@link #isNull(int)} first.
     *
     * @param index the column index, from 0
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither a {@code Uuid} nor a null
     * @throws IndexOutOfBoundsException if the index is out of range
     * @since 0.1
     */
    default Optional<UUID> findUuid(int index) {
        return isNull(index) ? Optional.empty() : Optional.of(getUuid(index));
    }

    /**
     * Returns the UUID of a {@link Value.Uuid} in the named column, or empty for a null:
     * {@link #findUuid(int)} at {@link #indexOf(String) indexOf(column)}.
     *
     * @param column the column name
     * @return the value, or empty if it is a null
     * @throws IllegalStateException if the value is neither a {@code Uuid} nor a null
     * @throws NoSuchElementException if no column has that name
     * @since 0.1
     */
    default Optional<UUID> findUuid(String column) {
        return findUuid(indexOf(column));
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
}
