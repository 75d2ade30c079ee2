/**
 * The tobira driver for Google BigQuery, built on google-cloud-bigquery. Its one public type is
 * {@link dev.tobira.driver.bigquery.BigQueryDriver}, found through {@link java.util.ServiceLoader}.
 *
 * @since 0.1
 */
module dev.tobira.driver.bigquery {
    requires transitive dev.tobira.api;
    requires transitive dev.tobira.spi;
    requires google.cloud.bigquery;
    requires google.cloud.core;
    requires google.cloud.core.http;
    requires com.google.api.client;
    requires com.google.auth;
    requires com.google.auth.oauth2;
    requires gax;
    requires static org.jspecify;

    exports dev.tobira.driver.bigquery;

    provides dev.tobira.api.Driver with
            dev.tobira.driver.bigquery.BigQueryDriver;
}
