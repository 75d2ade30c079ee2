/**
 * The tobira driver for Amazon DynamoDB, built on the AWS SDK for Java v2 with its URL-connection
 * HTTP client. Its one public type is {@link dev.tobira.driver.dynamodb.DynamoDriver}, found
 * through {@link java.util.ServiceLoader}.
 *
 * @since 0.1
 */
module dev.tobira.driver.dynamodb {
    requires transitive dev.tobira.api;
    requires transitive dev.tobira.spi;
    requires com.fasterxml.jackson.databind;
    requires software.amazon.awssdk.services.dynamodb;
    requires software.amazon.awssdk.http.urlconnection;
    requires software.amazon.awssdk.http;
    requires software.amazon.awssdk.core;
    requires software.amazon.awssdk.awscore;
    requires software.amazon.awssdk.auth;
    requires software.amazon.awssdk.identity.spi;
    requires software.amazon.awssdk.regions;
    requires software.amazon.awssdk.utils;
    requires static org.jspecify;

    exports dev.tobira.driver.dynamodb;

    provides dev.tobira.api.Driver with
            dev.tobira.driver.dynamodb.DynamoDriver;
}
