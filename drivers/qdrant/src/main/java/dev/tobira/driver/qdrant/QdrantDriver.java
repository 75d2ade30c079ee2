package dev.tobira.driver.qdrant;

import dev.tobira.spi.base.BaseDriver;

/**
 * The tobira driver for Qdrant, through the official Java client ({@code io.qdrant:client}) over gRPC.
 *
 * <p>DSNs: {@code qdrant://host:6334} (plain gRPC), {@code qdrants://host:6334} or
 * {@code qdrant://host:6334?tls=true} (TLS). The API key is {@link dev.tobira.api.ConnConfig#password()}; it never
 * appears in a message. Option {@code describeSample} (0 to 1000, default 100) bounds the payloads
 * {@code describe} reads.
 *
 * <p>A query is a JSON operation document named after the Qdrant operation, with its request body as
 * in Qdrant's REST API: {@code {"scroll": {"collection": "orders", "filter": {"must": [{"key":
 * "status", "match": {"value": "paid"}}]}, "limit": 100}}}, {@code query}, {@code search},
 * {@code count}, {@code retrieve}, {@code facet}; on a writable connection also the point writes and
 * a few collection operations. A field the driver does not map is an error, never dropped.
 *
 * <p>Read-only: the guard lets through only the six reads, and refuses any input that makes the
 * server call an inference service. Instances are thread-safe; each connection has its own channel.
 *
 * @since 0.1
 */
public final class QdrantDriver extends BaseDriver {
    static final String NAME = "qdrant";

    /** Creates the driver; {@link java.util.ServiceLoader} calls this. */
    public QdrantDriver() {
        this(true);
    }

    /**
     * The driver with its statement check on or off. Off is a test-only seam, reached from this
     * package's tests alone, so the conformance kit can show what the server's own read-only key stops
     * by itself; no option, DSN part or configuration turns the check off.
     */
    QdrantDriver(boolean statementCheck) {
        super(new QdrantDialect(statementCheck));
    }
}
