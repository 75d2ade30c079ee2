package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * One row of a result: an immutable list of {@link Value}s, addressable by index or by column name,
 * with the typed getters of {@link RowView} ({@code row.getLong(0)} for the number of an
 * {@link Value.Int}).
 *
 * <p>Rows are safe to keep and to share between threads after the result that produced them is
 * closed. {@link #toString()} joins the display forms of the values with tabs.
 *
 * @since 0.1
 */
public final class Row implements RowView {
    private static final String NULL_VALUE = "value is null; use Value.NULL";

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
        if (values.length != columns.size()) {
            throw new IllegalArgumentException(
                    "row has " + values.length + " values for " + columns.size() + " columns");
        }
        // copied and checked in one pass
        Value[] copy = new Value[values.length];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = requireNonNull(values[i], NULL_VALUE);
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
     * Starts a row whose values are set one at a time, as a driver reads a result column by
     * column. {@link Builder#build()} hands the builder's own array to the row, so building costs
     * no copy and no second pass over the values, where {@link #of(List, Value...)} must copy the
     * caller's array to keep the row immutable.
     *
     * @param columns the columns, kept as given (results share one list between rows)
     * @return a builder with no value set
     * @throws NullPointerException if columns is null
     */
    public static Builder builder(List<Column> columns) {
        return new Builder(requireNonNull(columns, "columns is null"));
    }

    /**
     * Returns the columns of this row.
     *
     * @return the columns, unmodifiable
     */
    @Override
    public List<Column> columns() {
        return columns;
    }

    /**
     * Returns the number of values.
     *
     * @return the width of the row
     */
    @Override
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
    @Override
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
    @Override
    public Value get(String column) {
        return values[indexOf(column)];
    }

    /**
     * Returns this row, which is immutable already.
     *
     * @return this row
     */
    @Override
    public Row toRow() {
        return this;
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

    /**
     * Fills one {@link Row}, one value per column, then builds it; see {@link Row#builder(List)}.
     * Once {@link #build()} has run the builder refuses any further use, so the row's values cannot
     * change after the fact. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        /** What {@code values} becomes once the row is built: no null is kept in the field. */
        private static final Value[] BUILT = new Value[0];

        private final List<Column> columns;
        private Value[] values;
        private int set;

        private Builder(List<Column> columns) {
            this.columns = columns;
            this.values = new Value[columns.size()];
        }

        /**
         * Sets the value of a column, replacing any value set before.
         *
         * @param index the column index, from 0
         * @param value the value, {@link Value#NULL} for null
         * @return this builder
         * @throws NullPointerException if value is null
         * @throws IndexOutOfBoundsException if the index is out of range
         * @throws IllegalStateException if the row was built already
         */
        public Builder set(int index, Value value) {
            requireNonNull(value, NULL_VALUE);
            Value[] v = open();
            if (v[index] == null) {
                set++;
            }
            v[index] = value;
            return this;
        }

        /**
         * Builds the row from the values set, without copying them. The builder cannot be used
         * again.
         *
         * @return the row
         * @throws NullPointerException if a column has no value
         * @throws IllegalStateException if the row was built already
         */
        public Row build() {
            Value[] v = open();
            if (set != v.length) {
                throw new NullPointerException(
                        (v.length - set) + " of " + v.length + " values not set; use Value.NULL for null");
            }
            values = BUILT;
            return new Row(columns, v);
        }

        private Value[] open() {
            if (values == BUILT) {
                throw new IllegalStateException("the row was built already");
            }
            return values;
        }
    }
}
