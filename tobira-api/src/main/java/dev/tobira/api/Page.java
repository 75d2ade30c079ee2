package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * One page of a {@link Browser}: a bounded list of rows and where to continue.
 *
 * @param columns the columns of the rows
 * @param rows the rows of this page
 * @param next the cursor of the next page; empty when this is the last page
 * @since 0.1
 */
public record Page(List<Column> columns, List<Row> rows, String next) {
    /**
     * Creates a page; the lists are copied.
     *
     * @param columns the columns of the rows
     * @param rows the rows of this page
     * @param next the cursor of the next page; empty when this is the last page
     * @throws NullPointerException if an argument is null
     */
    public Page {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        requireNonNull(next, "next is null");
    }

    /**
     * Tells whether there is a next page.
     *
     * @return whether {@link #next()} is not empty
     */
    public boolean hasNext() {
        return !next.isEmpty();
    }
}
