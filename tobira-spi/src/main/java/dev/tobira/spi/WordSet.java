package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import java.util.Collection;

/**
 * Words in ASCII upper case, matched against a span of text without copying it: a span matches a
 * word when folding the span's ASCII letters to upper case gives the word, exactly as
 * {@code Ascii.upper(span).equals(word)} would tell. Immutable and thread-safe.
 */
final class WordSet {
    /** Longer words go to {@link #longWords}, so that a caller's odd word cannot size the buckets. */
    private static final int MAX_BUCKETED = 63;

    /** The words by length, so that most spans are told apart by their length alone. */
    private final String[][] byLength;
    private final String[] longWords;
    private final boolean empty;

    private WordSet(String[] upper) {
        int longest = 0;
        int longCount = 0;
        for (String word : upper) {
            if (word.length() > MAX_BUCKETED) {
                longCount++;
            } else {
                longest = Math.max(longest, word.length());
            }
        }
        byLength = new String[longest + 1][];
        longWords = new String[longCount];
        longCount = 0;
        for (String word : upper) {
            if (word.length() > MAX_BUCKETED) {
                longWords[longCount++] = word;
                continue;
            }
            String[] bucket = byLength[word.length()];
            bucket = bucket == null ? new String[1] : Arrays.copyOf(bucket, bucket.length + 1);
            bucket[bucket.length - 1] = word;
            byLength[word.length()] = bucket;
        }
        empty = upper.length == 0;
    }

    /**
     * Folds the words to upper case. A word given twice is kept twice, which only costs a compare.
     *
     * @throws NullPointerException if words is or holds null
     */
    static WordSet of(Collection<String> words) {
        String[] upper = requireNonNull(words, "words is null").toArray(new String[0]);
        for (int i = 0; i < upper.length; i++) {
            upper[i] = Ascii.upper(requireNonNull(upper[i], "word is null"));
        }
        return new WordSet(upper);
    }

    boolean isEmpty() {
        return empty;
    }

    /** Returns the word that {@code s[start, end)} spells, or null. */
    String match(String s, int start, int end) {
        int length = end - start;
        String[] bucket = length < byLength.length ? byLength[length] : length > MAX_BUCKETED ? longWords : null;
        if (bucket != null) {
            for (String word : bucket) {
                if (Ascii.equalsUpper(s, start, end, word)) {
                    return word;
                }
            }
        }
        return null;
    }

    /** Returns the word that all of {@code s} spells, or null. */
    String match(String s) {
        return match(s, 0, s.length());
    }
}
