/**
 * Writers of results ({@link dev.tobira.format.ResultWriter}, chosen by
 * {@link dev.tobira.format.OutputFormat}) and the JSON mapping of values
 * ({@link dev.tobira.format.JsonValues}).
 *
 * <p>Nulls: no method returns null, and every argument is non-null unless its documentation says
 * otherwise ({@code NullPointerException} if it is).
 *
 * @since 0.1
 */
package dev.tobira.format;
