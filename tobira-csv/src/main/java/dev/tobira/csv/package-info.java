/**
 * {@link dev.tobira.csv.CsvRowWriter}, the project's one CSV writer.
 *
 * @since 0.1
 */
package dev.tobira.csv;
