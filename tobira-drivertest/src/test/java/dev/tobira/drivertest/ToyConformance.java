package dev.tobira.drivertest;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Value;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The kit pointed at {@link ToyDriver}, through one {@link Fixture}. Not named {@code *Test}:
 * Surefire does not run it directly, {@link KitSelfTest} runs it through the JUnit engine with one
 * flaw at a time.
 */
class ToyConformance extends DriverConformanceTest {
    static volatile boolean strict = true;
    static volatile boolean brokenProbe;
    static volatile String reportName;
    static volatile Map<String, String> inapplicable = Map.of();
    static volatile int minimumProven = 1;
    /** The toy has no families beyond DML, DDL-free and ADMIN-free: say so, or strict mode fails the family check. */
    static volatile boolean explainUncovered = true;
    /** Whether the toy is reached over its toy wire protocol for the silent-server check, or declares NETWORK absent. */
    static volatile boolean network = true;
    /** With {@link #network} off: still say how to reach a server, which contradicts the declaration. */
    static volatile boolean serverAtAnyway;
    /** Whether the fixture gives the vector case, which VECTOR_SEARCH needs when the toy declares its facets. */
    static volatile boolean vectorCase = true;
    /** Whether the fixture declares PARAMETERS absent; without it, PARAMETERS is expected and lacks its case. */
    static volatile boolean parametersAbsent = true;
    /** How many times the kit seeded the toy's shop. */
    static final AtomicInteger SEEDS = new AtomicInteger();

    @Override
    protected Fixture fixture() {
        Fixture.Builder b = Fixture.builder(new ToyDriver())
                .writable(ConnConfig.of("toy:shop"))
                .otherLanguage()
                .seed(ToyConformance::seedShop)
                .fingerprint(ToyDriver.DATA::toString)
                .rows(n -> "RANGE " + n)
                .slow("SLEEP 20000")
                .syntaxError("GETT x")
                .missing("SCAN nothing", CollectionRef.of("no_such_collection"))
                .shop(CollectionRef.of("customer"), CollectionRef.of("order"), "SCAN customer")
                .insertQuery("SET customer:6 Barbara")
                .types(TypeCase.of("GET customer:1", Value.of("Ada")), TypeCase.of("RANGE 1", Value.of(1)))
                .probes(
                        WriteProbe.of("set", ProbeFamily.DML, "SET customer:9 Mallory"),
                        WriteProbe.of("del", ProbeFamily.DML, "DEL customer:1"),
                        // keys are case-sensitive and the variants respell the first word of each line, so the
                        // upper and mixed variants name a key that does not exist: unproven variants, by design
                        WriteProbe.of("del.key-on-its-own-line", ProbeFamily.DML, "DEL\ncustomer:1"))
                .safeReads(SafeRead.of("get", "GET customer:1"), SafeRead.of("get.key-named-set", "GET SET"))
                .serverCode(
                        ServerCode.of(
                                "f_write",
                                "",
                                "FCALL f_write",
                                Evidence.of(
                                        () -> ToyDriver.DATA.remove(ToyDriver.WRITTEN),
                                        () -> ToyDriver.DATA.containsKey(ToyDriver.WRITTEN))),
                        ServerCode.of(
                                "f_lock",
                                "",
                                "FCALL f_lock",
                                Evidence.of(ToyDriver.LOCKS::clear, () -> !ToyDriver.LOCKS.isEmpty())))
                .timeSeries(TimeSeriesCase.of(
                        CollectionRef.of("temp"), Instant.ofEpochSecond(1000), Instant.ofEpochSecond(3000), 2))
                .minimumProvenProbes(minimumProven);
        if (!strict) {
            b.without(Behavior.STRICT, "the self-test's non-strict run");
        }
        if (parametersAbsent) {
            b.without(Behavior.PARAMETERS, "a toy command has no placeholders");
        }
        if (vectorCase) {
            b.vector(VectorCase.of(
                    CollectionRef.of("point"), new Value.Vector(new float[] {0.9f, 0.2f}), 2, Value.of("point:1")));
        }
        b.badInput(
                BadInput.builder().malformed("RANGE x", "SET customer:9", "GET").build());
        if (network || serverAtAnyway) {
            b.serverAt(port -> ConnConfig.of("toy://127.0.0.1:" + port));
        }
        if (!network) {
            b.without(Behavior.NETWORK, "the toy lives in memory");
        }
        if (explainUncovered) {
            b.without(ProbeFamily.ADMIN, "the toy has no administrative command");
        }
        if (brokenProbe) {
            b.probes(WriteProbe.of("not-a-write", ProbeFamily.DML, "GET customer:1"));
        }
        inapplicable.forEach(b::withoutProbe);
        if (reportName != null) {
            b.reportName(reportName);
        }
        return b.build();
    }

    private static void seedShop() {
        SEEDS.incrementAndGet();
        ToyDriver.DATA.clear();
        ToyDriver.DATA.putAll(Map.of(
                "customer:1",
                "Ada",
                "customer:2",
                "Grace",
                "customer:3",
                "Linus",
                "customer:4",
                "Margaret",
                "customer:5",
                "Ken",
                "order:1",
                "1|4999",
                "order:2",
                "1|1250"));
        ToyDriver.DATA.putAll(Map.of(
                "point:1",
                "1,0",
                "point:2",
                "0,1",
                "point:3",
                "-1,0",
                "temp:1000",
                "20",
                "temp:2000",
                "21",
                "temp:3000",
                "22"));
    }
}
