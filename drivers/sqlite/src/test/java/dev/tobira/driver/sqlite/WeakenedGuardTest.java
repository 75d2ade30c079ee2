package dev.tobira.driver.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * Proves the kit has teeth: its guard tests, run against a SQLite driver whose read-only layers are
 * switched off, fail, while the same probes pass against the real driver (SqliteConformanceTest).
 */
class WeakenedGuardTest {
    @Test
    void theKitFailsAWeakenedGuard() throws IOException {
        EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                .selectors(
                        selectMethod(WeakenedSqliteKit.class, "guardReadOnlyOpen"),
                        selectMethod(WeakenedSqliteKit.class, "guardWriteProbes"),
                        selectMethod(WeakenedSqliteKit.class, "guardMinimum"))
                .execute();
        List<Event> failed = results.testEvents().failed().list();
        long failedProbes = failed.stream()
                .filter(e -> e.getTestDescriptor().getUniqueId().toString().contains("guardWriteProbes"))
                .count();
        assertTrue(
                failedProbes >= 100,
                "the kit failed only " + failedProbes + " probe tests against the weakened driver");
        assertEquals(
                0,
                failed.stream()
                        .filter(e -> e.getTestDescriptor().getDisplayName().startsWith("guard: read-only open"))
                        .count(),
                "opening read-only works for the weakened driver, so the failures are the guard's, not the fixture's");

        JsonNode report = new ObjectMapper()
                .readTree(Path.of("target", "tobira-conformance", WeakenedSqliteDriver.NAME + ".json")
                        .toFile());
        Set<String> violated = new HashSet<>();
        for (JsonNode probe : report.get("probes")) {
            if (probe.get("verdict").asText().equals("VIOLATION")) {
                violated.add(probe.get("name").asText());
            }
        }
        // the report counts what failed: every failed probe test, and the summing-up check beside them
        JsonNode totals = report.get("totals");
        assertEquals(failed.size(), totals.get("testsFailed").asInt(), totals.toString());
        assertTrue(totals.get("violations").asInt() >= 100, totals.toString());
        assertTrue(
                failed.stream()
                        .anyMatch(e -> e.getTestDescriptor()
                                .getDisplayName()
                                .equals("guard: enough probes proven and refused")),
                "the summing-up check failed beside the violations");
        for (String probe : List.of(
                "dml.delete",
                "ddl.drop-table",
                "comment.leading-block",
                "sqlite.cte-delete",
                "sqlite.pragma-user-version",
                "sqlite.attach",
                "sqlite.vacuum-into",
                "sqlite.analyze")) {
            assertTrue(
                    violated.contains(probe),
                    "the weakened driver let " + probe + " through and the report does not say so: " + violated);
        }
    }
}
