/**
 * The Qdrant driver of tobira, {@link dev.tobira.driver.qdrant.QdrantDriver}, on the non-JDBC base
 * ({@code dev.tobira.spi.base}) over the official Java client and gRPC. Applications do not name
 * it: {@link dev.tobira.api.Registry#discover()} finds it on the class path for {@code qdrant://}
 * and {@code qdrants://} DSNs. A query is a JSON operation document; the class documentation lists
 * the operations and what the read-only guard lets through. Everything here but
 * {@code QdrantDriver} is package-private.
 *
 * <p><b>Nulls.</b> No method returns null; arguments are checked with
 * {@link java.util.Objects#requireNonNull}.
 *
 * @since 0.1
 */
package dev.tobira.driver.qdrant;
