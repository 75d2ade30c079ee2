package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Column;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import java.util.Iterator;
import java.util.List;
import java.util.OptionalLong;

/**
 * Results that need no server-side cursor: rows already in hand (a small reply, a page) and the
 * empty result of a write.
 *
 * @since 0.1
 */
public final class ResultSets {
    private ResultSets() {}

    /**
     * Returns a result over rows already in hand, with the limit and statistics applied.
     *
     * @param driver the driver's name
     * @param columns the columns
     * @param rows the rows, consumed lazily
     * @param limit the most rows to return, at least 1, or empty for no limit, such as {@code Query.limit()}
     * @param startNanos {@link System#nanoTime()} when the query call began
     * @return the result
     * @throws IllegalArgumentException if limit is present and less than 1
     */
    public static ResultSet of(
            String driver, List<Column> columns, Iterator<Row> rows, OptionalLong limit, long startNanos) {
        requireNonNull(rows, "rows is null");
        return new CursorResultSet(driver, columns, limit, startNanos) {
            @Override
            protected @Nullable Row fetch() {
                return rows.hasNext() ? rows.next() : null;
            }

            @Override
            protected void release() {}
        };
    }

    /**
     * Returns a result over all the rows already in hand, with the statistics applied.
     *
     * @param driver the driver's name
     * @param columns the columns
     * @param rows the rows, consumed lazily
     * @param startNanos {@link System#nanoTime()} when the query call began
     * @return the result
     */
    public static ResultSet of(String driver, List<Column> columns, Iterator<Row> rows, long startNanos) {
        return of(driver, columns, rows, OptionalLong.empty(), startNanos);
    }

    /**
     * Returns the row-less result of a write whose count the database reported.
     *
     * @param driver the driver's name
     * @param rowsAffected how many rows the write changed, 0 or more
     * @param startNanos {@link System#nanoTime()} when the query call began
     * @return an ended result with no columns
     * @throws IllegalArgumentException if rowsAffected is negative
     */
    public static ResultSet affected(String driver, long rowsAffected, long startNanos) {
        return affected(driver, OptionalLong.of(rowsAffected), startNanos);
    }

    /**
     * Returns the row-less result of a write, with the count when the database reported one.
     *
     * @param driver the driver's name
     * @param rowsAffected how many rows the write changed, 0 or more, or empty when the driver cannot tell
     * @param startNanos {@link System#nanoTime()} when the query call began
     * @return an ended result with no columns
     * @throws IllegalArgumentException if rowsAffected is negative
     */
    // hasNext() is called for its effect: it finds no row and ends the result at once
    @SuppressWarnings("ReturnValueIgnored")
    public static ResultSet affected(String driver, OptionalLong rowsAffected, long startNanos) {
        CursorResultSet rs = new CursorResultSet(driver, List.of(), OptionalLong.empty(), startNanos) {
            @Override
            protected @Nullable Row fetch() {
                return null;
            }

            @Override
            protected void release() {}
        };
        rowsAffected.ifPresent(rs::rowsAffected);
        rs.hasNext();
        return rs;
    }
}
