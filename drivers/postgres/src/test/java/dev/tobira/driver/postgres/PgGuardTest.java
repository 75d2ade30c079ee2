package dev.tobira.driver.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.StatementGuard;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The statement check alone, without a server: what it refuses, and what it must let through. */
class PgGuardTest {
    private final StatementGuard guard = PgGuard.build("postgres");

    @ParameterizedTest
    @ValueSource(
            strings = {
                // statement kinds a read-only transaction does not stop, or that lift it
                "copy (select 1) to program 'touch /tmp/x'",
                "COPY customers TO '/tmp/x.csv'",
                "copy customers from '/tmp/x.csv'",
                "copy customers from program 'cat /etc/passwd'",
                "copy customers to stdout",
                "do $$ begin perform 1; end $$",
                "DO LANGUAGE plpgsql 'begin null; end'",
                "set transaction read write",
                "SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE",
                "set default_transaction_read_only = off",
                "set transaction_read_only to off",
                "reset all",
                "reset default_transaction_read_only",
                "begin",
                "begin read write",
                "start transaction read write",
                "commit",
                "end",
                "rollback",
                "abort",
                "savepoint s",
                "release savepoint s",
                "listen ch",
                "notify ch",
                "unlisten *",
                "lock table customers",
                "prepare p as delete from orders",
                "execute p",
                "call p()",
                "vacuum",
                "analyze",
                "checkpoint",
                "discard all",
                "load 'plpgsql'",
                "create extension dblink",
                "alter system set work_mem = '1GB'",
                "declare c cursor with hold for select 1",
                "refresh materialized view m",
                "security label on table t is 'x'",
                "import foreign schema s from server x into public",
                // functions with effects outside the transaction, or reading server files, or running text
                "select set_config('default_transaction_read_only', 'off', false)",
                "select set_config('transaction_read_only', 'off', true)",
                "select nextval('s')",
                "select setval('s', 1)",
                "select lo_export(1, '/tmp/x')",
                "select lo_import('/etc/passwd')",
                "select lo_unlink(1)",
                "select lo_from_bytea(0, 'x')",
                "select loread(lo_open(1, 262144), 10)",
                "select lowrite(0, 'x')",
                "select pg_read_file('/etc/passwd')",
                "select pg_read_binary_file('/etc/passwd')",
                "select pg_ls_dir('/')",
                "select * from pg_ls_waldir()",
                "select pg_stat_file('/etc/passwd')",
                "select pg_file_write('/tmp/x', 'y', false)",
                "select pg_advisory_lock(1)",
                "select pg_try_advisory_lock(1)",
                "select pg_advisory_xact_lock(1)",
                "select pg_notify('c', 'x')",
                "select pg_terminate_backend(1)",
                "select pg_cancel_backend(1)",
                "select pg_reload_conf()",
                "select pg_rotate_logfile()",
                "select pg_stat_reset()",
                "select pg_stat_reset_shared('bgwriter')",
                "select pg_switch_wal()",
                "select pg_create_restore_point('x')",
                "select pg_create_logical_replication_slot('s', 'test_decoding')",
                "select pg_drop_replication_slot('s')",
                "select * from pg_logical_slot_get_changes('s', null, null)",
                "select pg_promote()",
                "select dblink_exec('dbname=test', 'delete from orders')",
                "select * from dblink('x', 'select 1') as t(x int)",
                "select dblink_connect('x')",
                "select query_to_xml('select nextval(''s'')', true, false, '')",
                "select ts_stat('select 1')",
                "select * from crosstab('select 1')",
                // session state left for later calls, index and statistics maintenance, transaction ids
                "select setseed(0.5)",
                "select pg_catalog.setseed(0.5)",
                "select brin_summarize_new_values('i')",
                "select brin_summarize_range('i', 0)",
                "select brin_desummarize_range('i', 0)",
                "select gin_clean_pending_list('i')",
                "select pg_stat_statements_reset()",
                "select pg_stat_reset_single_table_counters(1)",
                "select pg_replication_origin_session_reset()",
                "select txid_current()",
                "select pg_current_xact_id()",
                // the same calls spelled so that a word check would miss them
                "select pg_catalog.lo_export(1, '/tmp/x')",
                "select \"lo_export\"(1, '/tmp/x')",
                "select \"pg_catalog\".\"lo_import\"('/etc/passwd')",
                "select LO_EXPORT (1, '/tmp/x')",
                "select lo_export/* c */(1, '/tmp/x')",
                "select lo_export\n(1, '/tmp/x')",
                "select U&\"lo\\005fexport\"(1, '/tmp/x')",
                "select u&\"x\" from t",
                "select * from lo_import('/etc/passwd')",
                "select (select pg_advisory_lock(1))",
                "with x as (select set_config('a.b', 'c', false)) select * from x",
                // executing forms of EXPLAIN on a write
                "explain analyze delete from orders",
                "EXPLAIN ANALYSE update customers set name = 'x'",
                "explain (analyze) insert into customers values (9, 'x', null, 'x', 'x')",
                "explain (costs off, analyze true) delete from orders",
                "explain (analyze on) delete from orders",
                "explain verbose analyze delete from orders",
                "explain analyze create table t as select 1",
                "explain analyze execute p",
                "explain (analyze, format json) merge into t using s on true when matched then delete",
                // writes in the shape of a read
                "with d as (delete from orders returning *) select * from d",
                "with u as (update customers set name = 'x' returning 1) select 1",
                "with i as (insert into orders values (1) returning 1) select 1",
                "with m as (select 1) insert into orders select * from m",
                "(delete from orders)",
                "table customers; delete from orders",
                "select 1; delete from orders",
                "insert into orders values (1)",
                "update customers set name = 'x'",
                "delete from orders",
                "merge into t using s on true when matched then delete",
                "truncate orders",
                "drop table orders",
                "create table t (x int)",
                "alter table orders add column x int",
                "grant select on customers to public",
                "create role r",
                "comment on table customers is 'x'"
            })
    void refusesReadOnly(String sql) {
        DriverException e = assertThrows(DriverException.class, () -> guard.check(sql), sql);
        assertTrue(e.kind() == ErrorKind.READ_ONLY || e.kind() == ErrorKind.SYNTAX, e.kind() + ": " + e.getMessage());
        assertTrue(e.getMessage().startsWith("postgres: query: "), e.getMessage());
        assertFalse(e.getMessage().contains("/tmp/x"), "messages never quote the query: " + e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "select 1",
                "SELECT * FROM customers WHERE name = 'delete from orders'",
                "select $$delete from orders$$",
                "select $tag$ '; drop table customers; $tag$",
                "select E'it\\'s; delete from orders'",
                "select e'\\\\'",
                "select 1 /* outer /* inner */ ; drop table customers; */",
                "select 1 -- ; delete from orders",
                "select id as \"delete\" from customers",
                "select \"lo_export\" from t",
                "select lo_export from t",
                "select 'lo_export(1, ''/x'')'",
                "select 'nextval(1)'",
                "select U&'d\\0061t\\+000061'",
                "table customers",
                "values (1, 'x')",
                "show search_path",
                "show all",
                "explain select * from customers",
                "explain delete from orders",
                "explain (format json, costs off) update customers set name = 'x'",
                "explain analyze select 1",
                "explain (analyze) with c as (select 1) select * from c",
                "explain (analyze false) delete from orders",
                "explain (analyze off, verbose) delete from orders",
                "with recursive n(i) as (select 1 union all select i + 1 from n where i < 3) select * from n",
                "with c as (select id, update from t) select * from c",
                "select pg_sleep(0)",
                "select current_setting('transaction_read_only')",
                "select currval('s')",
                "select * from pg_stat_activity",
                "select txid_current_if_assigned()",
                "select pg_stat_get_db_stat_reset_time(1)",
                "select lower('LO_EXPORT(1)')",
                "select 1;",
                "(select 1)"
            })
    void passesReads(String sql) {
        guard.check(sql);
    }

    @Test
    void aByteOrderMarkInTheCodeIsASyntaxError() {
        for (String sql : List.of("\ufeffselect 1", "select\ufeff 1", "select 1 \ufeff")) {
            DriverException e = assertThrows(DriverException.class, () -> guard.check(sql));
            assertEquals(ErrorKind.SYNTAX, e.kind(), e.getMessage());
            assertEquals(
                    ErrorKind.SYNTAX,
                    assertThrows(DriverException.class, () -> guard.checkSingleStatement(sql))
                            .kind());
        }
        guard.check("select '\ufeff' /* \ufeff */ as \"\ufeff\"");
    }

    @Test
    void prefixesCoverFamilies() {
        for (String f : new String[] {
            "lo_open",
            "lo_truncate",
            "pg_read_file",
            "pg_ls_tmpdir",
            "pg_advisory_unlock_all",
            "pg_try_advisory_xact_lock_shared",
            "dblink_send_query",
            "pg_stat_reset_single_table_counters",
            "pg_replication_origin_create",
            "pg_copy_logical_replication_slot",
            "postgres_fdw_disconnect_all"
        }) {
            assertTrue(PgGuard.refused(f), f);
        }
        for (String f :
                new String[] {"lower", "pg_sleep", "currval", "pg_backend_pid", "pg_typeof", "now", "lastval"}) {
            assertFalse(PgGuard.refused(f), f);
        }
    }

    @Test
    void multipleStatementsAreSyntaxOnWritableCalls() {
        DriverException e =
                assertThrows(DriverException.class, () -> guard.checkSingleStatement("commit; drop table orders"));
        assertEquals(ErrorKind.SYNTAX, e.kind());
        assertEquals("postgres: query: multiple statements are not supported yet: invalid query", e.getMessage());
        guard.checkSingleStatement("select $$;$$");
        guard.checkSingleStatement("select ';'");
    }

    /** Issue 29: a quoted name is compared as the SPI decodes it: doubled quotes undone, then the refused name. */
    @Test
    void aQuotedNameIsComparedDecoded() {
        assertEquals(
                "lo_export() is not allowed on a read-only connection",
                PgGuard.functions(SqlScan.of("select \"lo_export\"(1, '/tmp/x')", SqlDialect.POSTGRES))
                        .orElse("passed"));
        assertEquals(
                "passed",
                PgGuard.functions(SqlScan.of("select \"lo\"\"export\"(1)", SqlDialect.POSTGRES))
                        .orElse("passed"));
        assertTrue(
                PgGuard.functions(SqlScan.of("select \"pg_catalog\".\"LO_EXPORT\"(1, '/tmp/x')", SqlDialect.POSTGRES))
                        .isPresent());
    }
}
