/**
 * Writers of results ({@link dev.tobira.format.ResultWriter}, chosen by
 * {@link dev.tobira.format.OutputFormat}) and the JSON mapping of values
 * ({@link dev.tobira.format.JsonValues}).
 *
 * @since 0.1
 */
package dev.tobira.format;
