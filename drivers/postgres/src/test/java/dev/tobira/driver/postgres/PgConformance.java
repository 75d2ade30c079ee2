package dev.tobira.driver.postgres;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.Value;
import dev.tobira.drivertest.BadInput;
import dev.tobira.drivertest.DriverConformanceTest;
import dev.tobira.drivertest.Fixture;
import dev.tobira.drivertest.ProbeFamily;
import dev.tobira.drivertest.SafeRead;
import dev.tobira.drivertest.ServerCode;
import dev.tobira.drivertest.SilentServer;
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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The conformance kit on one PostgreSQL server, in strict mode, with PostgreSQL's own probe
 * families: COPY to and from programs and files, large objects, DO blocks, procedures and a volatile
 * function that writes, sequences, advisory locks, NOTIFY, signalling other sessions, query text
 * hidden in query_to_xml, settings, EXPLAIN ANALYZE, SELECT INTO, Unicode-escaped function names,
 * and stacked statements hidden by every quoting form the lexer must know.
 */
abstract class PgConformance extends DriverConformanceTest {
    private final PostgresDriver driver = new PostgresDriver();
    private PgFixture fixture;

    /** The server's DSN. */
    abstract String server();

    /** The schema of this class, and the name its report is kept under. */
    abstract String schema();

    final PgFixture shop() {
        if (fixture == null) {
            // run-unique, so two builds on one server never share it, and neither do the names probes derive from it
            fixture = new PgFixture(server(), schema() + "_" + PgFixture.RUN);
        }
        return fixture;
    }

    @Override
    protected Fixture fixture() {
        PgFixture f = shop();
        return Fixture.builder(driver)
                .writable(ConnConfig.of(f.dsn()))
                .sql(SqlDialect.POSTGRES)
                .seed(f::seed)
                .fingerprint(f::fingerprint)
                .nativeExecution(f::executeNatively)
                .serverSessions(f::sessions)
                .rows(n -> "select g as n, 'row ' || g as label from generate_series(1, " + n + ") g")
                .slow("select pg_sleep(30)")
                .types(types())
                .probes(probes())
                .serverCode(code())
                .safeReads(reads())
                .declaredTypes(declaredTypes())
                .minimumProvenProbes(150)
                // each server's report beside the other's: postgres-local.json, postgres-embedded.json
                .reportName("postgres-" + schema().replace("tobira_pg_", ""))
                .withoutStatementCheck(new PostgresWithoutStatementCheck())
                // a server on 127.0.0.1:port that accepts and never answers: open and query must end as TIMEOUT in time
                .serverAt(SilentServer.hostPort(ConnConfig.of(f.dsn())))
                .badInput(BadInput.builder()
                        .malformed(
                                "select '\\x0'::bytea",
                                "select 'nope'::date",
                                "select 1/0",
                                "select '{'::jsonb",
                                "select E'\\xff'",
                                "select U&'\\D800'",
                                "select $1",
                                "select $$unterminated",
                                "select 'a' collate \"no_such_collation\"",
                                "select array[1,2][",
                                "select 1e999999::float8",
                                "select repeat('x', 2147483647)")
                        .positions(
                                "select ?",
                                "select name from customers where id = ?",
                                "select id from orders order by id limit ?",
                                "select ?::jsonb",
                                "select ?::text")
                        .build())
                .onClose(f::close)
                .build();
    }

    private static Map<String, Value.Kind> declaredTypes() {
        Map<String, Value.Kind> t = new LinkedHashMap<>();
        t.put("numeric(10,2)", Value.Kind.DECIMAL);
        t.put("numeric", Value.Kind.DECIMAL);
        t.put("decimal(20,5)", Value.Kind.DECIMAL);
        t.put("smallint", Value.Kind.INT);
        t.put("integer", Value.Kind.INT);
        t.put("bigint", Value.Kind.INT);
        t.put("real", Value.Kind.FLOAT);
        t.put("double precision", Value.Kind.FLOAT);
        t.put("text", Value.Kind.TEXT);
        t.put("varchar(20)", Value.Kind.TEXT);
        t.put("boolean", Value.Kind.BOOL);
        t.put("date", Value.Kind.DATE);
        t.put("time", Value.Kind.TIME);
        t.put("timestamp", Value.Kind.DATETIME);
        t.put("timestamptz", Value.Kind.TIMESTAMP);
        t.put("bytea", Value.Kind.BYTES);
        t.put("uuid", Value.Kind.UUID);
        return t;
    }

    private static List<TypeCase> types() {
        return List.of(
                TypeCase.of("select 42::int2", Value.of(42)),
                TypeCase.of("select 2147483647::int4", Value.of(2147483647L)),
                TypeCase.of("select 9007199254740993::int8", Value.of(9007199254740993L)),
                TypeCase.of(
                        "select 12345678901234567890.123::numeric",
                        Value.of(new BigDecimal("12345678901234567890.123"))),
                TypeCase.of("select 1.1::float4", Value.of(1.1)),
                TypeCase.of("select 2.5e300::float8", Value.of(2.5e300)),
                TypeCase.of("select true", Value.of(true)),
                TypeCase.of("select 'héllo ✓'::text", Value.of("héllo ✓")),
                TypeCase.of("select 'ab'::varchar(5)", Value.of("ab")),
                TypeCase.of("select 'ab'::char(3)", Value.of("ab ")),
                TypeCase.of(
                        "select '\\xdeadbeef'::bytea",
                        new Value.Bytes(new byte[] {(byte) 0xde, (byte) 0xad, (byte) 0xbe, (byte) 0xef})),
                TypeCase.of("select date '2026-09-02'", new Value.Date(LocalDate.of(2026, 9, 2))),
                TypeCase.of("select time '12:34:56.789'", new Value.Time(LocalTime.of(12, 34, 56, 789_000_000))),
                TypeCase.of(
                        "select timestamp '2026-09-02 12:34:56.123456'",
                        new Value.DateTime(LocalDateTime.of(2026, 9, 2, 12, 34, 56, 123_456_000))),
                TypeCase.of(
                        "select timestamptz '2026-09-02 12:34:56.5+02'",
                        new Value.Timestamp(Instant.parse("2026-09-02T10:34:56.5Z"))),
                TypeCase.of(
                        "select 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid",
                        new Value.Uuid(UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"))),
                TypeCase.of("select '{\"a\": [1, 2], \"b\": null}'::jsonb", new Value.Json("{\"a\":[1,2],\"b\":null}")),
                TypeCase.of("select '{\"z\": 1,  \"a\": 2}'::json", new Value.Json("{\"z\":1,\"a\":2}")),
                TypeCase.of(
                        "select array[1, 2, null]::int4[]",
                        new Value.Array(List.of(Value.of(1), Value.of(2), Value.NULL))),
                TypeCase.of("select array['a', 'b']::text[]", new Value.Array(List.of(Value.of("a"), Value.of("b")))),
                TypeCase.of(
                        "select array[timestamptz '2026-01-01 00:00:00+00']",
                        new Value.Array(List.of(new Value.Timestamp(Instant.parse("2026-01-01T00:00:00Z"))))),
                TypeCase.of("select interval '1 day 2 hours'", Value.of("1 day 02:00:00")),
                TypeCase.of("select null::int4", Value.NULL));
    }

    // ---------------------------------------------------------------- the guard

    private List<WriteProbe> probes() {
        PgFixture f = shop();
        String s = f.schema;
        List<WriteProbe> probes = new ArrayList<>();
        // COPY: programs, server files
        probes.add(WriteProbe.of(
                "pg.copy-from-program",
                ProbeFamily.FILE_IO,
                "copy orders from program 'echo 8,1,100,paid,2026-11-01' with (format csv)"));
        if (f.sharesFiles()) {
            Path touched = f.tmpFile("program");
            probes.add(WriteProbe.of(
                            "pg.copy-to-program",
                            ProbeFamily.FILE_IO,
                            "copy (select 1) to program 'touch " + touched + "'")
                    .provenBy(PgFixture.file(touched)));
            Path out = f.tmpFile("copy-out.csv");
            probes.add(WriteProbe.of("pg.copy-to-file", ProbeFamily.FILE_IO, "copy customers to '" + out + "'")
                    .provenBy(PgFixture.file(out)));
            Path in = f.tmpFile("copy-in.csv");
            try {
                Files.writeString(in, "9,5,100,paid,2026-11-01\n");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            probes.add(WriteProbe.of(
                    "pg.copy-from-file", ProbeFamily.FILE_IO, "copy orders from '" + in + "' with (format csv)"));
            Path exported = f.tmpFile("lo-export");
            probes.add(WriteProbe.of(
                            "pg.lo-export-file",
                            ProbeFamily.FILE_IO,
                            "select lo_export(" + PgFixture.LARGE_OBJECT + ", '" + exported + "')")
                    .provenBy(PgFixture.file(exported)));
        } else {
            System.err.println(
                    "[tobira] postgres: the server does not share this machine's files; file-evidence probes left out");
        }
        // large objects (proven by the database's large-object count)
        probes.add(WriteProbe.of("pg.lo-import", ProbeFamily.FILE_IO, "select lo_import('/etc/passwd')"));
        probes.add(WriteProbe.of(
                "pg.lo-from-bytea", ProbeFamily.SIDE_EFFECT_FUNCTION, "select lo_from_bytea(0, 'tobira')"));
        probes.add(WriteProbe.of("pg.lo-quoted-name", ProbeFamily.FILE_IO, "select \"lo_import\"('/etc/passwd')"));
        probes.add(WriteProbe.of(
                "pg.lo-qualified-name", ProbeFamily.FILE_IO, "select pg_catalog.lo_import('/etc/passwd')"));
        probes.add(
                WriteProbe.of("pg.lo-unicode-name", ProbeFamily.FILE_IO, "select U&\"lo\\005fimport\"('/etc/passwd')")
                        .withoutVariants());
        // code on the server and side effects
        probes.add(WriteProbe.of("pg.do-block", ProbeFamily.DML, "do $$ begin delete from orders; end $$"));
        probes.add(WriteProbe.of("pg.call-procedure", ProbeFamily.DML, "call tobira_delete_orders_proc()"));
        probes.add(WriteProbe.of(
                "pg.volatile-function", ProbeFamily.SIDE_EFFECT_FUNCTION, "select tobira_delete_orders()"));
        probes.add(WriteProbe.of("pg.nextval", ProbeFamily.SIDE_EFFECT_FUNCTION, "select nextval('probe_seq')"));
        probes.add(WriteProbe.of("pg.setval", ProbeFamily.SIDE_EFFECT_FUNCTION, "select setval('probe_seq', 42)"));
        probes.add(WriteProbe.of(
                "pg.query-to-xml",
                ProbeFamily.SIDE_EFFECT_FUNCTION,
                "select query_to_xml('select nextval(''probe_seq'')', true, false, '')"));
        // the fixture's own key, and its holder ended between runs: a fixed key held by any other session of the
        // shared server (or by a run's own session not yet gone) made every later run wait for it
        probes.add(WriteProbe.of(
                        "pg.advisory-lock",
                        ProbeFamily.SIDE_EFFECT_FUNCTION,
                        "select pg_advisory_lock(" + f.advisoryKey() + ")")
                .provenBy(f.advisoryLock(f.advisoryKey())));
        String channel = "tobira_probe_" + s;
        probes.add(WriteProbe.of("pg.notify", ProbeFamily.SIDE_EFFECT_FUNCTION, "notify " + channel + ", 'x'")
                .provenBy(f.notification(channel)));
        probes.add(WriteProbe.of(
                        "pg.pg-notify", ProbeFamily.SIDE_EFFECT_FUNCTION, "select pg_notify('" + channel + "', 'x')")
                .provenBy(f.notification(channel)));
        String victim = "tobira-victim-" + s;
        probes.add(WriteProbe.of(
                        "pg.terminate-backend",
                        ProbeFamily.ADMIN,
                        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = '" + victim
                                + "'")
                .provenBy(f.victim(victim)));
        // settings
        String marked = "tobira-probe-" + s;
        String markedSql = "SELECT pid FROM pg_stat_activity WHERE application_name = '" + marked + "'";
        probes.add(WriteProbe.of(
                        "pg.set-config",
                        ProbeFamily.SESSION_SETTING,
                        "select set_config('application_name', '" + marked + "', false)")
                .provenBy(f.newSessionMatching(markedSql)));
        probes.add(WriteProbe.of("pg.set", ProbeFamily.SESSION_SETTING, "set application_name = '" + marked + "'")
                .provenBy(f.newSessionMatching(markedSql)));
        // statements that write through a read's shape
        probes.add(WriteProbe.of(
                "pg.explain-analyze", ProbeFamily.EXPLAIN_EXECUTES, "explain analyze delete from orders"));
        probes.add(WriteProbe.of(
                "pg.explain-options-analyze",
                ProbeFamily.EXPLAIN_EXECUTES,
                "explain (analyze, costs off) update customers set name = 'x'"));
        probes.add(WriteProbe.of("pg.select-into", ProbeFamily.DDL, "select * into probe_into from customers"));
        probes.add(WriteProbe.of(
                "pg.cte-delete-returning",
                ProbeFamily.WRITABLE_CTE,
                "with d as (delete from orders returning id) select count(*) from d"));
        probes.add(WriteProbe.of("pg.truncate", ProbeFamily.DDL, "truncate orders"));
        probes.add(WriteProbe.of("pg.comment", ProbeFamily.DDL, "comment on table customers is 'probe'"));
        probes.add(WriteProbe.of("pg.create-role", ProbeFamily.ADMIN, "create role probe_role_" + s));
        // server-wide objects, seen by the fingerprint only under this run's names
        probes.add(WriteProbe.of("pg.create-database", ProbeFamily.DDL, "create database probe_db_" + s));
        probes.add(WriteProbe.of("pg.create-schema", ProbeFamily.DDL, "create schema probe_s_" + s));
        probes.add(WriteProbe.of("pg.grant", ProbeFamily.ADMIN, "grant select on customers to public"));
        if (f.availableExtensions().contains("tablefunc")) {
            probes.add(
                    WriteProbe.of("pg.create-extension", ProbeFamily.ATTACH_EXTENSION, "create extension tablefunc"));
        }
        // stacked writes hidden from a lexer that does not know a quoting form
        probes.add(WriteProbe.of(
                        "pg.stack-dollar-quote", ProbeFamily.STACKING, "select $q$ ' $q$; delete from orders; -- '")
                .withoutVariants());
        probes.add(
                WriteProbe.of("pg.stack-escape-string", ProbeFamily.STACKING, "select E'\\''; delete from orders; -- '")
                        .withoutVariants());
        probes.add(WriteProbe.of(
                        "pg.stack-nested-comment",
                        ProbeFamily.COMMENT_TRICK,
                        "select 1 /* a /* b */ c */; delete from orders")
                .withoutVariants());
        probes.add(WriteProbe.of("pg.stack-dollar-semicolon", ProbeFamily.STACKING, "select $$;$$; delete from orders")
                .withoutVariants());
        return probes;
    }

    /**
     * Code on the server that the guard cannot read: a function that writes the class's orders, and
     * one that takes a session-level advisory lock, which a read-only transaction does not stop and
     * its ROLLBACK does not release.
     */
    private List<ServerCode> code() {
        PgFixture f = shop();
        return List.of(
                ServerCode.of(
                        "pg.function-writes",
                        f.createCodeFunction(
                                "write",
                                "INSERT INTO " + f.schema + ".orders VALUES (2000, 1, 1, 'kit', '2026-01-01')"),
                        "select " + f.codeFunction("write") + "()",
                        f.orderRow(2000)),
                ServerCode.of(
                        "pg.function-takes-advisory-lock",
                        f.createCodeFunction("lock", "PERFORM pg_advisory_lock(" + f.advisoryKey() + ")"),
                        "select " + f.codeFunction("lock") + "()",
                        f.advisoryLock(f.advisoryKey())));
    }

    private List<SafeRead> reads() {
        return List.of(
                SafeRead.of("pg.dollar-delete", "select $$delete from orders$$ as s"),
                SafeRead.of("pg.dollar-tag-drop", "select $tobira$ ; drop table customers; $tobira$ as s"),
                SafeRead.of("pg.escape-string", "select E'it\\'s; delete from orders' as s"),
                SafeRead.of("pg.nested-comment", "select 1 as x /* outer /* inner */ ; drop table customers; */"),
                SafeRead.of("pg.quoted-delete", "select id as \"delete\", name as \"drop table\" from customers"),
                SafeRead.of("pg.function-in-string", "select 'lo_export(1, ''/tmp/x'')' as s"),
                SafeRead.of("pg.comment-advisory", "select 1 as x -- pg_advisory_lock(1)"),
                SafeRead.of("pg.table", "table customers"),
                SafeRead.of("pg.values", "values (1, 'delete from orders')"),
                SafeRead.of("pg.show", "show search_path"),
                SafeRead.of("pg.explain-json", "explain (format json) select * from customers"),
                SafeRead.of("pg.explain-analyze-select", "explain analyze select count(*) from orders"),
                SafeRead.of("pg.jsonb", "select '{\"delete\": true}'::jsonb -> 'delete' as j"),
                SafeRead.of("pg.unicode-string", "select U&'d\\0061t\\+000061' as s"),
                SafeRead.of("pg.read-only-setting", "select current_setting('transaction_read_only') as ro"),
                SafeRead.of(
                        "pg.recursive",
                        "with recursive n(i) as (select 1 union all select i + 1 from n where i < 5) select sum(i) from n"),
                SafeRead.of("pg.currval-name", "select 'nextval' as nextval_word, count(*) from customers"),
                SafeRead.of("pg.sleep-zero", "select pg_sleep(0)"));
    }
}
