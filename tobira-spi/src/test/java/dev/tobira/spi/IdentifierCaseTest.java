package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tobira.spi.SqlDialect.IdentifierCase;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The guard's comparison of names never tells apart two names a server resolves to one: whatever
 * folding a dialect declares, names with equal {@link IdentifierCase#key keys} have equal normal
 * forms ({@link IdentifierNames#normalise}), so a forbidden name is found however the server folds.
 */
class IdentifierCaseTest {
    /** Letters whose case folding is irregular, beside plain ones. */
    private static final String[] LETTERS = {
        "a", "A", "i", "I", "ı", "İ", "s", "S", "ſ", "ß", "ẞ", "k", "K", "\u212a", "é", "É", "e\u0301", "ǅ", "ǆ", "Ǆ",
        "ﬀ", "Ａ", "ａ", "µ", "μ", "Μ", "ς", "σ", "Σ", "_", "1", "ǰ", "ŉ", "ﬃ"
    };
    /** Ways a caller may spell a name again, one of which the server may resolve to the same name. */
    private static final List<UnaryOperator<String>> SPELLINGS = List.of(
            s -> s,
            s -> s.toUpperCase(Locale.ROOT),
            s -> s.toLowerCase(Locale.ROOT),
            Ascii::upper,
            Ascii::lower,
            s -> s.toLowerCase(Locale.ROOT).toUpperCase(Locale.ROOT));

    @Test
    void namesAServerResolvesToOneAreOneToTheGuard() {
        Random r = new Random(Seeds.of(31));
        for (int i = 0; i < 5_000; i++) {
            StringBuilder sb = new StringBuilder();
            for (int k = 1 + r.nextInt(4); k > 0; k--) {
                sb.append(LETTERS[r.nextInt(LETTERS.length)]);
            }
            String a = sb.toString();
            String b = SPELLINGS.get(r.nextInt(SPELLINGS.size())).apply(a);
            for (IdentifierCase c : IdentifierCase.values()) {
                for (int quoted = 0; quoted < 4; quoted++) {
                    boolean qa = (quoted & 1) != 0;
                    boolean qb = (quoted & 2) != 0;
                    if (c.key(a, qa).equals(c.key(b, qb))) {
                        assertEquals(
                                IdentifierNames.normalise(a),
                                IdentifierNames.normalise(b),
                                c + " resolves " + a + " (quoted " + qa + ") and " + b + " (quoted " + qb
                                        + ") to one name");
                    }
                }
            }
        }
    }

    @Test
    void eachFoldingTellsApartWhatItsServerTellsApart() {
        assertEquals("FOO", IdentifierCase.UPPER.key("foo", false));
        assertEquals("foo", IdentifierCase.UPPER.key("foo", true));
        assertEquals("foo", IdentifierCase.LOWER.key("FOO", false));
        assertEquals("FOO", IdentifierCase.LOWER.key("FOO", true));
        assertEquals("Foo", IdentifierCase.SENSITIVE.key("Foo", false));
        assertEquals("FOO", IdentifierCase.INSENSITIVE.key("Foo", true));
        assertEquals("STRASSE", IdentifierCase.UPPER.key("straße", false));
        assertEquals("éTÉ", IdentifierCase.LOWER.key("éTÉ", true));
        // PostgreSQL folds ASCII letters only
        assertEquals("étÉ", IdentifierCase.LOWER.key("éTÉ", false));
    }
}
