package dev.tobira.driver.dynamodb;

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
 * The tobira driver for Amazon DynamoDB, through the AWS SDK for Java v2 and its URL-connection
 * HTTP client.
 *
 * <p>DSNs: {@code dynamodb://us-east-1} for a region's own endpoint, and
 * {@code dynamodb://127.0.0.1:8000?region=us-east-1} for any other endpoint (HTTP, or HTTPS with
 * {@code tls=true}). Credentials come from the DSN's user (the access key id) with
 * {@link ConnConfig#password()} (the secret access key), from option {@code profile}, or from the
 * SDK's default provider chain; the secret never appears in a message.
 *
 * <p>A query is a PartiQL statement sent with {@code ExecuteStatement} ({@code Query.params()} are
 * its parameters), or a JSON operation document named after the API operation with its request in
 * the AWS JSON shape: {@code {"Query": {"TableName": "orders", "KeyConditionExpression": "id = :id",
 * "ExpressionAttributeValues": {":id": {"N": "1"}}}}}. Items stream page by page.
 *
 * <p>Read-only: DynamoDB has no read-only session, so the real boundary is IAM. The driver's guard,
 * in front of every request, lets through one PartiQL SELECT or one of the read operations
 * {@code Query}, {@code Scan}, {@code GetItem}, {@code BatchGetItem} and {@code DescribeTable}.
 *
 * <p>Instances are thread-safe; each connection has its own SDK client.
 *
 * @since 0.1
 */
public final class DynamoDriver implements Driver {
    static final String NAME = "dynamodb";

    private static final Set<Capability> DECLARED = Collections.unmodifiableSet(EnumSet.of(Capability.READ_ONLY,
            Capability.BROWSER, Capability.MUTATOR, Capability.COMPLETER));

    /** Creates the driver; {@link java.util.ServiceLoader} calls this. */
    public DynamoDriver() {}

    /** Returns {@code dynamodb}. */
    @Override
    public String name() {
        return NAME;
    }

    /** Returns {@code dynamodb}. */
    @Override
    public Set<String> schemes() {
        return Set.of("dynamodb");
    }

    /** Returns read-only, browser, mutator and completer. */
    @Override
    public Set<Capability> declared() {
        return DECLARED;
    }

    /**
     * Opens a connection and checks that the endpoint answers a signed request.
     *
     * @throws DriverException INVALID_ARGUMENT for a bad DSN, CONNECTION when the endpoint cannot be
     *     reached, AUTH when no credentials are found or the service refuses them, TIMEOUT
     */
    @Override
    public Conn open(ConnConfig config) {
        requireNonNull(config, "config is null");
        Target target = Target.of(config);
        Session session = Session.open(target);
        try {
            DynamoConn conn = new DynamoConn(session, config.readOnly());
            conn.ping();
            return conn;
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
    }

    @Override
    public String toString() {
        return "DynamoDriver[" + NAME + "]";
    }
}
