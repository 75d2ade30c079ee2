package dev.tobira.sample.memdemo;

import static dev.tobira.drivertest.ProbeFamily.ADMIN;
import static dev.tobira.drivertest.ProbeFamily.DML;
import static dev.tobira.drivertest.ProbeFamily.SIDE_EFFECT_FUNCTION;
import static dev.tobira.drivertest.ProbeFamily.STACKING;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Value;
import dev.tobira.drivertest.BadInput;
import dev.tobira.drivertest.Behavior;
import dev.tobira.drivertest.DriverConformanceTest;
import dev.tobira.drivertest.Evidence;
import dev.tobira.drivertest.Fixture;
import dev.tobira.drivertest.NativeText;
import dev.tobira.drivertest.SafeRead;
import dev.tobira.drivertest.TypeCase;
import dev.tobira.drivertest.WriteProbe;
import java.util.Map;

/** memdemo against the conformance kit, in strict mode. The fixture reaches the store directly, never through the driver. */
class MemdemoConformanceTest extends DriverConformanceTest {
    private static final MemStore STORE = MemStore.named("shop");
    private static final Map<String, String> SHOP = Map.ofEntries(
            Map.entry("customer:1", "Ada Lovelace|ada@example.com|GB|2026-09-02"),
            Map.entry("customer:2", "Grace Hopper|grace@example.com|US|2026-09-10"),
            Map.entry("customer:3", "Linus Torvalds||FI|2026-09-15"),
            Map.entry("customer:4", "Margaret Hamilton|margaret@example.com|US|2026-10-01"),
            Map.entry("customer:5", "Ken Thompson|ken@example.com|US|2026-10-20"),
            Map.entry("order:1", "1|4999|paid|2026-10-21"),
            Map.entry("order:2", "1|1250|paid|2026-10-22"),
            Map.entry("order:3", "2|8900|refunded|2026-10-22"),
            Map.entry("order:4", "3|2300|paid|2026-10-23"),
            Map.entry("order:5", "4|15000|pending|2026-10-24"),
            Map.entry("order:6", "2|720|paid|2026-10-25"),
            Map.entry("order:7", "5|3100|paid|2026-10-26"));

    @Override
    protected Fixture fixture() {
        ConnConfig shop = ConnConfig.of("memdemo:shop");
        return Fixture.builder(new MemdemoDriver())
                .writable(shop)
                .otherLanguage()
                .seed(() -> {
                    STORE.data.clear();
                    STORE.data.putAll(SHOP);
                })
                .fingerprint(STORE.data::toString)
                // memdemo has no client of its own, so a writable connection, line by line, is its native client
                .nativeExecution(text -> NativeText.lineByLine(new MemdemoDriver(), shop, text))
                .rows(n -> "RANGE " + n)
                .slow("SLEEP 20000")
                .syntaxError("GETT customer:1")
                .shop(CollectionRef.of("customer"), CollectionRef.of("order"), "SCAN customer")
                .missing("SCAN no_such_collection", CollectionRef.of("no_such_collection"))
                .insertQuery("SET customer:6 Barbara Liskov|barbara@example.com|US|2026-11-01")
                .types(
                        TypeCase.of("GET customer:2", Value.of(SHOP.get("customer:2"))),
                        TypeCase.of("RANGE 1", Value.of(1)),
                        TypeCase.of("GET customer:404", Value.NULL))
                .without(Behavior.PARAMETERS, "a command has no placeholders, so memdemo refuses parameters")
                .without(Behavior.NETWORK, "memdemo lives in this JVM's memory: there is no server to be silent")
                .badInput(BadInput.builder()
                        .malformed(
                                "RANGE x",
                                "RANGE -1",
                                "RANGE 99999999999999999999",
                                "SLEEP x",
                                "GET",
                                "SET customer:9",
                                "DEL",
                                "SCAN",
                                "NOTE")
                        .build())
                .probes(
                        WriteProbe.of("set.new", DML, "SET customer:9 Mallory|m@example.com|XX|2026-01-01"),
                        WriteProbe.of("set.overwrite", DML, "SET customer:1 hacked"),
                        WriteProbe.of("del", DML, "DEL customer:1"),
                        WriteProbe.of("flush", ADMIN, "FLUSH"),
                        WriteProbe.of(
                                "stack.get-del",
                                STACKING,
                                "GET customer:1\nDEL customer:1"), // two commands: proven natively
                        WriteProbe.of("note", SIDE_EFFECT_FUNCTION, "NOTE hello") // the log, outside the fingerprint
                                .provenBy(Evidence.of(STORE.log::clear, () -> !STORE.log.isEmpty())))
                .safeReads(
                        SafeRead.of("get", "GET customer:1"),
                        SafeRead.of("get.key-named-del", "GET DEL"),
                        SafeRead.of("keys", "keys customer:"),
                        SafeRead.of("scan", "SCAN order"))
                .build();
    }
}
