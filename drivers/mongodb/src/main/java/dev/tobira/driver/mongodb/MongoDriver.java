package dev.tobira.driver.mongodb;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Capability;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Driver;
import dev.tobira.api.DriverException;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * The tobira driver for MongoDB, through the official reactive-streams driver.
 *
 * <p>DSNs: {@code mongodb://[user:password@]host[:port][/database][?options]} and
 * {@code mongodb+srv://[user:password@]host[/database][?options]}; options {@code authSource},
 * {@code authMechanism} ({@code SCRAM-SHA-1}, {@code SCRAM-SHA-256}), {@code tls},
 * {@code replicaSet}, {@code directConnection} and {@code readPreference}. The password may come
 * from the DSN or from {@link ConnConfig#password()}, which wins; it never appears in a message.
 *
 * <p>A query is one database command document in Extended JSON, such as
 * {@code {"find": "orders", "filter": {"status": "paid"}, "sort": {"_id": 1}}}, parsed once into
 * BSON, checked, and sent as parsed. {@code Query.params()} bind at {@code {"$param": n}}
 * placeholders (n from 1) as BSON values. A cursor reply streams through {@code getMore} as the
 * caller iterates; other replies are one row of their fields; {@code insert}, {@code update} and
 * {@code delete} report how many documents they changed.
 *
 * <p>Read-only: a guarded command must be on an allow-list of read commands (compared exactly, as
 * the server dispatches them), its pipelines only of reading stages, with no {@code $out},
 * {@code $merge}, server-side JavaScript, write concern or duplicate key anywhere.
 *
 * <p>Instances are thread-safe and hold no state; each connection owns its vendor client.
 *
 * @since 0.1
 */
public final class MongoDriver implements Driver {
    static final String NAME = "mongodb";
    static final String CLIENT_NAME = "tobira";

    private static final Set<Capability> DECLARED = Collections.unmodifiableSet(EnumSet.of(Capability.READ_ONLY,
            Capability.BROWSER, Capability.MUTATOR, Capability.EXPLAINER, Capability.COMPLETER, Capability.CHANGE_FEED));

    private final Set<Capability> declared;
    private final boolean statementCheck;

    /** Creates the driver; {@link java.util.ServiceLoader} calls this. */
    public MongoDriver() {
        this.declared = DECLARED;
        this.statementCheck = true;
    }

    /**
     * A test-only seam, reachable from this package alone: the driver declaring less, for a test
     * server that lacks what the probes find absent (mongo-java-server has no explain, a standalone
     * mongod no change streams), so that the conformance kit holds it to what that server can do.
     */
    MongoDriver(Set<Capability> lacking) {
        this(lacking, true);
    }

    /**
     * The same seam, and with {@code statementCheck} false the driver without its read-only guard,
     * for the kit's layers section: what the server alone (a read preference, the user's roles)
     * stops. Never reachable from a configuration, a DSN or an option.
     */
    MongoDriver(Set<Capability> lacking, boolean statementCheck) {
        EnumSet<Capability> d = EnumSet.copyOf(DECLARED);
        d.removeAll(lacking);
        this.declared = Collections.unmodifiableSet(d);
        this.statementCheck = statementCheck;
    }

    /** Returns {@code mongodb}. */
    @Override
    public String name() {
        return NAME;
    }

    /** Returns {@code mongodb} and {@code mongodb+srv}. */
    @Override
    public Set<String> schemes() {
        return Set.of("mongodb", "mongodb+srv");
    }

    /**
     * Returns read-only, browser, mutator, explainer, completer and change feed. A connection offers
     * the explainer only when its server has {@code explain}, and the change feed only when it has
     * change streams (a replica set or sharded cluster), as it answers the driver's probe.
     */
    @Override
    public Set<Capability> declared() {
        return declared;
    }

    /**
     * Opens a connection and checks that the server answers.
     *
     * @throws DriverException INVALID_ARGUMENT for a bad DSN, CONNECTION, AUTH or TIMEOUT when the
     *     server cannot be reached or refuses the credentials
     */
    @Override
    public Conn open(ConnConfig config) {
        requireNonNull(config, "config is null");
        Target target = Target.of(config);
        return new MongoConn(Session.open(target), config.readOnly(), statementCheck);
    }

    @Override
    public String toString() {
        return "MongoDriver[" + NAME + "]";
    }
}
