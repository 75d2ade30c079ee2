package dev.tobira.drivertest;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Driver;
import dev.tobira.api.Value;
import dev.tobira.spi.SqlDialect;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.TestInstance;

/**
 * The conformance kit. A driver's test module extends this class as {@code <Name>ConformanceTest}
 * and supplies the fixture through the abstract methods; the kit then checks the contract, every
 * declared capability, and the read-only guard, attacking it with writes it first proves real.
 *
 * <p>Fixtures work through a native side channel (the vendor client), never through the driver
 * under test, so a broken driver cannot hide its own breakage.
 *
 * @since 0.1
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class DriverConformanceTest {

    /**
     * Returns the driver under test.
     *
     * @return the driver
     */
    protected abstract Driver driver();

    /**
     * Returns the configuration of a writable connection to the test database.
     *
     * @return the configuration
     */
    protected abstract ConnConfig writableConfig();

    /**
     * Returns the configuration of a read-only connection to the same database.
     *
     * @return the configuration, with {@link ConnConfig#readOnly()} set
     */
    protected abstract ConnConfig readOnlyConfig();

    /**
     * Restores the shop dataset of the reference (customers and orders) exactly, in the
     * database's own model, through the native side channel. Anything a probe may have created
     * (tables, keys, files) is removed. Called before every test that needs a known state.
     */
    protected abstract void seed();

    /**
     * Returns a digest of everything a write could change (each collection's content and the
     * schema), read over an independent native connection, not the connection under test.
     *
     * @return the fingerprint; equal strings mean equal state
     */
    protected abstract String fingerprint();

    /**
     * Returns the driver's query language.
     *
     * @return {@link Language#SQL} to get the built-in SQL catalogue and variants
     */
    protected abstract Language language();

    /**
     * Returns the SQL dialect used to generate variants of SQL probes.
     *
     * @return the dialect; ANSI by default
     */
    protected SqlDialect sqlDialect() {
        return SqlDialect.ANSI;
    }

    /**
     * Returns the driver's own write probes, run on top of the built-in catalogue.
     *
     * @return the probes; empty by default
     */
    protected List<WriteProbe> writeProbes() {
        return List.of();
    }

    /**
     * Returns the driver's own safe reads, run on top of the built-in ones.
     *
     * @return the safe reads; empty by default
     */
    protected List<SafeRead> safeReads() {
        return List.of();
    }

    /**
     * Names built-in probes that cannot apply to this database, each with the reason. They are
     * listed in the report as not applicable; nothing is skipped silently.
     *
     * @return probe name to reason; empty by default
     */
    protected Map<String, String> inapplicableProbes() {
        return Map.of();
    }

    /**
     * Runs a text through the native side channel, for probes the driver refuses even on a
     * writable connection (multi-statement texts), so the kit can still prove they write.
     *
     * @param text the text
     * @return true if it ran, false if the fixture cannot run native text
     */
    protected boolean executeNatively(String text) {
        return false;
    }

    /**
     * Returns a query that produces {@code rows} rows, for the streaming and limit tests.
     *
     * @param rows how many rows
     * @return the query text
     */
    protected abstract String rowsQuery(long rows);

    /**
     * Returns a query that runs for at least ten seconds, for the timeout and cancel tests.
     *
     * @return the query text
     */
    protected abstract String slowQuery();

    /**
     * Returns a query with a syntax error.
     *
     * @return the query text; {@code selec 1} by default
     */
    protected String syntaxErrorQuery() {
        return "selec 1";
    }

    /**
     * Returns a query that reads a collection that does not exist.
     *
     * @return the query text; a SQL select from {@code no_such_collection} by default
     */
    protected String missingCollectionQuery() {
        return "select * from no_such_collection";
    }

    /**
     * Returns a read of the shop customers' names and countries in id order (five rows).
     *
     * @return the query text
     */
    protected String customersQuery() {
        return "select name, country from customers order by id";
    }

    /**
     * Returns the kinds the driver claims, each with a query returning one value of it.
     *
     * @return the type cases
     */
    protected abstract List<TypeCase> typeCases();

    /**
     * Returns the customers collection of the shop dataset.
     *
     * @return the reference; {@code customers} in the default namespace by default
     */
    protected CollectionRef customers() {
        return CollectionRef.of("customers");
    }

    /**
     * Returns the orders collection of the shop dataset.
     *
     * @return the reference; {@code orders} in the default namespace by default
     */
    protected CollectionRef orders() {
        return CollectionRef.of("orders");
    }

    /**
     * Tells whether the model has the orders to customers foreign key, which describe must report.
     *
     * @return true for SQL by default
     */
    protected boolean hasForeignKeys() {
        return language() == Language.SQL;
    }

    /**
     * Returns a new customer record for the mutator test (id 6), in the driver's field names.
     *
     * @return the fields
     */
    protected Map<String, Value> newCustomer() {
        return Map.of("id", Value.of(6), "name", Value.of("Barbara Liskov"), "email", Value.of("barbara@example.com"),
                "country", Value.of("US"), "created_at", Value.of("2026-11-01"));
    }

    /**
     * Returns partial text and the name completion must suggest for it.
     *
     * @return text (completed at its end) and an expected suggestion
     */
    protected Map.Entry<String, String> completionCase() {
        return Map.entry("select * from cust", "customers");
    }

    /**
     * Counts the sessions the database has open for the test user, to prove nothing leaked.
     *
     * @return the count, or empty if the database cannot tell
     */
    protected OptionalLong serverSessions() {
        return OptionalLong.empty();
    }

    /**
     * Tells whether the kit fails on a violation (strict) or only reports it. Drivers under
     * development may return false; released drivers never do.
     *
     * @return true by default
     */
    protected boolean strict() {
        return true;
    }

    /**
     * Returns the smallest number of write probes (built-in, own and variants) that must be proven
     * and refused for the guard to pass.
     *
     * @return 1 by default
     */
    protected int minimumProvenProbes() {
        return 1;
    }
}
