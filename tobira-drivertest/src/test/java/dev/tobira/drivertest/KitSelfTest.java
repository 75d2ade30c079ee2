package dev.tobira.drivertest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tobira.drivertest.ToyDriver.Flaw;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * The kit tested the only way that counts: pointed at a driver with one known flaw, it must fail
 * exactly the checks about that flaw; pointed at a sound driver, it must pass.
 */
class KitSelfTest {
    @AfterEach
    void heal() {
        ToyDriver.flaws = EnumSet.noneOf(Flaw.class);
        ToyDriver.facets = false;
        ToyDriver.endFeeds();
        ToyDriver.LOCKS.clear();
        ToyConformance.strict = true;
        ToyConformance.brokenProbe = false;
        ToyConformance.reportName = null;
        ToyConformance.inapplicable = Map.of();
        ToyConformance.minimumProven = 1;
        ToyConformance.explainUncovered = true;
        DriverConformanceTest.feedBound = Duration.ofSeconds(30);
        DriverConformanceTest.silentSlack = Duration.ofSeconds(5);
        BadInputs.bound = Duration.ofSeconds(30);
        ToyDriver.lazyNetwork = false;
        ToyConformance.network = true;
        ToyConformance.serverAtAnyway = false;
        ToyConformance.vectorCase = true;
        ToyConformance.parametersAbsent = true;
    }

    @Test
    void aSoundDriverPassesTheBadInputCheck() throws IOException {
        Events tests = run(selectMethod(ToyConformance.class, "contractBadInput"));
        assertEquals(0, tests.failed().count(), () -> "failed: " + failed(tests));
        JsonNode report = report();
        int inputs = report.get("badInputs").size();
        // the kit's own texts, the fixture's three, and every kind in the one position (the customers query)
        assertEquals(
                5 + 3 + BadInputs.values().size(),
                inputs,
                report.get("badInputs").toString());
        assertEquals(inputs, report.get("totals").get("badInputsPassed").asInt());
        for (JsonNode r : report.get("badInputs")) {
            assertEquals(2, r.get("paths").size(), r.toString());
        }
        assertTrue(
                passed(tests).contains("DOC nested 10000 deep"), passed(tests).toString());
        assertTrue(passed(tests).contains("VECTOR holding NaN"), passed(tests).toString());
    }

    @Test
    void rawExceptionsFromBadInputFail() throws IOException {
        ToyDriver.flaws = EnumSet.of(Flaw.RAW_BAD_INPUT);
        Set<String> failed = failed(run(selectMethod(ToyConformance.class, "contractBadInput")));
        // the malformed commands, NaN and the infinities as a Float and in a Vector, and the two deep values
        assertEquals(
                Set.of(
                        "RANGE x",
                        "GET",
                        "SET customer:9",
                        "FLOAT NaN",
                        "FLOAT +Infinity",
                        "FLOAT -Infinity",
                        "VECTOR holding NaN",
                        "VECTOR holding +Infinity",
                        "VECTOR holding -Infinity",
                        "DOC nested 10000 deep",
                        "ARRAY nested 10000 deep"),
                failed);
        JsonNode report = report();
        for (JsonNode r : report.get("badInputs")) {
            if (r.get("name").asText().matches("(DOC|ARRAY) nested.*")) {
                assertEquals(
                        "ERROR java.lang.StackOverflowError",
                        r.get("paths").get(0).get("outcome").asText(),
                        r.toString());
            }
            if (r.get("name").asText().equals("FLOAT NaN")) {
                assertEquals(
                        "ERROR java.lang.NumberFormatException",
                        r.get("paths").get(1).get("outcome").asText(),
                        r.toString());
            }
        }
    }

    @Test
    void aHangOnBadInputFailsWithinTheBound() throws IOException {
        ToyDriver.flaws = EnumSet.of(Flaw.HANGS_ON_BAD_INPUT);
        BadInputs.bound = Duration.ofSeconds(1);
        long start = System.nanoTime();
        assertEquals(Set.of("GET"), failed(run(selectMethod(ToyConformance.class, "contractBadInput"))));
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toSeconds() < 20, "bounded");
        JsonNode get = null;
        for (JsonNode r : report().get("badInputs")) {
            get = r.get("name").asText().equals("GET") ? r : get;
        }
        assertEquals("HANG", get.get("paths").get(0).get("outcome").asText(), String.valueOf(get));
    }

    @Test
    void aConnectionBrokenByOneBadInputDoesNotJudgeTheNext() throws IOException {
        ToyDriver.flaws = EnumSet.of(Flaw.BROKEN_BY_BAD_INPUT);
        Events tests = run(selectMethod(ToyConformance.class, "contractBadInput"));
        assertEquals(0, tests.failed().count());
        JsonNode report = report();
        int judged = 0;
        for (JsonNode r : report.get("badInputs")) {
            for (JsonNode p : r.get("paths")) {
                // the kit keeps a connection between inputs; each outcome must still be the driver's verdict on that
                // input
                assertNotEquals("CONNECTION", p.get("outcome").asText(), r.toString());
                judged += p.get("outcome").asText().equals("SYNTAX") ? 1 : 0;
            }
        }
        assertTrue(judged >= 4, "the malformed inputs were refused as SYNTAX on both paths: " + judged);
    }

    @Test
    void aWriteOnlyTheGroupMakesIsNotDismissed() throws IOException {
        ToyDriver.flaws = EnumSet.of(Flaw.ARMED_BY_BAD_INPUT);
        Events tests = run(selectMethod(ToyConformance.class, "contractBadInput"));
        assertEquals(1, tests.failed().count(), "the group's first input carries the group's write");
        String message = tests.failed().stream()
                .findFirst()
                .orElseThrow()
                .getPayload(TestExecutionResult.class)
                .orElseThrow()
                .getThrowable()
                .orElseThrow()
                .getMessage();
        assertTrue(message.contains("no input alone does"), message);
    }

    @Test
    void aBadInputThatWritesReadOnlyIsAViolation() throws IOException {
        ToyDriver.flaws = EnumSet.of(Flaw.BAD_INPUT_WRITES);
        assertEquals(Set.of("SET customer:9"), failed(run(selectMethod(ToyConformance.class, "contractBadInput"))));
        JsonNode report = report();
        assertEquals(
                1, report.get("violations").size(), report.get("violations").toString());
        assertTrue(
                report.get("violations")
                        .get(0)
                        .asText()
                        .startsWith("SET customer:9 [read-only connection]: sent read-only, the bad input"
                                + " changed the state"),
                report.get("violations").toString());
    }

    @Test
    void aSoundDriverPassesTheSilentServerCheck() throws IOException {
        Events eager = run(selectMethod(ToyConformance.class, "contractSilentServer"));
        assertEquals(0, eager.failed().count(), () -> "failed: " + failed(eager));
        assertEquals(2, eager.succeeded().count());
        JsonNode calls = report().get("silentServer").get("calls");
        assertEquals(2, calls.size(), calls.toString());
        for (JsonNode c : calls) {
            assertEquals("TIMEOUT", c.get("outcome").asText(), c.toString());
            assertTrue(c.get("millis").asLong() >= 1_900, "the connect timeout was waited for: " + c);
        }

        ToyDriver.lazyNetwork = true;
        Events lazy = run(selectMethod(ToyConformance.class, "contractSilentServer"));
        assertEquals(0, lazy.failed().count(), () -> "failed: " + failed(lazy));
        JsonNode lazyCalls = report().get("silentServer").get("calls");
        assertEquals(4, lazyCalls.size(), lazyCalls.toString());
        assertEquals("OPENED", lazyCalls.get(0).get("outcome").asText(), lazyCalls.toString());
        assertEquals("TIMEOUT", lazyCalls.get(1).get("outcome").asText(), lazyCalls.toString());
    }

    @Test
    void eachSilentServerFlawFails() {
        DriverConformanceTest.silentSlack = Duration.ofSeconds(2);
        Set<String> both = Set.of(
                "writable configuration: open with a 2 s connect timeout, and a query with a 2 s timeout where it opens lazily",
                "read-only configuration: open with a 2 s connect timeout, and a query with a 2 s timeout where it opens lazily");
        for (Flaw flaw : List.of(Flaw.CONNECT_TIMEOUT_IGNORED, Flaw.CONNECT_TIMEOUT_AS_CONNECTION)) {
            ToyDriver.flaws = EnumSet.of(flaw);
            long start = System.nanoTime();
            assertEquals(both, failed(run(selectMethod(ToyConformance.class, "contractSilentServer"))), flaw.name());
            assertTrue(
                    Duration.ofNanos(System.nanoTime() - start).toSeconds() < 15,
                    flaw + ": a driver that waits for ever is capped");
        }
        ToyDriver.lazyNetwork = true;
        ToyDriver.flaws = EnumSet.of(Flaw.LAZY_QUERY_TIMEOUT_IGNORED);
        assertEquals(both, failed(run(selectMethod(ToyConformance.class, "contractSilentServer"))));
    }

    @Test
    void aDriverWithoutANetworkSaysWhyAndIsListed() throws IOException {
        ToyConformance.network = false;
        Events tests = run(
                selectMethod(ToyConformance.class, "contractBehaviors"),
                selectMethod(ToyConformance.class, "contractSilentServer"));
        assertEquals(0, tests.failed().count(), () -> "failed: " + failed(tests));
        assertTrue(
                passed(tests)
                        .contains("NETWORK is absent (the toy lives in memory), so there is no server to be silent"),
                passed(tests).toString());
        assertEquals(
                "the toy lives in memory",
                report().get("silentServer").get("inapplicable").asText());
        assertEquals(
                "absent: the toy lives in memory",
                report().get("behaviors").get("NETWORK").asText(),
                report().get("behaviors").toString());

        ToyConformance.serverAtAnyway = true;
        assertEquals(
                Set.of("NETWORK is absent (the toy lives in memory), so there is no server to be silent"),
                failed(run(selectMethod(ToyConformance.class, "contractSilentServer"))));
    }

    @Test
    void testsThatOnlyReadShareOneSeed() {
        ToyConformance.SEEDS.set(0);
        Events tests = run(
                selectMethod(ToyConformance.class, "contractPing"),
                selectMethod(ToyConformance.class, "contractListing"),
                selectMethod(ToyConformance.class, "contractLimit"));
        assertEquals(0, tests.failed().count(), () -> "failed: " + failed(tests));
        assertEquals(3, tests.succeeded().count());
        assertEquals(1, ToyConformance.SEEDS.get(), "three tests that only read need one seed");
    }

    @Test
    void theResultsDoNotDependOnTheOrderOfTheTests() throws IOException {
        Events ordered = run(selectClass(ToyConformance.class));
        assertEquals(0, ordered.failed().count(), () -> "failed: " + failed(ordered));
        JsonNode first = report();
        Events random = EngineTestKit.engine("junit-jupiter")
                .configurationParameter(KitOrder.DEFAULT_ORDER, "org.junit.jupiter.api.MethodOrderer$Random")
                .configurationParameter("junit.jupiter.execution.order.random.seed", "7")
                .selectors(selectClass(ToyConformance.class))
                .execute()
                .testEvents();
        assertEquals(0, random.failed().count(), () -> "failed: " + failed(random));
        JsonNode second = report();
        assertNotEquals(topLevelOrder(first), topLevelOrder(second), "the random order is another order");
        assertEquals(
                "guard: enough probes proven and refused",
                topLevelOrder(second).get(topLevelOrder(second).size() - 1),
                "the summary counts the others, so it runs last in any order");
        ((com.fasterxml.jackson.databind.node.ObjectNode) first.get("totals")).remove("millisByLayer");
        ((com.fasterxml.jackson.databind.node.ObjectNode) second.get("totals")).remove("millisByLayer");
        assertEquals(first.get("totals"), second.get("totals"));
        assertEquals(sorted(first.get("probes")), sorted(second.get("probes")));
        assertEquals(sorted(first.get("tests")), sorted(second.get("tests")));
    }

    /** The test methods in the order they ran, each once (a factory's tests are named after it). */
    private static List<String> topLevelOrder(JsonNode report) {
        return Stream.of(report.get("tests"))
                .flatMap(t -> java.util.stream.StreamSupport.stream(t.spliterator(), false))
                .map(t -> t.get("name").asText().split(" / ", 2)[0])
                .distinct()
                .toList();
    }

    private static List<String> sorted(JsonNode array) {
        return java.util.stream.StreamSupport.stream(array.spliterator(), false)
                .map(JsonNode::toString)
                .sorted()
                .toList();
    }

    @Test
    void aSoundDriverPassesEverything() throws IOException {
        Events tests = run(selectClass(ToyConformance.class));
        assertEquals(0, tests.failed().count(), () -> "failed: " + failed(tests));
        assertEquals(0, tests.skipped().count() + tests.aborted().count(), () -> "skipped: " + skipped(tests));
        assertTrue(
                tests.succeeded().count() > 20,
                "tests that ran: " + tests.succeeded().count());
        JsonNode report = report();
        assertEquals("toy", report.get("driver").asText());
        // set and del, each with three variants, and del.key-on-its-own-line with two (lower, whitespace)
        assertEquals(
                11,
                report.get("totals").get("refused").asInt(),
                report.get("totals").toString());
        assertEquals(0, report.get("totals").get("violations").asInt());
        assertEquals(
                0,
                report.get("totals").get("testsSkipped").asInt(),
                report.get("totals").toString());
        // its upper and mixed variants name a key that does not exist: checked harmless, listed, not counted
        assertEquals(
                2,
                report.get("totals").get("unprovenVariants").asInt(),
                report.get("totals").toString());
        assertEquals(
                2,
                report.get("totals").get("unprovenHarmless").asInt(),
                report.get("totals").toString());
        for (JsonNode v : report.get("unprovenVariants")) {
            assertEquals("del.key-on-its-own-line", v.get("variantOf").asText(), v.toString());
            assertTrue(v.get("harmless").asBoolean(), v.toString());
            assertEquals(4, v.get("readOnly").size(), "every read-only path, the capped ones too: " + v);
            for (JsonNode path : v.get("readOnly")) {
                assertEquals("READ_ONLY", path.get("outcome").asText(), v.toString());
            }
        }
        Set<String> unproven = passed(tests).stream()
                .filter(n -> n.contains("[unproven variant, "))
                .collect(Collectors.toSet());
        assertEquals(
                Set.of(
                        "del.key-on-its-own-line~upper [unproven variant, ran when writable and changed nothing; checked harmless"
                                + " read-only]: DEL\\nCUSTOMER:1",
                        "mixed"),
                unproven.stream()
                        .map(n -> n.startsWith("del.key-on-its-own-line~mixed ") ? "mixed" : n)
                        .collect(Collectors.toSet()),
                unproven.toString());
        assertTrue(
                passed(tests)
                        .contains(
                                "read-only connection: no mutating facet is declared, and neither connection offers one"),
                passed(tests).toString());
        assertTrue(
                report.get("capabilities").get("verified").toString().contains("read-only"),
                report.get("capabilities").toString());
        assertEquals("toy", report.get("report").asText());
        assertEquals("toy 1.0", report.get("serverVersion").asText());
        // the reading facets are not declared: each was proven absent, its call refused with UNSUPPORTED
        for (String word : List.of("exporter", "changefeed", "vectorsearch", "timeseries")) {
            assertTrue(passed(tests).contains(word + ": not declared, so absent"), word + ": " + passed(tests));
        }
        // the new layers ran clean: every hostile spelling of toy:shop opened with the guard intact, the server code
        // left nothing
        JsonNode layers = report.get("totals").get("violationsByLayer");
        for (String layer : List.of("probes", "parameters", "dsn", "serverCode")) {
            assertEquals(0, layers.get(layer).asInt(), layer + ": " + layers);
        }
        JsonNode dsn = report.get("dsnAttacks");
        assertEquals(List.of("set", "del", "del.key-on-its-own-line"), names(dsn.get("probes")), dsn.toString());
        assertEquals(10, dsn.get("cases").size(), dsn.toString());
        for (JsonNode c : dsn.get("cases")) {
            assertEquals("OPENED", c.get("outcome").asText(), c.toString());
            assertEquals(3, c.get("probes").size(), c.toString());
        }
        assertTrue(
                passed(tests).contains("a ?mode=rw query: toy:shop?mode=rw"),
                passed(tests).toString());
        assertEquals(
                2,
                report.get("totals").get("serverCodePassed").asInt(),
                report.get("serverCode").toString());
        JsonNode code = report.get("serverCode");
        assertEquals("fingerprint", code.get(0).get("provenBy").asText(), "f_write sets a key: " + code);
        assertEquals("evidence", code.get(1).get("provenBy").asText(), "f_lock only takes a lock: " + code);
        for (JsonNode c : code) {
            assertEquals(2, c.get("readOnly").size(), c.toString());
        }
        assertEquals(0, report.get("parameterAttacks").size(), "parameter attacks are for SQL only");
    }

    @Test
    void aDsnThatLiftsTheGuardFails() throws IOException {
        ToyDriver.flaws = EnumSet.of(Flaw.DSN_MODE_RW);
        Events tests = run(selectMethod(ToyConformance.class, "guardDsnAttacks"));
        assertEquals(
                Set.of(
                        "a ?mode=rw query",
                        "a file: URI with ?mode=rw",
                        "a NUL, then ?mode=rw",
                        "configuration option mode=rw"),
                failed(tests).stream()
                        .map(n -> n.substring(0, n.indexOf(": toy:")))
                        .collect(Collectors.toSet()),
                failed(tests).toString());
        JsonNode report = report();
        assertEquals(
                4,
                report.get("totals").get("violationsByLayer").get("dsn").asInt(),
                report.get("totals").toString());
        assertEquals(4, report.get("totals").get("violations").asInt(), "the DSN layer counts in the strict total");
        for (JsonNode c : report.get("dsnAttacks").get("cases")) {
            if (!c.get("passed").asBoolean()) {
                assertTrue(
                        c.get("problems").toString().contains("the connection says it is not read-only"), c.toString());
                assertTrue(
                        c.get("problems").toString().contains("set on it: expected READ_ONLY but got OK"),
                        c.toString());
            }
        }

        ToyConformance.strict = false;
        Events lenient = run(selectMethod(ToyConformance.class, "guardDsnAttacks"));
        assertEquals(0, lenient.failed().count(), () -> "failed: " + failed(lenient));
        assertEquals(4, report().get("totals").get("violations").asInt());
    }

    @Test
    void aDsnThatBreaksOpenFails() throws IOException {
        ToyDriver.flaws = EnumSet.of(Flaw.DSN_NPE);
        Events tests = run(selectMethod(ToyConformance.class, "guardDsnAttacks"));
        assertEquals(
                Set.of("an encoded ?mode=rw query", "an encoded ;access_mode=READ_WRITE option"),
                failed(tests).stream()
                        .map(n -> n.substring(0, n.indexOf(": toy:")))
                        .collect(Collectors.toSet()),
                failed(tests).toString());
        for (JsonNode c : report().get("dsnAttacks").get("cases")) {
            if (!c.get("passed").asBoolean()) {
                assertEquals("ERROR NullPointerException", c.get("outcome").asText(), c.toString());
            }
        }
    }

    @Test
    void serverCodeThatLeavesItsEffectFails() throws IOException {
        ToyDriver.flaws = EnumSet.of(Flaw.SERVER_CODE_WRITES);
        assertEquals(
                Set.of("f_write: FCALL f_write"), failed(run(selectMethod(ToyConformance.class, "guardServerCode"))));
        JsonNode written = report().get("serverCode").get(0);
        assertTrue(
                written.get("problems").toString().contains("read-only connection: the fingerprint changed"),
                written.toString());

        ToyDriver.flaws = EnumSet.of(Flaw.SERVER_CODE_LOCK_LEFT);
        assertEquals(
                Set.of("f_lock: FCALL f_lock"), failed(run(selectMethod(ToyConformance.class, "guardServerCode"))));
        JsonNode locked = report().get("serverCode").get(1);
        assertTrue(
                locked.get("problems").toString().contains("the evidence was observed after the call, which succeeded"),
                locked.toString());
        assertEquals(
                1,
                report().get("totals")
                        .get("violationsByLayer")
                        .get("serverCode")
                        .asInt());
        assertTrue(ToyDriver.LOCKS.isEmpty(), "the kit cleared the lock it found");
    }

    @Test
    void aSoundDriverWithEveryReadingFacetPasses() throws IOException {
        ToyDriver.facets = true;
        Events tests = run(selectClass(ToyConformance.class));
        assertEquals(0, tests.failed().count(), () -> "failed: " + failed(tests));
        assertEquals(0, tests.skipped().count() + tests.aborted().count(), () -> "skipped: " + skipped(tests));
        assertTrue(
                passed(tests).contains("read-only connection: every mutating facet refuses with READ_ONLY"),
                passed(tests).toString());
        for (String word : List.of("exporter", "changefeed", "vectorsearch", "timeseries")) {
            assertTrue(
                    passed(tests).contains(word + ": declared, so offered and working"), word + ": " + passed(tests));
        }
        String verified = report().get("capabilities").get("verified").toString();
        for (String word : List.of("exporter", "changefeed", "vectorsearch", "timeseries", "read-only")) {
            assertTrue(verified.contains(word), word + " verified: " + verified);
        }
    }

    @Test
    void undeclaredFacetsThatStillWorkFail() {
        ToyDriver.flaws = EnumSet.of(Flaw.UNDECLARED_FACETS_WORK);
        assertEquals(
                Set.of(
                        "exporter: not declared, so absent",
                        "changefeed: not declared, so absent",
                        "vectorsearch: not declared, so absent",
                        "timeseries: not declared, so absent"),
                failed(run(selectMethod(ToyConformance.class, "capabilities"))));
    }

    @Test
    void eachBrokenReadingFacetFailsItsOwnCheck() {
        DriverConformanceTest.feedBound = Duration.ofSeconds(2);
        Map<Flaw, String> checks = Map.of(
                Flaw.EXPORT_WITHOUT_HEADER, "exporter: declared, so offered and working",
                Flaw.FEED_SILENT, "changefeed: declared, so offered and working",
                Flaw.FEED_CLOSE_IGNORED, "changefeed: declared, so offered and working",
                Flaw.VECTOR_FARTHEST_FIRST, "vectorsearch: declared, so offered and working",
                Flaw.RANGE_INCLUSIVE_END, "timeseries: declared, so offered and working");
        checks.forEach((flaw, check) -> {
            ToyDriver.facets = true;
            ToyDriver.flaws = EnumSet.of(flaw);
            assertEquals(Set.of(check), failed(run(selectMethod(ToyConformance.class, "capabilities"))), flaw.name());
            ToyDriver.endFeeds();
        });
    }

    @Test
    void reportNameNamesTheReportFile() throws IOException {
        Path file = Path.of("target", "tobira-conformance", "toy-second-run.json");
        Files.deleteIfExists(file);
        ToyConformance.reportName = "toy-second-run";
        run(selectMethod(ToyConformance.class, "contractPing"));
        JsonNode report = new ObjectMapper().readTree(file.toFile());
        assertEquals("toy", report.get("driver").asText());
        assertEquals("toy-second-run", report.get("report").asText());
        assertEquals("toy 1.0", report.get("serverVersion").asText());

        ToyConformance.reportName = "../escape";
        Events containers = EngineTestKit.engine("junit-jupiter")
                .selectors(selectMethod(ToyConformance.class, "contractPing"))
                .execute()
                .containerEvents();
        assertEquals(1, containers.failed().count(), "a report name that is not a plain file name fails the class");
        assertFalse(Files.exists(Path.of("target", "escape.json")), "nothing written outside the report folder");
    }

    @Test
    void aGuardThatLetsWritesThroughFails() throws IOException {
        ToyDriver.flaws = EnumSet.of(Flaw.GUARD_OFF);
        Events tests = run(
                selectMethod(ToyConformance.class, "guardWriteProbes"),
                selectMethod(ToyConformance.class, "guardMinimum"));
        Set<String> failed = failed(tests);
        assertTrue(failed.remove("guard: enough probes proven and refused"), failed.toString());
        // the three probes and each of their proven variants were let through; the unproven variants
        // (upper, mixed of del.key-on-its-own-line) delete a key that does not exist, so they pass
        // each test is named after its probe and variant
        assertEquals(
                List.of(
                        "del",
                        "del.key-on-its-own-line",
                        "del.key-on-its-own-line~lower",
                        "del.key-on-its-own-line~whitespace",
                        "del~lower",
                        "del~mixed",
                        "del~whitespace",
                        "set",
                        "set~lower",
                        "set~mixed",
                        "set~whitespace"),
                failed.stream()
                        .map(n -> n.substring(0, n.indexOf(':')))
                        .sorted()
                        .toList(),
                failed.toString());
        assertTrue(
                report().get("violations").size() >= 12,
                report().get("violations").toString());
        assertEquals(
                2,
                passed(tests).stream()
                        .filter(n -> n.contains("[unproven variant, "))
                        .count(),
                passed(tests).toString());
    }

    @Test
    void aGuardThatACappedReadSkipsFails() throws IOException {
        ToyDriver.flaws = EnumSet.of(Flaw.CAPPED_READS_UNGUARDED);
        Events tests = run(
                selectMethod(ToyConformance.class, "guardWriteProbes"),
                selectMethod(ToyConformance.class, "guardMinimum"));
        Set<String> failed = failed(tests);
        assertTrue(failed.remove("guard: enough probes proven and refused"), failed.toString());
        assertEquals(11, failed.size(), "every proven probe and variant gets through with a row cap: " + failed);
        JsonNode report = report();
        int violations = 0;
        for (JsonNode p : report.get("probes")) {
            if ("VIOLATION".equals(p.get("verdict").asText())) {
                violations++;
                assertTrue(p.get("problems").toString().contains("[read-only connection, capped]"), p.toString());
                assertTrue(
                        p.get("problems").toString().contains("[readOnly query on a writable connection, capped]"),
                        p.toString());
                assertFalse(
                        p.get("problems").toString().contains("[read-only connection]:"),
                        "the uncapped path still refuses: " + p);
                assertFalse(
                        p.get("problems").toString().contains("[readOnly query on a writable connection]:"),
                        p.toString());
            }
        }
        assertEquals(11, violations, report.get("totals").toString());
    }

    @Test
    void anUnprovenVariantThatWritesReadOnlyFails() throws IOException {
        ToyDriver.flaws = EnumSet.of(Flaw.UNPROVEN_VARIANT_WRITES);
        Events tests = run(
                selectMethod(ToyConformance.class, "guardWriteProbes"),
                selectMethod(ToyConformance.class, "guardMinimum"));
        Set<String> failed = failed(tests);
        // the summing-up check cannot pass beside the two violations
        assertTrue(failed.remove("guard: enough probes proven and refused"), failed.toString());
        assertEquals(2, failed.size(), failed.toString());
        for (String name : failed) {
            assertTrue(
                    name.matches(
                            "del.key-on-its-own-line~(upper|mixed) \\[unproven variant, .*; checked harmless read-only]:"
                                    + " (?i:DEL)\\\\n.*"),
                    name);
        }
        assertEquals(0, tests.skipped().count() + tests.aborted().count(), () -> "skipped: " + skipped(tests));
        JsonNode report = report();
        for (JsonNode v : report.get("unprovenVariants")) {
            assertFalse(v.get("harmless").asBoolean(), v.toString());
            assertTrue(
                    v.get("problems").toString().contains("[read-only connection]: the fingerprint changed: \\\""),
                    v.toString());
            assertTrue(
                    v.get("problems")
                            .toString()
                            .contains("[readOnly query on a writable connection]: the fingerprint changed"),
                    v.toString());
        }
        assertEquals(
                2,
                report.get("totals").get("violations").asInt(),
                report.get("totals").toString());
        assertEquals(11, report.get("totals").get("refused").asInt(), "unproven variants are not counted");
        assertFalse(
                report.get("capabilities").get("verified").toString().contains("read-only"),
                "a guard that let an unproven variant write is not verified: " + report.get("capabilities"));

        ToyConformance.strict = false;
        Events lenient = run(selectMethod(ToyConformance.class, "guardWriteProbes"));
        assertEquals(0, lenient.failed().count(), () -> "failed: " + failed(lenient));
        assertEquals(
                2,
                report().get("totals").get("violations").asInt(),
                report().get("totals").toString());
    }

    @Test
    void anUnprovenVariantFailingTheWrongWayFails() throws IOException {
        ToyDriver.flaws = EnumSet.of(Flaw.UNPROVEN_VARIANT_INTERNAL);
        Set<String> failed = failed(run(selectMethod(ToyConformance.class, "guardWriteProbes")));
        assertEquals(2, failed.size(), failed.toString());
        assertTrue(failed.stream().allMatch(n -> n.contains("[unproven variant, ")), failed.toString());
        for (JsonNode v : report().get("unprovenVariants")) {
            assertTrue(
                    v.get("problems")
                            .toString()
                            .contains("[read-only connection]: expected a refusal (READ_ONLY, SYNTAX,"
                                    + " INVALID_ARGUMENT) or a result that changes nothing but got INTERNAL"),
                    v.toString());
        }
    }

    @Test
    void unprovenVariantsDoNotCountTowardTheMinimum() {
        ToyConformance.minimumProven = 11;
        Events enough = run(
                selectMethod(ToyConformance.class, "guardWriteProbes"),
                selectMethod(ToyConformance.class, "guardMinimum"));
        assertEquals(0, enough.failed().count(), () -> "failed: " + failed(enough));

        ToyConformance.minimumProven = 12;
        Events tooFew = run(
                selectMethod(ToyConformance.class, "guardWriteProbes"),
                selectMethod(ToyConformance.class, "guardMinimum"));
        assertEquals(Set.of("guard: enough probes proven and refused"), failed(tooFew));
        String message = tooFew.failed().stream()
                .findFirst()
                .orElseThrow()
                .getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable)
                .map(Throwable::getMessage)
                .orElse("");
        assertTrue(message.startsWith("only 11 write probes were proven and refused"), message);
    }

    @Test
    void theMinimumNeedsTheProbesToHaveRun() {
        assertEquals(
                Set.of("guard: enough probes proven and refused"),
                failed(run(selectMethod(ToyConformance.class, "guardMinimum"))));
    }

    @Test
    void anInapplicableProbeIsStillCheckedHarmlessReadOnly() throws IOException {
        ToyConformance.inapplicable = Map.of("del", "the toy says so");
        Events sound = run(selectMethod(ToyConformance.class, "guardWriteProbes"));
        assertEquals(0, sound.failed().count(), () -> "failed: " + failed(sound));
        assertEquals(0, sound.skipped().count() + sound.aborted().count(), () -> "skipped: " + skipped(sound));
        String name = "del [not applicable, checked harmless read-only]: DEL customer:1";
        assertTrue(passed(sound).contains(name), passed(sound).toString());
        JsonNode report = report();
        assertEquals(
                "the toy says so", report.get("inapplicableProbes").get("del").asText());
        assertEquals(1, report.get("totals").get("inapplicable").asInt());
        assertEquals(
                7,
                report.get("totals").get("refused").asInt(),
                "the inapplicable probe and its variants are not counted");

        ToyDriver.flaws = EnumSet.of(Flaw.GUARD_OFF);
        assertTrue(
                failed(run(selectMethod(ToyConformance.class, "guardWriteProbes")))
                        .contains(name),
                "an inapplicable probe let through read-only fails");

        ToyDriver.flaws = EnumSet.noneOf(Flaw.class);
        ToyConformance.inapplicable = Map.of("no-such-probe", "a typo");
        assertEquals(
                Set.of("withoutProbe(probe, reason) names an unknown probe: no-such-probe"),
                failed(run(selectMethod(ToyConformance.class, "guardWriteProbes"))));
    }

    // ---------------------------------------------------------------- the one expectation model

    /** A fixture of the toy with everything build() requires and nothing declared absent. */
    private static Fixture.Builder bare() {
        return Fixture.builder(new ToyDriver())
                .writable(dev.tobira.api.ConnConfig.of("toy:shop"))
                .otherLanguage()
                .seed(() -> {})
                .fingerprint(() -> "")
                .rows(n -> "RANGE " + n)
                .slow("SLEEP 20000");
    }

    @Test
    void anAbsenceWithoutAReasonIsRefusedAtBuild() {
        for (Fixture.Builder b : List.of(
                bare().without(Behavior.TIMEOUT, " "),
                bare().without(ProbeFamily.ADMIN, ""),
                bare().withoutProbe("del", "\t"))) {
            IllegalStateException e =
                    org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, b::build);
            assertTrue(e.getMessage().contains("gives no reason"), e.getMessage());
        }
        // a reason is there: the same declarations build
        assertFalse(
                bare().without(Behavior.TIMEOUT, "the toy never waits").build().expects(Behavior.TIMEOUT));
    }

    @Test
    void aBehaviourADeclaredCapabilityImpliesCannotBeDeclaredAbsent() {
        ToyDriver.facets = true;
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalStateException.class,
                () -> bare().without(Behavior.VECTOR_SEARCH, "no vectors today").build());
        assertTrue(e.getMessage().contains("declares VECTOR_SEARCHER, which implies VECTOR_SEARCH"), e.getMessage());
    }

    @Test
    void implicationsAreFollowed() {
        // a capability not declared makes its behaviour absent, a declared one expects it
        Fixture plain = bare().build();
        assertFalse(plain.expects(Behavior.VECTOR_SEARCH));
        assertEquals(
                "implied: the driver does not declare VECTOR_SEARCHER",
                plain.absent().get(Behavior.VECTOR_SEARCH));
        assertTrue(plain.expects(Behavior.READ_ONLY), "the toy declares READ_ONLY");
        ToyDriver.facets = true;
        assertTrue(bare().build().expects(Behavior.VECTOR_SEARCH));
        ToyDriver.facets = false;
        ToyDriver.flaws = EnumSet.of(Flaw.NO_GUARD);
        assertFalse(bare().build().expects(Behavior.READ_ONLY), "no READ_ONLY declared, no guard expected");
        ToyDriver.flaws = EnumSet.noneOf(Flaw.class);
        // a behaviour that requires an absent one is absent with it; the language decides SCHEMA
        assertEquals("implied: a fixture of the OTHER language", plain.absent().get(Behavior.SCHEMA));
        assertEquals("implied: SCHEMA is absent", plain.absent().get(Behavior.FOREIGN_KEYS));
        Fixture sql = bare().sql(dev.tobira.spi.SqlDialect.ANSI)
                .without(Behavior.SCHEMA, "no catalog")
                .build();
        assertFalse(sql.expects(Behavior.FOREIGN_KEYS));
        assertEquals("no catalog", sql.absent().get(Behavior.SCHEMA));
        assertTrue(bare().sql(dev.tobira.spi.SqlDialect.ANSI).build().expects(Behavior.FOREIGN_KEYS));
        // strict mode is a behaviour too: absent only with a reason
        assertFalse(bare().without(Behavior.STRICT, "in development").build().strict());
        assertTrue(plain.strict());
    }

    @Test
    void theReportListsEveryAbsenceWithItsReason() throws IOException {
        Events tests = run(selectMethod(ToyConformance.class, "contractBehaviors"));
        assertEquals(0, tests.failed().count(), () -> "failed: " + failed(tests));
        assertTrue(
                passed(tests)
                        .contains("VECTOR_SEARCH is absent (implied: the driver does not declare VECTOR_SEARCHER)"),
                passed(tests).toString());
        JsonNode report = report();
        Map<String, String> absent = new java.util.LinkedHashMap<>();
        report.get("absent")
                .forEach(a -> absent.put(
                        a.get("kind").asText() + " " + a.get("name").asText(),
                        a.get("reason").asText()));
        assertEquals("a toy command has no placeholders", absent.get("behavior PARAMETERS"), absent.toString());
        assertEquals("implied: SCHEMA is absent", absent.get("behavior FOREIGN_KEYS"), absent.toString());
        assertEquals("the toy has no administrative command", absent.get("family ADMIN"), absent.toString());
        assertEquals("expected", report.get("behaviors").get("STRICT").asText());
    }

    @Test
    void anExpectedBehaviourWithoutItsCaseFails() {
        ToyConformance.parametersAbsent = false;
        assertEquals(Set.of("PARAMETERS works"), failed(run(selectMethod(ToyConformance.class, "contractBehaviors"))));
        ToyConformance.parametersAbsent = true;
        ToyDriver.facets = true;
        ToyConformance.vectorCase = false;
        assertEquals(
                Set.of("VECTOR_SEARCH works"), failed(run(selectMethod(ToyConformance.class, "contractBehaviors"))));
    }

    @Test
    void anUndeclaredMutatingFacetFailsTheReadOnlyFacetCheck() {
        ToyDriver.flaws = EnumSet.of(Flaw.UNDECLARED_EXPORTER_IN_AS);
        assertEquals(
                Set.of(
                        "exporter: not declared, so absent",
                        "read-only connection: no mutating facet is declared, and neither connection offers one"),
                failed(run(selectMethod(ToyConformance.class, "capabilities"))));
    }

    @Test
    void nonStrictModeRecordsInsteadOfFailing() throws IOException {
        ToyDriver.flaws = EnumSet.of(Flaw.GUARD_OFF);
        ToyConformance.strict = false;
        Events tests = run(selectMethod(ToyConformance.class, "guardWriteProbes"));
        assertEquals(0, tests.failed().count(), () -> "failed: " + failed(tests));
        JsonNode report = report();
        assertEquals(false, report.get("strict").asBoolean());
        assertTrue(
                report.get("totals").get("violations").asInt() >= 8,
                report.get("totals").toString());
        // recorded instead of failed, but still counted as the failed tests they are
        JsonNode totals = report.get("totals");
        assertTrue(totals.get("testsFailed").asInt() >= 11, totals.toString());
        assertEquals(
                totals.get("testsFailed").asInt(),
                totals.get("testsFailedNonStrict").asInt(),
                totals.toString());

        // the summing-up check cannot pass beside them: in non-strict mode it is aborted, never passed
        Events withMinimum = run(
                selectMethod(ToyConformance.class, "guardWriteProbes"),
                selectMethod(ToyConformance.class, "guardMinimum"));
        assertEquals(0, withMinimum.failed().count(), () -> "failed: " + failed(withMinimum));
        assertEquals(Set.of("guard: enough probes proven and refused"), skipped(withMinimum));
        assertFalse(passed(withMinimum).contains("guard: enough probes proven and refused"));
    }

    @Test
    void violationsAreFailedTestsInTheTotalsAndSayWhatChangedInAFewLines() throws IOException {
        ToyDriver.flaws = EnumSet.of(Flaw.GUARD_OFF);
        Events tests = run(
                selectMethod(ToyConformance.class, "guardWriteProbes"),
                selectMethod(ToyConformance.class, "guardMinimum"));
        JsonNode totals = report().get("totals");
        assertEquals(tests.failed().count(), totals.get("testsFailed").asLong(), totals.toString());
        assertTrue(totals.get("testsFailed").asInt() >= 12, totals.toString());
        assertEquals(0, totals.get("testsPassed").asInt() - tests.succeeded().count(), totals.toString());
        Throwable failure = tests.failed().stream()
                .filter(e -> e.getTestDescriptor().getDisplayName().startsWith("del: "))
                .findFirst()
                .orElseThrow()
                .getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable)
                .orElseThrow();
        String message = failure.getMessage();
        assertTrue(
                message.startsWith("del [read-only connection]: let through, expected READ_ONLY but got OK"), message);
        assertTrue(message.contains("the fingerprint changed: \""), message);
        assertTrue(message.contains("del [readOnly query on a writable connection]: "), message);
        assertTrue(message.lines().count() <= 4, message);
        assertEquals(0, failure.getStackTrace().length, "a guard failure carries no stack trace, only its message");
    }

    @Test
    void aFamilyTheLanguageHasNeedsAProvenProbeOrAReason() {
        ToyConformance.explainUncovered = false;
        Events tests = run(
                selectMethod(ToyConformance.class, "guardWriteProbes"),
                selectMethod(ToyConformance.class, "guardMinimum"));
        assertEquals(Set.of("guard: enough probes proven and refused"), failed(tests));
        String message = tests.failed().stream()
                .findFirst()
                .orElseThrow()
                .getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable)
                .map(Throwable::getMessage)
                .orElse("");
        assertTrue(message.contains("OTHER has the families [ADMIN]"), message);
    }

    @Test
    void aBehaviourDeclaredAbsentIsCheckedAbsent() {
        Events sound = run(selectMethod(ToyConformance.class, "contractBehaviors"));
        assertEquals(0, sound.failed().count(), () -> "failed: " + failed(sound));
        assertTrue(
                passed(sound).contains("PARAMETERS is absent (a toy command has no placeholders)"),
                passed(sound).toString());
        ToyDriver.flaws = EnumSet.of(Flaw.IGNORES_PARAMETERS);
        assertEquals(
                Set.of("PARAMETERS is absent (a toy command has no placeholders)"),
                failed(run(selectMethod(ToyConformance.class, "contractBehaviors"))));
    }

    @Test
    void aGuardThatRefusesEverythingFails() {
        ToyDriver.flaws = EnumSet.of(Flaw.GUARD_ALL);
        Events tests = run(
                selectMethod(ToyConformance.class, "guardSafeReads"),
                selectMethod(ToyConformance.class, "guardReadOnlyOpen"));
        assertEquals(
                Set.of(
                        "get: GET customer:1",
                        "get.key-named-set: GET SET",
                        "guard: read-only open is honoured, or refused with UNSUPPORTED when READ_ONLY is not declared"),
                failed(tests));
    }

    @Test
    void aProbeThatDoesNotWriteIsReportedBroken() throws IOException {
        ToyConformance.brokenProbe = true;
        Events tests = run(selectMethod(ToyConformance.class, "guardWriteProbes"));
        assertEquals(Set.of("not-a-write: GET customer:1"), failed(tests));
        assertEquals(1, report().get("totals").get("broken").asInt());
    }

    @Test
    void aBufferedResultFailsTheStreamingCheck() {
        ToyDriver.flaws = EnumSet.of(Flaw.BUFFERED);
        assertEquals(
                Set.of("contract: a 100,000-row result streams"),
                failed(run(selectMethod(ToyConformance.class, "contractStreams"))));
    }

    @Test
    void aTimeoutOfTheWrongKindFails() {
        ToyDriver.flaws = EnumSet.of(Flaw.TIMEOUT_AS_INTERNAL);
        assertEquals(
                Set.of("contract: a timeout bounds a slow query"),
                failed(run(selectMethod(ToyConformance.class, "contractTimeout"))));
    }

    @Test
    void aCloseThatDoesNotCloseFailsAndLeaks() {
        ToyDriver.flaws = EnumSet.of(Flaw.CLOSE_DOES_NOTHING);
        Events tests = run(
                selectMethod(ToyConformance.class, "contractUseAfterClose"),
                selectMethod(ToyConformance.class, "contractPing"));
        assertEquals(
                Set.of(
                        "contract: close is idempotent, and use after close is IllegalStateException",
                        "contract: ping, info, name and schemes"),
                failed(tests));
    }

    @Test
    void aMessageWithoutTheDriverNameFails() {
        ToyDriver.flaws = EnumSet.of(Flaw.NO_PREFIX);
        assertEquals(
                Set.of("contract: a syntax error is SYNTAX, and messages start with the driver name"),
                failed(run(selectMethod(ToyConformance.class, "contractSyntaxError"))));
    }

    @Test
    void anUndeclaredFacetFails() {
        ToyDriver.flaws = EnumSet.of(Flaw.UNDECLARED_BROWSER);
        assertEquals(
                Set.of(
                        "a writable connection offers exactly declared() minus READ_ONLY",
                        "browser: not declared, so absent"),
                failed(run(selectMethod(ToyConformance.class, "capabilities"))));
    }

    @Test
    void aDriverWithoutAGuardMustRefuseReadOnlyConnections() {
        ToyDriver.flaws = EnumSet.of(Flaw.NO_GUARD);
        Events sound = run(selectClass(ToyConformance.class));
        assertEquals(0, sound.failed().count(), () -> "failed: " + failed(sound));
        // nothing is skipped: where there is no guard to attack, each guard check proves read-only is refused
        assertEquals(0, sound.skipped().count() + sound.aborted().count(), () -> "skipped: " + skipped(sound));
        Set<String> noGuard = Set.of(
                "guard: read-only open is honoured, or refused with UNSUPPORTED when READ_ONLY is not declared",
                "write probes: READ_ONLY is not declared, so opening read-only fails with UNSUPPORTED",
                "safe reads: READ_ONLY is not declared, so opening read-only fails with UNSUPPORTED",
                "DSN attacks: READ_ONLY is not declared, so opening read-only fails with UNSUPPORTED",
                "server code: READ_ONLY is not declared, so opening read-only fails with UNSUPPORTED",
                "guard: enough probes proven and refused",
                "READ_ONLY is absent (implied: the driver does not declare READ_ONLY)");
        assertTrue(passed(sound).containsAll(noGuard), passed(sound).toString());

        ToyDriver.flaws = EnumSet.of(Flaw.NO_GUARD_BUT_OPENS);
        assertEquals(noGuard, failed(run(selectClass(ToyConformance.class))));
    }

    private static Events run(DiscoverySelector... selectors) {
        return EngineTestKit.engine("junit-jupiter")
                .selectors(selectors)
                .execute()
                .testEvents();
    }

    private static Set<String> passed(Events tests) {
        return tests.succeeded().stream()
                .map(e -> e.getTestDescriptor().getDisplayName())
                .collect(Collectors.toCollection(HashSet::new));
    }

    private static Set<String> skipped(Events tests) {
        return Stream.concat(tests.skipped().stream(), tests.aborted().stream())
                .map(e -> e.getTestDescriptor().getDisplayName())
                .collect(Collectors.toCollection(HashSet::new));
    }

    private static Set<String> failed(Events tests) {
        return tests.failed().stream()
                .map(e -> e.getTestDescriptor().getDisplayName())
                .collect(Collectors.toCollection(HashSet::new));
    }

    private static List<String> names(JsonNode array) {
        List<String> names = new java.util.ArrayList<>();
        array.forEach(n -> names.add(n.asText()));
        return names;
    }

    private static JsonNode report() throws IOException {
        return new ObjectMapper()
                .readTree(Path.of("target", "tobira-conformance", "toy.json").toFile());
    }
}
