package dev.tobira.driver.duckdb;

import static dev.tobira.drivertest.ProbeFamily.ADMIN;
import static dev.tobira.drivertest.ProbeFamily.ATTACH_EXTENSION;
import static dev.tobira.drivertest.ProbeFamily.DDL;
import static dev.tobira.drivertest.ProbeFamily.DML;
import static dev.tobira.drivertest.ProbeFamily.EXPLAIN_EXECUTES;
import static dev.tobira.drivertest.ProbeFamily.FILE_IO;
import static dev.tobira.drivertest.ProbeFamily.SESSION_SETTING;
import static dev.tobira.drivertest.ProbeFamily.SIDE_EFFECT_FUNCTION;
import static dev.tobira.drivertest.ProbeFamily.STACKING;
import static dev.tobira.drivertest.ProbeFamily.WRITABLE_CTE;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.Value;
import dev.tobira.drivertest.BadInput;
import dev.tobira.drivertest.Behavior;
import dev.tobira.drivertest.DriverConformanceTest;
import dev.tobira.drivertest.Evidence;
import dev.tobira.drivertest.Fixture;
import dev.tobira.drivertest.SafeRead;
import dev.tobira.drivertest.TypeCase;
import dev.tobira.drivertest.WriteProbe;
import dev.tobira.spi.SqlDialect;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The conformance kit, strict, against DuckDB: the shop in two temp files seeded alike (see
 * {@link DuckdbFixture} for why two), with DuckDB's own write probes on top of the built-in
 * catalogue, each proven on a writable connection by the fingerprint or by its side effect (a
 * file, a directory, a setting, an emptied write-ahead log).
 */
class DuckdbConformanceTest extends DriverConformanceTest {
    final DuckdbFixture fixture = new DuckdbFixture();

    @Override
    protected Fixture fixture() {
        return Fixture.builder(new DuckdbDriver())
                .writable(ConnConfig.of(fixture.dsn()))
                .readOnly(ConnConfig.of(fixture.readOnlyDsn()).withReadOnly(true))
                .sql(SqlDialect.DUCKDB)
                .seed(fixture::seed)
                .fingerprint(fixture::fingerprint)
                .nativeExecution(fixture::executeNatively)
                .rows(n -> "select i from range(" + n + ") t(i)")
                // far longer than any test waits: only a timeout or a cancel ends it
                .slow("select count(*) from range(1000000000000000) t(i) where i % 7 = 3")
                .minimumProvenProbes(250)
                .types(types())
                .probes(probes())
                .safeReads(reads())
                .declaredTypes(declaredTypes())
                .withoutStatementCheck(new DuckdbWithoutStatementCheck())
                .without(Behavior.NETWORK, "DuckDB is an embedded engine: a file, no server to be silent")
                .badInput(BadInput.builder()
                        .malformed(
                                "select '{'::json",
                                "select 'x'::date",
                                "select [1, 2][",
                                "select {'a': }",
                                "select 'x'::uuid",
                                "select '\\xZZ'::blob",
                                "select 1e999999::double",
                                "select 9223372036854775807::bigint + 1",
                                "select $1")
                        .positions(
                                "select ?",
                                "select name from customers where id = ?",
                                "select id from orders order by id limit ?",
                                "select ?::json",
                                "select [?]")
                        .build())
                .onClose(fixture::close)
                .build();
    }

    private static Map<String, Value.Kind> declaredTypes() {
        Map<String, Value.Kind> t = new LinkedHashMap<>();
        t.put("numeric(10,2)", Value.Kind.DECIMAL);
        t.put("numeric", Value.Kind.DECIMAL);
        t.put("decimal(38,10)", Value.Kind.DECIMAL);
        t.put("integer", Value.Kind.INT);
        t.put("bigint", Value.Kind.INT);
        t.put("real", Value.Kind.FLOAT);
        t.put("double", Value.Kind.FLOAT);
        t.put("varchar", Value.Kind.TEXT);
        t.put("text", Value.Kind.TEXT);
        t.put("boolean", Value.Kind.BOOL);
        t.put("date", Value.Kind.DATE);
        t.put("timestamp", Value.Kind.DATETIME);
        t.put("timestamptz", Value.Kind.TIMESTAMP);
        t.put("blob", Value.Kind.BYTES);
        t.put("uuid", Value.Kind.UUID);
        return t;
    }

    private static List<TypeCase> types() {
        Map<String, Value> struct = new LinkedHashMap<>();
        struct.put("a", Value.of(1));
        struct.put("b", Value.of("x"));
        return List.of(
                TypeCase.of("select 42", Value.of(42)),
                TypeCase.of("select 9223372036854775807::bigint", Value.of(Long.MAX_VALUE)),
                TypeCase.of("select 4294967295::uinteger", Value.of(4294967295L)),
                TypeCase.of("select 18446744073709551615::ubigint", Value.of(new BigDecimal("18446744073709551615"))),
                TypeCase.of(
                        "select 170141183460469231731687303715884105727::hugeint",
                        Value.of(new BigDecimal("170141183460469231731687303715884105727"))),
                TypeCase.of(
                        "select 340282366920938463463374607431768211455::uhugeint",
                        Value.of(new BigDecimal("340282366920938463463374607431768211455"))),
                TypeCase.of("select 7::hugeint", Value.of(new BigDecimal(7))),
                TypeCase.of("select 123.45::decimal(10,2)", Value.of(new BigDecimal("123.45"))),
                TypeCase.of(
                        "select 123456789012345678901234567.891::decimal(38,3)",
                        Value.of(new BigDecimal("123456789012345678901234567.891"))),
                TypeCase.of("select 2.5::double", Value.of(2.5)),
                TypeCase.of("select 1.1::float", Value.of(1.1)),
                TypeCase.of("select true", Value.of(true)),
                TypeCase.of("select 'Grace Hopper, ''amazing'''", Value.of("Grace Hopper, 'amazing'")),
                TypeCase.of("select 'ツ ∑ 😀'", Value.of("ツ ∑ 😀")),
                TypeCase.of(
                        "select '\\xAA\\xBB\\x00'::blob", new Value.Bytes(new byte[] {(byte) 0xaa, (byte) 0xbb, 0})),
                TypeCase.of("select date '2024-02-29'", new Value.Date(LocalDate.of(2024, 2, 29))),
                TypeCase.of("select time '10:11:12.345'", new Value.Time(LocalTime.of(10, 11, 12, 345_000_000))),
                TypeCase.of(
                        "select timestamp '2024-01-02 10:11:12.123456'",
                        new Value.DateTime(LocalDateTime.of(2024, 1, 2, 10, 11, 12, 123_456_000))),
                TypeCase.of(
                        "select timestamp_ns '2024-01-02 10:11:12.123456789'",
                        new Value.DateTime(LocalDateTime.of(2024, 1, 2, 10, 11, 12, 123_456_789))),
                TypeCase.of(
                        "select timestamptz '2024-01-02 10:11:12+02'",
                        new Value.Timestamp(Instant.parse("2024-01-02T08:11:12Z"))),
                TypeCase.of(
                        "select uuid '550e8400-e29b-41d4-a716-446655440000'",
                        new Value.Uuid(UUID.fromString("550e8400-e29b-41d4-a716-446655440000"))),
                TypeCase.of("select interval '1 day 2 hours'", Value.of("1 day 02:00:00")),
                TypeCase.of("select [1, 2, 3]", new Value.Array(List.of(Value.of(1), Value.of(2), Value.of(3)))),
                TypeCase.of("select ['a', null]", new Value.Array(List.of(Value.of("a"), Value.NULL))),
                TypeCase.of("select [1, 2]::integer[2]", new Value.Array(List.of(Value.of(1), Value.of(2)))),
                TypeCase.of(
                        "select [[1], [2, 3]]",
                        new Value.Array(List.of(
                                new Value.Array(List.of(Value.of(1))),
                                new Value.Array(List.of(Value.of(2), Value.of(3)))))),
                TypeCase.of("select {'a': 1, 'b': 'x'}", new Value.Doc(struct)),
                TypeCase.of("select map {'k': 1}", new Value.Doc(Map.of("k", Value.of(1)))),
                TypeCase.of("select [{'a': 1}]", new Value.Array(List.of(new Value.Doc(Map.of("a", Value.of(1)))))),
                TypeCase.of("select '{\"a\": [1, 2]}'::json", new Value.Json("{\"a\":[1,2]}")),
                TypeCase.of("select 'hello'::enum('hello', 'world')", Value.of("hello")),
                TypeCase.of("select null", Value.NULL),
                TypeCase.of("select email from customers where id = 3", Value.NULL),
                TypeCase.of("select total_cents from orders where id = 5", Value.of(15000)),
                TypeCase.of("select created_at from customers where id = 1", Value.of("2026-09-02")));
    }

    // ---------------------------------------------------------------- evidence

    private Evidence fileEvidence(String name) {
        return Evidence.fileCreated(fixture.file(name));
    }

    /** An attached file: detached from the writable instance before it is deleted. */
    private Evidence attachedEvidence(String name, String alias) {
        Path file = fixture.file(name);
        return new Evidence() {
            @Override
            public void clear() {
                fixture.execute("DETACH DATABASE IF EXISTS " + alias);
                delete(file);
                delete(Path.of(file + ".wal"));
            }

            @Override
            public boolean observed() {
                return Files.exists(file);
            }
        };
    }

    /** A global setting, read on both instances; the probe sets it away from its default. */
    private Evidence settingEvidence(String setting) {
        return new Evidence() {
            private String cleared = "";

            @Override
            public void clear() {
                fixture.execute("RESET GLOBAL " + setting);
                cleared = fixture.settings(setting);
            }

            @Override
            public boolean observed() {
                return !fixture.settings(setting).equals(cleared);
            }
        };
    }

    /** A checkpoint empties the write-ahead log the seed filled; the logical state stays the same. */
    private Evidence checkpointEvidence() {
        return new Evidence() {
            private long cleared;

            @Override
            public void clear() {
                cleared = fixture.walSize();
            }

            @Override
            public boolean observed() {
                return fixture.walSize() < cleared;
            }
        };
    }

    private static void delete(Path path) {
        try {
            if (Files.isDirectory(path)) {
                try (Stream<Path> files = Files.walk(path)) {
                    files.sorted(Comparator.reverseOrder())
                            .forEach(p -> p.toFile().delete());
                }
            } else {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String path(String name) {
        return fixture.file(name).toString().replace("'", "''");
    }

    /**
     * The probes the kit also sends as generated variants (case, comments, white space, nesting):
     * one or two of each family. Each variant costs a seed and a proof, so the rest run as written,
     * next to the built-in catalogue whose probes all get variants.
     */
    private static final Set<String> VARIED = Set.of(
            "duckdb.insert-or-replace",
            "duckdb.upsert",
            "duckdb.merge",
            "duckdb.cte-delete",
            "duckdb.cte-insert-first",
            "duckdb.create-macro",
            "duckdb.create-sequence",
            "duckdb.nextval",
            "duckdb.copy-to",
            "duckdb.export-database",
            "duckdb.attach-file",
            "duckdb.set-threads",
            "duckdb.checkpoint",
            "duckdb.explain-analyze-delete");

    private List<WriteProbe> probes() {
        return allProbes().stream()
                .map(p -> VARIED.contains(p.name()) ? p : p.withoutVariants())
                .toList();
    }

    private List<WriteProbe> allProbes() {
        return List.of(
                // DML DuckDB has beyond the catalogue
                WriteProbe.of(
                        "duckdb.insert-or-replace",
                        DML,
                        "insert or replace into customers (id, name, country, created_at) values (1, 'x', 'GB', '2026')"),
                WriteProbe.of(
                        "duckdb.insert-or-ignore",
                        DML,
                        "insert or ignore into customers (id, name, country, created_at) values (99, 'x', 'GB', '2026')"),
                WriteProbe.of(
                        "duckdb.upsert",
                        DML,
                        "insert into customers (id, name, country, created_at) values (1, 'x', 'GB', '2026')"
                                + " on conflict (id) do update set name = excluded.name"),
                WriteProbe.of(
                        "duckdb.insert-by-name",
                        DML,
                        "insert into customers by name select 98 as id, 'x' as name, 'GB' as country, '2026' as created_at"),
                WriteProbe.of("duckdb.delete-returning", DML, "delete from orders returning id"),
                WriteProbe.of(
                        "duckdb.update-from",
                        DML,
                        "update orders set status = 'x' from customers where customers.id = orders.customer_id"),
                WriteProbe.of(
                        "duckdb.merge",
                        DML,
                        "merge into orders using (select 1 as id) s on orders.id = s.id when matched then delete"),
                WriteProbe.of("duckdb.truncate", DML, "truncate orders"),
                // writable CTEs DuckDB accepts: WITH before the write
                WriteProbe.of(
                        "duckdb.cte-delete",
                        WRITABLE_CTE,
                        "with x as (select 1 as id) delete from orders where id in (select id from x)"),
                WriteProbe.of(
                        "duckdb.cte-update",
                        WRITABLE_CTE,
                        "with x as (select 2 as id) update orders set status = 'x' where id in (select id from x)"),
                WriteProbe.of(
                        "duckdb.cte-insert-first",
                        WRITABLE_CTE,
                        "with w as (select 99 as id) insert into customers (id, name, country, created_at) select id, 'x', 'GB', '2026' from w"),
                WriteProbe.of(
                        "duckdb.recursive-cte-insert",
                        WRITABLE_CTE,
                        "with recursive r(n) as (select 97 union all select n + 1 from r where n < 98)"
                                + " insert into customers (id, name, country, created_at) select n, 'x', 'GB', '2026' from r"),
                // DDL: every kind of object the fingerprint sees
                WriteProbe.of("duckdb.create-sequence", DDL, "create sequence probe_s"),
                WriteProbe.of("duckdb.create-macro", DDL, "create macro probe_m(x) as x + 1"),
                WriteProbe.of(
                        "duckdb.create-table-macro", DDL, "create macro probe_tm() as table select * from customers"),
                WriteProbe.of("duckdb.create-or-replace-macro", DDL, "create or replace function probe_f(x) as x * 2"),
                WriteProbe.of("duckdb.create-view", DDL, "create view probe_v as select * from customers"),
                WriteProbe.of("duckdb.create-index", DDL, "create index probe_i on orders(status)"),
                WriteProbe.of("duckdb.create-type", DDL, "create type probe_mood as enum ('a', 'b')"),
                WriteProbe.of("duckdb.create-schema", DDL, "create schema probe_schema"),
                WriteProbe.of(
                        "duckdb.create-or-replace-table", DDL, "create or replace table orders as select 1 as id"),
                WriteProbe.of("duckdb.drop-sequence", DDL, "drop sequence order_numbers"),
                WriteProbe.of("duckdb.alter-set-default", DDL, "alter table orders alter status set default 'new'"),
                WriteProbe.of("duckdb.comment-on", DDL, "comment on table customers is 'probe'"),
                // side effects of a read
                WriteProbe.of("duckdb.nextval", SIDE_EFFECT_FUNCTION, "select nextval('order_numbers')"),
                WriteProbe.of(
                        "duckdb.nextval-in-where",
                        SIDE_EFFECT_FUNCTION,
                        "select id from customers where nextval('order_numbers') > 0"),
                WriteProbe.of("duckdb.nextval-quoted", SIDE_EFFECT_FUNCTION, "select \"nextval\"('order_numbers')"),
                // files: COPY, EXPORT DATABASE
                WriteProbe.of("duckdb.copy-to", FILE_IO, "copy orders to '" + path("copied.csv") + "'")
                        .provenBy(fileEvidence("copied.csv")),
                WriteProbe.of(
                                "duckdb.copy-query-to",
                                FILE_IO,
                                "copy (select * from customers) to '" + path("copied-q.parquet") + "' (format parquet)")
                        .provenBy(fileEvidence("copied-q.parquet")),
                WriteProbe.of("duckdb.copy-from", FILE_IO, "copy customers from '" + path("import.csv") + "'"),
                WriteProbe.of("duckdb.export-database", FILE_IO, "export database '" + path("exported") + "'")
                        .provenBy(fileEvidence("exported")),
                // other databases
                WriteProbe.of(
                                "duckdb.attach-file",
                                ATTACH_EXTENSION,
                                "attach '" + path("attached.duckdb") + "' as probe_db")
                        .provenBy(attachedEvidence("attached.duckdb", "probe_db")),
                WriteProbe.of(
                                "duckdb.attach-database-keyword",
                                ATTACH_EXTENSION,
                                "attach database '" + path("attached2.duckdb") + "' as probe_db2")
                        .provenBy(attachedEvidence("attached2.duckdb", "probe_db2")),
                WriteProbe.of("duckdb.attach-memory", ATTACH_EXTENSION, "attach ':memory:' as probe_mem"),
                // configuration
                WriteProbe.of("duckdb.set-threads", SESSION_SETTING, "set threads = 7")
                        .provenBy(settingEvidence("threads")),
                WriteProbe.of("duckdb.set-global-threads", SESSION_SETTING, "set global threads to 5")
                        .provenBy(settingEvidence("threads")),
                WriteProbe.of("duckdb.pragma-threads", SESSION_SETTING, "pragma threads = 3")
                        .provenBy(settingEvidence("threads")),
                WriteProbe.of("duckdb.set-memory-limit", SESSION_SETTING, "set memory_limit = '123MB'")
                        .provenBy(settingEvidence("memory_limit")),
                WriteProbe.of("duckdb.pragma-memory-limit", SESSION_SETTING, "pragma memory_limit = '99MB'")
                        .provenBy(settingEvidence("memory_limit")),
                WriteProbe.of("duckdb.set-default-order", SESSION_SETTING, "set default_order = 'desc'")
                        .provenBy(settingEvidence("default_order")),
                // persistence
                WriteProbe.of("duckdb.checkpoint", ADMIN, "checkpoint").provenBy(checkpointEvidence()),
                WriteProbe.of("duckdb.force-checkpoint", ADMIN, "force checkpoint")
                        .provenBy(checkpointEvidence()),
                WriteProbe.of("duckdb.call-checkpoint", ADMIN, "call checkpoint()")
                        .provenBy(checkpointEvidence()),
                WriteProbe.of("duckdb.select-checkpoint", ADMIN, "select * from force_checkpoint()")
                        .provenBy(checkpointEvidence()),
                WriteProbe.of("duckdb.checkpoint-database", ADMIN, "checkpoint shop")
                        .provenBy(checkpointEvidence()),
                // EXPLAIN ANALYZE runs its statement
                WriteProbe.of("duckdb.explain-analyze-delete", EXPLAIN_EXECUTES, "explain analyze delete from orders"),
                WriteProbe.of(
                        "duckdb.explain-analyze-options", EXPLAIN_EXECUTES, "explain (analyze) delete from orders"),
                // stacked behind what a read-only connection would accept or lift
                WriteProbe.of("duckdb.begin-delete-commit", STACKING, "begin transaction; delete from orders; commit"),
                WriteProbe.of("duckdb.set-then-delete", STACKING, "set threads = 1; delete from orders"),
                WriteProbe.of("duckdb.describe-then-delete", STACKING, "describe customers; delete from orders"),
                WriteProbe.of("duckdb.pragma-then-delete", STACKING, "pragma version; delete from orders"),
                WriteProbe.of("duckdb.dollar-quote-hides-stack", STACKING, "select $$;$$; delete from orders"),
                WriteProbe.of("duckdb.escape-string-hides-stack", STACKING, "select e'\\';'; delete from orders"));
    }

    private List<SafeRead> reads() {
        return List.of(
                SafeRead.of("duckdb.string-copy-to", "select 'copy orders to ''/tmp/x.csv''' as s"),
                SafeRead.of("duckdb.comment-attach", "select 1 as x /* attach 'x.duckdb' as y */"),
                SafeRead.of("duckdb.line-comment-install", "-- install httpfs; load httpfs\nselect 1 as x"),
                SafeRead.of("duckdb.from-first", "from customers"),
                SafeRead.of("duckdb.from-first-select", "from customers select name where id = 1"),
                SafeRead.of("duckdb.describe", "describe customers"),
                SafeRead.of("duckdb.describe-query", "describe select * from orders"),
                SafeRead.of("duckdb.summarize", "summarize customers"),
                SafeRead.of("duckdb.show-tables", "show tables"),
                SafeRead.of("duckdb.show-table", "show customers"),
                SafeRead.of("duckdb.table", "table customers"),
                SafeRead.of("duckdb.values", "values (1, 'delete from customers')"),
                SafeRead.of("duckdb.pragma-table-info", "pragma table_info('customers')"),
                SafeRead.of("duckdb.pragma-version", "pragma version"),
                SafeRead.of("duckdb.pragma-database-size", "pragma database_size"),
                SafeRead.of("duckdb.call-table-info", "call pragma_table_info('orders')"),
                SafeRead.of("duckdb.catalog", "select table_name from duckdb_tables() order by 1"),
                SafeRead.of("duckdb.current-setting", "select current_setting('threads') as t"),
                SafeRead.of("duckdb.explain-json", "explain (format json) select * from orders"),
                SafeRead.of("duckdb.dollar-quoted-drop", "select $$drop table orders$$ as s"),
                SafeRead.of("duckdb.escape-string", "select e'it\\'s an insert' as s"),
                SafeRead.of(
                        "duckdb.nested-comment",
                        "select 1 as x /* outer /* inner; delete from orders */ still comment */"),
                SafeRead.of("duckdb.struct-with-words", "select {'delete': 'update', 'copy': 'attach'} as s"),
                SafeRead.of(
                        "duckdb.qualify", "select id, row_number() over (order by id) as r from orders qualify r <= 2"),
                SafeRead.of("duckdb.group-by-all", "select status, count(*) from orders group by all order by all"),
                SafeRead.of("duckdb.exclude", "select * exclude (email) from customers"),
                SafeRead.of("duckdb.pivot", "pivot orders on status using count(*) group by customer_id"),
                SafeRead.of(
                        "duckdb.unpivot",
                        "unpivot (select id, total_cents from orders) on total_cents into name k value v"),
                SafeRead.of("duckdb.range", "select * from range(3)"),
                SafeRead.of("duckdb.currval-name", "select 'nextval' as nextval_name"),
                SafeRead.of("duckdb.list-functions", "select list_transform([1, 2], x -> x + 1) as l"));
    }
}
