package dev.tobira.drivertest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/** The JSON language: the variant generator's spellings, and the kit's guard checks against a sound and a weakened JSON guard. */
class JsonLanguageTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String DELETE =
            "{\"delete\": \"orders\", \"deletes\": [{\"q\": {\"status\": \"paid\"}, \"limit\": 0}], \"n\": 1.50}";

    @AfterEach
    void heal() {
        JsonToyDriver.weakened = false;
        JsonToyDriver.rawErrors = false;
    }

    @Test
    void theKitGeneratesMalformedDocumentsASoundDriverRefusesWithAKind() throws IOException {
        Events tests = EngineTestKit.engine("junit-jupiter")
                .selectors(selectMethod(JsonToyConformance.class, "contractBadInput"))
                .execute()
                .testEvents();
        assertEquals(0, tests.failed().count(), () -> "failed: " + names(tests.failed()));
        Set<String> passed = names(tests.succeeded());
        for (String name : List.of(
                "cut in half",
                "garbage after",
                "an object nested 10000 deep",
                "an object nested 10000 deep in the value slot",
                "\"find\" as a number",
                "\"find\" as NaN",
                "\"find\" as an array nested 10000 deep",
                "NaN in the value slot")) {
            assertTrue(passed.contains(name), name + " not among " + passed);
        }
        for (JsonNode r : report().get("badInputs")) {
            if (r.get("name").asText().equals("an object nested 10000 deep in the value slot")) {
                assertEquals("SYNTAX", r.get("paths").get(0).get("outcome").asText(), r.toString());
            }
        }
    }

    @Test
    void rawExceptionsFromMalformedDocumentsFail() throws IOException {
        JsonToyDriver.rawErrors = true;
        Set<String> failed = names(EngineTestKit.engine("junit-jupiter")
                .selectors(selectMethod(JsonToyConformance.class, "contractBadInput"))
                .execute()
                .testEvents()
                .failed());
        for (String name : List.of(
                "cut in half",
                "braces reversed",
                "an object nested 10000 deep",
                "\"find\" as a number",
                "\"find\" as an empty object",
                "\"find\" as an array nested 10000 deep")) {
            assertTrue(failed.contains(name), name + " not among " + failed);
        }
        assertFalse(
                failed.contains("an empty object"),
                "a document that parses and has no command is refused as SYNTAX still");
    }

    @Test
    void everySpellingIsTheSameDocument() throws IOException {
        Map<String, String> variants = JsonVariants.probe(DELETE, JsonLanguage.plain()).stream()
                .collect(Collectors.toMap(Variants.Variant::suffix, Variants.Variant::text));
        assertEquals(
                Set.of(
                        "compact",
                        "whitespace",
                        "key-order",
                        "key-order-top",
                        "unicode-keys",
                        "unicode-key-first-char",
                        "unicode-strings",
                        "unicode-everything",
                        "duplicate-command-key",
                        "duplicate-key-null-first",
                        "duplicate-members"),
                variants.keySet());
        JsonNode original = MAPPER.readTree(DELETE);
        for (String same : List.of(
                "compact",
                "whitespace",
                "unicode-keys",
                "unicode-key-first-char",
                "unicode-strings",
                "unicode-everything",
                "duplicate-command-key",
                "duplicate-key-null-first",
                "duplicate-members")) {
            // a last-wins reader sees the probe itself in each, key order and all
            assertEquals(
                    original.toString(),
                    MAPPER.readTree(variants.get(same)).toString(),
                    same + ": " + variants.get(same));
        }
        assertEquals(original, MAPPER.readTree(variants.get("key-order")), "the same members, in another order");
        assertTrue(
                variants.get("key-order").startsWith("{\"delete\":"),
                "the command's name stays first: " + variants.get("key-order"));
        assertTrue(
                variants.get("key-order").contains("{\"limit\":0,\"q\":{\"status\":\"paid\"}}"),
                variants.get("key-order"));
        assertTrue(variants.get("key-order-top").startsWith("{\"n\":1.50"), "exact numbers, and the top reversed too");
        assertTrue(
                variants.get("unicode-key-first-char").startsWith("{\"\\u0064elete\":"),
                variants.get("unicode-key-first-char"));
        assertTrue(
                variants.get("unicode-strings").contains("\"\\u006f\\u0072\\u0064\\u0065\\u0072\\u0073\""),
                variants.get("unicode-strings"));
        assertTrue(variants.get("duplicate-key-null-first").startsWith("{\"delete\":null,\"delete\":\"orders\""));
        assertTrue(variants.get("duplicate-members").startsWith("{\"delete\":\"orders\",\"delete\":\"orders\","));
        assertTrue(variants.get("whitespace").contains("\n\t")
                && variants.get("whitespace").contains("\r\n"));
    }

    @Test
    void aNestingHoldsTheProbe() throws IOException {
        JsonLanguage language = JsonLanguage.builder()
                .nesting("explain", "{\"explain\": {{probe}}, \"verbosity\": \"x\"}")
                .build();
        String nested = JsonVariants.probe(DELETE, language).stream()
                .filter(v -> v.suffix().equals("nested-explain"))
                .findFirst()
                .orElseThrow()
                .text();
        assertEquals(MAPPER.readTree(DELETE), MAPPER.readTree(nested).get("explain"));
    }

    @Test
    void theSlotsMakeReadsThatLookDangerous() {
        JsonLanguage language = JsonLanguage.builder()
                .valueSlot("{\"find\": \"o\", \"filter\": {\"s\": {{value}}}}")
                .fieldSlot("{\"find\": \"o\", \"filter\": {{{field}}: 1}}")
                .build();
        Map<String, String> reads =
                JsonVariants.safeReads(language).stream().collect(Collectors.toMap(SafeRead::name, SafeRead::text));
        assertEquals("{\"find\": \"o\", \"filter\": {\"s\": \"$out\"}}", reads.get("json.value-dollar-out"));
        assertEquals(
                "{\"find\": \"o\", \"filter\": {\"s\": \"\\u0024\\u006f\\u0075\\u0074\"}}",
                reads.get("json.value-escaped-dollar-out"));
        assertEquals("{\"find\": \"o\", \"filter\": {\"delete\": 1}}", reads.get("json.field-delete"));
        assertTrue(reads.size() >= 18, reads.keySet().toString());
    }

    @Test
    void theKitPassesASoundJsonGuard() throws IOException {
        Events tests = run();
        assertEquals(0, tests.failed().count(), () -> "failed: " + names(tests.failed()));
        JsonNode report = report();
        assertEquals("JSON", report.get("language").asText());
        assertEquals(
                0,
                report.get("totals").get("violations").asInt(),
                report.get("totals").toString());
        assertTrue(
                report.get("totals").get("refused").asInt() >= 20,
                report.get("totals").toString());
        // the statement check is the toy's only layer: without it, every proven base probe goes through, and the report
        // says so
        JsonNode layers = report.get("layers");
        assertEquals("[\"without statement check\"]", layers.get("declared").toString());
        JsonNode summary = layers.get("summary").get("without statement check");
        assertEquals(4, summary.get("probes").asInt(), layers.toString());
        assertEquals(0, summary.get("stopped").asInt(), layers.toString());
        assertEquals(Set.of("json.insert", "json.delete", "json.drop", "json.batch"), names(summary.get("letThrough")));
        assertEquals(4, layers.get("probes").size());
        for (JsonNode p : layers.get("probes")) {
            assertEquals(0, p.get("stoppedWith").size(), p.toString());
        }
        assertEquals(
                JsonToyDriver.DATA.toString(),
                seeded(),
                "the kit restored the seed after each layer let a probe through");
        Set<String> reads = new HashSet<>();
        report.get("safeReads").forEach(r -> reads.add(r.get("name").asText()));
        assertTrue(
                reads.containsAll(Set.of("json.value-dollar-out", "json.field-delete", "json.find~unicode-keys")),
                reads.toString());
    }

    @Test
    void aWeakenedJsonGuardIsCaughtAndCountedAsFailed() throws IOException {
        JsonToyDriver.weakened = true;
        Events tests = run();
        Set<String> failed = names(tests.failed());
        // it reads the first key as spelled and nothing nested: escapes and nesting get through
        for (String probe : List.of(
                "json.insert~unicode-keys",
                "json.insert~unicode-key-first-char",
                "json.delete~nested-explain",
                "json.drop~unicode-everything",
                "json.batch~nested-explain")) {
            assertTrue(failed.stream().anyMatch(n -> n.startsWith(probe + ": ")), probe + " not among " + failed);
        }
        assertTrue(failed.contains("guard: enough probes proven and refused"), failed.toString());
        // the plain spellings are still refused: only the variants tell the weakened guard from the sound one
        assertFalse(failed.stream().anyMatch(n -> n.startsWith("json.delete: ")), failed.toString());
        JsonNode totals = report().get("totals");
        assertTrue(totals.get("violations").asInt() >= 12, totals.toString());
        assertEquals(tests.failed().count(), totals.get("testsFailed").asLong(), totals.toString());
    }

    @Test
    void theConsoleNamesEachFailedProbeWhateverTheReporter() {
        JsonToyDriver.weakened = true;
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream saved = System.err;
        System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            // the launcher finds the kit's listener through META-INF/services, as Surefire's does
            org.junit.platform.launcher.core.LauncherFactory.create()
                    .execute(org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request()
                            .selectors(selectMethod(JsonToyConformance.class, "guardWriteProbes"))
                            .build());
        } finally {
            System.setErr(saved);
        }
        String console = err.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(console.contains("[tobira] FAILED json.insert [DML] / json.insert~unicode-keys: "), console);
        assertTrue(
                console.contains(
                        "[tobira]   json.insert~unicode-keys [read-only connection]: let through, expected READ_ONLY"),
                console);
    }

    private static Events run() {
        return EngineTestKit.engine("junit-jupiter")
                .selectors(
                        selectMethod(JsonToyConformance.class, "guardWriteProbes"),
                        selectMethod(JsonToyConformance.class, "guardSafeReads"),
                        selectMethod(JsonToyConformance.class, "guardMinimum"))
                .execute()
                .testEvents();
    }

    private static Set<String> names(Events events) {
        return events.stream().map(e -> e.getTestDescriptor().getDisplayName()).collect(Collectors.toSet());
    }

    private static Set<String> names(JsonNode array) {
        Set<String> names = new HashSet<>();
        array.forEach(n -> names.add(n.asText()));
        return names;
    }

    private static String seeded() {
        String now = JsonToyDriver.DATA.toString();
        JsonToyDriver.seedShop();
        return JsonToyDriver.DATA.toString().equals(now) ? now : "not the seed: " + now;
    }

    private static JsonNode report() throws IOException {
        return MAPPER.readTree(
                Path.of("target", "tobira-conformance", "jsontoy.json").toFile());
    }
}
