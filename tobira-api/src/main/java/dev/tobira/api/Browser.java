package dev.tobira.api;

/**
 * Pages through a collection in its natural or key order, without writing a query.
 *
 * @since 0.1
 */
public interface Browser extends Facet {
    /**
     * Returns one page of a collection.
     *
     * @param collection the collection
     * @param cursor where to continue: empty for the first page, else the cursor in {@link Page#next()} of the previous page
     * @param size the most rows on the page, at least 1
     * @return the page; its rows are read completely, so nothing stays open
     * @throws IllegalArgumentException if size is less than 1 or the cursor is not one this driver made
     * @throws DriverException NOT_FOUND if the collection does not exist, or another kind on failure
     */
    Page browse(CollectionRef collection, String cursor, int size);
}
