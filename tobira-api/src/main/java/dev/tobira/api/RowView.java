package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

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
 * <p>The typed getters read the content of a value without the value: {@link #getBoolean(int)},
 * {@link #getLong(int)}, {@link #getDouble(int)} and {@link #getText(int)} (the reads nearly every
 * caller makes, the numbers without boxing), and {@link #get(int, Class)} for every other kind over
 * one fixed table of classes ({@code BigDecimal.class} for a DECIMAL, {@code LocalDate.class} for a
 * DATE, {@code Value.Json.class} for a JSON, …). Every typed getter follows one rule: it returns
 * the content of {@code get(i)} when that value is of the getter's kind, and otherwise throws
 * {@link IllegalStateException} naming the column and both kinds; a NULL is of kind
 * {@link Value.Kind#NULL}, so ask {@link #isNull(int)} (or {@link #kind(int)}) first where a column
 * may hold one, or read it with the getter's {@code find} form: empty for a null, else what the
 * {@code get} form returns (or throws). There is no conversion between kinds: an {@link Value.Int}
 * is not read as a {@code BigDecimal}, nor a {@link Value.Json} by {@link #getText(int)}.
 *
 * <p>{@link #findLong(int)} and {@link #findDouble(int)} return {@link OptionalLong} and
 * {@link OptionalDouble}, so a number is never boxed; the others return {@link Optional}. Where
 * every cell of a large result counts, {@code isNull(i)} and the primitive getters allocate nothing.
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
        throw new NoSuchElementException("no column named " + column + " in "
                + columns.stream().map(Column::name).toList());
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
     * Returns the content of the value at an index as an object of the given class, which names the
     * kind it reads, over one fixed table:
     *
     * <table class="striped">
     * <caption>The class for each kind</caption>
     * <thead><tr><th>class</th><th>reads a value of kind</th><th>returns</th></tr></thead>
     * <tbody>
     * <tr><td>{@code Boolean.class}</td><td>{@link Value.Kind#BOOL BOOL}</td><td>as {@link #getBoolean(int)}</td></tr>
     * <tr><td>{@code Long.class}</td><td>{@link Value.Kind#INT INT}</td><td>as {@link #getLong(int)}</td></tr>
     * <tr><td>{@code Double.class}</td><td>{@link Value.Kind#FLOAT FLOAT}</td><td>as {@link #getDouble(int)}</td></tr>
     * <tr><td>{@code BigDecimal.class}</td><td>{@link Value.Kind#DECIMAL DECIMAL}</td><td>the number</td></tr>
     * <tr><td>{@code String.class}</td><td>{@link Value.Kind#TEXT TEXT}</td><td>as {@link #getText(int)}</td></tr>
     * <tr><td>{@code byte[].class}</td><td>{@link Value.Kind#BYTES BYTES}</td><td>a new array the caller owns</td></tr>
     * <tr><td>{@code LocalDate.class}</td><td>{@link Value.Kind#DATE DATE}</td><td>the date</td></tr>
     * <tr><td>{@code LocalTime.class}</td><td>{@link Value.Kind#TIME TIME}</td><td>the time of day</td></tr>
     * <tr><td>{@code LocalDateTime.class}</td><td>{@link Value.Kind#DATETIME DATETIME}</td><td>the date and time</td></tr>
     * <tr><td>{@code Instant.class}</td><td>{@link Value.Kind#TIMESTAMP TIMESTAMP}</td><td>the instant</td></tr>
     * <tr><td>{@code UUID.class}</td><td>{@link Value.Kind#UUID UUID}</td><td>the UUID</td></tr>
     * <tr><td>{@code float[].class}</td><td>{@link Value.Kind#VECTOR VECTOR}</td><td>a new array the caller owns</td></tr>
     * <tr><td>a record of {@link Value}, such as {@code Value.Json.class}</td><td>its kind</td><td>the value itself</td></tr>
     * <tr><td>{@code Value.class}</td><td>any, NULL included</td><td>{@link #get(int)}</td></tr>
     * </tbody>
     * </table>
     *
     * <p>As for every typed getter there is no conversion between kinds: an {@code INT} is not read
     * as {@code BigDecimal}, nor a {@code JSON} as {@code String}. A value of another kind (a NULL
     * included, except for {@code Value.class}) throws {@link IllegalStateException} naming the
     * column and both kinds; read a column that may hold a null with {@link #find(int, Class)}.
     * Where the driver reads rows in place ({@link ResultSet#forEachRow}), the common kinds are read
     * from its cursor without building a {@link Value}.
     *
     * <pre>{@code
     * BigDecimal total = row.get(2, BigDecimal.class);
     * }</pre>
     *
     * @param <T> the class read
     * @param index the column index, from 0
     * @param type the class to read, one of the table's
     * @return the content, not null
     * @throws IllegalArgumentException if the class is not one of the table's; the message names them
     * @throws IllegalStateException if the value is not of the kind the class reads (NULL included)
     * @throws IndexOutOfBoundsException if the index is out of range
     * @throws NullPointerException if type is null
     * @since 0.1
     */
    default <T> T get(int index, Class<T> type) {
        requireNonNull(type, "type is null");
        Optional<Value.Kind> kind = TypedReads.kindOf(type);
        if (kind.isEmpty()) {
            return type.cast(get(index));
        }
        Value.Kind wanted = kind.get();
        // through the primitive getters, which a view reading in place serves without a Value
        if (type == Boolean.class) {
            return type.cast(getBoolean(index));
        } else if (type == Long.class) {
            return type.cast(getLong(index));
        } else if (type == Double.class) {
            return type.cast(getDouble(index));
        } else if (type == String.class) {
            return type.cast(getText(index));
        }
        Value v = get(index);
        if (v.kind() != wanted) {
            throw notOfKind(index, wanted);
        }
        return type.cast(TypedReads.content(v, type));
    }

    /**
     * Returns the content of the value in the named column as an object of the given class:
     * {@link #get(int, Class)} at {@link #indexOf(String) indexOf(column)}.
     *
     * @param <T> the class read
     * @param column the column name
     * @param type the class to read, one of the table of {@link #get(int, Class)}
     * @return the content, not null
     * @throws IllegalArgumentException if the class is not one of the table's
     * @throws IllegalStateException if the value is not of the kind the class reads (NULL included)
     * @throws NoSuchElementException if no column has that name
     * @throws NullPointerException if type is null
     * @since 0.1
     */
    default <T> T get(String column, Class<T> type) {
        return get(indexOf(column), type);
    }

    /**
     * Returns the content of the value at an index as an object of the given class, or empty for a
     * null: {@link #get(int, Class)} for a column that may hold one, without asking
     * {@link #isNull(int)} first. With {@code Value.class} it is empty for a null and the value
     * otherwise.
     *
     * @param <T> the class read
     * @param index the column index, from 0
     * @param type the class to read, one of the table of {@link #get(int, Class)}
     * @return the content, or empty if the value is a null
     * @throws IllegalArgumentException if the class is not one of the table's (a null value included)
     * @throws IllegalStateException if the value is neither of the kind the class reads nor a null
     * @throws IndexOutOfBoundsException if the index is out of range
     * @throws NullPointerException if type is null
     * @since 0.1
     */
    default <T> Optional<T> find(int index, Class<T> type) {
        requireNonNull(type, "type is null");
        TypedReads.kindOf(type); // a class outside the table fails on every row, not only on one that holds a value
        return isNull(index) ? Optional.empty() : Optional.of(get(index, type));
    }

    /**
     * Returns the content of the value in the named column as an object of the given class, or
     * empty for a null: {@link #find(int, Class)} at {@link #indexOf(String) indexOf(column)}.
     *
     * @param <T> the class read
     * @param column the column name
     * @param type the class to read, one of the table of {@link #get(int, Class)}
     * @return the content, or empty if the value is a null
     * @throws IllegalArgumentException if the class is not one of the table's
     * @throws IllegalStateException if the value is neither of the kind the class reads nor a null
     * @throws NoSuchElementException if no column has that name
     * @throws NullPointerException if type is null
     * @since 0.1
     */
    default <T> Optional<T> find(String column, Class<T> type) {
        return find(indexOf(column), type);
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
