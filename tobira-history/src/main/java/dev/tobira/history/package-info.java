/**
 * The history store ({@link dev.tobira.history.History}) and its entries
 * ({@link dev.tobira.history.HistoryEntry}).
 *
 * @since 0.1
 */
package dev.tobira.history;
