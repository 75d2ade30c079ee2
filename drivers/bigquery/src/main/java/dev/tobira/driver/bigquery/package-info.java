/**
 * The Google BigQuery driver of tobira, {@link dev.tobira.driver.bigquery.BigQueryDriver}, its one
 * public type, on the non-JDBC base ({@code dev.tobira.spi.base}) over google-cloud-bigquery.
 * Applications do not name it: {@link dev.tobira.api.Registry#discover()} finds it on the class
 * path for {@code bigquery://} DSNs. The class documentation gives the DSN form, the two layers of
 * the read-only guard (a lexical check, then a dry run that must report {@code SELECT}) and the
 * bytes cap every job carries.
 *
 * @since 0.1
 */
package dev.tobira.driver.bigquery;
