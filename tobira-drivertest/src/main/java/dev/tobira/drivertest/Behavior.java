package dev.tobira.drivertest;

import java.util.Set;
import java.util.function.BiPredicate;

/**
 * A behaviour of a driver the kit checks, in the manner of Trino's {@code TestingConnectorBehavior}:
 * every behaviour is expected unless the fixture declares otherwise with
 * {@link Fixture.Builder#without(Behavior, String)}, and some are implied by others (a model without
 * a schema has no foreign keys either). A declared "no" is not a way to skip a check: it is checked
 * itself, so a driver cannot claim less than it does. An operation declared absent must fail with
 * {@link dev.tobira.api.ErrorKind#UNSUPPORTED}; a property of the model declared absent must really
 * be absent from what {@code describe} reports.
 *
 * @since 0.2
 */
public enum Behavior {
    /**
     * {@link dev.tobira.api.Query#params()} are bound as values: the fixture's parameter query returns
     * the value it was given. Declared absent: a query with a parameter fails with UNSUPPORTED (a
     * driver that ignores parameters runs a different query than the caller wrote).
     */
    PARAMETERS((language, declared) -> true),
    /**
     * {@link dev.tobira.api.Query#timeout()} bounds a slow query with {@code TIMEOUT}, and closing a
     * connection or a result from another thread cancels it. Declared absent: a query with a timeout
     * fails with UNSUPPORTED.
     */
    TIMEOUT((language, declared) -> true),
    /**
     * {@code describe} reports typed fields, nullability and the primary key of the shop's customers.
     * Expected for SQL by default. Declared absent: {@code describe(customers)} reports no primary key.
     */
    SCHEMA((language, declared) -> language == Language.SQL),
    /**
     * {@code describe(orders)} reports the foreign key {@code customer_id -> customers(id)}. Implied
     * by {@link #SCHEMA}. Declared absent: {@code describe(orders)} reports no foreign key.
     */
    FOREIGN_KEYS((language, declared) -> declared.contains(SCHEMA)),
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
    NETWORK((language, declared) -> true);

    private final BiPredicate<Language, Set<Behavior>> byDefault;

    Behavior(BiPredicate<Language, Set<Behavior>> byDefault) {
        this.byDefault = byDefault;
    }

    /**
     * Tells whether this behaviour is expected when nothing is declared about it.
     *
     * @param language the fixture's language
     * @param expected the behaviours declared before this one in declaration order, already resolved
     * @return whether it is expected by default
     */
    boolean expectedByDefault(Language language, Set<Behavior> expected) {
        return byDefault.test(language, expected);
    }
}
