package dev.tobira.spi.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Browser;
import dev.tobira.api.Capability;
import dev.tobira.api.ChangeFeed;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.Facet;
import dev.tobira.api.Mutator;
import dev.tobira.api.Page;
import dev.tobira.api.Query;
import dev.tobira.api.Value;
import dev.tobira.spi.ResultSets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class BaseDriverTest {
    private static final CollectionRef ORDERS = CollectionRef.of("orders");

    /** Records what reached the driver's own code, so a test can show what the base stopped first. */
    static final class Calls {
        final List<String> seen = new ArrayList<>();
        final AtomicInteger mutatorsBuilt = new AtomicInteger();
        final AtomicInteger feedProbes = new AtomicInteger();
        boolean feedWorks = true;
        boolean sessionClosed;
    }

    static final class FakeSession implements Session {
        private final Calls calls;

        FakeSession(Calls calls) {
            this.calls = calls;
        }

        @Override
        public void ping() {
            calls.seen.add("ping");
        }

        @Override
        public boolean isClosed() {
            return calls.sessionClosed;
        }

        @Override
        public String address() {
            return "fake:1";
        }

        @Override
        public void close() {
            calls.sessionClosed = true;
            calls.seen.add("session.close");
        }
    }

    static final class FakeDialect extends Dialect<FakeSession> {
        private final Calls calls;
        private final Consumer<ConnParts> extra;

        FakeDialect(Calls calls, Consumer<ConnParts> extra) {
            super(
                    "fake",
                    Set.of("fake"),
                    EnumSet.of(Capability.READ_ONLY, Capability.BROWSER, Capability.MUTATOR, Capability.CHANGE_FEED));
            this.calls = calls;
            this.extra = extra;
        }

        @Override
        protected FakeSession openSession(ConnConfig config) {
            return new FakeSession(calls);
        }

        @Override
        protected void assemble(FakeSession session, ConnConfig config, ConnParts parts) {
            parts.info(ConnInfo.of("fake", ConnInfo.Model.KV, "fake").withServerVersion("1"))
                    .catalog(new Catalog() {
                        @Override
                        public List<String> namespaces() {
                            return List.of("main");
                        }

                        @Override
                        public List<CollectionRef> collections(Optional<String> namespace) {
                            calls.seen.add("collections " + namespace);
                            return List.of(ORDERS);
                        }

                        @Override
                        public CollectionInfo describe(CollectionRef collection) {
                            throw new AssertionError("not called");
                        }
                    })
                    .queries((query, guarded, results) -> {
                        calls.seen.add((guarded ? "guarded " : "unguarded ") + query.text());
                        return ResultSets.affected("fake", 0, System.nanoTime());
                    })
                    .facet(Capability.BROWSER, () -> (Browser) (collection, cursor, size) -> {
                        calls.seen.add("browse " + size);
                        return Page.last(List.of(), List.of());
                    })
                    .facet(Capability.MUTATOR, () -> {
                        calls.mutatorsBuilt.incrementAndGet();
                        return new Mutator() {
                            @Override
                            public long insert(CollectionRef collection, Map<String, Value> values) {
                                calls.seen.add("insert");
                                return 1;
                            }

                            @Override
                            public long update(
                                    CollectionRef collection, Map<String, Value> key, Map<String, Value> changes) {
                                return 1;
                            }

                            @Override
                            public long delete(CollectionRef collection, Map<String, Value> key) {
                                return 1;
                            }
                        };
                    })
                    .facet(
                            Capability.CHANGE_FEED,
                            () -> (ChangeFeed) collection -> {
                                throw new AssertionError("not called");
                            },
                            () -> {
                                calls.feedProbes.incrementAndGet();
                                return calls.feedWorks;
                            });
            extra.accept(parts);
        }
    }

    static final class FakeDriver extends BaseDriver {
        FakeDriver(Dialect<?> dialect) {
            super(dialect);
        }
    }

    private static Conn open(Calls calls, boolean readOnly) {
        return open(calls, readOnly, p -> {});
    }

    private static Conn open(Calls calls, boolean readOnly, Consumer<ConnParts> extra) {
        return new FakeDriver(new FakeDialect(calls, extra))
                .open(ConnConfig.of("fake:x").withReadOnly(readOnly));
    }

    @Test
    void aReadOnlyConnectionNeverBuildsAMutator() {
        Calls calls = new Calls();
        try (Conn conn = open(calls, true)) {
            assertFalse(conn.capabilities().contains(Capability.MUTATOR));
            assertTrue(conn.as(Mutator.class).isEmpty());
            assertFalse(conn instanceof Mutator, "no cast reaches mutation code");
            assertEquals(0, calls.mutatorsBuilt.get());
        }
    }

    @Test
    void capabilitiesAndAsGiveOneAnswer() {
        Calls calls = new Calls();
        try (Conn conn = open(calls, false)) {
            assertEquals(
                    EnumSet.of(Capability.BROWSER, Capability.MUTATOR, Capability.CHANGE_FEED), conn.capabilities());
            for (Capability c : Capability.values()) {
                if (c.facet().isPresent()) {
                    assertEquals(
                            conn.capabilities().contains(c),
                            conn.as(c.facet().get()).isPresent(),
                            c.toString());
                }
            }
            assertSame(
                    conn.as(Browser.class).orElseThrow(), conn.as(Browser.class).orElseThrow(), "built once");
        }
    }

    @Test
    void aConditionIsAskedOnceAndOnlyWhenItMatters() {
        Calls calls = new Calls();
        calls.feedWorks = false;
        try (Conn conn = open(calls, false)) {
            conn.as(Browser.class).orElseThrow();
            assertEquals(0, calls.feedProbes.get(), "asking for the browser does not probe the feed");
            assertTrue(conn.as(ChangeFeed.class).isEmpty());
            assertFalse(conn.capabilities().contains(Capability.CHANGE_FEED));
            assertEquals(1, calls.feedProbes.get());
        }
    }

    @Test
    void queriesAreGuardedOnAReadOnlyConnectionOrForAReadOnlyQuery() {
        Calls calls = new Calls();
        try (Conn ro = open(calls, true)) {
            ro.query(Query.of("a")).close();
        }
        Calls writable = new Calls();
        try (Conn rw = open(writable, false)) {
            rw.query(Query.of("b")).close();
            rw.query(Query.of("c").withReadOnly(true)).close();
        }
        assertEquals(List.of("guarded a", "session.close"), calls.seen);
        assertEquals(List.of("unguarded b", "guarded c", "session.close"), writable.seen);
    }

    @Test
    void argumentsAndTheOpenStateAreCheckedBeforeTheDriversCode() {
        Calls calls = new Calls();
        Conn conn = open(calls, false);
        Browser browser = conn.as(Browser.class).orElseThrow();
        Mutator mutator = conn.as(Mutator.class).orElseThrow();
        assertThrows(IllegalArgumentException.class, () -> browser.browse(ORDERS, 0));
        assertThrows(NullPointerException.class, () -> browser.browse(null, 1));
        assertThrows(IllegalArgumentException.class, () -> mutator.insert(ORDERS, Map.of()));
        assertThrows(NullPointerException.class, () -> conn.collections(null));
        assertThrows(NullPointerException.class, () -> conn.query(null));
        assertEquals(List.of(), calls.seen);
        conn.close();
        assertThrows(IllegalStateException.class, () -> browser.browse(ORDERS, 1));
        assertThrows(IllegalStateException.class, () -> mutator.insert(ORDERS, Map.of("id", Value.of(1))));
        assertThrows(IllegalStateException.class, () -> conn.query(Query.of("x")));
        assertThrows(IllegalStateException.class, conn::ping);
        assertThrows(IllegalStateException.class, () -> conn.collections());
        conn.close();
        assertEquals(List.of("session.close"), calls.seen, "a second close does nothing");
    }

    @Test
    void closingClosesOpenResultsBeforeTheSession() {
        Calls calls = new Calls();
        Conn conn = open(
                calls,
                false,
                p -> p.queries((q, guarded, results) -> {
                    calls.seen.add("query");
                    results.add(() -> calls.seen.add("result.close")); // a cursor that outlives the call
                    return ResultSets.affected("fake", 0, System.nanoTime());
                }));
        conn.query(Query.of("x"));
        conn.close();
        assertEquals(List.of("query", "result.close", "session.close"), calls.seen);
        assertTrue(conn.toString().contains("fake:1") && conn.toString().contains("closed"), conn.toString());
    }

    @Test
    void aFailingAssemblyClosesTheSession() {
        Calls calls = new Calls();
        assertThrows(
                IllegalStateException.class,
                () -> open(calls, false, p -> {
                    throw new IllegalStateException("boom");
                }));
        assertTrue(calls.sessionClosed);
    }

    @Test
    void anUndeclaredFacetIsTheAuthorsMistake() {
        Calls calls = new Calls();
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> open(calls, false, p -> p.facet(Capability.EXPLAINER, () -> (Facet) null)));
        assertTrue(e.getMessage().contains("does not declare"), e.getMessage());
        assertTrue(calls.sessionClosed);
    }

    @Test
    void theVendorObjectIsHandedOutOnlyOnAnOpenWritableConnection() {
        Calls calls = new Calls();
        StringBuilder client = new StringBuilder("client");
        try (Conn ro = open(calls, true, p -> p.client(client))) {
            assertTrue(ro.unwrap(StringBuilder.class).isEmpty());
        }
        Conn rw = open(new Calls(), false, p -> p.client(client));
        assertSame(client, rw.unwrap(StringBuilder.class).orElseThrow());
        assertTrue(rw.unwrap(String.class).isEmpty());
        rw.close();
        assertTrue(rw.unwrap(StringBuilder.class).isEmpty());
    }
}
