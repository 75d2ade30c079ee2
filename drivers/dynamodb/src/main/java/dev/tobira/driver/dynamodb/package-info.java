/**
 * The DynamoDB driver: {@link dev.tobira.driver.dynamodb.DynamoDriver} opens {@code dynamodb://}
 * DSNs. Everything else in the package is internal.
 *
 * <p>Null policy: no method accepts or returns null; absent values are {@link java.util.Optional}
 * or empty collections.
 *
 * @since 0.1
 */
package dev.tobira.driver.dynamodb;
