package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * Suggests what may come next in partial query text: keywords or commands, collection names and
 * field names.
 *
 * @since 0.1
 */
public interface Completer extends Facet {
    /**
     * Returns suggestions for the word that ends at a position of the text.
     *
     * @param text the partial query
     * @param cursor the position in the text, from 0 to {@code text.length()}
     * @return the suggestions, best first; empty if there are none
     * @throws IndexOutOfBoundsException if cursor is outside the text
     */
    List<Completion> complete(String text, int cursor);

    /**
     * One suggestion.
     *
     * @param text the word to insert in place of the partial word
     * @param type what the word names
     * @since 0.1
     */
    record Completion(String text, Type type) {
        /**
         * Creates a suggestion.
         *
         * @param text the word to insert in place of the partial word
         * @param type what the word names
         * @throws NullPointerException if an argument is null
         */
        public Completion {
            requireNonNull(text, "text is null");
            requireNonNull(type, "type is null");
        }

        /**
         * What a suggestion names.
         *
         * @since 0.1
         */
        public enum Type {
            /** A keyword or command of the language. */
            KEYWORD,
            /** A function. */
            FUNCTION,
            /** A namespace. */
            NAMESPACE,
            /** A collection. */
            COLLECTION,
            /** A field of a collection. */
            FIELD
        }
    }
}
