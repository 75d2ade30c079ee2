package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import java.util.function.IntPredicate;

/**
 * The word a completer completes: the run of word characters that ends at the cursor. What a word
 * character is differs by language (a Redis key takes {@code :}, a MongoDB operator {@code $}), so
 * each completer says it; the scan is written once.
 *
 * @since 0.1
 */
public final class CompletionPrefix {
    private CompletionPrefix() {}

    /**
     * Returns where the word before the cursor starts.
     *
     * @param text the text
     * @param cursor the cursor's position, within the text
     * @param wordChar tells whether a character belongs to a word
     * @return the start of the word, {@code cursor} when the character before it is not a word character
     * @throws NullPointerException if text or wordChar is null
     * @throws IndexOutOfBoundsException if cursor is outside the text
     */
    public static int start(String text, int cursor, IntPredicate wordChar) {
        requireNonNull(wordChar, "wordChar is null");
        FacetArguments.complete(text, cursor);
        int start = cursor;
        while (start > 0 && wordChar.test(text.charAt(start - 1))) {
            start--;
        }
        return start;
    }

    /**
     * Returns the word before the cursor.
     *
     * @param text the text
     * @param cursor the cursor's position, within the text
     * @param wordChar tells whether a character belongs to a word
     * @return the word, empty when the character before the cursor is not a word character
     * @throws NullPointerException if text or wordChar is null
     * @throws IndexOutOfBoundsException if cursor is outside the text
     */
    public static String of(String text, int cursor, IntPredicate wordChar) {
        return text.substring(start(text, cursor, wordChar), cursor);
    }
}
