package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Browser;
import dev.tobira.api.Capability;
import dev.tobira.api.ChangeFeed;
import dev.tobira.api.Conn;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Explainer;
import dev.tobira.api.Mutator;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** The facets a connection offers: those it implements, less those it withholds, alike in both answers. */
class OfferedFacetsTest {
    private static final Conn CONN = (Conn) Proxy.newProxyInstance(OfferedFacetsTest.class.getClassLoader(),
            new Class<?>[] {Conn.class, Browser.class, Mutator.class, ChangeFeed.class}, (proxy, method, args) -> {
                throw new UnsupportedOperationException(method.getName());
            });

    @Test
    void withholdingNothingOffersWhatTheConnectionImplements() {
        assertEquals(EnumSet.of(Capability.BROWSER, Capability.MUTATOR, Capability.CHANGE_FEED),
                OfferedFacets.capabilities(CONN, c -> false));
        assertSame(CONN, OfferedFacets.as(CONN, Mutator.class, c -> false).orElseThrow());
        assertTrue(OfferedFacets.as(CONN, Explainer.class, c -> false).isEmpty(), "not implemented");
    }

    @Test
    void aWithheldFacetIsNeitherListedNorHandedOut() {
        Predicate<Capability> readOnly = c -> c == Capability.MUTATOR;
        Set<Capability> offered = OfferedFacets.capabilities(CONN, readOnly);
        assertEquals(EnumSet.of(Capability.BROWSER, Capability.CHANGE_FEED), offered);
        assertThrows(UnsupportedOperationException.class, () -> offered.add(Capability.MUTATOR));
        assertTrue(OfferedFacets.as(CONN, Mutator.class, readOnly).isEmpty());
        assertSame(CONN, OfferedFacets.as(CONN, Browser.class, readOnly).orElseThrow());
    }

    @Test
    void theRuleIsAskedOnlyAboutImplementedFacetsAndAsOnlyAboutTheOneAskedFor() {
        List<Capability> asked = new ArrayList<>();
        Predicate<Capability> rule = c -> {
            asked.add(c);
            return false;
        };
        OfferedFacets.capabilities(CONN, rule);
        assertEquals(List.of(Capability.BROWSER, Capability.MUTATOR, Capability.CHANGE_FEED), asked);
        asked.clear();
        OfferedFacets.as(CONN, ChangeFeed.class, rule);
        assertEquals(List.of(Capability.CHANGE_FEED), asked);
        asked.clear();
        OfferedFacets.as(CONN, Explainer.class, rule);
        assertEquals(List.of(), asked, "a facet the connection lacks costs no probe");
    }

    @Test
    void aChangeReachedByACastIsRefusedOnAReadOnlyConnection() {
        DriverException e = assertThrows(DriverException.class, () -> OfferedFacets.refuseOnReadOnly(true, "redis", "insert"));
        assertEquals(ErrorKind.READ_ONLY, e.kind());
        assertEquals("redis", e.driver());
        assertEquals("insert", e.op());
        assertTrue(e.getMessage().contains("the connection is read-only"), e.getMessage());
        OfferedFacets.refuseOnReadOnly(false, "redis", "insert");
    }

    @Test
    void nullsAreRefused() {
        assertThrows(NullPointerException.class, () -> OfferedFacets.capabilities(null, c -> false));
        assertThrows(NullPointerException.class, () -> OfferedFacets.capabilities(CONN, null));
        assertThrows(NullPointerException.class, () -> OfferedFacets.as(CONN, null, c -> false));
    }
}
