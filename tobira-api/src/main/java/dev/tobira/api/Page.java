package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One page of a {@link Browser}: a bounded list of rows and where to continue. Immutable and safe
 * to share between threads.
 *
 * @since 0.1
 */
public final class Page {
    private final List<Column> columns;
    private final List<Row> rows;
    private final String next; // "" here only: of() refuses an empty cursor

    private Page(List<Column> columns, List<Row> rows, String next) {
        this.columns = List.copyOf(requireNonNull(columns, "columns is null"));
        this.rows = List.copyOf(requireNonNull(rows, "rows is null"));
        this.next = next;
    }

    /**
     * Returns the last page: there is no next one.
     *
     * @param columns the columns of the rows; the list is copied
     * @param rows the rows of this page; the list is copied
     * @return the page
     * @throws NullPointerException if an argument or an element is null
     */
    public static Page last(List<Column> columns, List<Row> rows) {
        return new Page(columns, rows, "");
    }

    /**
     * Returns a page followed by another.
     *
     * @param columns the columns of the rows; the list is copied
     * @param rows the rows of this page; the list is copied
     * @param next the cursor to pass to {@link Browser} for the next page, not empty
     * @return the page
     * @throws NullPointerException if an argument or an element is null
     * @throws IllegalArgumentException if next is empty
     */
    public static Page of(List<Column> columns, List<Row> rows, String next) {
        requireNonNull(next, "next is null");
        if (next.isEmpty()) {
            throw new IllegalArgumentException("next must not be empty (Page.last for the last page)");
        }
        return new Page(columns, rows, next);
    }

    /**
     * Returns the columns of the rows.
     *
     * @return the columns, unmodifiable
     */
    public List<Column> columns() {
        return columns;
    }

    /**
     * Returns the rows of this page.
     *
     * @return the rows, unmodifiable, possibly empty
     */
    public List<Row> rows() {
        return rows;
    }

    /**
     * Returns the cursor of the next page.
     *
     * @return the cursor, not empty, or empty when this is the last page
     */
    public Optional<String> next() {
        return next.isEmpty() ? Optional.empty() : Optional.of(next);
    }

    /**
     * Tells whether there is a next page.
     *
     * @return whether {@link #next()} is present
     */
    public boolean hasNext() {
        return !next.isEmpty();
    }

    /**
     * Tells whether another object is a page with the same columns, rows and cursor.
     *
     * @param o the other object
     * @return whether they are equal
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof Page p && columns.equals(p.columns) && rows.equals(p.rows) && next.equals(p.next);
    }

    /** Returns a hash code consistent with {@link #equals(Object)}. */
    @Override
    public int hashCode() {
        return Objects.hash(columns, rows, next);
    }

    /** Returns the size and whether a next page follows, never the rows (they may be sensitive). */
    @Override
    public String toString() {
        return "Page[" + rows.size() + " rows" + (next.isEmpty() ? "" : ", more") + "]";
    }
}
