package dev.tobira.jdbc.h2;

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
import static dev.tobira.drivertest.ProbeFamily.WRITABLE_CTE;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.Value;
import dev.tobira.drivertest.Behavior;
import dev.tobira.drivertest.DriverConformanceTest;
import dev.tobira.drivertest.Evidence;
import dev.tobira.drivertest.Fixture;
import dev.tobira.drivertest.SafeRead;
import dev.tobira.drivertest.ServerCode;
import dev.tobira.drivertest.TypeCase;
import dev.tobira.drivertest.WriteProbe;
import java.util.List;
import java.util.Map;

/**
 * The conformance kit, strict, against H2: a dialect declared through the SPI alone (upper-case
 * names, {@code //} comments, {@code SCRIPT}) on the JDBC base, attacked with real writes. The shop
 * is seeded and fingerprinted over raw H2 JDBC; the shop's unquoted names are the upper-case ones
 * H2 reports ({@code CUSTOMERS}, {@code ORDERS}, {@code ID}, …).
 */
class H2ConformanceTest extends DriverConformanceTest {
    final H2Fixture fixture = new H2Fixture();

    @Override
    protected Fixture fixture() {
        return Fixture.builder(new H2Driver())
                .writable(ConnConfig.of(fixture.dsn()))
                .sql(H2Dialect.SQL)
                .seed(fixture::seed)
                .fingerprint(fixture::fingerprint)
                .nativeExecution(fixture::executeNatively)
                .rows(n -> "select x from system_range(1, " + n + ")")
                // a trillion rows: only a timeout or a cancel stops it
                .slow("select sum(a.x * b.x) from system_range(1, 1000000) a, system_range(1, 1000000) b")
                // the shop's names are the kit's defaults: H2 stores them upper-case, and the kit reads that from
                // H2Dialect.SQL
                .types(types())
                .probes(probes())
                .safeReads(reads())
                .declaredTypes(Map.of(
                        "numeric(10,2)",
                        Value.Kind.DECIMAL,
                        "integer",
                        Value.Kind.INT,
                        "bigint",
                        Value.Kind.INT,
                        "double precision",
                        Value.Kind.FLOAT,
                        "varchar(20)",
                        Value.Kind.TEXT,
                        "boolean",
                        Value.Kind.BOOL,
                        "date",
                        Value.Kind.DATE,
                        "timestamp",
                        Value.Kind.DATETIME,
                        "varbinary(10)",
                        Value.Kind.BYTES))
                // created by every seed, outside the fingerprint: the rollback behind the check undoes its row
                .serverCode(ServerCode.of("h2.alias-writes", "", "select kit_code.kit_write()", new Evidence() {
                    @Override
                    public void clear() {
                        fixture.deleteOrder(2000);
                    }

                    @Override
                    public boolean observed() {
                        return fixture.orderExists(2000);
                    }
                }))
                .withoutStatementCheck(H2Layers.withoutStatementCheck())
                .layer("statement check alone (no rollback)", H2Layers.withoutRollback())
                .layer("guard blind to // comments", H2Layers.blindToDoubleSlash())
                .without(Behavior.NETWORK, "an in-memory H2 database: no server to be silent")
                .onClose(fixture::delete)
                .build();
    }

    private static List<TypeCase> types() {
        return List.of(
                TypeCase.of("select 42", Value.of(42)),
                TypeCase.of("select cast(-9223372036854775808 as bigint)", Value.of(Long.MIN_VALUE)),
                TypeCase.of("select cast(2.5 as double precision)", Value.of(2.5)),
                TypeCase.of("select 'Grace Hopper, ''amazing'''", Value.of("Grace Hopper, 'amazing'")),
                TypeCase.of("select 'ツ ∑ 😀'", Value.of("ツ ∑ 😀")),
                TypeCase.of("select X'00ff10'", new Value.Bytes(new byte[] {0, (byte) 0xff, 0x10})),
                TypeCase.of("select true", Value.of(true)),
                TypeCase.of("select null", Value.NULL),
                TypeCase.of("select email from customers where id = 3", Value.NULL),
                TypeCase.of("select total_cents from orders where id = 5", Value.of(15000)),
                TypeCase.of("select created_at from customers where id = 1", Value.of("2026-09-02")));
    }

    /** A file in the temp directory as evidence: the probe created it. */
    private Evidence fileEvidence(String name) {
        return Evidence.fileCreated(fixture.file(name));
    }

    private String path(String name) {
        return fixture.file(name).toString().replace("'", "''");
    }

    private List<WriteProbe> probes() {
        String url = fixture.jdbcUrl().replace("'", "''");
        return List.of(
                WriteProbe.of("h2.merge-into", DML, "merge into customers key(id) values (1, 'x', null, 'GB', '2026')"),
                WriteProbe.of(
                        "h2.merge-using",
                        DML,
                        "merge into orders o using (select 1 as id) s on o.id = s.id when matched then delete"),
                WriteProbe.of("h2.old-table-delete", DML, "select id from old table (delete from orders)"),
                WriteProbe.of(
                        "h2.final-table-insert",
                        DML,
                        "select id from final table (insert into customers values (6, 'x', null, 'GB', '2026'))"),
                WriteProbe.of("h2.new-table-update", DML, "select id from new table (update orders set status = 'x')"),
                WriteProbe.of(
                        "h2.with-delta-delete",
                        WRITABLE_CTE,
                        "with d as (select id from old table (delete from orders)) select count(*) from d"),
                WriteProbe.of("h2.explain-analyze-delete", EXPLAIN_EXECUTES, "explain analyze delete from orders"),
                WriteProbe.of(
                        "h2.create-alias-source", DDL, "create alias probe_f as 'String f(String s) { return s; }'"),
                WriteProbe.of("h2.create-alias-for", DDL, "create alias probe_abs for 'java.lang.Math.abs(int)'"),
                WriteProbe.of("h2.create-table-as", DDL, "create table probe_t as select * from customers"),
                WriteProbe.of("h2.alter-add-column", DDL, "alter table customers add column probe int"),
                WriteProbe.of("h2.truncate", DDL, "truncate table orders"),
                WriteProbe.of("h2.create-sequence", DDL, "create sequence probe_seq"),
                WriteProbe.of("h2.create-user", ADMIN, "create user probe_u password 'x'"),
                WriteProbe.of("h2.grant", ADMIN, "grant select on customers to public"),
                WriteProbe.of("h2.set-max-memory-rows", SESSION_SETTING, "set max_memory_rows 12345"),
                WriteProbe.of("h2.set-default-lock-timeout", SESSION_SETTING, "set default_lock_timeout 1234"),
                WriteProbe.of("h2.set-ignorecase", SESSION_SETTING, "set ignorecase true"),
                WriteProbe.of("h2.next-value", SIDE_EFFECT_FUNCTION, "select next value for shop_seq"),
                WriteProbe.of(
                                "h2.csvwrite-select",
                                SIDE_EFFECT_FUNCTION,
                                "select csvwrite('" + path("csv1.csv") + "', 'select * from customers')")
                        .provenBy(fileEvidence("csv1.csv")),
                WriteProbe.of(
                                "h2.call-csvwrite",
                                FILE_IO,
                                "call csvwrite('" + path("csv2.csv") + "', 'select * from customers')")
                        .provenBy(fileEvidence("csv2.csv")),
                WriteProbe.of("h2.file-write", FILE_IO, "select file_write(X'78', '" + path("fw.bin") + "')")
                        .provenBy(fileEvidence("fw.bin")),
                WriteProbe.of("h2.script-to", FILE_IO, "script to '" + path("dump.sql") + "'")
                        .provenBy(fileEvidence("dump.sql")),
                WriteProbe.of("h2.script-nodata-to", FILE_IO, "script nodata to '" + path("dump2.sql") + "'")
                        .provenBy(fileEvidence("dump2.sql")),
                WriteProbe.of("h2.runscript", FILE_IO, "runscript from '" + path("probe.sql") + "'"),
                WriteProbe.of(
                        "h2.link-schema",
                        ATTACH_EXTENSION,
                        "select * from link_schema('PROBE_LINK', '', '" + url + "', 'sa', '', 'PUBLIC')"),
                WriteProbe.of(
                        "h2.create-linked-table",
                        ATTACH_EXTENSION,
                        "create linked table probe_l('', '" + url + "', 'sa', '', 'CUSTOMERS')"),
                // what a lexer blind to // reads as one harmless statement and H2 reads as a write
                WriteProbe.of("h2.slash-stack-delete", STACKING, "select 1 // '\n; delete from orders --'"),
                WriteProbe.of("h2.slash-block-stack", STACKING, "select 1 // /*\n; delete from orders -- */"),
                WriteProbe.of(
                        "h2.slash-old-table", COMMENT_TRICK, "select * // '\n from old table (delete from orders) --'"),
                WriteProbe.of(
                                "h2.slash-file-write",
                                COMMENT_TRICK,
                                "select 1 as x // '\n, file_write(X'78', '" + path("fw2.bin") + "') --'")
                        .provenBy(fileEvidence("fw2.bin")),
                WriteProbe.of("h2.slash-script-to", COMMENT_TRICK, "script // '\n to '" + path("dump3.sql") + "' --'")
                        .provenBy(fileEvidence("dump3.sql")),
                // H2 reads $$ -- $$ as a string: a lexer without dollar quotes reads a comment hiding the call
                WriteProbe.of(
                                "h2.dollar-quote-file-write",
                                COMMENT_TRICK,
                                "select $$ -- $$ as x, file_write(X'78', '" + path("fw3.bin") + "') as y")
                        .provenBy(fileEvidence("fw3.bin")),
                WriteProbe.of("h2.slash-next-value", COMMENT_TRICK, "select 1 // '\n, next value for shop_seq --'"));
    }

    private static List<SafeRead> reads() {
        return List.of(
                SafeRead.of("h2.script-nodata", "script nodata"),
                SafeRead.of("h2.script-simple-nosettings", "script simple nosettings"),
                SafeRead.of("h2.script-table", "script nodata table customers"),
                SafeRead.of("h2.slash-comment-drop", "select 1 as x // drop table customers"),
                SafeRead.of("h2.slash-comment-stack", "select 1 as x // ; delete from orders"),
                SafeRead.of("h2.slash-string", "select '//' as x"),
                SafeRead.of("h2.slash-quoted-identifier", "select 1 as \"a//b\""),
                SafeRead.of("h2.dollar-string", "select $$ -- ; delete from orders // $$ as x"),
                SafeRead.of("h2.dash-hides-slash", "select 1 as x -- // '\n"),
                SafeRead.of("h2.upper-names", "select NAME from PUBLIC.CUSTOMERS order by ID"),
                SafeRead.of("h2.quoted-upper-names", "select \"NAME\" from \"CUSTOMERS\" where \"ID\" = 1"),
                SafeRead.of("h2.values", "values (1, 'delete from orders')"),
                SafeRead.of("h2.system-range", "select x from system_range(1, 3)"),
                SafeRead.of(
                        "h2.information-schema",
                        "select table_name from information_schema.tables where table_schema = 'PUBLIC'"),
                SafeRead.of("h2.replace-function", "select replace(name, 'a', 'b') from customers"),
                SafeRead.of("h2.fetch-next", "select id from orders order by id fetch next 2 rows only"),
                SafeRead.of("h2.explain-with", "explain with c as (select id from customers) select * from c"));
    }
}
