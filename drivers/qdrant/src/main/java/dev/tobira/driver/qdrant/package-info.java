/**
 * The Qdrant driver. Everything here but {@link dev.tobira.driver.qdrant.QdrantDriver} is
 * package-private. No method returns null; arguments are checked with
 * {@link java.util.Objects#requireNonNull}.
 *
 * @since 0.1
 */
package dev.tobira.driver.qdrant;
