package dev.tobira.driver.mongodb;

import dev.tobira.api.Capability;
import dev.tobira.api.ConnConfig;
import dev.tobira.spi.base.BaseDriver;
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
 * <p>Declares read-only, browser, mutator, explainer, completer and change feed. A connection offers
 * the explainer only when its server has {@code explain}, and the change feed only when it has
 * change streams (a replica set or sharded cluster), as it answers the driver's probe; a read-only
 * connection offers no mutator.
 *
 * <p>Instances are thread-safe and hold no state; each connection owns its vendor client.
 *
 * @since 0.1
 */
public final class MongoDriver extends BaseDriver {
    static final String NAME = "mongodb";
    static final String CLIENT_NAME = "tobira";

    /** Creates the driver; {@link java.util.ServiceLoader} calls this. */
    public MongoDriver() {
        this(Set.of(), true);
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
        super(new MongoDialect(lacking, statementCheck));
    }
}
