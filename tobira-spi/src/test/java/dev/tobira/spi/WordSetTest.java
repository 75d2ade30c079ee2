package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link WordSet} and {@link Keywords} answer as folding the span with {@code Ascii.upper} would. */
class WordSetTest {
    private static final char[] ALPHABET = {
        'a', 'A', 'b', 'B', 'z', 'Z', '_', '1', '$', 'é', 'É', 'ſ', 'S', 's', 'K', '\u212a', 'k', 'ı', 'I', 'i',
        '\u0000', '{'
    };

    private static String random(Random r, int maxLength) {
        StringBuilder sb = new StringBuilder();
        int n = r.nextInt(maxLength + 1);
        for (int i = 0; i < n; i++) {
            sb.append(ALPHABET[r.nextInt(ALPHABET.length)]);
        }
        return sb.toString();
    }

    /** The definition: the first word, in the order given, that the folded span equals. */
    private static String expected(List<String> words, String span) {
        String folded = Ascii.upper(span);
        for (String w : words) {
            if (Ascii.upper(w).equals(folded)) {
                return Ascii.upper(w);
            }
        }
        return null;
    }

    @Test
    void matchesExactlyWhatAsciiFoldingMatches() {
        for (int c = 0; c < 2_000; c++) {
            long seed = Seeds.of(21, c);
            Random r = new Random(seed);
            List<String> words = new ArrayList<>();
            for (int k = r.nextInt(40); k > 0; k--) {
                words.add(random(r, r.nextInt(10) == 0 ? 90 : 4));
            }
            WordSet set = WordSet.of(words);
            assertEquals(words.isEmpty(), set.isEmpty());
            for (int q = 0; q < 50; q++) {
                // spans inside a longer text, and the words themselves in another case
                String span = r.nextBoolean() || words.isEmpty()
                        ? random(r, 5)
                        : flipCase(words.get(r.nextInt(words.size())), r);
                String text = random(r, 3) + span + random(r, 3);
                int start = text.indexOf(span);
                String where = Seeds.describe(seed) + ", words " + words + ", span \"" + span + "\"";
                assertEquals(expected(words, span), set.match(text, start, start + span.length()), where);
                assertEquals(expected(words, span), set.match(span), where);
            }
        }
    }

    private static String flipCase(String word, Random r) {
        char[] chars = word.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            if (r.nextBoolean() && Ascii.isLetter(chars[i])) {
                chars[i] ^= 0x20;
            }
        }
        return new String(chars);
    }

    @Test
    void foldsOnlyAsciiLetters() {
        WordSet set = WordSet.of(List.of("select", "KEY"));
        assertEquals("SELECT", set.match("SeLeCt"));
        assertNull(set.match("ſelect"), "ſ folds to S in Java, never in SQL");
        assertNull(set.match("\u212aey"), "the Kelvin sign is not K");
        assertNull(set.match("selec"));
        assertNull(set.match(""));
        assertEquals("", WordSet.of(List.of("")).match(""));
        assertThrows(NullPointerException.class, () -> WordSet.of(null));
        assertThrows(NullPointerException.class, () -> WordSet.of(Arrays.asList("a", null)));
    }

    @Test
    void commonKeywordsFoldToSharedStrings() {
        String first = Keywords.upper("x select y", 2, 8);
        assertEquals("SELECT", first);
        assertSame(first, Keywords.upper("SeLeCt", 0, 6));
        assertEquals("CUSTOMERS", Keywords.upper("customers", 0, 9));
        assertEquals("ſELECT", Keywords.upper("ſelect", 0, 6));
        SqlScan scan = SqlScan.of("select name from t; Select 1", SqlDialect.ANSI);
        assertSame(
                scan.statements().get(0).tokens().get(0).upper(),
                scan.statements().get(1).tokens().get(0).upper());
        assertSame(first, scan.firstKeyword().orElseThrow());
    }
}
