package dev.tobira.driver.duckdb;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.StatementGuard;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The statement check alone, without an engine: what it refuses on a read-only path and what it
 * lets through. The kit proves the writes real; these cover what cannot be proven as a write here
 * (INSTALL and LOAD would need the network, file reads change nothing) and the edges of the rules.
 */
class DuckdbGuardTest {
    private final StatementGuard guard = DuckdbGuard.build("duckdb");

    @ParameterizedTest
    @ValueSource(
            strings = {
                "install httpfs",
                "force install httpfs",
                "load httpfs",
                "install 'x.duckdb_extension'",
                "select * from read_csv('/etc/passwd')",
                "select * from read_csv_auto('x.csv')",
                "from read_parquet('x.parquet')",
                "select * from read_json('x.json')",
                "select * from read_json_auto('x.json')",
                "select * from read_text('/etc/hostname')",
                "select * from read_blob('/etc/hostname')",
                "select * from glob('/etc/*')",
                "select * from sniff_csv('x.csv')",
                "select * from parquet_metadata('x.parquet')",
                "select * from main.read_csv('x')",
                "select * from \"read_csv\"('x')",
                "select * from READ_CSV ('x')",
                "select * from 'data.csv'",
                "select * from customers join 'x.parquet' using (id)",
                "from 'data.csv'",
                "select * from query('select 1')",
                "select * from query_table('customers')",
                "select * from json_execute_serialized_sql('x')",
                "select nextval('s')",
                "select setval('s', 1)",
                "select * from checkpoint()",
                "select * from force_checkpoint()",
                "select write_log('x')",
                "select * from copy_database('a', 'b')",
                "select * from enable_logging()",
                "copy orders to '/tmp/x.csv'",
                "copy (select 1) to '/tmp/x.csv'",
                "(copy orders to 'x.csv')",
                "copy orders from 'x.csv'",
                "attach 'x.duckdb' as y",
                "attach database ':memory:' as m",
                "detach y",
                "export database '/tmp/x'",
                "import database '/tmp/x'",
                "checkpoint",
                "force checkpoint",
                "vacuum",
                "use memory",
                "set threads = 1",
                "set global threads to 1",
                "reset threads",
                "set variable x = 1",
                "set enable_external_access = true",
                "set lock_configuration = false",
                "reset lock_configuration",
                "pragma threads = 1",
                "pragma threads(1)",
                "pragma enable_profiling",
                "pragma force_checkpoint",
                "pragma disable_checkpoint_on_shutdown",
                "pragma memory_limit = '1GB'",
                "pragma table_info('x') = 1",
                "pragma table_info('x') x",
                "pragma",
                "call checkpoint()",
                "call force_checkpoint()",
                "call enable_logging()",
                "call query('select 1')",
                "call pragma_table_info",
                "call",
                "explain analyze select 1",
                "explain (analyze) select 1",
                "explain delete from orders",
                "explain copy orders to 'x.csv'",
                "explain pragma threads = 1",
                "with x as (select 1) insert into t select * from x",
                "with x as (select 1) delete from t",
                "with x as (select 1) update t set a = 1",
                "analyze",
                "prepare p as select 1",
                "execute p",
                "create table t (x int)",
                "begin transaction",
                "commit",
                "rollback",
                "summarize (delete from orders returning *)",
                "describe (insert into t values (1) returning *)"
            })
    void refused(String sql) {
        DriverException e = assertThrows(DriverException.class, () -> guard.check(sql), sql);
        assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
        assertTrue(e.getMessage().startsWith("duckdb: query: "), e.getMessage());
        assertTrue(e.getMessage().endsWith(": read-only violation"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "select 1",
                "SELECT * FROM customers",
                "(select 1)",
                "with c as (select 1 as x) select x from c",
                "values (1, 'a')",
                "from customers",
                "from customers select name",
                "table customers",
                "describe customers",
                "describe select 1",
                "show tables",
                "show customers",
                "show all tables",
                "summarize customers",
                "summarize select 1",
                "explain select 1",
                "explain (format json) select 1",
                "explain from customers",
                "pivot orders on status using count(*)",
                "unpivot t on a into name k value v",
                "pragma version",
                "pragma database_size",
                "pragma show_tables",
                "pragma table_info('customers')",
                "PRAGMA table_info(customers)",
                "pragma storage_info('customers')",
                "call pragma_table_info('customers')",
                "call duckdb_tables()",
                "call range(3)",
                "select * from duckdb_settings()",
                "select current_setting('threads')",
                "select 'copy orders to ''x.csv''' as s",
                "select 1 /* attach 'x' */",
                "-- install httpfs\nselect 1",
                "select 'nextval(''s'')'",
                "select \"delete\" from (select 1 as \"delete\")",
                "select $$drop table x$$",
                "select e'it\\'s an insert'",
                "select * from range(10)",
                "select currval('s')",
                "select 1;",
                "select id from customers where name like '%update%'",
                "select {'set': 1, 'load': 2}",
                "select list_transform([1], x -> x + 1)",
                "select 1 /* outer /* inner */ delete */"
            })
    void accepted(String sql) {
        assertDoesNotThrow(() -> guard.check(sql), sql);
    }

    @ParameterizedTest
    // issue 29: a write stacked behind a read is refused as several statements, before what they are
    @ValueSource(
            strings = {
                "select 1; select 2",
                "select 1;;select 2",
                "select 'a;'; select 2",
                "select 1 from t; delete from t",
                "select $$x$$; delete from t",
                "select e'\\';'; delete from t"
            })
    void oneStatementOnly(String sql) {
        DriverException e = assertThrows(DriverException.class, () -> guard.check(sql));
        assertEquals(ErrorKind.SYNTAX, e.kind(), e.getMessage());
        assertEquals("duckdb: query: multiple statements are not supported yet: invalid query", e.getMessage());
        assertThrows(DriverException.class, () -> guard.checkSingleStatement(sql));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "select 1",
                "(select 1) union (select 2)",
                "with a as (select 1) select * from a",
                "from customers",
                "values (1)",
                "select 1 -- a comment\n",
                "select (1)"
            })
    void plainQuery(String sql) {
        assertTrue(DuckdbGuard.isPlainQuery(SqlScan.of(sql, SqlDialect.DUCKDB)), sql);
    }

    /** Only a query goes inside COPY; whether its parentheses let it is the base's Export.wrap (ExportHookTest). */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "describe customers",
                "pragma version",
                "show tables",
                "select 1; select 2",
                "explain select 1",
                "call pragma_version()",
                "summarize customers"
            })
    void notAPlainQuery(String sql) {
        assertFalse(DuckdbGuard.isPlainQuery(SqlScan.of(sql, SqlDialect.DUCKDB)), sql);
    }
}
