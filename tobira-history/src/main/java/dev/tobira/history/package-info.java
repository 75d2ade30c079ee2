/**
 * The history store ({@link dev.tobira.history.History}) and its entries
 * ({@link dev.tobira.history.HistoryEntry}).
 *
 * <p>Nulls: no method returns null; arguments are non-null ({@code NullPointerException}) except
 * the text fields of an entry, where null reads as the empty string.
 *
 * @since 0.1
 */
package dev.tobira.history;
