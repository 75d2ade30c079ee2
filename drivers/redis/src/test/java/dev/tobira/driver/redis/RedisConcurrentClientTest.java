package dev.tobira.driver.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * A shared server: while the kit's write probes run, another client keeps writing keys in a
 * database other than the test's own. The fingerprint reads only the test's database, so the suite
 * passes, and the probes that move or copy a key into another database are still proven and refused.
 */
class RedisConcurrentClientTest {
    /** A database neither the test (15) nor its scratch database (14) is. */
    private static final int OTHER_DB = 3;

    @Test
    void anotherClientWritingAnotherDatabaseDoesNotDisturbTheRun() throws Exception {
        RedisServers.Address address = RedisServers.primary();
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicInteger written = new AtomicInteger();
        String prefix = "tobira_other_" + ProcessHandle.current().pid() + ":";
        Thread client = new Thread(
                () -> {
                    try (Native other = new Native(address.host(), address.port(), OTHER_DB)) {
                        for (int n = 0; running.get(); n++) {
                            other.call("SET", prefix + n, "x");
                            if (n > 0) {
                                other.call("DEL", prefix + (n - 1));
                            }
                            written.incrementAndGet();
                            Thread.sleep(50);
                        }
                        other.call("DEL", prefix + (written.get() - 1));
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                },
                "tobira-other-client");
        client.setDaemon(true);
        client.start();
        Events tests;
        try {
            tests = EngineTestKit.engine("junit-jupiter")
                    .selectors(selectMethod(ConcurrentRedisKit.class, "guardWriteProbes"))
                    .execute()
                    .testEvents();
        } finally {
            running.set(false);
            client.join(30_000);
        }
        assertTrue(written.get() >= 20, "the other client wrote only " + written.get() + " keys during the run");
        assertEquals(
                0,
                tests.failed().count(),
                () -> "failed beside another client: "
                        + tests.failed().stream()
                                .map(e -> e.getTestDescriptor().getDisplayName())
                                .collect(Collectors.joining(", ")));
        JsonNode report = new ObjectMapper()
                .readTree(Path.of("target", "tobira-conformance", "redis-concurrent.json")
                        .toFile());
        Map<String, JsonNode> probes = new HashMap<>();
        report.get("probes").forEach(p -> probes.put(p.get("name").asText(), p));
        for (String probe : List.of("move", "copy")) {
            JsonNode p = probes.get(probe);
            assertTrue(p.get("provenEffective").asBoolean(), probe + " is proven: " + p);
            assertEquals("REFUSED", p.get("verdict").asText(), probe + ": " + p);
        }
        assertEquals(
                0,
                report.get("totals").get("violations").asInt(),
                report.get("totals").toString());
    }
}
