package dev.tobira.drivertest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tobira.api.Capability;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The report as an append-only recorder: immutable records in, the same JSON fields out. */
class ReportTest {
    private static Report.PathResult path(String name, boolean unchanged) {
        return new Report.PathResult(name, unchanged ? "READ_ONLY" : "OK", "m", unchanged, true);
    }

    @Test
    void aRecordKeepsWhatItWasGivenNotWhatTheListBecameAfter() {
        List<Report.PathResult> paths = new ArrayList<>(List.of(path("read-only connection", true)));
        List<String> problems = new ArrayList<>();
        Report.ProbeRecord r = new Report.ProbeRecord(
                "p",
                ProbeFamily.DML,
                "delete",
                null,
                "fingerprint",
                "OK",
                null,
                paths,
                Report.Verdict.REFUSED,
                problems);
        paths.add(path("later", false));
        problems.add("later");
        assertEquals(1, r.readOnly().size());
        assertTrue(r.problems().isEmpty());
        assertEquals(
                Report.Verdict.NOT_RUN,
                new Report.ProbeRecord("q", ProbeFamily.DML, "x", null, null, null, null, List.of(), null, List.of())
                        .verdict(),
                "a test that ended before its verdict");
    }

    @Test
    void theJsonHasTheFieldsTheCiScriptReads() throws IOException {
        Report report = new Report(
                "toy",
                true,
                Language.OTHER,
                1,
                Set.of(Capability.READ_ONLY),
                List.of(new Expectations.Absence(Expectations.BEHAVIOR, "NETWORK", "in memory", true)));
        Recorder recorder = report;
        recorder.add(new Report.ProbeRecord(
                "del",
                ProbeFamily.DML,
                "DEL k",
                null,
                "fingerprint",
                "OK",
                null,
                List.of(path("read-only connection", true)),
                Report.Verdict.REFUSED,
                List.of()));
        recorder.add(new Report.ProbeRecord(
                "del~upper",
                ProbeFamily.DML,
                "del k",
                "del",
                null,
                "OK",
                Boolean.FALSE,
                List.of(path("read-only connection", true)),
                Report.Verdict.UNPROVEN_VARIANT,
                List.of()));
        recorder.add(new Report.ParameterRecord(
                "del", "bound", "GET ?", "DEL k", List.of(path("writable", true)), List.of("ran"), List.of()));
        recorder.add(new Report.DsnRecord("user", "toy://x", "OPENED", null, List.of(), List.of()));
        recorder.add(new Report.ServerCodeRecord("f", "FCALL f", "evidence", "OK", List.of(), List.of()));
        recorder.add(new Report.LayerRecord(
                "del",
                ProbeFamily.DML,
                Map.of("no allow-list", new Report.LayerPaths(List.of(path("read-only connection", false))))));
        recorder.add(new Report.LayerName("no allow-list"));
        recorder.add(new Report.Ran(Report.Part.DSN));
        JsonNode json = new ObjectMapper().readTree(report.write("report-test").toFile());
        JsonNode probe = json.get("probes").get(0);
        assertEquals(
                List.of(
                        "name",
                        "family",
                        "text",
                        "variantOf",
                        "provenEffective",
                        "provenBy",
                        "writableOutcome",
                        "readOnly",
                        "outcome",
                        "fingerprintUnchanged",
                        "verdict",
                        "problems"),
                names(probe));
        JsonNode variant = json.get("unprovenVariants").get(0);
        assertFalse(variant.get("nativeRan").asBoolean(true));
        assertTrue(variant.get("harmless").asBoolean());
        assertEquals(1, json.get("totals").get("refused").asInt());
        assertEquals(1, json.get("totals").get("violations").asInt(), "the parameter that ran counts");
        assertEquals(0, json.get("totals").get("parameterAttacksPassed").asInt());
        assertTrue(json.get("dsnAttacks").get("ran").asBoolean());
        assertEquals(1, json.get("totals").get("dsnAttacksOpened").asInt());
        assertTrue(json.get("serverCode").get(0).get("provenEffective").asBoolean());
        JsonNode layer = json.get("layers").get("probes").get(0);
        assertEquals(List.of("probe", "family", "wholeGuard", "stoppedWith", "no allow-list"), names(layer));
        assertFalse(layer.get("no allow-list").get("stopped").asBoolean(true));
        assertEquals(
                "del",
                json.get("layers")
                        .get("summary")
                        .get("no allow-list")
                        .get("letThrough")
                        .get(0)
                        .asText());
        assertEquals("in memory", json.get("absent").get(0).get("reason").asText());
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
