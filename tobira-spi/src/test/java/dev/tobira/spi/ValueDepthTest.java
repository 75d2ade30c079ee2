package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ValueDepthTest {
    /** A Doc holding a Doc … n levels deep, built without recursion. */
    static Value nested(int n) {
        Value v = Value.of(1L);
        for (int i = 0; i < n; i++) {
            v = i % 2 == 0 ? new Value.Doc(Map.of("a", v)) : new Value.Array(List.of(v));
        }
        return v;
    }

    @Test
    void aValueAtTheLimitPassesAndOneLevelMoreIsRefused() {
        assertDoesNotThrow(() -> ValueDepth.check(nested(32), 32, "toy", "query"));
        DriverException e = assertThrows(DriverException.class, () -> ValueDepth.check(nested(33), 32, "toy", "query"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
        assertTrue(e.getMessage().startsWith("toy: query: a parameter nests deeper than 32 levels"), e.getMessage());
    }

    /** Issue 29 item 2: on a thread with the default stack, and naming the parameter by its position. */
    @Test
    void theParametersOfACallAreCheckedOnADefaultStackAndNamedByPosition() throws InterruptedException {
        java.util.concurrent.atomic.AtomicReference<Throwable> thrown =
                new java.util.concurrent.atomic.AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                ValueDepth.checkParameters(List.of(Value.of(1L), nested(10_000)), 64, "x", "query");
            } catch (Throwable e) {
                thrown.set(e);
            }
        });
        t.start();
        t.join();
        DriverException e = assertInstanceOf(DriverException.class, thrown.get());
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
        assertEquals(
                "x: query: parameter 2 nests deeper than 64 levels of arrays and documents: invalid argument",
                e.getMessage());
        assertDoesNotThrow(() -> ValueDepth.checkParameters(List.of(nested(64)), 64, "x", "query"));
        assertThrows(DriverException.class, () -> ValueDepth.checkParameters(List.of(nested(65)), 64, "x", "query"));
    }

    @Test
    void tenThousandLevelsAreRefusedWithoutOverflowingTheStack() {
        DriverException e =
                assertThrows(DriverException.class, () -> ValueDepth.check(nested(10_000), 100, "toy", "query"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
    }

    @Test
    void scalarsAndVectorsHaveNoDepth() {
        assertDoesNotThrow(() -> ValueDepth.check(new Value.Vector(new float[] {Float.NaN}), 0, "toy", "query"));
        assertDoesNotThrow(() -> ValueDepth.check(new Value.Json("[[[[1]]]]"), 0, "toy", "query"));
        assertThrows(DriverException.class, () -> ValueDepth.check(new Value.Array(List.of()), 0, "toy", "query"));
    }

    @Test
    void aSharedSubValueCountsWhereverItAppearsSoItCannotExplode() {
        // 2^40 elements once expanded, from 40 small arrays in memory
        Value v = Value.of(1L);
        for (int i = 0; i < 40; i++) {
            v = new Value.Array(List.of(v, v));
        }
        Value shared = v;
        DriverException e = assertThrows(DriverException.class, () -> ValueDepth.check(shared, 100, "toy", "query"));
        assertTrue(e.getMessage().contains("more than " + ValueDepth.MAX_ELEMENTS), e.getMessage());
    }

    @Test
    void aWideValueWithinTheBudgetPasses() {
        List<Value> many = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            many.add(Value.of((long) i));
        }
        assertDoesNotThrow(() -> ValueDepth.check(new Value.Array(many), 1, "toy", "query"));
    }
}
