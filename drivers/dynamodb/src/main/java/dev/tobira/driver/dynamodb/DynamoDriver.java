package dev.tobira.driver.dynamodb;

import dev.tobira.spi.base.BaseDriver;

/**
 * The tobira driver for Amazon DynamoDB, through the AWS SDK for Java v2 and its URL-connection
 * HTTP client.
 *
 * <p>DSNs: {@code dynamodb://us-east-1} for a region's own endpoint, and
 * {@code dynamodb://127.0.0.1:8000?region=us-east-1} for any other endpoint (HTTP, or HTTPS with
 * {@code tls=true}). Credentials come from the DSN's user (the access key id) with
 * {@link dev.tobira.api.ConnConfig#password()} (the secret access key), from option {@code profile}, or from the
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
 * <p>Declares read-only, browser, mutator and completer; a read-only connection offers no mutator.
 * Opening a connection checks that the endpoint answers a signed request.
 *
 * <p>Instances are thread-safe; each connection has its own SDK client.
 *
 * @since 0.1
 */
public final class DynamoDriver extends BaseDriver {
    static final String NAME = "dynamodb";

    /** Creates the driver; {@link java.util.ServiceLoader} calls this. */
    public DynamoDriver() {
        super(new DynamoDialect());
    }
}
