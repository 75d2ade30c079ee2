package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import org.junit.jupiter.api.Test;

class DsnOptionsTest {
    @Test
    void aBooleanIsTrueOrFalseInAnyCase() {
        assertTrue(DsnOptions.bool("x", "tls", "TRUE"));
        assertFalse(DsnOptions.bool("x", "tls", "false"));
        for (String bad : new String[] {"", "yes", "1", "true "}) {
            DriverException e = assertThrows(DriverException.class, () -> DsnOptions.bool("x", "tls", bad));
            assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
            assertTrue(e.getMessage().contains("x: open: the tls option must be true or false"), e.getMessage());
        }
    }

    @Test
    void aCountIsDigitsUpToItsBound() {
        assertEquals(0, DsnOptions.count("x", "describeSample", "0", 1000));
        assertEquals(1000, DsnOptions.count("x", "describeSample", "1000", 1000));
        assertEquals(7, DsnOptions.count("x", "describeSample", "0007", 1000));
        for (String bad : new String[] {"", "-1", "+1", "1001", "00001", "1e3", "١٢", "99999999999"}) {
            DriverException e =
                    assertThrows(DriverException.class, () -> DsnOptions.count("x", "describeSample", bad, 1000), bad);
            assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
            assertTrue(
                    e.getMessage().contains("the describeSample option must be a number from 0 to 1000"),
                    e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> DsnOptions.count("x", "n", "1", -1));
        assertThrows(NullPointerException.class, () -> DsnOptions.count("x", "n", null, 1));
    }
}
