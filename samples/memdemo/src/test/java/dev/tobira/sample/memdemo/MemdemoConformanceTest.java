package dev.tobira.sample.memdemo;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Driver;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Value;
import dev.tobira.drivertest.DriverConformanceTest;
import dev.tobira.drivertest.Evidence;
import dev.tobira.drivertest.Language;
import dev.tobira.drivertest.ProbeFamily;
import dev.tobira.drivertest.SafeRead;
import dev.tobira.drivertest.TypeCase;
import dev.tobira.drivertest.WriteProbe;
import java.util.List;
import java.util.Map;

/**
 * memdemo against the conformance kit, in strict mode. The fixture reaches the store directly
 * (its native side channel), never through the driver, except where noted.
 */
class MemdemoConformanceTest extends DriverConformanceTest {
    private static final MemStore STORE = MemStore.named("shop");

    /** The side effect of NOTE: an entry in the store's log, which the fingerprint does not cover. */
    private static final Evidence NOTE_LOGGED = new Evidence() {
        @Override
        public void clear() {
            STORE.log.clear();
        }

        @Override
        public boolean observed() {
            return !STORE.log.isEmpty();
        }
    };

    @Override
    protected Driver driver() {
        return new MemdemoDriver();
    }

    @Override
    protected ConnConfig writableConfig() {
        return ConnConfig.of("memdemo:shop");
    }

    @Override
    protected ConnConfig readOnlyConfig() {
        return writableConfig().withReadOnly(true);
    }

    @Override
    protected void seed() {
        STORE.data.clear();
        STORE.data.putAll(Map.of(
                "customer:1", "Ada Lovelace|ada@example.com|GB|2026-09-02",
                "customer:2", "Grace Hopper|grace@example.com|US|2026-09-10",
                "customer:3", "Linus Torvalds||FI|2026-09-15",
                "customer:4", "Margaret Hamilton|margaret@example.com|US|2026-10-01",
                "customer:5", "Ken Thompson|ken@example.com|US|2026-10-20"));
        STORE.data.putAll(Map.of(
                "order:1", "1|4999|paid|2026-10-21", "order:2", "1|1250|paid|2026-10-22",
                "order:3", "2|8900|refunded|2026-10-22", "order:4", "3|2300|paid|2026-10-23",
                "order:5", "4|15000|pending|2026-10-24", "order:6", "2|720|paid|2026-10-25",
                "order:7", "5|3100|paid|2026-10-26"));
    }

    @Override
    protected String fingerprint() {
        return STORE.data.toString();
    }

    @Override
    protected Language language() {
        return Language.OTHER;
    }

    @Override
    protected List<WriteProbe> writeProbes() {
        return List.of(
                WriteProbe.of("set.new", ProbeFamily.DML, "SET customer:9 Mallory|m@example.com|XX|2026-01-01"),
                WriteProbe.of("set.overwrite", ProbeFamily.DML, "SET customer:1 hacked"),
                WriteProbe.of("del", ProbeFamily.DML, "DEL customer:1"),
                WriteProbe.of("flush", ProbeFamily.ADMIN, "FLUSH"),
                // refused as two commands even on a writable connection: proven through executeNatively
                WriteProbe.of("stack.get-del", ProbeFamily.STACKING, "GET customer:1\nDEL customer:1"),
                // changes nothing the fingerprint sees: proven by its evidence
                WriteProbe.of("note", ProbeFamily.SIDE_EFFECT_FUNCTION, "NOTE hello").provenBy(NOTE_LOGGED));
    }

    @Override
    protected List<SafeRead> safeReads() {
        return List.of(
                SafeRead.of("get", "GET customer:1"),
                SafeRead.of("get.key-named-del", "GET DEL"),
                SafeRead.of("keys", "keys customer:"),
                SafeRead.of("scan", "SCAN order"));
    }

    /** memdemo has no client of its own, so a writable connection, one line at a time, is its native client. */
    @Override
    protected boolean executeNatively(String text) {
        try (Conn conn = driver().open(writableConfig())) {
            for (String line : text.split("\n")) {
                try (ResultSet rs = conn.query(Query.of(line))) {
                    rs.forEachRemaining(row -> { });
                } catch (RuntimeException e) {
                    // go on past a failed command, as a command-line client would
                }
            }
        }
        return true;
    }

    @Override
    protected String rowsQuery(long rows) {
        return "RANGE " + rows;
    }

    @Override
    protected String slowQuery() {
        return "SLEEP 20000";
    }

    @Override
    protected String syntaxErrorQuery() {
        return "GETT customer:1";
    }

    @Override
    protected String missingCollectionQuery() {
        return "SCAN no_such_collection";
    }

    @Override
    protected String customersQuery() {
        return "SCAN customer";
    }

    @Override
    protected List<TypeCase> typeCases() {
        return List.of(
                TypeCase.of("GET customer:2", Value.of("Grace Hopper|grace@example.com|US|2026-09-10")),
                TypeCase.of("RANGE 1", Value.of(1)),
                TypeCase.of("GET customer:404", Value.NULL));
    }

    @Override
    protected CollectionRef customers() {
        return CollectionRef.of("customer");
    }

    @Override
    protected CollectionRef orders() {
        return CollectionRef.of("order");
    }

    @Override
    protected String insertQuery() {
        return "SET customer:6 Barbara Liskov|barbara@example.com|US|2026-11-01";
    }
}
