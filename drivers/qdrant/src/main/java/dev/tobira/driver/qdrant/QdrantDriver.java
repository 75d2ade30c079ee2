package dev.tobira.driver.qdrant;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Capability;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Driver;
import dev.tobira.api.DriverException;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * The tobira driver for Qdrant, through the official Java client ({@code io.qdrant:client}) over gRPC.
 *
 * <p>DSNs: {@code qdrant://host:6334} (plain gRPC), {@code qdrants://host:6334} or
 * {@code qdrant://host:6334?tls=true} (TLS). The API key is {@link ConnConfig#password()}; it never
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
public final class QdrantDriver implements Driver {
    static final String NAME = "qdrant";

    private static final Set<Capability> DECLARED = Collections.unmodifiableSet(EnumSet.of(Capability.READ_ONLY,
            Capability.BROWSER, Capability.MUTATOR, Capability.COMPLETER, Capability.VECTOR_SEARCHER));

    private final boolean statementCheck;

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
        this.statementCheck = statementCheck;
    }

    /** Returns {@code qdrant}. */
    @Override
    public String name() {
        return NAME;
    }

    /** Returns {@code qdrant} and {@code qdrants}. */
    @Override
    public Set<String> schemes() {
        return Set.of("qdrant", "qdrants");
    }

    /** Returns read-only, browser, mutator, completer and vector searcher. */
    @Override
    public Set<Capability> declared() {
        return DECLARED;
    }

    /**
     * Opens a connection, asks the server's version and checks that the API key lists the collections.
     *
     * @throws DriverException INVALID_ARGUMENT for a bad DSN, CONNECTION when the server cannot be
     *     reached, AUTH when it refuses the API key, TIMEOUT
     */
    @Override
    public Conn open(ConnConfig config) {
        requireNonNull(config, "config is null");
        Target target = Target.of(config);
        Session session = Session.open(target);
        try {
            QdrantConn conn = new QdrantConn(session, config.readOnly(), statementCheck);
            conn.handshake();
            return conn;
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
    }

    @Override
    public String toString() {
        return "QdrantDriver[" + NAME + "]";
    }
}
