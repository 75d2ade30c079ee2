package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * One row of a result: an immutable list of {@link Value}s, addressable by index or by column name.
 *
 * <p>Rows are safe to keep and to share between threads after the result that produced them is
 * closed. {@link #toString()} joins the display forms of the values with tabs.
 *
 * @since 0.1
 */
public final class Row {
    private final List<Column> columns;
    private final Value[] values;

    private Row(List<Column> columns, Value[] values) {
        this.columns = columns;
        this.values = values;
    }

    /**
     * Creates a row. The columns list is kept as given (results share one list between rows);
     * the values are copied.
     *
     * @param columns the columns, one per value
     * @param values the values in column order
     * @return the row
     * @throws NullPointerException if an argument or a value is null
     * @throws IllegalArgumentException if the counts differ
     */
    public static Row of(List<Column> columns, Value... values) {
        requireNonNull(columns, "columns is null");
        Value[] copy = values.clone();
        if (copy.length != columns.size()) {
            throw new IllegalArgumentException("row has " + copy.length + " values for " + columns.size() + " columns");
        }
        for (Value v : copy) {
            requireNonNull(v, "value is null; use Value.NULL");
        }
        return new Row(columns, copy);
    }

    /**
     * Creates a row from a list of values.
     *
     * @param columns the columns, one per value
     * @param values the values in column order
     * @return the row
     * @throws NullPointerException if an argument or a value is null
     * @throws IllegalArgumentException if the counts differ
     */
    public static Row of(List<Column> columns, List<Value> values) {
        return of(columns, values.toArray(new Value[0]));
    }

    /**
     * Returns the columns of this row.
     *
     * @return the columns, unmodifiable
     */
    public List<Column> columns() {
        return columns;
    }

    /**
     * Returns the number of values.
     *
     * @return the width of the row
     */
    public int size() {
        return values.length;
    }

    /**
     * Returns the value at an index.
     *
     * @param index the column index, from 0
     * @return the value, {@link Value#NULL} for null
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    public Value get(int index) {
        return values[index];
    }

    /**
     * Returns the value of the first column with the given name (exact match first, then
     * ignoring case).
     *
     * @param column the column name
     * @return the value, {@link Value#NULL} for null
     * @throws NoSuchElementException if no column has that name
     */
    public Value get(String column) {
        requireNonNull(column, "column is null");
        for (int i = 0; i < values.length; i++) {
            if (columns.get(i).name().equals(column)) {
                return values[i];
            }
        }
        for (int i = 0; i < values.length; i++) {
            if (columns.get(i).name().equalsIgnoreCase(column)) {
                return values[i];
            }
        }
        throw new NoSuchElementException("no column named " + column + " in " + columns.stream().map(Column::name).toList());
    }

    /**
     * Returns the values as a list.
     *
     * @return an unmodifiable list of the values
     */
    public List<Value> values() {
        return List.of(values);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Row r && Arrays.equals(values, r.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    /** Returns the display forms of the values, separated by tabs. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                sb.append('\t');
            }
            sb.append(values[i]);
        }
        return sb.toString();
    }
}
