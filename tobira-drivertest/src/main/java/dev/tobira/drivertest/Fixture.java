package dev.tobira.drivertest;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Driver;
import dev.tobira.api.Value;
import dev.tobira.spi.SqlDialect;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.IntFunction;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Everything the conformance kit needs from a driver's test module, as one value: the driver, a
 * writable and a read-only configuration of the same database, how to seed the shop dataset and
 * fingerprint the state over the native side channel, the driver's probes and safe reads in its
 * language, and the optional cases. A driver's conformance test returns one from
 * {@link DriverConformanceTest#fixture()}:
 *
 * <pre>{@code
 * class AcmeConformanceTest extends DriverConformanceTest {
 *     @Override protected Fixture fixture() {
 *         AcmeShop shop = AcmeShop.start();                         // the native side channel
 *         return Fixture.builder(new AcmeDriver())
 *                 .writable(ConnConfig.of(shop.dsn()))              // read-only: the same, withReadOnly(true)
 *                 .seed(shop::seed).fingerprint(shop::fingerprint)
 *                 .sql(SqlDialect.ANSI)
 *                 .rows(n -> "select * from generate_series(1, " + n + ")").slow("select pg_sleep(20)")
 *                 .types(TypeCase.of("select 42", Value.of(42)))
 *                 .onClose(shop)
 *                 .build();
 *     }
 * }
 * }</pre>
 *
 * Everything has a default but the driver, the writable configuration, seeding, the fingerprint,
 * the rows and slow queries and at least one type case. What the kit expects is one model
 * ({@link Behavior}): every behaviour is expected unless declared absent with a reason
 * ({@link Builder#without(Behavior, String)}) or made absent by an implication, every family of
 * attack the language has needs a proven probe unless declared absent with a reason
 * ({@link Builder#without(ProbeFamily, String)}), and so does every probe
 * ({@link Builder#withoutProbe(String, String)}); a declared "no" is itself checked, and one without
 * a reason is refused by {@link Builder#build()}. A fixture is immutable; {@link #toBuilder()}
 * derives another (a second server version under another report name, say).
 *
 * @since 0.1
 */
public final class Fixture {
    private final Builder b;
    private final Expectations expectations;

    private Fixture(Builder b, boolean validate) {
        this.b = b;
        if (validate) {
            List<String> missing = new ArrayList<>();
            if (b.writable == null) {
                missing.add("writable(config)");
            }
            if (b.seed == null) {
                missing.add("seed(action)");
            }
            if (b.fingerprint == null) {
                missing.add("fingerprint(supplier)");
            }
            if (b.rows == null) {
                missing.add("rows(query of n rows)");
            }
            if (b.slow == null) {
                missing.add("slow(query of ten seconds or more)");
            }
            if (!missing.isEmpty()) {
                throw new IllegalStateException(
                        "the fixture of " + b.driver.name() + " lacks " + String.join(", ", missing));
            }
        }
        this.expectations = Expectations.resolve(
                b.driver.name(), b.driver.declared(), b.language, b.without, b.uncovered, b.inapplicable);
    }

    /**
     * Starts a fixture of the driver under test.
     *
     * @param driver the driver
     * @return the builder
     */
    public static Builder builder(Driver driver) {
        return new Builder(requireNonNull(driver, "driver is null"));
    }

    /**
     * Returns a builder holding everything this fixture holds.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        return b.copy();
    }

    /**
     * Tells whether a behaviour is expected: not declared absent, and not made absent by what it
     * requires, an undeclared capability or the language (see {@link Behavior}).
     *
     * @param behavior the behaviour
     * @return whether the kit checks that it works
     */
    public boolean expects(Behavior behavior) {
        return expectations.expects(behavior);
    }

    /**
     * Returns the behaviours absent, each with its reason: the fixture's own, or for an implied
     * absence one that starts with {@code implied: }.
     *
     * @return behaviour to reason, in the order of {@link Behavior}
     */
    public Map<Behavior, String> absent() {
        return Collections.unmodifiableMap(expectations.absentBehaviors());
    }

    /** Every absence, of a behaviour, a family of attack or a probe, with its reason. */
    List<Expectations.Absence> absences() {
        return expectations.absences();
    }

    /**
     * What an expected behaviour lacks to be checked: the case on the fixture it needs. Empty when
     * the behaviour is absent or has what it needs.
     */
    Optional<String> missingCase(Behavior behavior) {
        if (!expects(behavior)) {
            return Optional.empty();
        }
        return switch (behavior) {
            case PARAMETERS ->
                parameterQuery().isPresent()
                        ? Optional.empty()
                        : Optional.of(
                                "PARAMETERS is expected: give the fixture a"
                                        + " parameterQuery(text with one parameter, value), or declare without(Behavior.PARAMETERS, reason)");
            case NETWORK ->
                b.serverAt != null
                        ? Optional.empty()
                        : Optional.of(
                                "NETWORK is expected: give the fixture serverAt(port ->"
                                        + " config of 127.0.0.1:port), or declare without(Behavior.NETWORK, reason) for an engine reached without a network");
            case VECTOR_SEARCH ->
                b.vector != null
                        ? Optional.empty()
                        : Optional.of("VECTOR_SEARCHER is declared, so VECTOR_SEARCH is"
                                + " expected: give the fixture a vector(VectorCase) searching seeded records");
            case TIME_SERIES ->
                b.timeSeries != null
                        ? Optional.empty()
                        : Optional.of("TIME_SERIES_READER is declared, so TIME_SERIES"
                                + " is expected: give the fixture a timeSeries(TimeSeriesCase) over seeded points");
            case DECLARED_TYPES ->
                !b.declaredTypes.isEmpty()
                        ? Optional.empty()
                        : Optional.of(
                                "DECLARED_TYPES is expected: give"
                                        + " the fixture declaredTypes(declared type -> kind), or declare without(Behavior.DECLARED_TYPES, reason)");
            default -> Optional.empty();
        };
    }

    private <T> T required(@Nullable T value, String what) {
        if (value == null) {
            throw new IllegalStateException("the fixture has no " + what);
        }
        return value;
    }

    Driver driver() {
        return required(b.driver, "a driver");
    }

    ConnConfig writable() {
        return required(b.writable, "a writable config");
    }

    ConnConfig readOnly() {
        return b.readOnly != null ? b.readOnly : writable().withReadOnly(true);
    }

    void seed() {
        required(b.seed, "a seed").run();
    }

    String fingerprint() {
        return required(b.fingerprint, "a fingerprint").get();
    }

    Language language() {
        return b.language;
    }

    SqlDialect sqlDialect() {
        return b.dialect != null ? b.dialect : SqlDialect.ANSI;
    }

    JsonLanguage json() {
        return b.json != null ? b.json : JsonLanguage.plain();
    }

    boolean executeNatively(String text) {
        return b.nativeExecution != null && b.nativeExecution.test(text);
    }

    OptionalLong serverSessions() {
        return b.sessions != null ? b.sessions.get() : OptionalLong.empty();
    }

    String rowsQuery(long rows) {
        return required(b.rows, "a rows query").apply(rows);
    }

    String slowQuery() {
        return required(b.slow, "a slow query");
    }

    String syntaxErrorQuery() {
        return b.syntaxError != null ? b.syntaxError : b.language == Language.JSON ? "{\"find\": " : "selec 1";
    }

    String missingCollectionQuery() {
        return b.missingQuery != null ? b.missingQuery : "select * from no_such_collection";
    }

    String customersQuery() {
        return b.customersQuery != null ? b.customersQuery : "select name, country from customers order by id";
    }

    String insertQuery() {
        return b.insertQuery != null
                ? b.insertQuery
                : "insert into customers (id, name, email, country, created_at)"
                        + " values (6, 'Barbara Liskov', 'barbara@example.com', 'US', '2026-11-01')";
    }

    Optional<TypeCase> parameterQuery() {
        if (b.parameterQuery != null) {
            return Optional.of(b.parameterQuery);
        }
        return b.language == Language.SQL
                ? Optional.of(TypeCase.of("select ?", Value.of("tobira ' -- ? /* x */")))
                : Optional.empty();
    }

    List<TypeCase> typeCases() {
        return List.copyOf(b.types);
    }

    List<WriteProbe> writeProbes() {
        return List.copyOf(b.probes);
    }

    List<SafeRead> safeReads() {
        return List.copyOf(b.safeReads);
    }

    Map<String, String> inapplicableProbes() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(b.inapplicable));
    }

    Map<ProbeFamily, String> uncoveredFamilies() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(b.uncovered));
    }

    List<ServerCode> serverCode() {
        return List.copyOf(b.serverCode);
    }

    Map<String, Driver> layers() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(b.layers));
    }

    /**
     * The name the shop's lower-case, unquoted identifier is stored under: upper case on a server
     * that folds names up (the fixture's SQL dialect says so), as written everywhere else.
     */
    String stored(String unquoted) {
        boolean upper = b.language == Language.SQL
                && b.dialect != null
                && b.dialect.identifierCase() == SqlDialect.IdentifierCase.UPPER;
        return upper ? unquoted.toUpperCase(Locale.ROOT) : unquoted;
    }

    CollectionRef customers() {
        return b.customers != null ? b.customers : CollectionRef.of(stored("customers"));
    }

    CollectionRef orders() {
        return b.orders != null ? b.orders : CollectionRef.of(stored("orders"));
    }

    CollectionRef missingCollection() {
        return b.missing != null ? b.missing : CollectionRef.of(stored("no_such_collection"));
    }

    Map<String, Value> newCustomer() {
        return b.newCustomer != null
                ? b.newCustomer
                : Map.of(
                        stored("id"),
                        Value.of(6),
                        stored("name"),
                        Value.of("Barbara Liskov"),
                        stored("email"),
                        Value.of("barbara@example.com"),
                        stored("country"),
                        Value.of("US"),
                        stored("created_at"),
                        Value.of("2026-11-01"));
    }

    Map<String, Value> customerKey(long id) {
        return b.customerKey != null ? b.customerKey.apply(id) : Map.of(stored("id"), Value.of(id));
    }

    Map<String, Value> customerChange() {
        return b.customerChange != null ? b.customerChange : Map.of(stored("name"), Value.of("Barbara H. Liskov"));
    }

    Map.Entry<String, String> completionCase() {
        return b.completion != null ? b.completion : Map.entry("select * from " + stored("cust"), stored("customers"));
    }

    CollectionRef changeFeedCollection() {
        return b.changeFeed != null ? b.changeFeed : customers();
    }

    Optional<VectorCase> vectorCase() {
        return Optional.ofNullable(b.vector);
    }

    Optional<TimeSeriesCase> timeSeriesCase() {
        return Optional.ofNullable(b.timeSeries);
    }

    Map<String, Value.Kind> declaredTypes() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(b.declaredTypes));
    }

    /** Strict mode is the behaviour {@link Behavior#STRICT}: expected unless declared absent. */
    boolean strict() {
        return expects(Behavior.STRICT);
    }

    int minimumProvenProbes() {
        return b.minimum != null ? b.minimum : Language.defaultMinimum(b.language);
    }

    String reportName() {
        return b.reportName != null ? b.reportName : driver().name();
    }

    BadInput badInput() {
        return b.badInput != null ? b.badInput : BadInput.none();
    }

    Optional<IntFunction<ConnConfig>> serverAt() {
        return Optional.ofNullable(b.serverAt);
    }

    List<AutoCloseable> resources() {
        return List.copyOf(b.resources);
    }

    /**
     * Builds a {@link Fixture}. Every setter replaces what was set before, but the list adders
     * ({@code types}, {@code probes}, {@code safeReads}, {@code serverCode}), which add.
     */
    public static final class Builder {
        private Driver driver;
        private @Nullable ConnConfig writable;
        private @Nullable ConnConfig readOnly;
        private @Nullable Runnable seed;
        private @Nullable Supplier<String> fingerprint;
        private Language language = Language.SQL;
        private @Nullable SqlDialect dialect; // null: SQL (ANSI) by default, with the shop's names as written
        private @Nullable JsonLanguage json;
        private @Nullable Predicate<String> nativeExecution;
        private @Nullable Supplier<OptionalLong> sessions;
        private @Nullable LongFunction<String> rows;
        private @Nullable String slow;
        private @Nullable String syntaxError;
        private @Nullable String missingQuery;
        private @Nullable String customersQuery;
        private @Nullable String insertQuery;
        private @Nullable TypeCase parameterQuery;
        private final List<TypeCase> types = new ArrayList<>();
        private final List<WriteProbe> probes = new ArrayList<>();
        private final List<SafeRead> safeReads = new ArrayList<>();
        private final LinkedHashMap<String, String> inapplicable = new LinkedHashMap<>();
        private final LinkedHashMap<ProbeFamily, String> uncovered = new LinkedHashMap<>();
        private final List<ServerCode> serverCode = new ArrayList<>();
        private final LinkedHashMap<String, Driver> layers = new LinkedHashMap<>();
        private final EnumMap<Behavior, String> without = new EnumMap<>(Behavior.class);
        private @Nullable CollectionRef customers;
        private @Nullable CollectionRef orders;
        private @Nullable CollectionRef missing;
        private @Nullable Map<String, Value> newCustomer;
        private @Nullable LongFunction<Map<String, Value>> customerKey;
        private @Nullable Map<String, Value> customerChange;
        private Map.@Nullable Entry<String, String> completion;
        private @Nullable CollectionRef changeFeed;
        private @Nullable VectorCase vector;
        private @Nullable TimeSeriesCase timeSeries;
        private final LinkedHashMap<String, Value.Kind> declaredTypes = new LinkedHashMap<>();
        private @Nullable BadInput badInput;
        private @Nullable IntFunction<ConnConfig> serverAt;
        private @Nullable Integer minimum;
        private @Nullable String reportName;
        private final List<AutoCloseable> resources = new ArrayList<>();

        private Builder(Driver driver) {
            this.driver = driver;
        }

        private Builder copy() {
            Builder c = new Builder(driver);
            c.writable = writable;
            c.readOnly = readOnly;
            c.seed = seed;
            c.fingerprint = fingerprint;
            c.language = language;
            c.dialect = dialect;
            c.json = json;
            c.nativeExecution = nativeExecution;
            c.sessions = sessions;
            c.rows = rows;
            c.slow = slow;
            c.syntaxError = syntaxError;
            c.missingQuery = missingQuery;
            c.customersQuery = customersQuery;
            c.insertQuery = insertQuery;
            c.parameterQuery = parameterQuery;
            c.types.addAll(types);
            c.probes.addAll(probes);
            c.safeReads.addAll(safeReads);
            c.inapplicable.putAll(inapplicable);
            c.uncovered.putAll(uncovered);
            c.serverCode.addAll(serverCode);
            c.layers.putAll(layers);
            c.without.putAll(without);
            c.customers = customers;
            c.orders = orders;
            c.missing = missing;
            c.newCustomer = newCustomer;
            c.customerKey = customerKey;
            c.customerChange = customerChange;
            c.completion = completion;
            c.changeFeed = changeFeed;
            c.vector = vector;
            c.timeSeries = timeSeries;
            c.declaredTypes.putAll(declaredTypes);
            c.badInput = badInput;
            c.serverAt = serverAt;
            c.minimum = minimum;
            c.reportName = reportName;
            c.resources.addAll(resources);
            return c;
        }

        /**
         * Replaces the driver under test, for a run of the same fixture against another build of it
         * (a deliberately weakened one, say).
         *
         * @param other the driver
         * @return this builder
         */
        public Builder driver(Driver other) {
            this.driver = requireNonNull(other, "driver is null");
            return this;
        }

        /**
         * Sets the configuration of a writable connection to the test database.
         *
         * @param config the configuration
         * @return this builder
         */
        public Builder writable(ConnConfig config) {
            this.writable = requireNonNull(config, "config is null");
            return this;
        }

        /**
         * Sets the configuration of a read-only connection to the same database.
         *
         * @param config the configuration, with {@link ConnConfig#readOnly()} set; the writable one
         *     {@linkplain ConnConfig#withReadOnly(boolean) made read-only} by default
         * @return this builder
         */
        public Builder readOnly(ConnConfig config) {
            this.readOnly = requireNonNull(config, "config is null");
            return this;
        }

        /**
         * Sets how the shop dataset is restored exactly, over the native side channel, with
         * anything a probe may have created removed. Runs before every test that needs a known state.
         *
         * @param action the seeding
         * @return this builder
         */
        public Builder seed(Runnable action) {
            this.seed = requireNonNull(action, "action is null");
            return this;
        }

        /**
         * Sets the digest of everything a write could change that this run owns (each collection's
         * content and the schema, and what the probes can create server-wide under the run's own
         * names), read over an independent native connection.
         *
         * @param supplier the fingerprint; equal strings mean equal state
         * @return this builder
         */
        public Builder fingerprint(Supplier<String> supplier) {
            this.fingerprint = requireNonNull(supplier, "supplier is null");
            return this;
        }

        /**
         * Declares the language SQL in a dialect: the built-in SQL catalogue, safe reads, variants
         * and parameter attacks apply. SQL (ANSI) is the default. The dialect's
         * {@linkplain SqlDialect#identifierCase() identifier case} decides the names of the kit's
         * defaults: on an engine that folds unquoted names to upper case they are {@code CUSTOMERS},
         * {@code ORDERS}, {@code ID}, … as the server stores them.
         *
         * @param dialect the lexer preset variants are generated with
         * @return this builder
         */
        public Builder sql(SqlDialect dialect) {
            this.language = Language.SQL;
            this.dialect = requireNonNull(dialect, "dialect is null");
            return this;
        }

        /**
         * Declares a language of JSON command documents: the driver's probes are documents, and
         * the kit generates their JSON variants and safe reads from the language's slots.
         *
         * @param language where the language nests documents and takes arbitrary values
         * @return this builder
         */
        public Builder json(JsonLanguage language) {
            this.language = Language.JSON;
            this.json = requireNonNull(language, "language is null");
            return this;
        }

        /**
         * Declares another language (a command line): only the driver's own probes apply, with the
         * command word's case and spacing as variants.
         *
         * @return this builder
         */
        public Builder otherLanguage() {
            this.language = Language.OTHER;
            return this;
        }

        /**
         * Sets how a text runs through the native side channel, for probes the driver refuses even
         * writable (stacked statements), so the kit can still prove that they write.
         *
         * <p>Run it the way the database's own command-line client would: each statement in order
         * (split with {@code SqlScan.of(text, dialect).statements()} for SQL), in autocommit, going
         * on past a statement that fails, as {@code psql} does. A stacked probe such as
         * {@code commit; delete from orders} must reach its second statement even where the first
         * one fails for want of a transaction. Only the fingerprint and the evidence decide whether
         * the text wrote; the return value says whether anything was run at all.
         *
         * @param execution runs the text; returns false if it cannot run native text
         * @return this builder
         */
        public Builder nativeExecution(Predicate<String> execution) {
            this.nativeExecution = requireNonNull(execution, "execution is null");
            return this;
        }

        /**
         * Sets how the sessions the test user has open on the server are counted, so that the kit
         * can tell a session left behind after each test.
         *
         * @param count the count, or empty if the server cannot tell
         * @return this builder
         */
        public Builder serverSessions(Supplier<OptionalLong> count) {
            this.sessions = requireNonNull(count, "count is null");
            return this;
        }

        /**
         * Sets the query that produces {@code n} rows, for the streaming and limit tests.
         *
         * @param query n to the query text
         * @return this builder
         */
        public Builder rows(LongFunction<String> query) {
            this.rows = requireNonNull(query, "query is null");
            return this;
        }

        /**
         * Sets a query that runs for ten seconds or more, for the timeout and cancel tests.
         *
         * @param query the query text
         * @return this builder
         */
        public Builder slow(String query) {
            this.slow = requireNonNull(query, "query is null");
            return this;
        }

        /**
         * Sets a query with a syntax error ({@code selec 1} by default).
         *
         * @param query the query text
         * @return this builder
         */
        public Builder syntaxError(String query) {
            this.syntaxError = requireNonNull(query, "query is null");
            return this;
        }

        /**
         * Sets a read of a collection that does not exist, and that collection for describe.
         *
         * @param query the query text ({@code select * from no_such_collection} by default)
         * @param collection the collection ({@code no_such_collection} by default)
         * @return this builder
         */
        public Builder missing(String query, CollectionRef collection) {
            this.missingQuery = requireNonNull(query, "query is null");
            this.missing = requireNonNull(collection, "collection is null");
            return this;
        }

        /**
         * Sets the shop's two collections and the read of the customers' names and countries in id
         * order (five rows).
         *
         * @param customers the customers collection
         * @param orders the orders collection
         * @param customersQuery the read
         * @return this builder
         */
        public Builder shop(CollectionRef customers, CollectionRef orders, String customersQuery) {
            this.customers = requireNonNull(customers, "customers is null");
            this.orders = requireNonNull(orders, "orders is null");
            this.customersQuery = requireNonNull(customersQuery, "customersQuery is null");
            return this;
        }

        /**
         * Sets a plain write that inserts the new customer (id 6), used for transactions, the
         * change feed and the read-only refusals of facets.
         *
         * @param query the query text; a SQL insert by default
         * @return this builder
         */
        public Builder insertQuery(String query) {
            this.insertQuery = requireNonNull(query, "query is null");
            return this;
        }

        /**
         * Sets the check of {@link Behavior#PARAMETERS}: a query with one placeholder, which must
         * return the expected value when bound to it ({@code select ?} by default for SQL).
         *
         * @param query the query text, with one parameter
         * @param value the value bound, which the one value of the one row must equal
         * @return this builder
         */
        public Builder parameterQuery(String query, Value value) {
            this.parameterQuery = TypeCase.of(query, value);
            return this;
        }

        /**
         * Adds kinds the driver claims, each with a query returning one value of it.
         *
         * @param cases the cases
         * @return this builder
         */
        public Builder types(TypeCase... cases) {
            return types(List.of(cases));
        }

        /**
         * Adds kinds the driver claims, each with a query returning one value of it.
         *
         * @param cases the cases
         * @return this builder
         */
        public Builder types(List<TypeCase> cases) {
            this.types.addAll(cases);
            return this;
        }

        /**
         * Adds the driver's own write probes, in its language, on top of the built-in catalogue.
         *
         * @param writes the probes
         * @return this builder
         */
        public Builder probes(WriteProbe... writes) {
            return probes(List.of(writes));
        }

        /**
         * Adds the driver's own write probes, in its language, on top of the built-in catalogue.
         *
         * @param writes the probes
         * @return this builder
         */
        public Builder probes(List<WriteProbe> writes) {
            this.probes.addAll(writes);
            return this;
        }

        /**
         * Adds reads that merely look dangerous, which must pass read-only.
         *
         * @param reads the reads
         * @return this builder
         */
        public Builder safeReads(SafeRead... reads) {
            return safeReads(List.of(reads));
        }

        /**
         * Adds reads that merely look dangerous, which must pass read-only.
         *
         * @param reads the reads
         * @return this builder
         */
        public Builder safeReads(List<SafeRead> reads) {
            this.safeReads.addAll(reads);
            return this;
        }

        /**
         * Declares that a probe cannot apply to this database, with the reason: an absence of the
         * expectation model (see {@link Behavior}), listed in the report's {@code absent}. The probe is
         * never run writable and never counted, but still sent on both read-only paths, where it must
         * be refused or change nothing.
         *
         * @param probe the probe's name
         * @param reason why it does not apply; a blank reason is refused by {@link #build()}
         * @return this builder
         * @since 0.1
         */
        public Builder withoutProbe(String probe, String reason) {
            this.inapplicable.put(requireNonNull(probe, "probe is null"), requireNonNull(reason, "reason is null"));
            return this;
        }

        /**
         * Declares that a family of attack the language implies has no proven probe here, with the
         * reason: an absence of the expectation model (see {@link Behavior}), listed in the report's
         * {@code absent}. Without it, strict mode fails for a family with no proven probe.
         *
         * @param family the family
         * @param reason why the database has no such write; a blank reason is refused by {@link #build()}
         * @return this builder
         * @since 0.1
         */
        public Builder without(ProbeFamily family, String reason) {
            this.uncovered.put(requireNonNull(family, "family is null"), requireNonNull(reason, "reason is null"));
            return this;
        }

        /**
         * Adds code on the server a read can call (a function that writes, one that takes a lock).
         *
         * @param cases the cases
         * @return this builder
         */
        public Builder serverCode(ServerCode... cases) {
            return serverCode(List.of(cases));
        }

        /**
         * Adds code on the server a read can call (a function that writes, one that takes a lock).
         *
         * @param cases the cases
         * @return this builder
         */
        public Builder serverCode(List<ServerCode> cases) {
            this.serverCode.addAll(cases);
            return this;
        }

        /**
         * Adds the driver under test with some of its guard's layers turned off, reached only
         * through a seam of the test scope (a package-private constructor), never through a
         * configuration a caller could write. The kit sends every proven probe read-only through it
         * too and reports, per probe, which layers refuse it on their own ({@code layers} in the
         * report).
         *
         * @param name what is left on, such as {@code server mechanism only}
         * @param weakened the same driver with the other layers off
         * @return this builder
         */
        public Builder layer(String name, Driver weakened) {
            this.layers.put(requireNonNull(name, "name is null"), requireNonNull(weakened, "weakened is null"));
            return this;
        }

        /**
         * Adds the driver with its statement check turned off, as the layer
         * {@code without statement check}: see {@link #layer(String, Driver)}.
         *
         * @param weakened the same driver with only its statement check off
         * @return this builder
         */
        public Builder withoutStatementCheck(Driver weakened) {
            return layer(Layers.WITHOUT_STATEMENT_CHECK, weakened);
        }

        /**
         * Declares that the driver does not have a behaviour; the kit checks that it really does
         * not (see {@link Behavior}). What requires the behaviour is absent with it.
         *
         * @param behavior the behaviour
         * @param reason why, for the report; a blank reason is refused by {@link #build()}, and so is
         *     a behaviour that a capability the driver declares implies
         * @return this builder
         */
        public Builder without(Behavior behavior, String reason) {
            this.without.put(requireNonNull(behavior, "behavior is null"), requireNonNull(reason, "reason is null"));
            return this;
        }

        /**
         * Sets the key fields of a customer for the mutator test ({@code id} by default).
         *
         * @param key the customer's id to its key fields
         * @return this builder
         */
        public Builder customerKey(LongFunction<Map<String, Value>> key) {
            this.customerKey = requireNonNull(key, "key is null");
            return this;
        }

        /**
         * Sets the new customer (id 6) and the change the mutator test applies to it.
         *
         * @param customer the fields of the new customer
         * @param change the fields to set
         * @return this builder
         */
        public Builder mutation(Map<String, Value> customer, Map<String, Value> change) {
            this.newCustomer = Map.copyOf(customer);
            this.customerChange = Map.copyOf(change);
            return this;
        }

        /**
         * Sets partial text and the name completion must suggest for it.
         *
         * @param text text completed at its end
         * @param suggestion a suggestion that must be among those returned
         * @return this builder
         */
        public Builder completion(String text, String suggestion) {
            this.completion = Map.entry(text, suggestion);
            return this;
        }

        /**
         * Sets what the change-feed check tails (the customers by default).
         *
         * @param collection the collection, or key pattern
         * @return this builder
         */
        public Builder changeFeed(CollectionRef collection) {
            this.changeFeed = requireNonNull(collection, "collection is null");
            return this;
        }

        /**
         * Sets the vector-search case, over records the fixture seeds.
         *
         * @param c the case
         * @return this builder
         */
        public Builder vector(VectorCase c) {
            this.vector = requireNonNull(c, "case is null");
            return this;
        }

        /**
         * Adds to the SQL driver's declared-type table: the {@link Value.Kind} a column declared with
         * each type reads as ({@code "numeric(10,2)"} to {@code DECIMAL}, {@code "bytea"} to
         * {@code BYTES}). The kit creates a table with one column of each type in the writable
         * connection's namespace, inserts a value of each kind as a parameter, and fails naming
         * every column whose {@code Column.kind()} or value reads as another kind, with a plain and
         * a read-only query. A fixture with no table has the check reported absent.
         *
         * @param types declared type, as written in {@code CREATE TABLE}, to kind; added in
         *     iteration order, after those added before
         * @return this builder
         */
        public Builder declaredTypes(Map<String, Value.Kind> types) {
            requireNonNull(types, "types is null")
                    .forEach((type, kind) -> declaredTypes.put(
                            requireNonNull(type, "type is null"), requireNonNull(kind, "kind is null")));
            return this;
        }

        /**
         * Sets the time-series case, over points the fixture seeds.
         *
         * @param c the case
         * @return this builder
         */
        public Builder timeSeries(TimeSeriesCase c) {
            this.timeSeries = requireNonNull(c, "case is null");
            return this;
        }

        /**
         * Adds the driver's own bad inputs: malformed literals of its language and the positions
         * where its queries take a parameter (see {@link BadInput}). The kit's own bad inputs run
         * without it.
         *
         * @param input the inputs
         * @return this builder
         * @since 0.1
         */
        public Builder badInput(BadInput input) {
            this.badInput = requireNonNull(input, "input is null");
            return this;
        }

        /**
         * Says how the driver is pointed at a server on {@code 127.0.0.1:port}, for
         * {@link Behavior#NETWORK}: the kit starts a {@link SilentServer} (it accepts, and never
         * answers) and opens this configuration against it with a short connect timeout.
         *
         * @param config the port to a configuration of this driver for {@code 127.0.0.1:port},
         *     with the fixture's user, password and options
         * @return this builder
         * @since 0.1
         */
        public Builder serverAt(IntFunction<ConnConfig> config) {
            this.serverAt = requireNonNull(config, "config is null");
            return this;
        }

        /**
         * Sets how many probes and variants must be proven and refused (a realistic number for the
         * language by default: {@link Language#defaultMinimum(Language)}).
         *
         * @param minimum the minimum
         * @return this builder
         */
        public Builder minimumProvenProbes(int minimum) {
            this.minimum = minimum;
            return this;
        }

        /**
         * Names this run's report ({@code target/tobira-conformance/<name>.json}; the driver's name
         * by default).
         *
         * @param name letters, digits, {@code .}, {@code _} and {@code -} only
         * @return this builder
         */
        public Builder reportName(String name) {
            this.reportName = requireNonNull(name, "name is null");
            return this;
        }

        /**
         * Adds something the kit closes after the last test (a native connection, a temporary
         * directory), in reverse order of adding.
         *
         * @param resource the resource
         * @return this builder
         */
        public Builder onClose(AutoCloseable resource) {
            this.resources.add(requireNonNull(resource, "resource is null"));
            return this;
        }

        /**
         * Builds the fixture.
         *
         * @return the fixture
         * @throws IllegalStateException if a required part is missing, or an absence is declared
         *     without a reason or against a declared capability (see {@link Behavior})
         */
        public Fixture build() {
            return new Fixture(copy(), true);
        }
    }
}
