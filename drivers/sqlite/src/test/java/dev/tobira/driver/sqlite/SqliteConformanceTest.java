package dev.tobira.driver.sqlite;

import static dev.tobira.drivertest.ProbeFamily.ADMIN;
import static dev.tobira.drivertest.ProbeFamily.ATTACH_EXTENSION;
import static dev.tobira.drivertest.ProbeFamily.DDL;
import static dev.tobira.drivertest.ProbeFamily.DML;
import static dev.tobira.drivertest.ProbeFamily.FILE_IO;
import static dev.tobira.drivertest.ProbeFamily.SESSION_SETTING;
import static dev.tobira.drivertest.ProbeFamily.STACKING;
import static dev.tobira.drivertest.ProbeFamily.WRITABLE_CTE;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.Value;
import dev.tobira.drivertest.BadInput;
import dev.tobira.drivertest.Behavior;
import dev.tobira.drivertest.DriverConformanceTest;
import dev.tobira.drivertest.Evidence;
import dev.tobira.drivertest.Fixture;
import dev.tobira.drivertest.ProbeFamily;
import dev.tobira.drivertest.SafeRead;
import dev.tobira.drivertest.TypeCase;
import dev.tobira.drivertest.WriteProbe;
import dev.tobira.spi.SqlDialect;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The conformance kit, strict, against SQLite: the shop in a temp file, seeded and fingerprinted
 * over raw sqlite-jdbc, with SQLite's own write probes on top of the built-in catalogue.
 */
class SqliteConformanceTest extends DriverConformanceTest {
    final SqliteFixture fixture = new SqliteFixture();

    @Override
    protected Fixture fixture() {
        return Fixture.builder(new SqliteDriver())
                .writable(ConnConfig.of(fixture.dsn()))
                .sql(SqlDialect.SQLITE)
                .seed(fixture::seed)
                .fingerprint(fixture::fingerprint)
                .nativeExecution(fixture::executeNatively)
                .rows(n -> "with recursive r(x) as (select 1 union all select x + 1 from r where x < " + n
                        + ") select x from r")
                // never ends on its own: only a timeout or a cancel stops it
                .slow("with recursive r(x) as (select 1 union all select x + 1 from r) select count(*) from r")
                .minimumProvenProbes(300)
                .types(types())
                .probes(probes())
                .safeReads(reads())
                // NUMERIC and DECIMAL by their declared type; the others by their affinity, their values by storage
                // class
                .declaredTypes(declaredTypes())
                .without(
                        ProbeFamily.SIDE_EFFECT_FUNCTION,
                        "SQLite's built-in functions have no side effect; loading one is ATTACH_EXTENSION")
                .without(
                        ProbeFamily.EXPLAIN_EXECUTES,
                        "SQLite's EXPLAIN and EXPLAIN QUERY PLAN never run their statement")
                // the read-only handle and query_only alone: the layers section shows what they stop without the
                // statement check
                .withoutStatementCheck(new SqliteWithoutStatementCheck())
                .without(Behavior.NETWORK, "SQLite is an embedded engine: a file, no server to be silent")
                .badInput(BadInput.builder()
                        .malformed(
                                "select x'0'",
                                "select json('{')",
                                "select 1 from customers where id = ?1 and name = ?1000000",
                                "select :a, @b, $c",
                                "select zeroblob(2000000000)",
                                "pragma no_such_pragma(",
                                "select 1 as \u0000",
                                "select * from customers where id = (select " + "(".repeat(3000) + "1"
                                        + ")".repeat(3000) + ")")
                        .positions(
                                "select ?",
                                "select name from customers where id = ?",
                                "select id from orders order by id limit ?",
                                "select json_extract('{\"a\": 1}', ?)")
                        .build())
                .onClose(fixture::delete)
                .build();
    }

    private static Map<String, Value.Kind> declaredTypes() {
        Map<String, Value.Kind> t = new LinkedHashMap<>();
        t.put("numeric(10,2)", Value.Kind.DECIMAL);
        t.put("decimal", Value.Kind.DECIMAL);
        t.put("NUMERIC", Value.Kind.DECIMAL);
        t.put("integer", Value.Kind.INT);
        t.put("bigint", Value.Kind.INT);
        t.put("real", Value.Kind.FLOAT);
        t.put("double precision", Value.Kind.FLOAT);
        t.put("text", Value.Kind.TEXT);
        t.put("varchar(20)", Value.Kind.TEXT);
        t.put("boolean", Value.Kind.INT); // SQLite has no boolean: 1 and 0
        t.put("date", Value.Kind.TEXT); // dates stay the text SQLite's date functions read
        t.put("timestamp", Value.Kind.TEXT);
        t.put("blob", Value.Kind.BYTES);
        return t;
    }

    private static List<TypeCase> types() {
        return List.of(
                TypeCase.of("select 42", Value.of(42)),
                TypeCase.of("select -9223372036854775808", Value.of(Long.MIN_VALUE)),
                TypeCase.of("select 9223372036854775807", Value.of(Long.MAX_VALUE)),
                TypeCase.of("select 2.5", Value.of(2.5)),
                TypeCase.of("select 1e308", Value.of(1e308)),
                TypeCase.of("select 'Grace Hopper, ''amazing'''", Value.of("Grace Hopper, 'amazing'")),
                TypeCase.of("select 'ツ ∑ 😀'", Value.of("ツ ∑ 😀")),
                TypeCase.of("select x'00ff10'", new Value.Bytes(new byte[] {0, (byte) 0xff, 0x10})),
                TypeCase.of("select zeroblob(0)", new Value.Bytes(new byte[0])),
                TypeCase.of("select null", Value.NULL),
                TypeCase.of("select email from customers where id = 3", Value.NULL),
                TypeCase.of("select total_cents from orders where id = 5", Value.of(15000)),
                TypeCase.of("select created_at from customers where id = 1", Value.of("2026-09-02")));
    }

    /** A file in the temp directory as evidence: the probe created it. */
    private Evidence fileEvidence(String name) {
        return Evidence.fileCreated(fixture.file(name));
    }

    /** The header's change counter as evidence: a rewrite of pages that leaves the content equal still commits. */
    private Evidence changeCounter() {
        return new Evidence() {
            private long cleared = -1;

            @Override
            public void clear() {
                cleared = fixture.changeCounter();
            }

            @Override
            public boolean observed() {
                return fixture.changeCounter() != cleared;
            }
        };
    }

    private List<WriteProbe> probes() {
        String attached = fixture.file("attached.db").toString().replace("'", "''");
        String vacuumed = fixture.file("vacuumed.db").toString().replace("'", "''");
        return List.of(
                WriteProbe.of("sqlite.cte-delete", WRITABLE_CTE, "with x as (select 1) delete from customers"),
                WriteProbe.of(
                        "sqlite.cte-update",
                        WRITABLE_CTE,
                        "with recursive r(n) as (select 1) update orders set status = 'x' where id in (select n from r)"),
                WriteProbe.of(
                        "sqlite.cte-insert-first",
                        WRITABLE_CTE,
                        "with w(id) as (values (99)) insert into customers (id, name, country, created_at) select id, 'x', 'GB', '2026' from w"),
                WriteProbe.of(
                        "sqlite.insert-or-replace",
                        DML,
                        "insert or replace into customers (id, name, country, created_at) values (1, 'x', 'GB', '2026')"),
                WriteProbe.of(
                        "sqlite.replace-into",
                        DML,
                        "replace into customers (id, name, country, created_at) values (1, 'x', 'GB', '2026')"),
                WriteProbe.of(
                        "sqlite.upsert",
                        DML,
                        "insert into customers (id, name, country, created_at) values (1, 'x', 'GB', '2026')"
                                + " on conflict(id) do update set name = excluded.name"),
                WriteProbe.of("sqlite.delete-returning", DML, "delete from orders returning id"),
                WriteProbe.of(
                        "sqlite.create-trigger",
                        DDL,
                        "create trigger probe_tr after insert on orders begin delete from customers; end"),
                WriteProbe.of("sqlite.create-view", DDL, "create view probe_v as select * from customers"),
                WriteProbe.of("sqlite.create-index", DDL, "create index probe_i on orders(status)"),
                WriteProbe.of("sqlite.drop-table-if-exists", DDL, "drop table if exists orders"),
                // REINDEX writes only where there is an index, and the shop has none: SqliteGuardTest covers it
                WriteProbe.of("sqlite.analyze", ADMIN, "analyze"),
                WriteProbe.of("sqlite.vacuum", ADMIN, "vacuum").provenBy(changeCounter()),
                WriteProbe.of("sqlite.pragma-user-version", SESSION_SETTING, "pragma user_version=7"),
                WriteProbe.of("sqlite.pragma-user-version-call", SESSION_SETTING, "pragma user_version(7)"),
                WriteProbe.of("sqlite.pragma-schema-user-version", SESSION_SETTING, "pragma main.user_version = 8"),
                WriteProbe.of("sqlite.pragma-application-id", SESSION_SETTING, "pragma application_id=42"),
                WriteProbe.of("sqlite.attach", ATTACH_EXTENSION, "attach database '" + attached + "' as probe_db")
                        .provenBy(fileEvidence("attached.db")),
                WriteProbe.of("sqlite.vacuum-into", FILE_IO, "vacuum into '" + vacuumed + "'")
                        .provenBy(fileEvidence("vacuumed.db")),
                WriteProbe.of("sqlite.savepoint-delete", STACKING, "savepoint s; delete from orders; release s"),
                WriteProbe.of("sqlite.begin-delete-commit", STACKING, "begin; delete from orders; commit"),
                WriteProbe.of("sqlite.pragma-off-then-delete", STACKING, "pragma query_only=0; delete from orders"),
                WriteProbe.of("sqlite.explain-then-delete", STACKING, "explain select 1; delete from orders"));
    }

    private static List<SafeRead> reads() {
        return List.of(
                SafeRead.of("sqlite.explain-delete", "explain delete from customers"),
                SafeRead.of("sqlite.explain-query-plan-delete", "explain query plan delete from orders"),
                SafeRead.of(
                        "sqlite.explain-query-plan", "explain query plan select * from orders where customer_id = 1"),
                SafeRead.of("sqlite.values", "values (1, 'delete from customers')"),
                SafeRead.of(
                        "sqlite.recursive-cte",
                        "with recursive r(x) as (select 1 union all select x + 1 from r where x < 3) select x from r"),
                SafeRead.of("sqlite.replace-function", "select replace(name, 'a', 'b') from customers"),
                SafeRead.of(
                        "sqlite.cte-replace-function",
                        "with c as (select name from customers) select replace(name, 'e', 'E') from c"),
                SafeRead.of("sqlite.pragma-read", "pragma user_version"),
                SafeRead.of("sqlite.pragma-query-only-read", "pragma query_only"),
                SafeRead.of("sqlite.pragma-table-info", "pragma table_info(customers)"),
                SafeRead.of("sqlite.pragma-schema-index-list", "pragma main.index_list(orders)"),
                SafeRead.of("sqlite.pragma-function", "select name, type from pragma_table_info('orders')"),
                SafeRead.of("sqlite.bracket-identifier", "select [delete] from (select 1 as [delete])"),
                SafeRead.of("sqlite.backtick-identifier", "select `insert` from (select 1 as `insert`)"),
                SafeRead.of("sqlite.json", "select json_extract('{\"a\": \"drop table x\"}', '$.a')"),
                SafeRead.of("sqlite.glob", "select name from customers where name glob '*update*'"));
    }
}
