package dev.tobira.driver.bigquery;

import static dev.tobira.drivertest.ProbeFamily.ADMIN;
import static dev.tobira.drivertest.ProbeFamily.ATTACH_EXTENSION;
import static dev.tobira.drivertest.ProbeFamily.COMMENT_TRICK;
import static dev.tobira.drivertest.ProbeFamily.DDL;
import static dev.tobira.drivertest.ProbeFamily.DML;
import static dev.tobira.drivertest.ProbeFamily.EXPLAIN_EXECUTES;
import static dev.tobira.drivertest.ProbeFamily.FILE_IO;
import static dev.tobira.drivertest.ProbeFamily.SESSION_SETTING;
import static dev.tobira.drivertest.ProbeFamily.SIDE_EFFECT_FUNCTION;
import static dev.tobira.drivertest.ProbeFamily.STACKING;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.Value;
import dev.tobira.driver.bigquery.fake.FakeBigQuery;
import dev.tobira.drivertest.BadInput;
import dev.tobira.drivertest.Behavior;
import dev.tobira.drivertest.DriverConformanceTest;
import dev.tobira.drivertest.Fixture;
import dev.tobira.drivertest.SafeRead;
import dev.tobira.drivertest.TypeCase;
import dev.tobira.drivertest.WriteProbe;
import dev.tobira.spi.SqlDialect;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The strict kit against the in-process fake BigQuery ({@link FakeBigQuery}), in GoogleSQL: the
 * built-in SQL catalogue and BigQuery's own writes (TRUNCATE, backtick paths, triple-quoted and
 * {@code #}-commented texts, EXECUTE IMMEDIATE, CALL, EXPORT DATA, CREATE SCHEMA and VIEW, GRANT
 * and REVOKE) are proven on a writable connection, where the fake's state really changes, and
 * refused read-only. The same driver without its lexical layer (the test-only seam) shows what
 * the dry run stops on its own.
 */
class BigQueryConformanceTest extends DriverConformanceTest {
    /** EXPORT DATA writes here, into the fake's bucket, which the fingerprint shows. */
    private static final String EXPORT_URI = "gs://tobira-probe/orders-*.csv";

    @Override
    protected Fixture fixture() {
        FakeBigQuery fake;
        try {
            fake = FakeBigQuery.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Shop shop = new Shop(fake);
        shop.seed();
        return Fixture.builder(new BigQueryDriver())
                .writable(ConnConfig.of(fake.dsn("")))
                .sql(SqlDialect.BIGQUERY)
                .seed(shop::seed)
                .fingerprint(shop::fingerprint)
                .nativeExecution(text -> {
                    fake.runScript(text);
                    return true;
                })
                .rows(n -> "SELECT x FROM UNNEST(GENERATE_ARRAY(1, " + n + ")) AS x")
                // 10^15 rows to count: on BigQuery a long scan, in the fake's SQLite it never ends
                .slow("SELECT COUNT(*) AS n FROM UNNEST(GENERATE_ARRAY(1, 100000)) AS a,"
                        + " UNNEST(GENERATE_ARRAY(1, 100000)) AS b, UNNEST(GENERATE_ARRAY(1, 100000)) AS c")
                .parameterQuery("SELECT ? AS v", Value.of("tobira"))
                .types(types())
                .probes(probes())
                .safeReads(
                        SafeRead.of("bigquery.triple-quoted-delete", "SELECT '''x; delete from orders''' AS s"),
                        SafeRead.of(
                                "bigquery.triple-double-quoted", "SELECT \"\"\"a\n; drop table orders\n\"\"\" AS s"),
                        SafeRead.of("bigquery.raw-string", "SELECT r'\\d+; delete from orders' AS s"),
                        SafeRead.of("bigquery.bytes-string", "SELECT b'delete' AS s"),
                        SafeRead.of(
                                "bigquery.backtick-path", "SELECT name FROM `tobira-test.shop.customers` WHERE id = 1"),
                        SafeRead.of("bigquery.backtick-dataset-table", "SELECT COUNT(*) AS n FROM `shop`.`orders`"),
                        SafeRead.of(
                                "bigquery.backtick-keyword-column",
                                "SELECT id AS `delete` FROM shop.orders ORDER BY id LIMIT 1"),
                        SafeRead.of("bigquery.hash-comment-drop", "# drop table customers\nSELECT 1 AS x"),
                        SafeRead.of(
                                "bigquery.double-quoted-string",
                                "SELECT id FROM orders WHERE status = \"insert into\""),
                        SafeRead.of("bigquery.escaped-quote", "SELECT 'it\\'s; truncate table orders' AS s"))
                .withoutProbe("bigquery.merge", "the fake's SQLite engine has no MERGE; on BigQuery it is a DML job")
                .without(
                        SESSION_SETTING,
                        "BigQuery has no session setting that makes a job writable: system variables"
                                + " (SET @@…) exist only inside scripts, which both guard layers refuse (probes bigquery.script-*)")
                .without(
                        EXPLAIN_EXECUTES,
                        "GoogleSQL has no EXPLAIN; this driver reads EXPLAIN as a dry run, which runs"
                                + " nothing (GuardTest: an EXPLAIN of a DELETE on a writable connection changes nothing)")
                .without(
                        ATTACH_EXTENSION,
                        "BigQuery has no extensions and nothing to attach; a dataset is created with"
                                + " CREATE SCHEMA (probe bigquery.create-schema, DDL)")
                .without(
                        Behavior.DECLARED_TYPES,
                        "the in-process fake stores its tables in SQLite: a declared-type table here"
                                + " would check the fake's own mapping, not BigQuery's")
                .withoutStatementCheck(new BigQueryDriver(false))
                .minimumProvenProbes(120)
                // the REST root on 127.0.0.1:port that accepts and never answers: open and query must end as TIMEOUT in
                // time
                .serverAt(port ->
                        ConnConfig.of(fake.dsn("").replaceFirst("endpoint=[^&]*", "endpoint=http://127.0.0.1:" + port)))
                .badInput(BadInput.builder()
                        .malformed(
                                "SELECT NUMERIC '1e99999' AS v",
                                "SELECT DATE '2026-13-45' AS v",
                                "SELECT b'\\xZZ' AS v",
                                "SELECT JSON '{' AS v",
                                "SELECT 1/0 AS v",
                                "SELECT @p AS v",
                                "SELECT ? AS v",
                                "SELECT `EXTERNAL\\x5fQUERY`('x', 'select 1') AS v",
                                "SELECT \"\"\"unterminated",
                                "SELECT " + "(".repeat(10_000) + "1" + ")".repeat(10_000) + " AS v")
                        .positions(
                                "SELECT ? AS v",
                                "SELECT name FROM shop.customers WHERE id = ?",
                                "SELECT id FROM shop.orders ORDER BY id LIMIT ?",
                                "SELECT [?] AS v")
                        .build())
                .onClose(fake)
                .build();
    }

    private static List<TypeCase> types() {
        Map<String, Value> struct = new LinkedHashMap<>();
        struct.put("a", Value.of(1));
        struct.put("b", Value.of("x"));
        return List.of(
                TypeCase.of("SELECT 42 AS v", Value.of(42)),
                TypeCase.of("SELECT 2.5 AS v", Value.of(2.5)),
                TypeCase.of("SELECT NUMERIC '12.50' AS v", Value.of(new BigDecimal("12.5"))),
                TypeCase.of(
                        "SELECT BIGNUMERIC '123456789012345678901234567890.5' AS v",
                        Value.of(new BigDecimal("123456789012345678901234567890.5"))),
                TypeCase.of("SELECT TRUE AS v", Value.of(true)),
                TypeCase.of("SELECT 'tobira' AS v", Value.of("tobira")),
                TypeCase.of("SELECT '''semi;colon''' AS v", Value.of("semi;colon")),
                TypeCase.of("SELECT r'\\d+' AS v", Value.of("\\d+")),
                TypeCase.of("SELECT b'\\x00\\x01ok' AS v", Value.of(new byte[] {0, 1, 'o', 'k'})),
                TypeCase.of("SELECT DATE '2026-10-21' AS v", Value.of(LocalDate.of(2026, 10, 21))),
                TypeCase.of("SELECT TIME '12:34:56' AS v", Value.of(LocalTime.of(12, 34, 56))),
                TypeCase.of(
                        "SELECT DATETIME '2026-10-21 12:34:56' AS v",
                        Value.of(LocalDateTime.of(2026, 10, 21, 12, 34, 56))),
                TypeCase.of(
                        "SELECT TIMESTAMP '2026-10-21 12:34:56.123456+00' AS v",
                        Value.of(Instant.parse("2026-10-21T12:34:56.123456Z"))),
                TypeCase.of("SELECT JSON '{\"a\": [1, 2]}' AS v", new Value.Json("{\"a\":[1,2]}")),
                TypeCase.of("SELECT [1, 2, 3] AS v", new Value.Array(List.of(Value.of(1), Value.of(2), Value.of(3)))),
                TypeCase.of("SELECT STRUCT(1 AS a, 'x' AS b) AS v", new Value.Doc(struct)),
                TypeCase.of("SELECT ST_GEOGPOINT(1, 2) AS v", Value.of("POINT(1 2)")),
                TypeCase.of("SELECT NULL AS v", Value.NULL));
    }

    private static List<WriteProbe> probes() {
        return List.of(
                WriteProbe.of("bigquery.truncate", DML, "TRUNCATE TABLE orders"),
                WriteProbe.of("bigquery.delete-where-true", DML, "DELETE FROM orders WHERE true"),
                WriteProbe.of(
                        "bigquery.update-backtick-path",
                        DML,
                        "UPDATE `tobira-test.shop.customers` SET name = 'x' WHERE id = 1"),
                WriteProbe.of(
                        "bigquery.insert-dataset-qualified",
                        DML,
                        "INSERT INTO shop.orders (id, customer_id, total_cents,"
                                + " status, created_at) VALUES (8, 1, 1, 'paid', '2026-10-27')"),
                WriteProbe.of("bigquery.delete-triple-quoted", DML, "DELETE FROM orders WHERE status = '''paid'''"),
                WriteProbe.of(
                        "bigquery.merge",
                        DML,
                        "MERGE shop.orders t USING (SELECT 1 AS id) s ON t.id = s.id" + " WHEN MATCHED THEN DELETE"),
                WriteProbe.of("bigquery.create-or-replace-table", DDL, "CREATE OR REPLACE TABLE shop.orders (x INT64)"),
                WriteProbe.of("bigquery.create-view", DDL, "CREATE VIEW shop.probe_v AS SELECT 1 AS x"),
                WriteProbe.of("bigquery.drop-table-backtick", DDL, "DROP TABLE `tobira-test.shop.orders`"),
                WriteProbe.of("bigquery.alter-drop-column", DDL, "ALTER TABLE customers DROP COLUMN email"),
                WriteProbe.of("bigquery.create-schema", DDL, "CREATE SCHEMA probe_ds"),
                WriteProbe.of("bigquery.hash-comment", COMMENT_TRICK, "# select 1\nDELETE FROM orders WHERE true"),
                WriteProbe.of(
                        "bigquery.hash-comment-hides-stack",
                        COMMENT_TRICK,
                        "SELECT 1 # ;\n; DELETE FROM orders WHERE true"),
                WriteProbe.of(
                        "bigquery.triple-quote-hides-stack",
                        STACKING,
                        "SELECT '''a;''' AS s; DELETE FROM orders WHERE true"),
                WriteProbe.of("bigquery.script-begin-end", STACKING, "BEGIN DELETE FROM orders WHERE true; END"),
                WriteProbe.of(
                        "bigquery.script-declare",
                        STACKING,
                        "DECLARE n INT64 DEFAULT 1; DELETE FROM orders WHERE true"),
                WriteProbe.of(
                        "bigquery.execute-immediate",
                        SIDE_EFFECT_FUNCTION,
                        "EXECUTE IMMEDIATE 'DELETE FROM orders WHERE true'"),
                WriteProbe.of("bigquery.call-procedure", SIDE_EFFECT_FUNCTION, "CALL shop.purge_orders()"),
                WriteProbe.of(
                        "bigquery.export-data",
                        FILE_IO,
                        "EXPORT DATA OPTIONS(uri='" + EXPORT_URI + "', format='CSV')" + " AS SELECT * FROM orders"),
                WriteProbe.of(
                        "bigquery.grant",
                        ADMIN,
                        "GRANT `roles/bigquery.dataViewer` ON SCHEMA shop" + " TO \"user:mallory@example.com\""));
    }
}
