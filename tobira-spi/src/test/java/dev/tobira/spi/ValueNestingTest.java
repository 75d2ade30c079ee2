package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ValueNestingTest {
    static Value nested(int depth, boolean docs) {
        Value v = Value.of(1L);
        for (int i = 0; i < depth; i++) {
            v = docs ? new Value.Doc(Map.of("a", v)) : new Value.Array(List.of(Value.of("x"), v));
        }
        return v;
    }

    @Test
    void measuresDepth() {
        assertEquals(0, ValueNesting.depth(Value.of("x"), 5));
        assertEquals(1, ValueNesting.depth(new Value.Array(List.of()), 5));
        assertEquals(3, ValueNesting.depth(nested(3, true), 5));
        assertEquals(4, ValueNesting.depth(new Value.Array(List.of(nested(1, false), nested(3, true))), 5));
        assertEquals(6, ValueNesting.depth(nested(1_000, false), 5), "stops one past the limit");
    }

    /** Issue 29 item 2: 10,000 levels on a thread with the default stack: a DriverException, never a StackOverflowError. */
    @Test
    void tenThousandLevelsAreRefusedOnADefaultStack() throws InterruptedException {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                ValueNesting.check(List.of(Value.of(1L), nested(10_000, true)), ValueNesting.DEFAULT_MAX_DEPTH, "x", "query");
            } catch (Throwable e) {
                thrown.set(e);
            }
        });
        t.start();
        t.join();
        DriverException e = (DriverException) thrown.get();
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
        assertEquals("x: query: parameter 2 is nested deeper than 64 levels: invalid argument", e.getMessage());
        ValueNesting.check(List.of(nested(64, false)), 64, "x", "query");
        assertThrows(DriverException.class, () -> ValueNesting.check(List.of(nested(65, false)), 64, "x", "query"));
    }
}
