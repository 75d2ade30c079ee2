/**
 * The BigQuery driver: {@link dev.tobira.driver.bigquery.BigQueryDriver} is its one public type.
 *
 * @since 0.1
 */
package dev.tobira.driver.bigquery;
