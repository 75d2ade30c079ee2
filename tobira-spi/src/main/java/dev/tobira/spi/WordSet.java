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
    /**
     * The words hashed by their length and their first and last characters, so that most spans
     * are turned away after reading two characters.
     */
    private final String[][] table;

    private final int mask;
    /** Bit {@code k} set when some word has {@code k} characters, or for 63 when some has 63 or more. */
    private final long lengths;

    private final boolean empty;

    private WordSet(String[] upper) {
        int size = 1;
        while (size < 4 * upper.length) {
            size <<= 1;
        }
        table = new String[size][];
        mask = size - 1;
        long lengthBits = 0;
        for (String word : upper) {
            int length = word.length();
            lengthBits |= 1L << Math.min(length, 63);
            int slot = length == 0 ? 0 : slot(length, word.charAt(0), word.charAt(length - 1));
            String[] bucket = table[slot];
            bucket = bucket == null ? new String[1] : Arrays.copyOf(bucket, bucket.length + 1);
            bucket[bucket.length - 1] = word;
            table[slot] = bucket;
        }
        lengths = lengthBits;
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

    private int slot(int length, char first, char last) {
        int h = length * 0x9E3779B1 + first * 31 + last;
        return (h ^ (h >>> 15)) & mask;
    }

    boolean isEmpty() {
        return empty;
    }

    /** Returns the word that {@code s[start, end)} spells, or null. */
    @Nullable
    String match(String s, int start, int end) {
        int length = end - start;
        if ((lengths & 1L << Math.min(length, 63)) == 0) {
            return null;
        }
        int slot = length == 0 ? 0 : slot(length, Ascii.upper(s.charAt(start)), Ascii.upper(s.charAt(end - 1)));
        String[] bucket = table[slot];
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
    @Nullable
    String match(String s) {
        return match(s, 0, s.length());
    }

    /**
     * Checks that a word a caller declares is one word as the lexer reads it: a letter or
     * underscore, then letters, digits, underscores or dollars.
     *
     * @return the word
     * @throws NullPointerException if word is null
     * @throws IllegalArgumentException if it is not a single word
     */
    static String single(String word, String what) {
        requireNonNull(word, what + " is null");
        boolean ok = !word.isEmpty() && (Ascii.isLetter(word.charAt(0)) || word.charAt(0) == '_');
        for (int i = 1; ok && i < word.length(); i++) {
            char c = word.charAt(i);
            ok = Ascii.isLetter(c) || Ascii.isDigit(c) || c == '_' || c == '$';
        }
        if (!ok) {
            throw new IllegalArgumentException(what + " is not a single word: \"" + word + "\"");
        }
        return word;
    }
}
