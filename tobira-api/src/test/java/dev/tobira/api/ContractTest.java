package dev.tobira.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ContractTest {

    @Test
    void queryIsImmutableAndValidated() {
        Query q = Query.of("select 1");
        Query r = q.withReadOnly(true)
                .withLimit(3)
                .withTimeout(Duration.ofSeconds(2))
                .withNamespace("main")
                .withParams(Value.of(1));
        assertFalse(q.readOnly());
        assertEquals(java.util.OptionalLong.empty(), q.limit());
        assertTrue(r.readOnly());
        assertEquals(java.util.OptionalLong.of(3), r.limit());
        assertTrue(r.timeout().isPresent());
        assertEquals(List.of(Value.of(1)), r.params());
        assertThrows(IllegalArgumentException.class, () -> q.withLimit(-1));
        assertThrows(IllegalArgumentException.class, () -> q.withTimeout(Duration.ofMillis(-1)));
        assertThrows(NullPointerException.class, () -> Query.of(null));
        assertThrows(NullPointerException.class, () -> q.withParams(java.util.Arrays.asList(Value.NULL, null)));
        assertFalse(r.toString().contains("Value"), "toString must not print parameter values: " + r);
    }

    @Test
    void rowIsAddressableByIndexAndName() {
        List<Column> cols = List.of(Column.of("name", Value.Kind.TEXT), Column.of("Country", Value.Kind.TEXT));
        Row row = Row.of(cols, Value.of("Ada Lovelace"), Value.of("GB"));
        assertEquals(Value.of("Ada Lovelace"), row.get(0));
        assertEquals(Value.of("GB"), row.get("Country"));
        assertEquals(Value.of("GB"), row.get("country"));
        assertEquals("Ada Lovelace\tGB", row.toString());
        NoSuchElementException e = assertThrows(NoSuchElementException.class, () -> row.get("email"));
        assertTrue(e.getMessage().contains("email"));
        assertThrows(IndexOutOfBoundsException.class, () -> row.get(2));
        assertThrows(IllegalArgumentException.class, () -> Row.of(cols, Value.of(1)));
        assertThrows(NullPointerException.class, () -> Row.of(cols, Value.of(1), null));
        assertEquals(row, Row.of(cols, List.of(Value.of("Ada Lovelace"), Value.of("GB"))));
    }

    @Test
    void rowOfCopiesTheCallersArray() {
        List<Column> cols = List.of(Column.of("a", Value.Kind.INT), Column.of("b", Value.Kind.INT));
        Value[] values = {Value.of(1), Value.of(2)};
        Row row = Row.of(cols, values);
        values[0] = Value.of(9);
        assertEquals(Value.of(1), row.get(0));
        assertEquals(List.of(Value.of(1), Value.of(2)), row.values());
    }

    @Test
    void rowBuilderBuildsOnceAndNeverChangesTheRow() {
        List<Column> cols = List.of(Column.of("name", Value.Kind.TEXT), Column.of("Country", Value.Kind.TEXT));
        Row.Builder b = Row.builder(cols)
                .set(1, Value.of("XX"))
                .set(0, Value.of("Ada Lovelace"))
                .set(1, Value.of("GB"));
        Row row = b.build();
        assertEquals(Row.of(cols, Value.of("Ada Lovelace"), Value.of("GB")), row);
        assertSame(cols, row.columns());
        assertEquals(Value.of("GB"), row.get("country"));
        // spent: the array now belongs to the row
        assertThrows(IllegalStateException.class, () -> b.set(0, Value.of("Grace Hopper")));
        assertThrows(IllegalStateException.class, b::build);
        assertEquals(Value.of("Ada Lovelace"), row.get(0));

        Row.Builder partial = Row.builder(cols).set(0, Value.NULL);
        NullPointerException unset = assertThrows(NullPointerException.class, partial::build);
        assertTrue(unset.getMessage().contains("1 of 2"), unset.getMessage());
        assertEquals(Value.NULL, partial.set(1, Value.NULL).build().get(1));
        assertThrows(NullPointerException.class, () -> Row.builder(cols).set(0, null));
        assertThrows(IndexOutOfBoundsException.class, () -> Row.builder(cols).set(2, Value.NULL));
        assertThrows(NullPointerException.class, () -> Row.builder(null));
        assertEquals(0, Row.builder(List.of()).build().size());
    }

    @Test
    void secretNeverPrints() {
        Secret s = Secret.of("hunter2");
        assertEquals("[redacted]", s.toString());
        assertEquals("hunter2", s.reveal());
        assertEquals(Secret.of("hunter2"), s);
        assertSame(Secret.none(), Secret.of(""));
        assertTrue(Secret.none().isEmpty());
        ConnConfig c = ConnConfig.of("postgres://app:hunter2@db:5432/shop?password=hunter2")
                .withPassword(s)
                .withOption("sslpassword", "hunter2");
        assertFalse(c.toString().contains("hunter2"), c.toString());
        assertTrue(c.toString().contains("postgres"));
    }

    @Test
    void connConfigNeedsAScheme() {
        assertEquals("sqlite", ConnConfig.of("sqlite:./shop.db").scheme());
        assertEquals("postgres", ConnConfig.of("POSTGRES://x").scheme());
        assertEquals("sqlite", ConnConfig.of("sqlite::memory:").name());
        // a DSN is user input: no scheme is the same DriverException as an unknown one (issue 15)
        DriverException e = assertThrows(DriverException.class, () -> ConnConfig.of("./shop.db"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
        assertEquals(
                "tobira: open: the DSN has no scheme (such as sqlite: or postgres://): invalid argument",
                e.getMessage());
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                assertThrows(DriverException.class, () -> ConnConfig.of(":memory:"))
                        .kind());
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                assertThrows(DriverException.class, () -> Registry.empty().open("shop.db"))
                        .kind());
        assertThrows(
                IllegalArgumentException.class,
                () -> ConnConfig.of("sqlite:x").withConnectTimeout(Duration.ofSeconds(-1)));
        assertTrue(ConnConfig.of("sqlite:x").withReadOnly(true).readOnly());
    }

    @Test
    void errorKindsTellWhatIsRetryable() {
        assertTrue(ErrorKind.CONNECTION.retryable());
        assertTrue(ErrorKind.TIMEOUT.retryable());
        assertFalse(ErrorKind.READ_ONLY.retryable());
    }

    /**
     * Retryable means the same call may succeed unchanged: a transient conflict (serialization
     * failure, deadlock, lock wait) may, a constraint violation (a duplicate key) never does. Every
     * kind is listed, so a new one must be placed here.
     */
    @Test
    void onlyWhatMaySucceedUnchangedIsRetryable() {
        assertEquals(
                EnumSet.of(ErrorKind.CONNECTION, ErrorKind.TIMEOUT, ErrorKind.CONFLICT),
                EnumSet.copyOf(Arrays.stream(ErrorKind.values())
                        .filter(ErrorKind::retryable)
                        .toList()));
        assertFalse(ErrorKind.CONSTRAINT.retryable());
        assertFalse(ErrorKind.DATA.retryable());
        assertEquals("data exception", ErrorKind.DATA.words());
        assertEquals("constraint violation", ErrorKind.CONSTRAINT.words());
        assertEquals("conflict", ErrorKind.CONFLICT.words());
        assertEquals(
                ErrorKind.values().length,
                Arrays.stream(ErrorKind.values())
                        .map(ErrorKind::words)
                        .distinct()
                        .count(),
                "every kind has words of its own");
        DriverException duplicate = DriverException.builder(ErrorKind.CONSTRAINT, "sqlite", "insert")
                .detail("UNIQUE constraint failed: customers.id")
                .sqlState("23505")
                .build();
        assertEquals(
                "sqlite: insert: UNIQUE constraint failed: customers.id: constraint violation", duplicate.getMessage());
        assertFalse(duplicate.retryable());
        assertTrue(DriverException.of(ErrorKind.CONFLICT, "postgres", "commit", "could not serialize access")
                .retryable());
    }

    @Test
    void driverExceptionMessageHasTheReferenceForm() {
        DriverException e = DriverException.of(
                ErrorKind.READ_ONLY,
                "sqlite",
                "query",
                "only SELECT, WITH, VALUES, EXPLAIN and read-only PRAGMA statements are allowed on a read-only connection");
        assertEquals(
                "sqlite: query: only SELECT, WITH, VALUES, EXPLAIN and read-only PRAGMA statements are allowed on a read-only connection: read-only violation",
                e.getMessage());
        assertTrue(e.is(ErrorKind.READ_ONLY));
        assertTrue(e.vendorCode().isEmpty(), "no code given, none reported");
        DriverException m = DriverException.builder(ErrorKind.SYNTAX, "sqlite", "query")
                .detail("multiple statements are not supported yet")
                .kindWords("invalid query")
                .sqlState("42601")
                .vendorCode(1)
                .build();
        assertEquals("sqlite: query: multiple statements are not supported yet: invalid query", m.getMessage());
        assertEquals("42601", m.sqlState().orElseThrow());
        assertEquals(java.util.OptionalInt.of(1), m.vendorCode());
        assertEquals(ErrorKind.SYNTAX, m.kind());
    }

    @Test
    void capabilitiesFollowTheFacetsAConnectionImplements() {
        class Browsing extends StubConn implements Browser, Completer {
            @Override
            public Page browse(CollectionRef collection, Optional<String> cursor, int size) {
                return Page.last(List.of(), List.of());
            }

            @Override
            public List<Completion> complete(String text, int cursor) {
                return List.of();
            }
        }
        Conn c = new Browsing();
        assertEquals(Set.of(Capability.BROWSER, Capability.COMPLETER), c.capabilities());
        assertEquals("[browser completer]", Capabilities.format(c.capabilities()));
        assertTrue(c.as(Browser.class).isPresent());
        assertTrue(c.as(Mutator.class).isEmpty());
        assertEquals("[]", Capabilities.format(Set.of()));
        assertTrue(Capability.READ_ONLY.facet().isEmpty());
        assertEquals(Mutator.class, Capability.MUTATOR.facet().orElseThrow());
    }

    @Test
    void registryRoutesBySchemeAndRefusesDuplicates() {
        Registry r = Registry.empty().add(new StubDriver("alpha", Set.of("alpha", "a")));
        assertThrows(IllegalStateException.class, () -> r.add(new StubDriver("alpha", Set.of("other"))));
        IllegalStateException dup =
                assertThrows(IllegalStateException.class, () -> r.add(new StubDriver("beta", Set.of("a"))));
        assertTrue(dup.getMessage().contains("alpha"), dup.getMessage());
        assertEquals(1, r.drivers().size());
        try (Conn c = r.open("a:whatever")) {
            assertEquals("alpha", c.info().driver());
        }
        DriverException e = assertThrows(DriverException.class, () -> r.open("nope:x"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
        assertTrue(e.getMessage().contains("a, alpha"), e.getMessage());
        assertTrue(r.driver("alpha").isPresent());
        assertTrue(Registry.empty().drivers().isEmpty());
        DriverException none =
                assertThrows(DriverException.class, () -> Registry.empty().open("sqlite:x"));
        assertTrue(none.getMessage().contains("known schemes: none"), none.getMessage());
    }

    @Test
    void discoverUsesTheServiceLoader() {
        Registry r = Registry.discover();
        assertTrue(r.driver("stub-service").isPresent(), r.toString());
    }

    /** Registered in META-INF/services of the test classpath. */
    public static final class ServiceStub extends StubDriver {
        /** Creates the stub. */
        public ServiceStub() {
            super("stub-service", Set.of("stub-service"));
        }
    }

    static class StubDriver implements Driver {
        private final String name;
        private final Set<String> schemes;

        StubDriver(String name, Set<String> schemes) {
            this.name = name;
            this.schemes = schemes;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Set<String> schemes() {
            return schemes;
        }

        @Override
        public Set<Capability> declared() {
            return Set.of();
        }

        @Override
        public Conn open(ConnConfig config) {
            return new StubConn() {
                @Override
                public ConnInfo info() {
                    return ConnInfo.of(name, ConnInfo.Model.KV, name);
                }
            };
        }
    }

    static class StubConn implements Conn {
        @Override
        public ResultSet query(Query query) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void ping() {}

        @Override
        public List<String> namespaces() {
            return List.of();
        }

        @Override
        public List<CollectionRef> collections(Optional<String> namespace) {
            return List.of();
        }

        @Override
        public CollectionInfo describe(CollectionRef collection) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean readOnly() {
            return false;
        }

        @Override
        public ConnInfo info() {
            return ConnInfo.of("stub", ConnInfo.Model.KV, "stub");
        }

        @Override
        public void close() {}
    }
}
