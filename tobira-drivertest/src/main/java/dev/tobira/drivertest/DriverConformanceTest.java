package dev.tobira.drivertest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tobira.api.Browser;
import dev.tobira.api.Capability;
import dev.tobira.api.ChangeFeed;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.Completer;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.Driver;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Explainer;
import dev.tobira.api.Exporter;
import dev.tobira.api.Facet;
import dev.tobira.api.Mutator;
import dev.tobira.api.Page;
import dev.tobira.api.Query;
import dev.tobira.api.Registry;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.RowView;
import dev.tobira.api.TimeSeriesReader;
import dev.tobira.api.Transactor;
import dev.tobira.api.Value;
import dev.tobira.api.VectorSearcher;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * The conformance kit. A driver's test module extends this class as {@code <Name>ConformanceTest}
 * and returns its {@link Fixture} from {@link #fixture()}; the kit then checks the contract, every
 * declared capability, and the read-only guard, attacking it with writes it first proves real.
 *
 * <p>Fixtures work through a native side channel (the vendor client), never through the driver
 * under test, so a broken driver cannot hide its own breakage.
 *
 * <p>What runs, in order:
 * <ol>
 *   <li>The contract: ping and info, listing, describe, every {@link #typeCases() type case} (read
 *       as a {@code Row} and through {@link ResultSet#forEachRow}'s view and typed getters), a
 *       100,000-row result that must stream (the heap may not grow by the size of the result),
 *       limit and truncation, timeout, close and cancel from another thread, use after close,
 *       error kinds and messages, {@link Registry#discover()}.</li>
 *   <li>Capabilities: every capability in {@link Driver#declared()} is offered and works (the
 *       change feed delivers a change and ends on a close from another thread, an export is a
 *       header and five lines in each format, vector search and time ranges return what
 *       {@link Fixture.Builder#vector} and {@link Fixture.Builder#timeSeries} expect); every other one is absent,
 *       and a reading facet the connection implements without declaring it fails with
 *       {@link ErrorKind#UNSUPPORTED}; on a read-only connection every mutating facet fails with
 *       {@link ErrorKind#READ_ONLY} and changes nothing.</li>
 *   <li>The guard: each write probe (the built-in SQL catalogue when the fixture's language is SQL,
 *       plus {@link Fixture.Builder#probes(WriteProbe...)}) and its generated variants are proven real writes on a
 *       writable connection, then sent on a read-only connection and as a
 *       {@linkplain Query#withReadOnly(boolean) read-only query} on a writable one, where they
 *       must be refused with nothing changed. A variant that is no write on this database (an
 *       unproven variant) is not counted, but is sent on both paths all the same, where it must be
 *       refused or change nothing. Safe reads must pass. For SQL, each proven base probe is also
 *       hidden in a parameter's value behind placeholders the server reads as a comment or a
 *       string, on the writable connection and both read-only paths, where it must never run.
 *       Hostile spellings of the read-only DSN (reserved characters encoded into each part,
 *       unknown and repeated options, a URL smuggled in the host) must fail to open with a
 *       {@link DriverException} that shows no password, or open with the guard intact. Each
 *       {@link Fixture.Builder#serverCode(ServerCode...)} case, called read-only, must leave nothing behind. A driver that
 *       does not declare {@link Capability#READ_ONLY} must refuse read-only connections with
 *       {@link ErrorKind#UNSUPPORTED}.</li>
 * </ol>
 * Nothing is skipped: where a check has nothing declared to work on, it asserts what must hold
 * instead (no mutating facet offered, read-only connections refused).
 * The fixture is seeded once, before the first test. Before each test, and where a check needs the
 * seeded state, the kit reads the fingerprint and seeds again only when it differs from the one
 * read just after a seed, so the results do not depend on the order of the tests (the summary,
 * which counts the others, always runs last).
 * After each test the kit checks that every connection and result it opened was closed, that a
 * closed connection refuses use, and, when {@link Fixture.Builder#serverSessions} can tell, that no server
 * session was left behind. When all tests have run it writes
 * {@code target/tobira-conformance/<reportName>.json} ({@link Fixture.Builder#reportName}, the driver's name by
 * default), with the server version of the first connection's {@link ConnInfo}.
 *
 * <p>With {@link Behavior#STRICT} declared absent, guard violations (a probe let through, a parameter run as code,
 * a hostile DSN opened without the guard, server code that left its effect, a safe read refused,
 * a broken probe, too few proven probes) are recorded in the report instead of failing;
 * contract and capability failures always fail.
 *
 * @since 0.1
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
// KitOrder is JUnit's to make (the package is opened to it), not a client's to use, so it stays out of the API
@SuppressWarnings("exports")
@TestMethodOrder(KitOrder.class)
@Execution(ExecutionMode.SAME_THREAD)
public abstract class DriverConformanceTest {
    private static final long STREAM_ROWS = 100_000;
    private static final Duration SLOW_TIMEOUT = Duration.ofSeconds(1);
    /** Generous on purpose: the point is that the call ends long before the slow query would, not how fast. */
    private static final Duration SLOW_BOUND = Duration.ofSeconds(8);

    private static final Pattern REPORT_NAME = Pattern.compile("[A-Za-z0-9._-]+");
    /** The facets a write could be sent through, each refused on a read-only connection. */
    private static final List<Capability> MUTATING =
            List.of(Capability.MUTATOR, Capability.TRANSACTOR, Capability.EXPORTER, Capability.EXPLAINER);
    /**
     * How long the change-feed check waits for a change to arrive, or for a reader to end after a
     * close: a bound on a hang, not a measure of speed. Lowered by the kit's own self-test only.
     */
    static volatile Duration feedBound = Duration.ofSeconds(30);
    /** The connect timeout and query timeout sent against a {@link SilentServer}. */
    private static final Duration SILENT_BOUND = Duration.ofSeconds(2);
    /** How long after its bound a call against a silent server may end. */
    private static final Duration SILENT_GRACE = Duration.ofSeconds(1);
    /** How long past its bound the kit waits for a call against a silent server before calling it a hang. Lowered by the self-test only. */
    static volatile Duration silentSlack = Duration.ofSeconds(5);

    @RegisterExtension
    final ReportWatcher watcher = new ReportWatcher();

    private final Tracker tracker = new Tracker();
    private Report report;
    private int[] mark;
    private OptionalLong sessionsBefore = OptionalLong.empty();
    /** What the attacks see of the kit; made with the report, before the first test. */
    private KitContext context;

    private @Nullable Fixture fixture;

    /** Creates the kit; subclasses supply the fixture. */
    protected DriverConformanceTest() {}

    /**
     * Returns the fixture: the driver, its configurations, seeding, fingerprint, language, probes
     * and optional cases, as one value (see {@link Fixture}). Called once per test class, before the
     * first test; a server that cannot be found may abort the class here (as a skipped test, or a
     * failure under {@code -Dtobira.test.require=all}).
     *
     * <p>This is the only method a conformance test overrides: everything the kit needs from the
     * driver's side is a part of the fixture, set on {@link Fixture.Builder}.
     *
     * @return the fixture
     * @since 0.1
     */
    protected abstract Fixture fixture();

    /** The fixture, asked for once. */
    final Fixture fx() {
        Fixture f = fixture;
        if (f == null) {
            f = java.util.Objects.requireNonNull(fixture(), "fixture() returned null");
            fixture = f;
        }
        return f;
    }

    /**
     * Tells whether a behaviour is expected of the driver (see {@link Behavior}).
     *
     * @param behavior the behaviour
     * @return true unless the fixture declares it absent, or it is implied by one declared absent
     */
    final boolean expects(Behavior behavior) {
        return fx().expects(behavior);
    }

    // The fixture's parts, read where the checks use them. They were overridable hooks in the kit's
    // first version; no conformance test overrode one, and a fixture is one value checked at build(),
    // so they are package-private: a driver's test says everything through Fixture.Builder.

    final Driver driver() {
        return fx().driver();
    }

    final ConnConfig writableConfig() {
        return fx().writable();
    }

    final ConnConfig readOnlyConfig() {
        return fx().readOnly();
    }

    /**
     * Brings back the seeded state when it changed: the fixture is seeded once per class, and again
     * only when its fingerprint differs from the one read just after a seed, so no test depends on
     * what another one left, in any order, without a full reseed before each.
     */
    final void reseedIfChanged() {
        context.seeded();
    }

    final String fingerprint() {
        return fx().fingerprint();
    }

    final Language language() {
        return fx().language();
    }

    final String rowsQuery(long rows) {
        return fx().rowsQuery(rows);
    }

    final String slowQuery() {
        return fx().slowQuery();
    }

    final String syntaxErrorQuery() {
        return fx().syntaxErrorQuery();
    }

    final String missingCollectionQuery() {
        return fx().missingCollectionQuery();
    }

    final String customersQuery() {
        return fx().customersQuery();
    }

    final List<TypeCase> typeCases() {
        return fx().typeCases();
    }

    final CollectionRef customers() {
        return fx().customers();
    }

    final CollectionRef orders() {
        return fx().orders();
    }

    final boolean hasForeignKeys() {
        return expects(Behavior.FOREIGN_KEYS);
    }

    final Map<String, Value> newCustomer() {
        return fx().newCustomer();
    }

    final Map.Entry<String, String> completionCase() {
        return fx().completionCase();
    }

    final OptionalLong serverSessions() {
        return fx().serverSessions();
    }

    final boolean strict() {
        return fx().strict();
    }

    final int minimumProvenProbes() {
        return fx().minimumProvenProbes();
    }

    final boolean hasSchema() {
        return expects(Behavior.SCHEMA);
    }

    final CollectionRef missingCollection() {
        return fx().missingCollection();
    }

    final Map<String, Value> customerKey(long id) {
        return fx().customerKey(id);
    }

    final Map<String, Value> customerChange() {
        return fx().customerChange();
    }

    final String insertQuery() {
        return fx().insertQuery();
    }

    final String reportName() {
        return fx().reportName();
    }

    final CollectionRef changeFeedCollection() {
        return fx().changeFeedCollection();
    }

    final Optional<VectorCase> vectorCase() {
        return fx().vectorCase();
    }

    final Optional<TimeSeriesCase> timeSeriesCase() {
        return fx().timeSeriesCase();
    }

    // ---------------------------------------------------------------- lifecycle and helpers

    @BeforeAll
    final void startReport() {
        report = new Report(
                driver().name(), strict(), language(), minimumProvenProbes(), driver().declared(), fx().absences());
        context = new KitContext(fx(), tracker, report);
        context.seeded();
    }

    @BeforeEach
    final void beforeEachCheck() {
        mark = tracker.mark();
        sessionsBefore = serverSessions();
        reseedIfChanged();
    }

    @AfterEach
    final void afterEachCheck() throws InterruptedException {
        List<String> problems = new ArrayList<>(tracker.leaksSince(mark));
        if (sessionsBefore.isPresent()) {
            long before = sessionsBefore.getAsLong();
            // a server drops a closed session asynchronously; give it a moment before calling it a leak
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            long after = serverSessions().orElse(before);
            while (after > before && System.nanoTime() < deadline) {
                Thread.sleep(100);
                after = serverSessions().orElse(before);
            }
            if (after > before) {
                problems.add("the server has " + (after - before) + " more session(s) than before the test");
            }
        }
        if (!problems.isEmpty()) {
            fail("leaked: " + String.join("; ", problems));
        }
    }

    @AfterAll
    final void writeReport() throws Exception {
        try {
            if (report != null) {
                String name = reportName();
                if (name == null || !REPORT_NAME.matcher(name).matches()) {
                    throw new IllegalStateException(
                            "reportName() must be letters, digits, '.', '_' and '-' only: " + name);
                }
                Path file = report.write(name);
                System.err.println("[tobira] " + report.driver + " conformance report: " + file.toAbsolutePath());
            }
        } finally {
            closeFixture();
        }
    }

    /** Closes the fixture's resources, last added first, after the report is written. */
    private void closeFixture() throws Exception {
        if (fixture == null) {
            return;
        }
        List<AutoCloseable> resources = new ArrayList<>(fixture.resources());
        java.util.Collections.reverse(resources);
        Exception first = null;
        for (AutoCloseable r : resources) {
            try {
                r.close();
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    final Report report() {
        return report;
    }

    final Tracker tracker() {
        return tracker;
    }

    final Conn open(ConnConfig config) {
        return context.open(config);
    }

    final void violations(List<String> messages) {
        context.violations(messages);
    }

    private boolean declares(Capability c) {
        return driver().declared().contains(c);
    }

    private static long drain(ResultSet rs) {
        try (rs) {
            long n = 0;
            while (rs.hasNext()) {
                rs.next();
                n++;
            }
            return n;
        }
    }

    private void assertKind(ErrorKind expected, Attempt attempt, String what) {
        DriverException refusal = attempt.refusal();
        if (refusal == null) {
            throw new AssertionFailedError(what + ": expected " + expected + " but got " + attempt);
        }
        assertEquals(expected, refusal.kind(), what + ": " + refusal.getMessage());
        assertMessage(refusal);
    }

    private void assertMessage(DriverException e) {
        MessageCheck.assertWhole(e);
        String prefix = driver().name() + ": ";
        assertTrue(
                String.valueOf(e.getMessage()).startsWith(prefix),
                "messages start with \"" + prefix + "\", this one is: " + e.getMessage());
    }

    private static long usedHeapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static Set<String> lower(List<String> names) {
        return names.stream().map(n -> n.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
    }

    // ---------------------------------------------------------------- 1. the contract

    @Test
    @Order(100)
    @DisplayName("contract: ping, info, name and schemes")
    final void contractPing() {
        String name = driver().name();
        assertEquals(name.toLowerCase(Locale.ROOT), name, "driver names are lower-case");
        assertTrue(
                driver().schemes().contains(writableConfig().scheme()),
                "schemes() " + driver().schemes() + " includes the scheme of writableConfig()");
        try (Conn conn = open(writableConfig())) {
            conn.ping();
            ConnInfo info = conn.info();
            assertEquals(name, info.driver(), "info().driver()");
            assertFalse(conn.readOnly(), "a connection opened writable reports readOnly() false");
        }
    }

    @Test
    @Order(110)
    @DisplayName("contract: namespaces and collections list the shop")
    final void contractListing() {
        try (Conn conn = open(writableConfig())) {
            List<String> namespaces = conn.namespaces();
            assertNotNull(namespaces, "namespaces()");
            customers()
                    .namespace()
                    .ifPresent(ns ->
                            assertTrue(namespaces.contains(ns), "namespaces() " + namespaces + " includes " + ns));
            List<String> names = conn.collections(customers().namespace()).stream()
                    .map(CollectionRef::name)
                    .toList();
            assertTrue(
                    names.contains(customers().name()),
                    "collections() " + names + " includes " + customers().name());
            assertTrue(names.contains(orders().name()), "collections() " + names + " includes " + orders().name());
        }
    }

    @Test
    @Order(120)
    @DisplayName("contract: describe reports fields, kinds, nullability, keys")
    final void contractDescribe() {
        try (Conn conn = open(writableConfig())) {
            CollectionInfo info = conn.describe(customers());
            assertEquals(customers().name(), info.ref().name(), "describe().ref()");
            assertFalse(info.fields().isEmpty(), "describe(" + customers() + ") has fields");
            if (hasSchema()) {
                Map<String, Column> fields = info.fields().stream()
                        .collect(Collectors.toMap(f -> f.name().toLowerCase(Locale.ROOT), f -> f, (a, b) -> a));
                for (String f : List.of("id", "name", "email", "country", "created_at")) {
                    assertTrue(fields.containsKey(f), "describe(customers) has field " + f + ": " + fields.keySet());
                }
                assertEquals(
                        List.of("id"),
                        info.primaryKey().stream()
                                .map(n -> n.toLowerCase(Locale.ROOT))
                                .toList(),
                        "primary key of customers");
                // each is there: the loop above asserted it
                Column id = java.util.Objects.requireNonNull(fields.get("id"));
                Column name = java.util.Objects.requireNonNull(fields.get("name"));
                Column email = java.util.Objects.requireNonNull(fields.get("email"));
                assertEquals(Value.Kind.INT, id.kind(), "kind of customers.id");
                assertEquals(Value.Kind.TEXT, name.kind(), "kind of customers.name");
                assertTrue(email.nullable(), "customers.email is nullable");
                assertFalse(name.nullable(), "customers.name is not null");
            }
            if (hasForeignKeys()) {
                CollectionInfo orders = conn.describe(orders());
                boolean found = orders.foreignKeys().stream()
                        .anyMatch(fk -> lower(fk.fields()).equals(Set.of("customer_id"))
                                && fk.target()
                                        .name()
                                        .equalsIgnoreCase(customers().name())
                                && lower(fk.targetFields()).equals(Set.of("id")));
                assertTrue(
                        found,
                        "describe(orders) reports the foreign key customer_id -> customers(id): "
                                + orders.foreignKeys());
            }
            DriverException missing = assertThrows(
                    DriverException.class,
                    () -> conn.describe(missingCollection()),
                    "describe of a missing collection");
            assertEquals(ErrorKind.NOT_FOUND, missing.kind(), missing.getMessage());
            assertMessage(missing);
        }
    }

    @TestFactory
    @Order(125)
    @DisplayName("contract: behaviours work, and each declared absent is really absent")
    final Stream<DynamicTest> contractBehaviors() {
        Map<Behavior, String> absent = fx().absent();
        return Stream.of(Behavior.values()).map(b -> {
            boolean expected = expects(b);
            String reason = absent.get(b);
            report.add(new Report.BehaviorState(b.name(), expected ? "expected" : "absent: " + reason));
            String name = b.name() + (expected ? " works" : " is absent (" + reason + ")");
            return DynamicTest.dynamicTest(name, () -> {
                // an expected behaviour is checked with its case: without one it fails here, named, not in passing
                // elsewhere
                fx().missingCase(b).ifPresent(missing -> fail(missing));
                switch (b) {
                    case PARAMETERS -> checkParameters(expected);
                    case TIMEOUT -> {
                        if (!expected) {
                            try (Conn conn = open(writableConfig())) {
                                assertKind(
                                        ErrorKind.UNSUPPORTED,
                                        Attempt.run(
                                                conn, Query.of(customersQuery()).withTimeout(SLOW_TIMEOUT)),
                                        "TIMEOUT is declared absent, so a query with a timeout");
                            }
                        }
                        // expected: contractTimeout checks it
                    }
                    case SCHEMA -> {
                        if (!expected) {
                            try (Conn conn = open(writableConfig())) {
                                CollectionInfo info = conn.describe(customers());
                                boolean typed = info.primaryKey().stream()
                                                .map(n -> n.toLowerCase(Locale.ROOT))
                                                .toList()
                                                .equals(List.of("id"))
                                        && lower(info.fields().stream()
                                                        .map(Column::name)
                                                        .toList())
                                                .containsAll(Set.of("id", "name", "email", "country", "created_at"));
                                assertFalse(
                                        typed,
                                        "SCHEMA is absent, yet describe(customers) reports the shop's schema (primary key id"
                                                + " and its fields): expect it instead of declaring it absent");
                            }
                        }
                        // expected: contractDescribe checks it
                    }
                    case NETWORK -> {
                        // contractSilentServer checks it, and that an absent one comes with a reason and no server
                        // address
                    }
                    case FOREIGN_KEYS -> {
                        if (!expected) {
                            try (Conn conn = open(writableConfig())) {
                                assertEquals(
                                        List.of(),
                                        conn.describe(orders()).foreignKeys(),
                                        "FOREIGN_KEYS is absent, yet describe(orders) reports foreign keys");
                            }
                        }
                    }
                    case READ_ONLY -> {
                        if (!expected) {
                            assertReadOnlyRefused();
                        }
                        // expected: the guard's tests attack it
                    }
                    case VECTOR_SEARCH, TIME_SERIES -> {
                        // capabilities checks the facet: offered and working when declared, absent or UNSUPPORTED when
                        // not
                    }
                    case DECLARED_TYPES -> {
                        // expected: contractDeclaredTypes reads the table; absent: the report lists the reason
                    }
                    case STRICT -> {
                        // nothing of the driver to check: the guard's tests fail on a finding, or only record it when
                        // absent
                    }
                }
            });
        });
    }

    /** Parameters are bound as values (the query returns what it was given), or refused with UNSUPPORTED, never ignored. */
    private void checkParameters(boolean expected) {
        Optional<TypeCase> c = fx().parameterQuery();
        try (Conn conn = open(writableConfig())) {
            if (!expected) {
                Query q = Query.of(c.map(TypeCase::query).orElse(customersQuery()))
                        .withParams(Value.of("tobira"));
                assertKind(
                        ErrorKind.UNSUPPORTED,
                        Attempt.run(conn, q),
                        "PARAMETERS is declared absent, so a query with a parameter");
                return;
            }
            TypeCase tc = c.orElseThrow(() -> new AssertionFailedError(
                    fx().missingCase(Behavior.PARAMETERS).orElseThrow()));
            try (ResultSet rs = conn.query(Query.of(tc.query()).withParams(tc.expected()))) {
                assertTrue(rs.hasNext(), "a row from the parameter query");
                Row row = rs.next();
                assertEquals(tc.expected(), row.get(row.size() - 1), "the bound parameter came back");
            }
        }
    }

    @TestFactory
    @Order(130)
    @DisplayName("contract: every claimed kind round-trips")
    final Stream<DynamicTest> contractTypes() {
        List<TypeCase> cases = typeCases();
        if (cases.isEmpty()) {
            return Stream.of(DynamicTest.dynamicTest(
                    "typeCases() is empty", () -> fail("typeCases() must return at least one case")));
        }
        return cases.stream()
                .map(c -> DynamicTest.dynamicTest(c.expected().kind() + ": " + Guard.display(c.query()), () -> {
                    try (Conn conn = open(writableConfig());
                            ResultSet rs = conn.query(Query.of(c.query()))) {
                        assertEquals(1, rs.columns().size(), "one column");
                        assertTrue(rs.hasNext(), "one row");
                        Row row = rs.next();
                        assertEquals(1, row.size(), "one value");
                        Value v = row.get(0);
                        assertEquals(c.expected().kind(), v.kind(), "kind of " + v);
                        assertEquals(c.expected(), v, "value");
                        if (!c.expected().isNull()) {
                            assertEquals(
                                    c.expected().kind(), rs.columns().get(0).kind(), "kind of the column");
                        }
                        assertFalse(rs.hasNext(), "exactly one row");
                    }
                    try (Conn conn = open(writableConfig());
                            ResultSet rs = conn.query(Query.of(c.query()))) {
                        long handed = rs.forEachRow(view -> checkView(view, c.expected()));
                        assertEquals(1, handed, "forEachRow: one row");
                    }
                }));
    }

    /**
     * A row view of a type case answers as the row does: the same value, kind and nullness, the
     * content from the getter of its kind, IllegalStateException from every other getter.
     */
    private static void checkView(RowView view, Value expected) {
        assertEquals(1, view.size(), "forEachRow: one value");
        assertEquals(expected, view.get(0), "forEachRow: get(0)");
        assertEquals(expected.kind(), view.kind(0), "forEachRow: kind(0)");
        assertEquals(expected.isNull(), view.isNull(0), "forEachRow: isNull(0)");
        for (Value.Kind k : TypedGetters.KINDS) {
            if (k == expected.kind()) {
                assertEquals(
                        TypedGetters.content(expected),
                        TypedGetters.read(view, 0, k),
                        "forEachRow: the getter of " + k);
            } else {
                assertThrows(
                        IllegalStateException.class,
                        () -> TypedGetters.read(view, 0, k),
                        "forEachRow: the getter of " + k + " on a " + expected.kind());
            }
        }
        assertEquals(expected, view.toRow().get(0), "forEachRow: toRow()");
    }

    @Test
    @Order(140)
    @DisplayName("contract: a 100,000-row result streams")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    final void contractStreams() {
        Query query = Query.of(rowsQuery(STREAM_ROWS));
        long growthAtFirstRow;
        try (Conn conn = open(writableConfig())) {
            long before = usedHeapAfterGc();
            try (ResultSet rs = conn.query(query)) {
                assertTrue(rs.hasNext(), "the first row");
                Row first = rs.next();
                growthAtFirstRow = usedHeapAfterGc() - before;
                assertNotNull(first);
                assertEquals(1, rs.stats().rows(), "stats().rows() after the first row");
                assertFalse(rs.stats().truncated(), "not truncated without a limit");
                long n = 1;
                while (rs.hasNext()) {
                    rs.next();
                    n++;
                }
                assertEquals(STREAM_ROWS, n, "rows of rowsQuery(" + STREAM_ROWS + ")");
                assertEquals(STREAM_ROWS, rs.stats().rows(), "stats().rows() at the end");
                assertFalse(rs.stats().truncated(), "not truncated without a limit");
            }
            // the size of the whole result, measured rather than guessed: hold every row at once
            long beforeAll = usedHeapAfterGc();
            List<Row> held = new ArrayList<>((int) STREAM_ROWS);
            try (ResultSet rs = conn.query(query)) {
                rs.forEachRemaining(held::add);
            }
            long wholeResult = usedHeapAfterGc() - beforeAll;
            assertEquals(STREAM_ROWS, held.size());
            held.clear();
            assertTrue(
                    wholeResult > 1_000_000,
                    "100,000 rows should take over 1 MB of heap; measured " + wholeResult
                            + " bytes, so the heap cannot show whether the result streams");
            assertTrue(
                    growthAtFirstRow < wholeResult / 4,
                    "at the first row the heap grew by " + growthAtFirstRow + " bytes, while the whole result takes "
                            + wholeResult + ": the result is buffered, not streamed");
        }
    }

    @TestFactory
    @Order(146)
    @DisplayName("contract: each declared type reads as the kind of the driver's table")
    final Stream<DynamicNode> contractDeclaredTypes() {
        return recorded(new DeclaredTypes(context).checks());
    }

    @Test
    @Order(145)
    @DisplayName("contract: forEachRow hands the rows the iterator returns, and stops at a limit or a close")
    final void contractForEachRow() {
        Query query = Query.of(rowsQuery(1_000));
        try (Conn conn = open(writableConfig())) {
            List<Row> iterated = new ArrayList<>();
            try (ResultSet rs = conn.query(query)) {
                rs.forEachRemaining(iterated::add);
            }
            List<Row> viewed = new ArrayList<>();
            try (ResultSet rs = conn.query(query)) {
                assertEquals(
                        1_000,
                        rs.forEachRow(view -> {
                            // each cell read in place first, then held against the iterator's row of the same place
                            Row expected = iterated.get(viewed.size());
                            assertEquals(expected.size(), view.size(), "size()");
                            for (int i = 0; i < view.size(); i++) {
                                Value v = expected.get(i);
                                assertEquals(v.kind(), view.kind(i), "kind(" + i + ")");
                                assertEquals(v.isNull(), view.isNull(i), "isNull(" + i + ")");
                                if (TypedGetters.KINDS.contains(v.kind())) {
                                    assertEquals(
                                            TypedGetters.content(v),
                                            TypedGetters.read(view, i, v.kind()),
                                            "the getter of " + v.kind());
                                }
                                assertEquals(v, view.get(i), "get(" + i + ")");
                            }
                            viewed.add(view.toRow());
                        }),
                        "rows handed");
                assertEquals(1_000, rs.stats().rows(), "stats().rows()");
                assertFalse(rs.stats().truncated(), "not truncated without a limit");
            }
            assertEquals(iterated, viewed, "forEachRow and the iterator, row by row");
            try (ResultSet rs = conn.query(query.withLimit(5))) {
                assertEquals(5, rs.forEachRow(view -> {}), "rows with limit 5");
                assertTrue(rs.stats().truncated(), "truncated with limit 5 of 1,000");
            }
            ResultSet stopped = conn.query(query); // not a resource: the action closes it
            try {
                long[] seen = {0};
                long handed = stopped.forEachRow(view -> {
                    if (++seen[0] == 3) {
                        stopped.close(); // the early stop: no error, no more rows
                    }
                });
                assertEquals(3, handed, "rows handed before the close from the action");
                assertFalse(stopped.hasNext(), "nothing after the close");
            } finally {
                stopped.close();
            }
            try (ResultSet rs = conn.query(query)) {
                assertTrue(rs.hasNext());
                Row first = rs.next();
                assertEquals(iterated.get(0), first);
                assertEquals(999, rs.forEachRow(view -> {}), "forEachRow goes on after next()");
            }
        }
    }

    @Test
    @Order(150)
    @DisplayName("contract: limit truncates and says so")
    final void contractLimit() {
        try (Conn conn = open(writableConfig())) {
            try (ResultSet rs = conn.query(Query.of(rowsQuery(10)).withLimit(5))) {
                assertEquals(5, drain(rs), "rows with limit 5 of 10");
                assertTrue(rs.stats().truncated(), "truncated with limit 5 of 10");
                assertEquals(5, rs.stats().rows(), "stats().rows()");
            }
            try (ResultSet rs = conn.query(Query.of(rowsQuery(10)).withLimit(10))) {
                assertEquals(10, drain(rs), "rows with limit 10 of 10");
                assertFalse(rs.stats().truncated(), "not truncated when the limit equals the rows");
            }
            try (ResultSet rs = conn.query(Query.of(rowsQuery(10)).withLimit(20))) {
                assertEquals(10, drain(rs), "rows with limit 20 of 10");
                assertFalse(rs.stats().truncated(), "not truncated when the limit exceeds the rows");
            }
        }
    }

    @Test
    @Order(160)
    @DisplayName("contract: a timeout bounds a slow query")
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    final void contractTimeout() {
        if (!expects(Behavior.TIMEOUT)) {
            return; // contractBehaviors checks that a timeout is refused with UNSUPPORTED
        }
        try (Conn conn = open(writableConfig())) {
            long start = System.nanoTime();
            Attempt a = Attempt.run(conn, Query.of(slowQuery()).withTimeout(SLOW_TIMEOUT));
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertKind(ErrorKind.TIMEOUT, a, "slowQuery() with a timeout of " + SLOW_TIMEOUT);
            assertTrue(took.compareTo(SLOW_BOUND) < 0, "a " + SLOW_TIMEOUT + " timeout ended the call after " + took);
        }
    }

    @Test
    @Order(170)
    @DisplayName("contract: closing the connection from another thread cancels a query in flight")
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    final void contractCancelByConnClose() throws Exception {
        Conn conn = open(writableConfig());
        try {
            CompletableFuture<Void> closer = CompletableFuture.runAsync(() -> {
                sleep(500);
                conn.close();
            });
            long start = System.nanoTime();
            Attempt a = Attempt.run(conn, Query.of(slowQuery()));
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            closer.get(30, TimeUnit.SECONDS);
            if (!a.succeeded()) {
                assertKind(ErrorKind.CANCELLED, a, "a query in flight when its connection closed");
            }
            assertTrue(
                    took.compareTo(SLOW_BOUND) < 0, "closing the connection ended the slow query only after " + took);
            conn.close();
            conn.close();
        } finally {
            conn.close();
        }
    }

    @Test
    @Order(180)
    @DisplayName("contract: closing a result from another thread stops its iteration")
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    final void contractCancelByResultClose() throws Exception {
        try (Conn conn = open(writableConfig())) {
            ResultSet rs = conn.query(Query.of(rowsQuery(STREAM_ROWS)));
            try {
                assertTrue(rs.hasNext());
                rs.next();
                CompletableFuture.runAsync(rs::close).get(30, TimeUnit.SECONDS);
                boolean more;
                try {
                    more = rs.hasNext();
                } catch (DriverException e) {
                    assertEquals(ErrorKind.CANCELLED, e.kind(), e.getMessage());
                    more = false;
                }
                assertFalse(more, "rows kept coming after close() from another thread");
                rs.close();
            } finally {
                rs.close();
            }
            conn.ping();
        }
    }

    @Test
    @Order(190)
    @DisplayName("contract: closing a connection closes its results")
    final void contractConnCloseClosesResults() {
        Conn conn = open(writableConfig());
        ResultSet rs = conn.query(Query.of(rowsQuery(1000)));
        try {
            assertTrue(rs.hasNext());
            rs.next();
            conn.close();
            boolean more;
            try {
                more = rs.hasNext();
            } catch (DriverException | IllegalStateException e) {
                more = false;
            }
            assertFalse(more, "a result still gave rows after its connection was closed");
        } finally {
            rs.close();
            conn.close();
        }
    }

    @Test
    @Order(200)
    @DisplayName("contract: close is idempotent, and use after close is IllegalStateException")
    final void contractUseAfterClose() {
        Conn conn = open(writableConfig());
        conn.close();
        conn.close();
        assertThrows(IllegalStateException.class, conn::ping, "ping() after close()");
        assertThrows(
                IllegalStateException.class,
                () -> conn.query(Query.of(customersQuery())).close(),
                "query() after close()");
        assertThrows(IllegalStateException.class, conn::namespaces, "namespaces() after close()");
        assertThrows(
                IllegalStateException.class,
                () -> conn.collections(customers().namespace()),
                "collections() after close()");
        assertThrows(IllegalStateException.class, () -> conn.describe(customers()), "describe() after close()");
    }

    @Test
    @Order(210)
    @DisplayName("contract: a syntax error is SYNTAX, and messages start with the driver name")
    final void contractSyntaxError() {
        try (Conn conn = open(writableConfig())) {
            assertKind(ErrorKind.SYNTAX, Attempt.run(conn, Query.of(syntaxErrorQuery())), "syntaxErrorQuery()");
            conn.ping();
        }
    }

    @Test
    @Order(220)
    @DisplayName("contract: a missing collection is NOT_FOUND")
    final void contractNotFound() {
        try (Conn conn = open(writableConfig())) {
            assertKind(
                    ErrorKind.NOT_FOUND,
                    Attempt.run(conn, Query.of(missingCollectionQuery())),
                    "missingCollectionQuery()");
        }
    }

    @TestFactory
    @Order(225)
    @DisplayName("contract: every bad input is a result or a DriverException with a kind")
    final Stream<DynamicNode> contractBadInput() {
        return recorded(new BadInputs(context).checks());
    }

    @TestFactory
    @Order(226)
    @DisplayName("contract: a server that never answers ends open and query with TIMEOUT in time")
    final Stream<DynamicNode> contractSilentServer() {
        if (!expects(Behavior.NETWORK)) {
            // empty when no reason is there, which the test below fails
            String reason = java.util.Objects.requireNonNullElse(fx().absent().get(Behavior.NETWORK), "");
            report.add(new Report.SilentInapplicable(reason));
            return recorded(Stream.of(DynamicTest.dynamicTest(
                    "NETWORK is absent (" + reason + "), so there is no server to be silent", () -> {
                        assertFalse(reason.isBlank(), "NETWORK is declared absent without a reason");
                        assertTrue(
                                fx().serverAt().isEmpty(),
                                "the fixture says how to reach a server on 127.0.0.1:port (serverAt), yet declares"
                                        + " NETWORK absent: expect it instead");
                    })));
        }
        List<Boolean> paths = expects(Behavior.READ_ONLY) ? List.of(false, true) : List.of(false);
        return recorded(paths.stream()
                .map(readOnly -> DynamicTest.dynamicTest(
                        (readOnly ? "read-only" : "writable")
                                + " configuration: open with a " + SILENT_BOUND.toSeconds()
                                + " s connect timeout, and a query with a "
                                + SILENT_BOUND.toSeconds() + " s timeout where it opens lazily",
                        () -> silentServer(readOnly))));
    }

    /**
     * Opens against a {@link SilentServer} with a short connect timeout: TIMEOUT within a second of
     * it; where the driver opens lazily, a query with a short timeout must end the same way. Every
     * call is capped, so a driver that waits for ever fails instead of hanging the build.
     */
    private void silentServer(boolean readOnly) {
        java.util.function.IntFunction<ConnConfig> at = fx().serverAt()
                .orElseThrow(() -> new AssertionFailedError(
                        fx().missingCase(Behavior.NETWORK).orElseThrow()));
        String path = readOnly ? "read-only" : "writable";
        List<String> problems = new ArrayList<>();
        try (SilentServer silent = SilentServer.start()) {
            ConnConfig config =
                    at.apply(silent.port()).withConnectTimeout(SILENT_BOUND).withReadOnly(readOnly);
            Bounded<Conn> open =
                    Bounded.call("silent-open", SILENT_BOUND.plus(silentSlack), () -> tracker.open(driver(), config));
            boolean openOk = open.refusal() != null
                    ? open.refusal().kind() == ErrorKind.TIMEOUT && withinBound(open)
                    : open.value() != null && withinBound(open);
            report.add(new Report.SilentRecord(
                    path + " open",
                    open.value() != null ? "OPENED" : open.outcome(),
                    open.value() != null ? "opened without an answer from the server: it opens lazily" : open.message(),
                    open.took().toMillis(),
                    SILENT_BOUND.toMillis(),
                    openOk));
            if (!openOk) {
                problems.add(path + " open with a connect timeout of " + SILENT_BOUND.toSeconds()
                        + " s against a server that never answers:"
                        + " expected TIMEOUT within "
                        + SILENT_BOUND.plus(SILENT_GRACE).toMillis() + " ms, but got " + open.outcome()
                        + " after " + open.took().toMillis() + " ms (" + open.message() + ")");
            }
            Conn conn = open.value();
            if (conn != null) {
                try {
                    if (expects(Behavior.TIMEOUT)) {
                        Query q = Query.of(customersQuery()).withTimeout(SILENT_BOUND);
                        Bounded<Long> query = Bounded.call(
                                "silent-query", SILENT_BOUND.plus(silentSlack), () -> drain(conn.query(q)));
                        boolean queryOk = query.refusal() != null
                                && query.refusal().kind() == ErrorKind.TIMEOUT
                                && withinBound(query);
                        report.add(new Report.SilentRecord(
                                path + " query on a lazily opened connection",
                                query.outcome(),
                                query.message(),
                                query.took().toMillis(),
                                SILENT_BOUND.toMillis(),
                                queryOk));
                        if (!queryOk) {
                            problems.add(path + " connection opened lazily; a query with a timeout of "
                                    + SILENT_BOUND.toSeconds()
                                    + " s against a server that never answers: expected TIMEOUT within "
                                    + SILENT_BOUND.plus(SILENT_GRACE).toMillis() + " ms, but got " + query.outcome()
                                    + " after "
                                    + query.took().toMillis() + " ms (" + query.message() + ")");
                        }
                    }
                } finally {
                    Bounded.call("silent-close", Duration.ofSeconds(5), () -> {
                        conn.close();
                        return null;
                    });
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new AssertionFailedError(String.join("\n", problems));
        }
    }

    private static boolean withinBound(Bounded<?> call) {
        return call.took().compareTo(SILENT_BOUND.plus(SILENT_GRACE)) <= 0;
    }

    @Test
    @Order(230)
    @DisplayName("contract: Registry.discover() finds the driver through ServiceLoader")
    final void contractDiscovery() {
        Registry registry = Registry.discover();
        Optional<Driver> found = registry.driver(driver().name());
        assertTrue(
                found.isPresent(),
                "Registry.discover() lists " + driver().name()
                        + "; is it in META-INF/services/dev.tobira.api.Driver and module-info's provides? " + registry);
        assertEquals(driver().getClass(), found.get().getClass(), "the discovered driver's class");
        try (Conn conn = tracker.open(found.get(), writableConfig())) {
            conn.ping();
            assertEquals(driver().name(), conn.info().driver());
        }
    }

    // ---------------------------------------------------------------- 2. capabilities

    @TestFactory
    @Order(300)
    @DisplayName("capabilities: declared ones work, others are absent")
    final Stream<DynamicTest> capabilities() {
        List<DynamicTest> tests = new ArrayList<>();
        Set<Capability> declared = driver().declared();
        tests.add(DynamicTest.dynamicTest("a writable connection offers exactly declared() minus READ_ONLY", () -> {
            EnumSet<Capability> expected = EnumSet.noneOf(Capability.class);
            declared.stream().filter(c -> c != Capability.READ_ONLY).forEach(expected::add);
            try (Conn conn = open(writableConfig())) {
                Set<Capability> offered = conn.capabilities();
                offered.forEach(o -> report.add(new Report.Offered(o)));
                assertEquals(
                        expected,
                        offered.isEmpty() ? EnumSet.noneOf(Capability.class) : EnumSet.copyOf(offered),
                        "capabilities() of a writable connection");
            }
        }));
        for (Capability c : Capability.values()) {
            if (c == Capability.READ_ONLY) {
                continue;
            }
            Class<? extends Facet> facet = c.facet().orElseThrow();
            if (!declared.contains(c)) {
                tests.add(DynamicTest.dynamicTest(c.word() + ": not declared, so absent", () -> {
                    List<ConnConfig> configs = new ArrayList<>(List.of(writableConfig()));
                    if (expects(Behavior.READ_ONLY)) {
                        configs.add(readOnlyConfig());
                    }
                    for (ConnConfig config : configs) {
                        try (Conn conn = open(config)) {
                            assertTrue(conn.as(facet).isEmpty(), c.word() + " is not declared, yet as() offers it");
                            assertFalse(
                                    conn.capabilities().contains(c),
                                    c.word() + " is not declared, yet capabilities() lists it");
                            refusedUnsupported(c, Tracker.raw(conn));
                        }
                    }
                }));
                continue;
            }
            Consumer<Conn> check = switch (c) {
                case BROWSER -> this::checkBrowser;
                case MUTATOR -> this::checkMutator;
                case EXPLAINER -> this::checkExplainer;
                case TRANSACTOR -> this::checkTransactor;
                case COMPLETER -> this::checkCompleter;
                case EXPORTER -> this::checkExporter;
                case CHANGE_FEED -> this::checkChangeFeed;
                case VECTOR_SEARCHER -> this::checkVectorSearcher;
                case TIME_SERIES_READER -> this::checkTimeSeriesReader;
                default -> conn -> {};
            };
            tests.add(DynamicTest.dynamicTest(c.word() + ": declared, so offered and working", () -> {
                reseedIfChanged();
                try (Conn conn = open(writableConfig())) {
                    assertTrue(conn.as(facet).isPresent(), c.word() + " is declared, yet as() does not offer it");
                    check.accept(conn);
                }
                report.add(new Report.Verified(c));
            }));
        }
        if (expects(Behavior.READ_ONLY)) {
            tests.add(
                    MUTATING.stream().anyMatch(this::declares)
                            ? DynamicTest.dynamicTest(
                                    "read-only connection: every mutating facet refuses with READ_ONLY",
                                    this::checkReadOnlyFacets)
                            : DynamicTest.dynamicTest(
                                    "read-only connection: no mutating facet is declared, and neither connection offers one",
                                    this::checkNoMutatingFacets));
        }
        return tests.stream();
    }

    private void checkBrowser(Conn conn) {
        Browser browser = conn.as(Browser.class).orElseThrow();
        List<Row> rows = new ArrayList<>();
        int pages = 0;
        Optional<String> cursor = Optional.empty();
        do {
            Page page = browser.browse(customers(), cursor, 2);
            pages++;
            assertTrue(
                    page.rows().size() <= 2,
                    "a page of size 2 has " + page.rows().size() + " rows");
            rows.addAll(page.rows());
            cursor = page.next();
            assertEquals(page.hasNext(), cursor.isPresent(), "hasNext() agrees with next()");
            assertTrue(pages <= 10, "browse() does not end");
        } while (cursor.isPresent());
        assertEquals(5, rows.size(), "rows browsed in customers");
        assertEquals(3, pages, "pages of 2 over 5 customers");
        assertEquals(5, new HashSet<>(rows).size(), "distinct rows browsed: " + rows);
    }

    private void checkMutator(Conn conn) {
        Mutator mutator = conn.as(Mutator.class).orElseThrow();
        String original = fingerprint();
        assertEquals(1, mutator.insert(customers(), newCustomer()), "insert() of newCustomer()");
        String inserted = fingerprint();
        assertNotEquals(original, inserted, "insert() changed nothing");
        assertEquals(1, mutator.update(customers(), customerKey(6), customerChange()), "update() of the new customer");
        String updated = fingerprint();
        assertNotEquals(inserted, updated, "update() changed nothing");
        assertEquals(1, mutator.delete(customers(), customerKey(6)), "delete() of the new customer");
        assertEquals(original, fingerprint(), "delete() of the new customer restores the original state");
    }

    private void checkExplainer(Conn conn) {
        Explainer.Plan plan = conn.as(Explainer.class).orElseThrow().explain(Query.of(customersQuery()));
        assertFalse(plan.text().isBlank(), "explain() of customersQuery() returned an empty plan");
    }

    private void checkTransactor(Conn conn) {
        Transactor transactor = conn.as(Transactor.class).orElseThrow();
        String original = fingerprint();
        try (Transactor.Tx tx = transactor.begin()) {
            drain(tx.query(Query.of(insertQuery())));
            tx.commit();
        }
        assertNotEquals(original, fingerprint(), "a committed transaction changed nothing");
        reseedIfChanged();
        original = fingerprint();
        try (Transactor.Tx tx = transactor.begin()) {
            drain(tx.query(Query.of(insertQuery())));
            tx.rollback();
        }
        assertEquals(original, fingerprint(), "a rolled-back transaction changed the state");
        try (Transactor.Tx tx = transactor.begin()) {
            drain(tx.query(Query.of(insertQuery())));
        }
        assertEquals(original, fingerprint(), "a transaction closed without commit changed the state");
        conn.ping();
    }

    private void checkCompleter(Conn conn) {
        Map.Entry<String, String> c = completionCase();
        List<Completer.Completion> suggestions = conn.as(Completer.class)
                .orElseThrow()
                .complete(c.getKey(), c.getKey().length());
        assertTrue(
                suggestions.stream().anyMatch(s -> s.text().equalsIgnoreCase(c.getValue())),
                "complete(\"" + c.getKey() + "\") suggests " + c.getValue() + ": " + suggestions);
    }

    private void checkExporter(Conn conn) {
        List<String> columns;
        List<Row> rows = new ArrayList<>();
        try (ResultSet rs = conn.query(Query.of(customersQuery()))) {
            columns = rs.columns().stream().map(Column::name).toList();
            rs.forEachRemaining(rows::add);
        }
        assertEquals(5, rows.size(), "rows of customersQuery()");
        Exporter exporter = conn.as(Exporter.class).orElseThrow();
        for (Exporter.Format format : Exporter.Format.values()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            long exported = exporter.export(Query.of(customersQuery()), format, out);
            String text = out.toString(StandardCharsets.UTF_8);
            String what = format + " export of customersQuery()";
            assertEquals(5, exported, what + ": rows reported");
            List<String> lines = text.lines().toList();
            assertEquals(6, lines.size(), what + ": a header and five lines:\n" + text);
            boolean csv = format == Exporter.Format.CSV;
            assertEquals(columns, fields(lines.get(0), csv), what + ": the header names the columns:\n" + text);
            for (int i = 0; i < rows.size(); i++) {
                String line = lines.get(i + 1);
                assertEquals(
                        columns.size(), fields(line, csv).size(), what + ": fields of line " + (i + 2) + ": " + line);
                for (Value v : rows.get(i).values()) {
                    if (v instanceof Value.Text t) {
                        assertTrue(
                                fields(line, csv).contains(t.value()),
                                what + ": line " + (i + 2) + " holds " + t.value() + ": " + line);
                    }
                }
            }
        }
    }

    /** The fields of one line: RFC 4180 CSV with its quotes undone, or tab-separated text. */
    static List<String> fields(String line, boolean csv) {
        if (!csv) {
            return List.of(line.split("\t", -1));
        }
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    field.append(ch);
                }
            } else if (ch == '"') {
                quoted = true;
            } else if (ch == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(ch);
            }
        }
        fields.add(field.toString());
        return fields;
    }

    private void checkChangeFeed(Conn conn) {
        ChangeFeed feed = conn.as(ChangeFeed.class).orElseThrow();
        Duration bound = feedBound;
        ResultSet changes = feed.tail(changeFeedCollection());
        try {
            assertEquals(
                    List.of("op", "key", "at"),
                    changes.columns().stream().map(Column::name).toList(),
                    "columns of tail()");
            CompletableFuture<Row> first = onItsOwnThread(() -> changes.hasNext() ? changes.next() : null);
            try (Conn writer = open(writableConfig())) {
                drain(writer.query(Query.of(insertQuery())));
            }
            Row change = await(
                    first,
                    bound,
                    "no change arrived within " + bound + " of insertQuery() on " + changeFeedCollection());
            assertNotNull(change, "the change feed ended by itself instead of delivering the change");
            assertFalse(change.get(0).toString().isBlank(), "a change's op is empty: " + change);
            assertFalse(change.get(1).toString().isBlank(), "a change's key is empty: " + change);
            assertEquals(Value.Kind.TIMESTAMP, change.get(2).kind(), "kind of a change's at: " + change);
            // a reader waits for the next change; a close from another thread must end it
            CompletableFuture<Long> reader = onItsOwnThread(() -> {
                long more = 0;
                try {
                    while (changes.hasNext()) {
                        changes.next();
                        more++;
                    }
                } catch (DriverException e) {
                    assertEquals(ErrorKind.CANCELLED, e.kind(), e.getMessage());
                    assertMessage(e);
                }
                return more;
            });
            sleep(500);
            assertFalse(reader.isDone() && !reader.isCompletedExceptionally(), "the change feed ended by itself");
            await(CompletableFuture.runAsync(changes::close), bound, "close() of the change feed did not return");
            await(
                    reader,
                    bound,
                    "closing the change feed from another thread did not end a reader waiting for a change");
        } finally {
            changes.close();
        }
        conn.ping();
    }

    private void checkVectorSearcher(Conn conn) {
        VectorCase c = vectorCase()
                .orElseThrow(() -> new AssertionFailedError(
                        fx().missingCase(Behavior.VECTOR_SEARCH).orElseThrow()));
        VectorSearcher searcher = conn.as(VectorSearcher.class).orElseThrow();
        List<Row> rows = new ArrayList<>();
        int score;
        try (ResultSet rs = searcher.search(c.collection(), c.vector(), c.k())) {
            List<String> names = rs.columns().stream().map(Column::name).toList();
            score = names.indexOf("score");
            assertTrue(score >= 0, "search() has a score column: " + names);
            rs.forEachRemaining(rows::add);
        }
        assertEquals(c.k(), rows.size(), "rows of search() with k = " + c.k());
        assertTrue(
                rows.get(0).values().contains(c.nearest()),
                "the first row is the nearest, " + c.nearest() + ": " + rows.get(0));
        List<Double> scores = new ArrayList<>();
        for (Row row : rows) {
            Value v = row.get(score);
            assertTrue(
                    v instanceof Value.Float || v instanceof Value.Int || v instanceof Value.Decimal,
                    "a score is a number: " + v);
            scores.add(Double.parseDouble(v.toString()));
        }
        List<Double> ascending = scores.stream().sorted().toList();
        List<Double> descending =
                scores.stream().sorted(Comparator.reverseOrder()).toList();
        assertTrue(
                scores.equals(ascending) || scores.equals(descending),
                "rows are in order of score, nearest first: " + scores);
        assertThrows(
                IllegalArgumentException.class,
                () -> searcher.search(c.collection(), c.vector(), 0).close(),
                "search() with k = 0");
    }

    private void checkTimeSeriesReader(Conn conn) {
        TimeSeriesCase c = timeSeriesCase()
                .orElseThrow(() -> new AssertionFailedError(
                        fx().missingCase(Behavior.TIME_SERIES).orElseThrow()));
        TimeSeriesReader reader = conn.as(TimeSeriesReader.class).orElseThrow();
        List<Row> rows = new ArrayList<>();
        int time;
        try (ResultSet rs = reader.range(c.series(), c.from(), c.to())) {
            time = rs.columns().stream().map(Column::kind).toList().indexOf(Value.Kind.TIMESTAMP);
            rs.forEachRemaining(rows::add);
        }
        assertEquals(c.points(), rows.size(), "points of range(" + c.series() + ", " + c.from() + ", " + c.to() + ")");
        if (time >= 0) {
            Instant previous = c.from();
            for (Row row : rows) {
                if (row.get(time) instanceof Value.Timestamp t) {
                    assertFalse(
                            t.value().isBefore(previous), "points in time order, from " + c.from() + ": " + t.value());
                    assertTrue(
                            t.value().isBefore(c.to()),
                            "a point at or after the end of the range " + c.to() + ": " + t.value());
                    previous = t.value();
                }
            }
        }
        assertThrows(
                IllegalArgumentException.class,
                () -> reader.range(c.series(), c.to(), c.from()).close(),
                "range() whose end is before its start");
    }

    /**
     * Proves an undeclared reading facet absent when the connection implements its interface all
     * the same: a call must fail with UNSUPPORTED and a message naming the driver, and change nothing.
     * Only the facets that read are called; an undeclared mutator is never tried on real data.
     */
    private void refusedUnsupported(Capability c, Conn raw) {
        Runnable call = switch (c) {
            case EXPORTER ->
                raw instanceof Exporter x
                        ? () -> {
                            ByteArrayOutputStream out = new ByteArrayOutputStream();
                            try {
                                x.export(Query.of(customersQuery()), Exporter.Format.CSV, out);
                            } finally {
                                assertEquals(
                                        0, out.size(), "an export that is not offered wrote " + out.size() + " bytes");
                            }
                        }
                        : null;
            case CHANGE_FEED ->
                raw instanceof ChangeFeed f
                        ? () -> f.tail(changeFeedCollection()).close()
                        : null;
            case VECTOR_SEARCHER ->
                raw instanceof VectorSearcher v
                        ? () -> v.search(
                                        vectorCase().map(VectorCase::collection).orElse(customers()),
                                        vectorCase().map(VectorCase::vector).orElse(new Value.Vector(new float[] {1f, 0f
                                        })),
                                        1)
                                .close()
                        : null;
            case TIME_SERIES_READER ->
                raw instanceof TimeSeriesReader t
                        ? () -> t.range(
                                        timeSeriesCase()
                                                .map(TimeSeriesCase::series)
                                                .orElse(customers()),
                                        timeSeriesCase()
                                                .map(TimeSeriesCase::from)
                                                .orElse(Instant.EPOCH),
                                        timeSeriesCase()
                                                .map(TimeSeriesCase::to)
                                                .orElse(Instant.EPOCH.plusSeconds(3600)))
                                .close()
                        : null;
            default -> null;
        };
        if (call == null) {
            return;
        }
        String before = fingerprint();
        DriverException e = assertThrows(
                DriverException.class,
                call::run,
                c.word() + " is not declared, yet the connection implements it and the call did not fail");
        assertEquals(ErrorKind.UNSUPPORTED, e.kind(), c.word() + " is not declared: " + e.getMessage());
        assertMessage(e);
        assertEquals(before, fingerprint(), "a call of the undeclared " + c.word() + " changed the state");
    }

    private static <T> CompletableFuture<T> onItsOwnThread(Supplier<T> task) {
        return CompletableFuture.supplyAsync(task, runnable -> {
            Thread thread = new Thread(runnable, "tobira-kit-reader");
            thread.setDaemon(true);
            thread.start();
        });
    }

    private static <T> T await(CompletableFuture<T> future, Duration bound, String failure) {
        try {
            return future.get(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new AssertionFailedError(failure);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new AssertionFailedError(failure + ": " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionFailedError(failure + ": interrupted", e);
        }
    }

    private void checkReadOnlyFacets() {
        reseedIfChanged();
        String original = fingerprint();
        try (Conn ro = open(readOnlyConfig());
                Conn rw = open(writableConfig())) {
            assertTrue(ro.readOnly(), "a connection opened read-only reports readOnly()");
            // a connection offers only what works on it: every change a mutator makes is refused here
            assertTrue(
                    ro.as(Mutator.class).isEmpty(),
                    "a read-only connection offers the mutator, which can only fail there");
            assertFalse(
                    ro.capabilities().contains(Capability.MUTATOR),
                    "a read-only connection lists the mutator in capabilities(), which can only fail there");
            Optional<Transactor> transactor = ro.as(Transactor.class);
            if (transactor.isPresent()) {
                try (Transactor.Tx tx = transactor.get().begin()) {
                    assertKind(
                            ErrorKind.READ_ONLY,
                            Attempt.run(() -> tx.query(Query.of(insertQuery()))),
                            "a write inside a transaction on a read-only connection");
                }
                assertEquals(original, fingerprint(), "a write inside a read-only transaction changed the state");
            }
            Optional<Exporter> exporter = ro.as(Exporter.class);
            if (exporter.isPresent()) {
                assertEquals(
                        5,
                        exporter.get()
                                .export(Query.of(customersQuery()), Exporter.Format.CSV, new ByteArrayOutputStream()),
                        "export() of customersQuery() on a read-only connection");
                refusedReadOnly(
                        "export() of a write on a read-only connection",
                        () -> exporter.get()
                                .export(Query.of(insertQuery()), Exporter.Format.CSV, new ByteArrayOutputStream()),
                        original);
            }
            Optional<Exporter> rwExporter = rw.as(Exporter.class);
            if (rwExporter.isPresent()) {
                refusedReadOnly(
                        "export() of a readOnly write query on a writable connection",
                        () -> rwExporter
                                .get()
                                .export(
                                        Query.of(insertQuery()).withReadOnly(true),
                                        Exporter.Format.CSV,
                                        new ByteArrayOutputStream()),
                        original);
            }
            Optional<Explainer> explainer = ro.as(Explainer.class);
            if (explainer.isPresent()) {
                assertFalse(
                        explainer
                                .get()
                                .explain(Query.of(customersQuery()))
                                .text()
                                .isBlank(),
                        "explain() of a read on a read-only connection");
                refusedReadOnly(
                        "explain() of a write on a read-only connection",
                        () -> explainer.get().explain(Query.of(insertQuery())),
                        original);
            }
        }
    }

    /**
     * With no mutating facet declared there is nothing to refuse on a read-only connection; what must
     * hold instead is that no facet a write could go through is offered, read-only or writable.
     */
    private void checkNoMutatingFacets() {
        try (Conn ro = open(readOnlyConfig());
                Conn rw = open(writableConfig())) {
            assertTrue(ro.readOnly(), "a connection opened read-only reports readOnly()");
            for (Conn conn : List.of(ro, rw)) {
                String which = conn == ro ? "read-only" : "writable";
                for (Capability c : MUTATING) {
                    assertTrue(
                            conn.as(c.facet().orElseThrow()).isEmpty(),
                            c.word() + " is not declared, yet the " + which + " connection's as() offers it");
                    assertFalse(
                            conn.capabilities().contains(c),
                            c.word() + " is not declared, yet the " + which + " connection's capabilities() lists it");
                }
            }
        }
    }

    private void refusedReadOnly(String what, Runnable call, String original) {
        DriverException e = assertThrows(DriverException.class, call::run, what);
        assertEquals(ErrorKind.READ_ONLY, e.kind(), what + ": " + e.getMessage());
        assertMessage(e);
        assertEquals(original, fingerprint(), what + " changed the state");
    }

    // ---------------------------------------------------------------- 3. the guard

    @Test
    @Order(400)
    @DisplayName("guard: read-only open is honoured, or refused with UNSUPPORTED when READ_ONLY is not declared")
    final void guardReadOnlyOpen() {
        assertTrue(readOnlyConfig().readOnly(), "readOnlyConfig() has readOnly set");
        if (expects(Behavior.READ_ONLY)) {
            try (Conn conn = open(readOnlyConfig())) {
                assertTrue(conn.readOnly(), "a connection opened read-only reports readOnly()");
                conn.ping();
                assertEquals(
                        5, drain(conn.query(Query.of(customersQuery()))), "customersQuery() on a read-only connection");
            }
        } else {
            assertReadOnlyRefused();
        }
    }

    final void assertReadOnlyRefused() {
        context.assertReadOnlyRefused();
    }

    @TestFactory
    @Order(410)
    @DisplayName("guard: write probes are proven real, then refused read-only")
    final Stream<DynamicNode> guardWriteProbes() {
        return recorded(new Guard(context).probes());
    }

    @TestFactory
    @Order(420)
    @DisplayName("guard: safe reads pass read-only")
    final Stream<DynamicNode> guardSafeReads() {
        return recorded(new Guard(context).safeReads());
    }

    @TestFactory
    @Order(430)
    @DisplayName("guard: hostile DSNs fail to open, or open with the guard intact")
    final Stream<DynamicNode> guardDsnAttacks() {
        return recorded(new DsnAttacks(context).attacks());
    }

    @TestFactory
    @Order(440)
    @DisplayName("guard: server code called read-only leaves nothing behind")
    final Stream<DynamicNode> guardServerCode() {
        return recorded(new ServerCodeAttacks(context).attacks());
    }

    @Test
    @Order(Integer.MAX_VALUE)
    @DisplayName("guard: enough probes proven and refused")
    final void guardMinimum() {
        if (!expects(Behavior.READ_ONLY)) {
            // no guard, no probes to count: read-only must be refused instead, and nothing may claim the guard verified
            assertReadOnlyRefused();
            assertEquals(0, report.count(Report.Verdict.REFUSED), "probes refused by a guard that is not declared");
            return;
        }
        assertTrue(
                report.ran(Report.Part.GUARD),
                "the write probes did not run in this session, so there is nothing to count:"
                        + " run guardWriteProbes with this test (the whole class)");
        long refused = report.count(Report.Verdict.REFUSED);
        Set<ProbeFamily> covered = report.coveredFamilies();
        List<ProbeFamily> uncovered = Stream.of(ProbeFamily.values())
                .filter(f -> !covered.contains(f))
                .toList();
        System.err.println("[tobira] " + report.driver + ": " + refused
                + " probes proven and refused; families without one: "
                + uncovered + "; violations by layer: probes " + report.violating() + ", parameters "
                + report.parameterViolations()
                + " of " + report.all(Report.ParameterRecord.class).size() + noted() + ", DSN " + report.dsnViolations()
                + " of "
                + report.all(Report.DsnRecord.class).size() + ", server code " + report.serverCodeViolations() + " of "
                + report.all(Report.ServerCodeRecord.class).size());
        List<String> problems = new ArrayList<>();
        if (refused < minimumProvenProbes()) {
            problems.add(
                    "only " + refused + " write probes were proven and refused; the fixture's minimumProvenProbes is "
                            + minimumProvenProbes());
        }
        // a family the language has needs a proven probe, or a reason why the database has no such write (never blank:
        // build() refuses that)
        Map<ProbeFamily, String> reasons = fx().uncoveredFamilies();
        List<ProbeFamily> unexplained = language().impliedFamilies().stream()
                .filter(f -> !covered.contains(f) && !reasons.containsKey(f))
                .sorted()
                .toList();
        if (!unexplained.isEmpty()) {
            problems.add(language() + " has the families " + unexplained
                    + ", and no probe of them was proven and refused here:"
                    + " add probes, or say why with Fixture.Builder.without(family, reason)");
        }
        reasons.forEach((f, why) -> report.add(new Report.FamilyReason(f, why)));
        // every layer counts, and the guard is verified only when every layer ran in this session
        long violations = report.allViolations();
        long broken = report.count(Report.Verdict.BROKEN);
        long safeFailed = report.safeReads().stream().filter(r -> !r.passed()).count();
        boolean allRan = report.ran(Report.Part.DSN)
                && report.ran(Report.Part.SERVER_CODE)
                && (!expectsParameterAttacks() || report.ran(Report.Part.PARAMETERS));
        if (problems.isEmpty() && violations == 0 && broken == 0 && safeFailed == 0 && allRan) {
            report.add(new Report.Verified(Capability.READ_ONLY));
        }
        violations(problems);
        // this check sums up the guard, so it never passes beside a violation found elsewhere, in either mode
        if (violations + broken + safeFailed > 0) {
            String summary = violations + " guard violation(s), " + broken + " broken probe(s) and " + safeFailed
                    + " safe read(s) refused in this run (see the report's violations[])";
            if (strict()) {
                throw new GuardViolation(summary);
            }
            throw new TestAbortedException("non-strict: " + summary + ", recorded instead of failed");
        }
        if (!allRan) {
            throw new TestAbortedException(
                    "not every layer of the guard ran in this session (run the whole class), so it is not verified");
        }
    }

    private boolean expectsParameterAttacks() {
        return language() == Language.SQL && expects(Behavior.PARAMETERS);
    }

    /**
     * Records each dynamic test's outcome in the report as it runs (JUnit tells a watcher only about
     * the factory), so that the totals count a probe that failed, and, in non-strict mode, a probe
     * whose violation was only recorded, as the failed test it is. Containers stay lazy: a variant
     * is still proven only when JUnit asks for its test.
     */
    private Stream<DynamicNode> recorded(Stream<? extends DynamicNode> nodes) {
        return nodes.map(n -> recorded("", n));
    }

    private DynamicNode recorded(String parent, DynamicNode node) {
        String name = parent.isEmpty() ? node.getDisplayName() : parent + " / " + node.getDisplayName();
        if (node instanceof DynamicContainer c) {
            return DynamicContainer.dynamicContainer(
                    c.getDisplayName(),
                    c.getTestSourceUri().orElse(null),
                    c.getChildren().map(child -> recorded(name, child)));
        }
        if (!(node instanceof DynamicTest t)) {
            return node;
        }
        return DynamicTest.dynamicTest(t.getDisplayName(), t.getTestSourceUri().orElse(null), () -> {
            int before = report.violationCount();
            try {
                t.getExecutable().execute();
            } catch (TestAbortedException e) {
                report.add(new Report.TestRecord(name, "skipped", e.getMessage()));
                throw e;
            } catch (Throwable e) {
                report.add(new Report.TestRecord(name, "failed", String.valueOf(e.getMessage())));
                throw e;
            }
            if (report.violationCount() > before) {
                List<String> all = report.violations();
                List<String> recordedNow = all.subList(Math.min(before, all.size()), all.size());
                report.add(new Report.TestRecord(name, "violation", String.join("\n", recordedNow)));
            } else {
                report.add(new Report.TestRecord(name, "passed", null));
            }
        });
    }

    /** The parameter attacks refused with a kind other than the expected ones: no escape, but worth a look. */
    private String noted() {
        long noted = report.all(Report.ParameterRecord.class).stream()
                .filter(r -> !r.notes().isEmpty())
                .count();
        return noted == 0 ? "" : " (" + noted + " refused as an unexpected kind, noted in the report)";
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
