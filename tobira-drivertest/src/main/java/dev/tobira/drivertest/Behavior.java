package dev.tobira.drivertest;

import dev.tobira.api.Capability;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A behaviour of a driver the kit checks, in the manner of Trino's {@code TestingConnectorBehavior}:
 * the one model of what the kit expects. Every behaviour is expected unless the fixture declares it
 * absent with a reason ({@link Fixture.Builder#without(Behavior, String)}), and behaviours imply one
 * another: a behaviour that {@linkplain #requires() requires} another is absent when that one is (a
 * model without a schema has no foreign keys either), a capability the driver
 * {@linkplain dev.tobira.api.Driver#declared() declares} implies the behaviour that checks it (and
 * may then not be declared absent), and an undeclared capability makes it absent, with that as its
 * reason. A behaviour that has a case on the fixture (a parameter query, a vector case) needs that
 * case when it is expected.
 *
 * <p>A declared "no" is not a way to skip a check: it is checked itself, so a driver cannot claim
 * less than it does. An operation declared absent must fail with
 * {@link dev.tobira.api.ErrorKind#UNSUPPORTED}; a property of the model declared absent must really
 * be absent from what {@code describe} reports. The report lists every behaviour as
 * {@code expected} or {@code absent: <reason>}, and every absence, of a behaviour, a probe family
 * or a probe, under {@code absent}.
 *
 * @since 0.1
 */
public enum Behavior {
    /**
     * {@link dev.tobira.api.Query#params()} are bound as values: the fixture's parameter query returns
     * the value it was given. Needs {@link Fixture.Builder#parameterQuery(String, dev.tobira.api.Value)}
     * unless the language is SQL ({@code select ?}). Declared absent: a query with a parameter fails
     * with UNSUPPORTED (a driver that ignores parameters runs a different query than the caller wrote).
     */
    PARAMETERS(null, null, false),
    /**
     * {@link dev.tobira.api.Query#timeout()} bounds a slow query with {@code TIMEOUT}, and closing a
     * connection or a result from another thread cancels it. Declared absent: a query with a timeout
     * fails with UNSUPPORTED.
     */
    TIMEOUT(null, null, false),
    /**
     * {@code describe} reports typed fields, nullability and the primary key of the shop's customers.
     * Implied by the SQL language; absent, by implication, for a fixture of another language.
     * Declared absent: {@code describe(customers)} reports no primary key.
     */
    SCHEMA(null, null, true),
    /**
     * {@code describe(orders)} reports the foreign key {@code customer_id -> customers(id)}. Requires
     * {@link #SCHEMA}. Declared absent: {@code describe(orders)} reports no foreign key.
     */
    FOREIGN_KEYS(SCHEMA, null, false),
    /**
     * A column declared with a type reads as the kind the fixture's
     * {@link Fixture.Builder#declaredTypes(java.util.Map) declared-type table} says (a
     * {@code numeric} column as DECIMAL on every row, whatever the engine stores row by row), on a
     * plain and a read-only query. Requires {@link #SCHEMA}, so it is absent by implication for a
     * fixture of another language than SQL; expected, it needs that table.
     *
     * @since 0.1
     */
    DECLARED_TYPES(SCHEMA, null, true),
    /**
     * The driver reaches its database over the network: against a server that accepts connections
     * and never answers ({@link SilentServer}), opening with a short connect timeout ends with
     * {@link dev.tobira.api.ErrorKind#TIMEOUT} within a second of that bound, and where opening is
     * lazy a query with {@link dev.tobira.api.Query#timeout()} ends the same way within a second of
     * its bound. Needs {@link Fixture.Builder#serverAt(java.util.function.IntFunction)}. Declared
     * absent for an embedded engine (SQLite, DuckDB, an in-memory store): the reason is listed in the
     * report, and a fixture that says how to reach a server while declaring none fails.
     *
     * @since 0.1
     */
    NETWORK(null, null, false),
    /**
     * The read-only guard: every proven write probe is refused on both read-only paths with nothing
     * changed, safe reads pass, parameters, hostile DSNs and server code cannot get around it.
     * Implied by {@link Capability#READ_ONLY}; absent when the driver does not declare it, and then
     * opening read-only must fail with UNSUPPORTED.
     *
     * @since 0.1
     */
    READ_ONLY(null, Capability.READ_ONLY, false),
    /**
     * Vector search returns the {@link Fixture.Builder#vector(VectorCase)} case's nearest records,
     * nearest first. Implied by {@link Capability#VECTOR_SEARCHER}, and needs that case.
     *
     * @since 0.1
     */
    VECTOR_SEARCH(null, Capability.VECTOR_SEARCHER, false),
    /**
     * A time range returns the {@link Fixture.Builder#timeSeries(TimeSeriesCase)} case's points, in
     * time order, end excluded. Implied by {@link Capability#TIME_SERIES_READER}, and needs that case.
     *
     * @since 0.1
     */
    TIME_SERIES(null, Capability.TIME_SERIES_READER, false),
    /**
     * Strict mode: every finding of the guard (a probe let through, a parameter run as code, a
     * hostile DSN opened without the guard, server code that left its effect, a safe read refused, a
     * broken probe, too few proven probes or a family of attack with neither a proven probe nor a
     * reason) fails its test. Declared absent only while a driver is in development, with the reason:
     * the findings are then recorded in the report instead, and the report says {@code strict: false}.
     *
     * @since 0.1
     */
    STRICT(null, null, false);

    private final @Nullable Behavior requires;
    private final @Nullable Capability capability;
    private final boolean sqlOnly;

    Behavior(@Nullable Behavior requires, @Nullable Capability capability, boolean sqlOnly) {
        this.requires = requires;
        this.capability = capability;
        this.sqlOnly = sqlOnly;
    }

    /**
     * Returns the behaviour this one needs: when that one is absent, so is this one.
     *
     * @return the behaviour required, or empty if none
     * @since 0.1
     */
    public Optional<Behavior> requires() {
        return Optional.ofNullable(requires);
    }

    /**
     * Returns the capability that implies this behaviour: declared, the behaviour is expected and may
     * not be declared absent; not declared, the behaviour is absent.
     *
     * @return the capability, or empty if none implies it
     * @since 0.1
     */
    public Optional<Capability> impliedBy() {
        return Optional.ofNullable(capability);
    }

    /** Whether the fixture's language alone decides it absent: only SQL implies a schema. */
    boolean sqlOnly() {
        return sqlOnly;
    }
}
