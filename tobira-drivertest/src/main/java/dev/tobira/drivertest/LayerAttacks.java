package dev.tobira.drivertest;

import dev.tobira.api.Conn;
import dev.tobira.api.Driver;
import dev.tobira.api.Query;
import dev.tobira.drivertest.Report.PathResult;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Each layer of the guard on its own: a proven, refused base probe is sent again on both read-only
 * paths through each driver the fixture offers with some layers turned off
 * ({@link Fixture.Builder#layer}), from the seeded state. What that driver stops (nothing changed)
 * its remaining layers stop by themselves; what gets through only the layers turned off stopped.
 * Nothing here is a violation: the full driver refused the probe. It is what the report shows.
 */
final class LayerAttacks {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final KitContext kit;
    private final Map<String, Driver> layers;

    LayerAttacks(KitContext kit) {
        this.kit = kit;
        this.layers = kit.fx().layers();
    }

    boolean any() {
        return !layers.isEmpty();
    }

    void attack(WriteProbe p, Optional<Evidence> evidence) {
        Map<String, Report.LayerPaths> byLayer = new LinkedHashMap<>();
        long start = System.nanoTime();
        for (Map.Entry<String, Driver> layer : layers.entrySet()) {
            evidence.ifPresent(Evidence::clear);
            String base = kit.seeded();
            Map<String, PathResult> paths = new LinkedHashMap<>();
            for (boolean onWritable : List.of(false, true)) {
                String path = onWritable ? "readOnly query on a writable connection" : "read-only connection";
                Attempt a;
                try (Conn conn = kit.tracker()
                        .open(layer.getValue(), onWritable ? kit.writableConfig() : kit.readOnlyConfig())) {
                    a = Attempt.run(
                            conn, Query.of(p.text()).withReadOnly(onWritable).withTimeout(TIMEOUT));
                }
                boolean unchanged = kit.fingerprint().equals(base);
                boolean absent = evidence.isEmpty() || !evidence.get().observed();
                paths.put(path, new PathResult(path, a.outcome(), Report.shorten(a.message(), 200), unchanged, absent));
                if (!unchanged || !absent) {
                    kit.seed();
                    evidence.ifPresent(Evidence::clear);
                    base = kit.fingerprint();
                    kit.seededAs(base);
                }
            }
            byLayer.put(layer.getKey(), new Report.LayerPaths(List.copyOf(paths.values())));
        }
        kit.recorder().add(new Report.Spent(Report.Part.LAYERS, System.nanoTime() - start));
        kit.recorder().add(new Report.LayerRecord(p.name(), p.family(), byLayer));
    }
}
