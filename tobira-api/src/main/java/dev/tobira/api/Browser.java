package dev.tobira.api;

import java.util.Optional;

/**
 * Pages through a collection in its natural or key order, without writing a query.
 *
 * <pre>{@code
 * Optional<String> cursor = Optional.empty();
 * do {
 *     Page page = browser.browse(ref, cursor, 100);
 *     page.rows().forEach(System.out::println);
 *     cursor = page.next();
 * } while (cursor.isPresent());
 * }</pre>
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
     * @throws IllegalArgumentException if size is less than 1, or the cursor is present and empty or not one this driver made
     * @throws DriverException NOT_FOUND if the collection does not exist, or another kind on failure
     */
    Page browse(CollectionRef collection, Optional<String> cursor, int size);

    /**
     * Returns the first page of a collection: {@link #browse(CollectionRef, Optional, int)} with no
     * cursor.
     *
     * @param collection the collection
     * @param size the most rows on the page, at least 1
     * @return the page
     * @throws IllegalArgumentException if size is less than 1
     * @throws DriverException NOT_FOUND if the collection does not exist, or another kind on failure
     */
    default Page browse(CollectionRef collection, int size) {
        return browse(collection, Optional.empty(), size);
    }
}
