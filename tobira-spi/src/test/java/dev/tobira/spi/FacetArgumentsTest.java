package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Value;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The facet checks every driver shares, and the registry of a connection's open results. */
class FacetArgumentsTest {
    private static final CollectionRef T = CollectionRef.of("t");
    private static final Map<String, Value> ROW = Map.of("a", Value.of(1L));

    @Test
    void badCallsAreRefusedAlikeEverywhere() {
        assertEquals(
                "size is less than 1: 0",
                assertThrows(IllegalArgumentException.class, () -> FacetArguments.browse(T, Optional.empty(), 0))
                        .getMessage());
        assertEquals(
                "cursor is null",
                assertThrows(NullPointerException.class, () -> FacetArguments.browse(T, null, 1))
                        .getMessage());
        assertDoesNotThrow(() -> FacetArguments.browse(T, Optional.empty(), 1));
        assertEquals(
                "values is empty",
                assertThrows(IllegalArgumentException.class, () -> FacetArguments.insert(T, Map.of()))
                        .getMessage());
        assertEquals(
                "key is empty",
                assertThrows(IllegalArgumentException.class, () -> FacetArguments.update(T, Map.of(), ROW))
                        .getMessage());
        assertEquals(
                "changes is empty",
                assertThrows(IllegalArgumentException.class, () -> FacetArguments.update(T, ROW, Map.of()))
                        .getMessage());
        assertEquals(
                "key is empty",
                assertThrows(IllegalArgumentException.class, () -> FacetArguments.delete(T, Map.of()))
                        .getMessage());
        assertEquals(
                "collection is null",
                assertThrows(NullPointerException.class, () -> FacetArguments.delete(null, ROW))
                        .getMessage());
        assertEquals(
                "cursor 5 is outside the text of length 4",
                assertThrows(IndexOutOfBoundsException.class, () -> FacetArguments.complete("sele", 5))
                        .getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> FacetArguments.complete("sele", -1));
        assertDoesNotThrow(() -> FacetArguments.complete("sele", 4));
    }

    @Test
    void closingTheConnectionClosesWhatIsOpenAndWhatOpensAfter() {
        AtomicInteger closed = new AtomicInteger();
        OpenResults open = new OpenResults();
        open.add(closed::incrementAndGet);
        AutoCloseable b = open.add(closed::incrementAndGet);
        open.remove(b);
        assertEquals(1, open.size());
        open.closeAll();
        assertEquals(1, closed.get(), "only the result still open is closed");
        open.add(closed::incrementAndGet);
        assertEquals(2, closed.get(), "a result that opens after the close is closed at once");
        assertDoesNotThrow(
                () -> open.add(() -> {
                    throw new IllegalStateException("broken");
                }),
                "a result that fails to close does not fail the connection's close");
    }
}
