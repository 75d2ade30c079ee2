package dev.tobira.driver.redis;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.spi.OpenResults;
import dev.tobira.spi.base.QueryRunner;
import java.time.Duration;
import java.util.Map;

/**
 * A query: one command line, run in the query's logical database. A guarded one passes
 * {@link ReadOnlyGuard} first; commands that change the connection's own state are refused on
 * every path.
 */
final class RedisQueries implements QueryRunner {
    /** Commands that change the connection's own state, which the driver manages; refused on every path. */
    private static final Map<String, String> CONNECTION_STATE = Map.ofEntries(
            Map.entry("select", "choose the logical database with the query's namespace or the DSN's /db"),
            Map.entry("auth", "give credentials in the DSN or the configuration's password"),
            Map.entry("hello", "the driver negotiates the protocol itself"),
            Map.entry("reset", "the driver manages the connection's state"),
            Map.entry("quit", "close the connection instead"),
            Map.entry("subscribe", "use the change feed"),
            Map.entry("psubscribe", "use the change feed"),
            Map.entry("ssubscribe", "use the change feed"),
            Map.entry("unsubscribe", "use the change feed"),
            Map.entry("punsubscribe", "use the change feed"),
            Map.entry("sunsubscribe", "use the change feed"),
            Map.entry("monitor", "MONITOR streams forever on its connection"),
            Map.entry("sync", "replication streams are not queries"),
            Map.entry("psync", "replication streams are not queries"),
            Map.entry("replconf", "replication streams are not queries"),
            Map.entry("client|reply", "the driver needs every reply"),
            Map.entry("client|tracking", "the driver does not consume invalidation pushes"));

    private final RedisSession session;
    private final RedisCatalog catalog;
    private final ReadOnlyGuard guard;
    /** Off only in the conformance kit's layer check (RedisDriver's package-private constructor); no config reaches it. */
    private final boolean statementCheck;

    RedisQueries(RedisSession session, RedisCatalog catalog, ReadOnlyGuard guard, boolean statementCheck) {
        this.session = session;
        this.catalog = catalog;
        this.guard = guard;
        this.statementCheck = statementCheck;
    }

    @Override
    public ResultSet run(Query query, boolean guarded, OpenResults results) {
        long start = System.nanoTime();
        CommandLine cmd = CommandLine.parse(query.text(), query.params());
        int db = catalog.db(query.namespace().orElse(""), "query");
        Duration timeout = query.timeout().orElse(Duration.ZERO); // ZERO: none, in this driver's own calls
        long limit = query.limit().orElse(0);
        if (guarded && statementCheck) {
            // first, so every refusal on a read-only path is READ_ONLY, connection commands included
            guard.check(session, cmd, "query");
        }
        String lookup = ReadOnlyGuard.lookupName(cmd);
        String why = CONNECTION_STATE.getOrDefault(lookup, CONNECTION_STATE.get(cmd.name()));
        if (why != null) {
            throw DriverException.of(
                    ErrorKind.UNSUPPORTED,
                    RedisDriver.NAME,
                    "query",
                    ReadOnlyGuard.display(lookup) + " changes the connection's state: " + why);
        }
        if (!ScanResultSet.applies(cmd)) {
            return results.add(Rows.of(session.call(cmd, db, timeout, "query"), cmd, limit, start, results::remove));
        }
        return results.add(ScanResultSet.start(session, cmd, db, timeout, limit, start, results::remove));
    }
}
