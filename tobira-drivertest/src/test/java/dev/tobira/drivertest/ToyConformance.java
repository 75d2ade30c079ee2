package dev.tobira.drivertest;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Driver;
import dev.tobira.api.Value;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The kit pointed at {@link ToyDriver}. Not named {@code *Test}: Surefire does not run it
 * directly, {@link KitSelfTest} runs it through the JUnit engine with one flaw at a time.
 */
class ToyConformance extends DriverConformanceTest {
    static volatile boolean strict = true;
    static volatile boolean brokenProbe;
    static volatile String reportName;
    static volatile Map<String, String> inapplicable = Map.of();
    static volatile int minimumProven = 1;

    @Override
    protected Driver driver() {
        return new ToyDriver();
    }

    @Override
    protected ConnConfig writableConfig() {
        return ConnConfig.of("toy:shop");
    }

    @Override
    protected ConnConfig readOnlyConfig() {
        return writableConfig().withReadOnly(true);
    }

    @Override
    protected void seed() {
        ToyDriver.DATA.clear();
        ToyDriver.DATA.putAll(Map.of("customer:1", "Ada", "customer:2", "Grace", "customer:3", "Linus", "customer:4", "Margaret",
                "customer:5", "Ken", "order:1", "1|4999", "order:2", "1|1250"));
        ToyDriver.DATA.putAll(Map.of("point:1", "1,0", "point:2", "0,1", "point:3", "-1,0",
                "temp:1000", "20", "temp:2000", "21", "temp:3000", "22"));
    }

    @Override
    protected String fingerprint() {
        return ToyDriver.DATA.toString();
    }

    @Override
    protected Language language() {
        return Language.OTHER;
    }

    @Override
    protected List<WriteProbe> writeProbes() {
        List<WriteProbe> probes = new ArrayList<>(List.of(
                WriteProbe.of("set", ProbeFamily.DML, "SET customer:9 Mallory"),
                WriteProbe.of("del", ProbeFamily.DML, "DEL customer:1"),
                // keys are case-sensitive and the variants respell the first word of each line, so the
                // upper and mixed variants name a key that does not exist: unproven variants, by design
                WriteProbe.of("del.key-on-its-own-line", ProbeFamily.DML, "DEL\ncustomer:1")));
        if (brokenProbe) {
            probes.add(WriteProbe.of("not-a-write", ProbeFamily.DML, "GET customer:1"));
        }
        return probes;
    }

    @Override
    protected List<SafeRead> safeReads() {
        return List.of(SafeRead.of("get", "GET customer:1"), SafeRead.of("get.key-named-set", "GET SET"));
    }

    @Override
    protected List<ServerCode> serverCode() {
        return List.of(
                ServerCode.of("f_write", "", "FCALL f_write", new Evidence() {
                    @Override
                    public void clear() {
                        ToyDriver.DATA.remove(ToyDriver.WRITTEN);
                    }

                    @Override
                    public boolean observed() {
                        return ToyDriver.DATA.containsKey(ToyDriver.WRITTEN);
                    }
                }),
                ServerCode.of("f_lock", "", "FCALL f_lock", new Evidence() {
                    @Override
                    public void clear() {
                        ToyDriver.LOCKS.clear();
                    }

                    @Override
                    public boolean observed() {
                        return !ToyDriver.LOCKS.isEmpty();
                    }
                }));
    }

    @Override
    protected Map<String, String> inapplicableProbes() {
        return inapplicable;
    }

    @Override
    protected int minimumProvenProbes() {
        return minimumProven;
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
        return "GETT x";
    }

    @Override
    protected String missingCollectionQuery() {
        return "SCAN nothing";
    }

    @Override
    protected String customersQuery() {
        return "SCAN customer";
    }

    @Override
    protected List<TypeCase> typeCases() {
        return List.of(TypeCase.of("GET customer:1", Value.of("Ada")), TypeCase.of("RANGE 1", Value.of(1)));
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
    protected boolean strict() {
        return strict;
    }

    @Override
    protected String insertQuery() {
        return "SET customer:6 Barbara";
    }

    @Override
    protected Optional<VectorCase> vectorCase() {
        return Optional.of(VectorCase.of(CollectionRef.of("point"), new Value.Vector(new float[] {0.9f, 0.2f}), 2,
                Value.of("point:1")));
    }

    @Override
    protected Optional<TimeSeriesCase> timeSeriesCase() {
        return Optional.of(TimeSeriesCase.of(CollectionRef.of("temp"), Instant.ofEpochSecond(1000), Instant.ofEpochSecond(3000), 2));
    }

    @Override
    protected String reportName() {
        return reportName == null ? super.reportName() : reportName;
    }
}
