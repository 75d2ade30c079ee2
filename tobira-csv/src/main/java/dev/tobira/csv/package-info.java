/**
 * {@link dev.tobira.csv.CsvRowWriter}, the project's one CSV writer.
 *
 * <p>Nulls: no method returns null or takes one.
 *
 * @since 0.1
 */
package dev.tobira.csv;
