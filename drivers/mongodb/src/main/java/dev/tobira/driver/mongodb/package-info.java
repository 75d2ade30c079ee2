/**
 * The MongoDB driver: {@link dev.tobira.driver.mongodb.MongoDriver} opens {@code mongodb://} and
 * {@code mongodb+srv://} DSNs. Everything else in the package is internal.
 *
 * <p>Null policy: no method accepts or returns null; absent values are {@link java.util.Optional}
 * or empty collections.
 *
 * @since 0.1
 */
package dev.tobira.driver.mongodb;
