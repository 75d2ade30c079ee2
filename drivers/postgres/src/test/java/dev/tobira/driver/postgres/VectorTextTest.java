package dev.tobira.driver.postgres;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** pgvector's text form, which the driver reads whether or not the extension is installed here. */
class VectorTextTest {
    @Test
    void parsesWhatPgvectorPrints() {
        assertArrayEquals(new float[] {1f, 2.5f, -3e-05f}, VectorText.parse("[1,2.5,-3e-05]"));
        assertArrayEquals(new float[] {0.1f}, VectorText.parse(" [ 0.1 ] "));
        assertArrayEquals(new float[0], VectorText.parse("[]"));
        assertArrayEquals(new float[] {1e38f, -1e-38f}, VectorText.parse("[1e+38,-1e-38]"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1,2", "[1,2", "1,2]", "[1,,2]", "[a]", "[1;2]", "[1f]", "[,]", "{1,2}"})
    void refusesWhatIsNotAVector(String text) {
        assertThrows(IllegalArgumentException.class, () -> VectorText.parse(text));
    }

    @Test
    void formatsForBinding() {
        assertEquals("[1.0,2.5,-3.0E-5]", VectorText.format(new float[] {1f, 2.5f, -3e-05f}));
        assertArrayEquals(
                new float[] {1f, 2.5f, -3e-05f}, VectorText.parse(VectorText.format(new float[] {1f, 2.5f, -3e-05f})));
        assertEquals("[]", VectorText.format(new float[0]));
        assertThrows(IllegalArgumentException.class, () -> VectorText.format(new float[] {Float.NaN}));
    }
}
