package dev.tobira.driver.bigquery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Explainer;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.driver.bigquery.fake.FakeBigQuery;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The guard's two layers against the fake, with its request log as the witness: a text either
 * layer refuses never becomes a job, the dry run alone refuses what the lexical layer would, and
 * the job a read runs carries the bytes cap and the read-only label.
 */
class GuardTest {
    private static final List<String> WRITES = List.of(
            "DELETE FROM orders WHERE true",
            "BEGIN DELETE FROM orders WHERE true; END",
            "DECLARE n INT64 DEFAULT 1",
            "EXPORT DATA OPTIONS(uri='gs://b/x-*.csv', format='CSV') AS SELECT * FROM orders",
            "CALL shop.purge_orders()",
            "EXECUTE IMMEDIATE 'DELETE FROM orders WHERE true'",
            "CREATE SCHEMA probe_ds",
            "TRUNCATE TABLE orders",
            "SELECT 1; DELETE FROM orders WHERE true",
            "GRANT `roles/bigquery.dataViewer` ON SCHEMA shop TO \"user:m@example.com\"",
            "IF true THEN DELETE FROM orders WHERE true; END IF",
            "LOOP DELETE FROM orders WHERE true; BREAK; END LOOP",
            "FOR r IN (SELECT 1 AS x) DO DELETE FROM orders WHERE true; END FOR",
            "WHILE true DO DELETE FROM orders WHERE true; END WHILE");

    private static FakeBigQuery fake;
    private static Shop shop;

    @BeforeAll
    static void start() throws IOException {
        fake = FakeBigQuery.start();
        shop = new Shop(fake);
    }

    @AfterAll
    static void stop() {
        fake.close();
    }

    @BeforeEach
    void seed() {
        shop.seed();
        fake.clearRequests();
        fake.clearFailures();
    }

    private static Conn open(BigQueryDriver driver, boolean readOnly, String extra) {
        return driver.open(ConnConfig.of(fake.dsn(extra)).withReadOnly(readOnly));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13})
    void theLexicalLayerRefusesBeforeAnyRequest(int i) {
        String before = shop.fingerprint();
        try (Conn conn = open(new BigQueryDriver(), true, "")) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of(WRITES.get(i))).close());
            // issue 29: several statements (a script among them) are refused as such, before what they are
            boolean several = ReadOnlyGuard.scan(WRITES.get(i)).statementCount() > 1;
            assertEquals(several ? ErrorKind.SYNTAX : ErrorKind.READ_ONLY, e.kind(), e.getMessage());
        }
        assertEquals(List.of(), fake.requests(), "the lexical layer sent nothing, not even a dry run");
        assertEquals(before, shop.fingerprint());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13})
    void theDryRunAloneRefusesWhatTheLexicalLayerWould(int i) {
        String before = shop.fingerprint();
        try (Conn conn = open(new BigQueryDriver(false), true, "")) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of(WRITES.get(i))).close());
            assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
            assertTrue(e.getMessage().contains("dry run reports a "), e.getMessage());
        }
        assertEquals(
                1,
                fake.requests().stream().filter(FakeBigQuery.Request::isDryRun).count(),
                "one dry run");
        assertEquals(List.of(), fake.realJobs(), "no job ran");
        assertEquals(before, shop.fingerprint());
    }

    @Test
    void theLexicalLayerKnowsFunctionsFromStatements() {
        ReadOnlyGuard guard = new ReadOnlyGuard(true);
        guard.checkText("SELECT REPEAT('ab', 2) AS s, IF(true, 1, 2) AS i");
        DriverException e = assertThrows(
                DriverException.class,
                () -> guard.checkText("SELECT * FROM EXTERNAL_QUERY('p.us.pg', 'DELETE FROM t RETURNING 1')"));
        assertEquals(ErrorKind.READ_ONLY, e.kind());
        assertEquals(
                "bigquery: query: EXTERNAL_QUERY() is not allowed on a read-only connection: read-only violation",
                e.getMessage());
        DriverException loop = assertThrows(
                DriverException.class,
                () -> guard.checkText("REPEAT DELETE FROM orders WHERE true; UNTIL true END REPEAT"));
        assertEquals(ErrorKind.SYNTAX, loop.kind(), loop.getMessage());
        assertEquals("bigquery: query: multiple statements are not supported yet: invalid query", loop.getMessage());
        DriverException raise = assertThrows(DriverException.class, () -> guard.checkText("RAISE USING MESSAGE = 'x'"));
        assertEquals(ErrorKind.READ_ONLY, raise.kind(), "one script statement stays a script: " + raise.getMessage());
    }

    @Test
    void theDryRunNamesTheStatementType() {
        try (Conn conn = open(new BigQueryDriver(false), true, "")) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of("SELECT 1; DELETE FROM orders")).close());
            assertTrue(e.getMessage().contains("SCRIPT statement"), e.getMessage());
            e = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of("EXPORT DATA OPTIONS(uri='gs://b/*') AS SELECT 1"))
                            .close());
            assertTrue(e.getMessage().contains("EXPORT_DATA statement"), e.getMessage());
        }
    }

    @Test
    void aReadRunsOneJobWithTheCapAndTheReadOnlyLabel() {
        try (Conn conn = open(new BigQueryDriver(), true, "");
                ResultSet rs = conn.query(Query.of("SELECT name FROM `tobira-test.shop.customers` WHERE id = 1")
                        .withTimeout(Duration.ofSeconds(30)))) {
            assertEquals(Value.of("Ada Lovelace"), rs.next().get(0));
        }
        List<FakeBigQuery.Request> jobs = fake.realJobs();
        assertEquals(1, jobs.size(), "one job");
        String body = jobs.get(0).body().replace(" ", "");
        assertTrue(body.contains("\"maximumBytesBilled\":\"" + Target.DEFAULT_MAX_BYTES_BILLED + "\""), body);
        assertTrue(body.contains("\"labels\":{\"tobira\":\"read-only\"}"), body);
        assertTrue(body.contains("\"jobTimeoutMs\":\""), body);
        int dry = indexOf(fake.requests(), FakeBigQuery.Request::isDryRun);
        int real = indexOf(fake.requests(), FakeBigQuery.Request::isRealJob);
        assertTrue(dry >= 0 && dry < real, "the dry run came first");
    }

    @Test
    void aCallOutOfTimeBeforeItsFirstRequestSendsNothingAndCancelsNoJob() {
        try (Conn conn = open(new BigQueryDriver(), true, "")) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of("SELECT 1").withTimeout(Duration.ofNanos(1)))
                            .close());
            assertEquals(ErrorKind.TIMEOUT, e.kind());
            assertTrue(e.getMessage().contains("the call ran past its timeout"), e.getMessage());
            assertFalse(e.getMessage().contains("cancelled"), "no job ran, so none was cancelled: " + e.getMessage());
        }
        assertEquals(List.of(), fake.requests(), "not even a dry run");
    }

    @Test
    void aWritableJobIsLabelledWritableAndCapped() {
        try (Conn conn = open(new BigQueryDriver(), false, "&maxBytesBilled=987654321");
                ResultSet rs = conn.query(Query.of("DELETE FROM orders WHERE id = 1"))) {
            assertFalse(rs.hasNext());
            assertEquals(1, rs.stats().rowsAffected().orElseThrow());
        }
        String body = fake.realJobs().get(0).body().replace(" ", "");
        assertTrue(body.contains("\"maximumBytesBilled\":\"987654321\""), body);
        assertTrue(body.contains("\"tobira\":\"writable\""), body);
        assertEquals(
                0,
                fake.requests().stream().filter(FakeBigQuery.Request::isDryRun).count(),
                "a write has no dry run");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT '''x; delete from orders; drop table customers''' AS s",
                "SELECT \"\"\"a\n;\ndelete\"\"\" AS s",
                "SELECT r'\\'; delete from orders' AS s",
                "SELECT b'; drop table orders' AS s",
                "SELECT `delete`.id FROM shop.orders AS `delete` WHERE `delete`.id = 1",
                "# delete from orders;\nSELECT 1 AS x",
                "SELECT 1 AS x -- ; delete from orders",
                "SELECT 1 AS x /* ; delete */",
                "WITH c AS (SELECT id FROM customers) SELECT COUNT(*) AS n FROM c",
            })
    void safeReadsRun(String text) {
        try (Conn conn = open(new BigQueryDriver(), true, "");
                ResultSet rs = conn.query(Query.of(text))) {
            assertTrue(rs.hasNext(), text);
            rs.next();
        }
        assertEquals(1, fake.realJobs().size());
    }

    @Test
    void anExplainOfAWriteRunsNothing() {
        String before = shop.fingerprint();
        try (Conn conn = open(new BigQueryDriver(), false, "")) {
            List<String> facts = new ArrayList<>();
            try (ResultSet rs = conn.query(Query.of("EXPLAIN DELETE FROM orders WHERE true"))) {
                rs.forEachRemaining(r -> facts.add(r.get(0) + "=" + r.get(1)));
            }
            assertTrue(facts.contains("statementType=DELETE"), facts.toString());
            Explainer.Plan plan = conn.as(Explainer.class).orElseThrow().explain(Query.of("SELECT * FROM orders"));
            assertTrue(plan.text().contains("statementType: SELECT"), plan.text());
            assertTrue(plan.text().contains("referencedTables: tobira-test.shop.orders"), plan.text());
            assertTrue(plan.text().contains("totalBytesProcessed: 280"), plan.text()); // 7 rows x 5 columns x 8
        }
        assertEquals(List.of(), fake.realJobs(), "an explain is a dry run only");
        assertEquals(before, shop.fingerprint());
        try (Conn ro = open(new BigQueryDriver(false), true, "")) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> ro.as(Explainer.class).orElseThrow().explain(Query.of("DELETE FROM orders WHERE true")));
            assertEquals(ErrorKind.READ_ONLY, e.kind());
        }
    }

    @Test
    void theDryRunRefusesAReadAboveTheCapBeforeAnyJob() {
        try (Conn conn = open(new BigQueryDriver(), true, "&maxBytesBilled=100")) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of("SELECT * FROM orders")).close());
            assertEquals(ErrorKind.PERMISSION, e.kind(), e.getMessage());
            assertTrue(
                    e.getMessage().contains("estimates 280 bytes processed, above the cap of 100 bytes"),
                    e.getMessage());
        }
        assertEquals(List.of(), fake.realJobs());
    }

    @Test
    void theServerRefusesAJobThatWouldBillAboveTheCap() {
        // 280 bytes processed pass the dry-run check; BigQuery bills at least 10 MiB, above the cap
        try (Conn conn = open(new BigQueryDriver(), true, "&maxBytesBilled=1000")) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of("SELECT * FROM orders")).close());
            assertEquals(ErrorKind.PERMISSION, e.kind(), e.getMessage());
            assertTrue(e.getMessage().contains("bytesBilledLimitExceeded"), e.getMessage());
            assertTrue(e.getMessage().endsWith("the bytes cap (maxBytesBilled) was exceeded"), e.getMessage());
        }
        assertEquals(1, fake.realJobs().size());
    }

    @Test
    void parametersTravelAsTypedQueryParameters() {
        try (Conn conn = open(new BigQueryDriver(), true, "");
                ResultSet rs = conn.query(Query.of("SELECT name FROM customers WHERE id = ? AND country = ?")
                        .withParams(Value.of(2), Value.of("US")))) {
            Row row = rs.next();
            assertEquals(Value.of("Grace Hopper"), row.get(0));
        }
        String body = fake.realJobs().get(0).body().replace(" ", "");
        assertTrue(body.contains("\"parameterMode\":\"POSITIONAL\""), body);
        assertTrue(
                body.contains("{\"parameterType\":{\"type\":\"INT64\"},\"parameterValue\":{\"value\":\"2\"}}"), body);
        assertTrue(body.contains("WHEREid=?ANDcountry=?"), "the text is sent as written: " + body);
    }

    private static int indexOf(
            List<FakeBigQuery.Request> requests, java.util.function.Predicate<FakeBigQuery.Request> p) {
        for (int i = 0; i < requests.size(); i++) {
            if (p.test(requests.get(i))) {
                return i;
            }
        }
        return -1;
    }
}
