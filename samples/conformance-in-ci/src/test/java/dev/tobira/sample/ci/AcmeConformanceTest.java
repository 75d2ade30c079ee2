package dev.tobira.sample.ci;

import static dev.tobira.drivertest.ProbeFamily.ADMIN;
import static dev.tobira.drivertest.ProbeFamily.DML;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Value;
import dev.tobira.drivertest.BadInput;
import dev.tobira.drivertest.Behavior;
import dev.tobira.drivertest.DriverConformanceTest;
import dev.tobira.drivertest.Fixture;
import dev.tobira.drivertest.NativeText;
import dev.tobira.drivertest.SafeRead;
import dev.tobira.drivertest.TypeCase;
import dev.tobira.drivertest.WriteProbe;
import dev.tobira.sample.memdemo.MemdemoDriver;

/**
 * "Your driver" in CI: memdemo stands in for it. Its store has no client of its own, so a writable
 * connection, line by line, is the native side channel that seeds and fingerprints it. A driver
 * with a network adds {@code serverAt(SilentServer.hostPort(config))} instead of declaring
 * {@link Behavior#NETWORK} absent.
 */
class AcmeConformanceTest extends DriverConformanceTest {
    private static final ConnConfig STORE = ConnConfig.of("memdemo:ci");
    private static final String SHOP = """
            FLUSH
            SET customer:1 Ada Lovelace|ada@example.com|GB|2026-09-02
            SET customer:2 Grace Hopper|grace@example.com|US|2026-09-10
            SET customer:3 Linus Torvalds||FI|2026-09-15
            SET customer:4 Margaret Hamilton|margaret@example.com|US|2026-10-01
            SET customer:5 Ken Thompson|ken@example.com|US|2026-10-20
            SET order:1 1|4999|paid|2026-10-21
            SET order:2 1|1250|paid|2026-10-22
            """;

    @Override
    protected Fixture fixture() {
        return Fixture.builder(new MemdemoDriver())
                .writable(STORE)
                .otherLanguage()
                .seed(() -> NativeText.lineByLine(new MemdemoDriver(), STORE, SHOP))
                .fingerprint(AcmeConformanceTest::storeFingerprint)
                .nativeExecution(text -> NativeText.lineByLine(new MemdemoDriver(), STORE, text))
                .rows(n -> "RANGE " + n)
                .slow("SLEEP 20000")
                .syntaxError("GETT customer:1")
                .shop(CollectionRef.of("customer"), CollectionRef.of("order"), "SCAN customer")
                .missing("SCAN no_such_collection", CollectionRef.of("no_such_collection"))
                .insertQuery("SET customer:6 Barbara Liskov|barbara@example.com|US|2026-11-01")
                .types(TypeCase.of("RANGE 1", Value.of(1)), TypeCase.of("GET customer:404", Value.NULL))
                .without(Behavior.PARAMETERS, "a command has no placeholders")
                .without(Behavior.NETWORK, "the store lives in this JVM: there is no server to be silent")
                .badInput(BadInput.builder()
                        .malformed("RANGE x", "GET", "SET customer:9", "SLEEP x")
                        .build())
                .probes(
                        WriteProbe.of("set.new", DML, "SET customer:9 Mallory|m@example.com|XX|2026-01-01"),
                        WriteProbe.of("del", DML, "DEL customer:1"),
                        WriteProbe.of("flush", ADMIN, "FLUSH"))
                .safeReads(SafeRead.of("get.key-named-del", "GET DEL"))
                .minimumProvenProbes(9)
                .reportName("memdemo-in-ci")
                .build();
    }

    /** Every key and value, read over a connection of its own. */
    private static String storeFingerprint() {
        StringBuilder sb = new StringBuilder();
        try (Conn conn = new MemdemoDriver().open(STORE)) {
            for (String collection : new String[] {"customer", "order"}) {
                try (ResultSet rs = conn.query(Query.of("SCAN " + collection))) {
                    rs.forEachRemaining(row -> sb.append(row.values()).append('\n'));
                } catch (DriverException e) {
                    sb.append(collection).append(": ").append(e.kind()).append('\n');
                }
            }
        }
        return sb.toString();
    }
}
