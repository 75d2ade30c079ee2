package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class CompletionPrefixTest {
    @Test
    void theWordEndsAtTheCursorAndStartsAfterTheLastNonWordCharacter() {
        assertEquals("cust", CompletionPrefix.of("select * from cust", 18, Character::isLetterOrDigit));
        assertEquals("fro", CompletionPrefix.of("select * fro|m", 12, Character::isLetterOrDigit));
        assertEquals(14, CompletionPrefix.start("select * from ", 14, Character::isLetterOrDigit));
        assertEquals("customer:1", CompletionPrefix.of("GET customer:1", 14, c -> !Character.isWhitespace(c)));
        assertEquals("", CompletionPrefix.of("", 0, Character::isLetterOrDigit));
    }

    @Test
    void aCursorOutsideTheTextIsRefused() {
        assertThrows(IndexOutOfBoundsException.class, () -> CompletionPrefix.start("abc", 4, Character::isLetter));
        assertThrows(IndexOutOfBoundsException.class, () -> CompletionPrefix.start("abc", -1, Character::isLetter));
        assertThrows(NullPointerException.class, () -> CompletionPrefix.start("abc", 1, null));
    }
}
