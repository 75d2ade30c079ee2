package dev.tobira.driver.mysql;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.StatementGuard;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The statement check alone, without a server: what it refuses on a read-only call, and what it
 * lets through. Texts that are not writes (LOAD_FILE reads a server file, HANDLER reads a table,
 * a session setting changes no data) cannot be conformance probes, which must be proven writes,
 * so their refusal is pinned here.
 */
class MysqlGuardTest {
    private static final StatementGuard GUARD = MysqlGuard.build("mysql");

    static Stream<String> refused() {
        return Stream.of(
                // executable comments, the MySQL and the MariaDB form
                "/*! delete from orders */",
                "/*!50000 delete from orders */",
                "select 1 /*!50000 , probe_write() */",
                "/*M! delete from orders */",
                "/*M!100000 drop table orders */",
                // files and variables
                "select * from customers into outfile '/tmp/x'",
                "select name from customers into dumpfile '/tmp/x'",
                "select 1 into @v",
                "select 1 from dual into @v",
                "table customers into outfile '/tmp/x'",
                "select load_file('/etc/passwd')",
                "select LOAD_FILE ('/etc/passwd') as f",
                "select `load_file`('/etc/passwd')",
                "load data infile '/tmp/x' into table orders",
                "load data local infile '/tmp/x' into table orders",
                "load xml infile '/tmp/x' into table orders",
                // locks, waits and CPU
                "select get_lock('x', 0)",
                "select release_lock('x')",
                "select release_all_locks()",
                "select is_free_lock('x')",
                "select is_used_lock('x')",
                "select sleep(10)",
                "select benchmark(100000000, md5('x'))",
                "select master_pos_wait('log', 4)",
                "select * from orders for update",
                "select * from orders for update nowait",
                "select * from orders for share",
                "select * from orders lock in share mode",
                "lock tables orders write",
                "unlock tables",
                // statements that are not reads
                "handler orders open",
                "handler orders read first",
                "call probe_proc()",
                "do probe_write()",
                "do release_lock('x')",
                "set session transaction read write",
                "set transaction read write",
                "set @@session.tx_read_only = 0",
                "set @@session.transaction_read_only = 0",
                "set @@global.read_only = 0",
                "set session sql_mode = 'NO_BACKSLASH_ESCAPES'",
                "set autocommit = 0",
                "set @v = 1",
                "set statement max_statement_time = 1 for select 1",
                "flush tables",
                "flush privileges",
                "kill 1",
                "kill query 1",
                "shutdown",
                "install plugin blackhole soname 'ha_blackhole.so'",
                "install soname 'ha_blackhole'",
                "create temporary table t (x int)",
                "create table t (x int)",
                "analyze table orders",
                "optimize table orders",
                "repair table orders",
                "check table orders",
                "prepare s from 'delete from orders'",
                "execute s",
                "start transaction",
                "commit",
                "rollback",
                "begin",
                "xa start 'x'",
                "replace into orders values (1, 1, 1, 'x', 'y')",
                "insert orders values (1, 1, 1, 'x', 'y')",
                "rename table orders to o2",
                "truncate orders",
                "grant all on *.* to x",
                "create user x",
                "help 'contents'",
                "use mysql",
                // EXPLAIN and DESCRIBE that execute, or explain a write
                "explain analyze select * from orders",
                "explain format=tree analyze select 1",
                "describe analyze select * from orders",
                "analyze select probe_write()",
                "analyze delete from orders",
                "explain delete from orders",
                "explain update customers set name = 'x'",
                "explain insert into orders select * from orders",
                "explain replace into orders values (1, 1, 1, 'x', 'y')",
                // writes behind a WITH
                "with c as (select 1) delete from orders",
                "with c as (select 1) update customers set name = 'x'",
                "with c as (select 1) insert into orders select * from orders",
                "with c as (select 1) replace orders select * from orders",
                "select * from customers procedure analyse()",
                // user variables, which outlive the read
                "select @a := 5",
                "select @a:=5 from dual",
                "select 1 from dual where (@n := 1) = 1",
                // hints and escapes
                "select /*+ SET_VAR(sql_mode = 'NO_BACKSLASH_ESCAPES') */ 1",
                "select /*+ set_var(transaction_read_only = 0) */ 1",
                "select {fn ucase('x')}",
                "{call probe_proc()}",
                "select 1 from dual where 1 = {d '2024-01-01'}");
    }

    @ParameterizedTest
    @MethodSource("refused")
    void refusesAsReadOnlyViolation(String sql) {
        DriverException e = assertThrows(DriverException.class, () -> GUARD.check(sql), sql);
        assertEquals(ErrorKind.READ_ONLY, e.kind(), sql + ": " + e.getMessage());
        assertTrue(e.getMessage().startsWith("mysql: query: "), e.getMessage());
        assertFalse(e.getMessage().contains(sql), "the message quotes the text: " + e.getMessage());
    }

    /** Several statements: refused before anything reaches the server, the write included. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "select 1--1;drop table orders",
                "select 1--1;\ndrop table orders",
                "select 1 # comment\n;delete from orders",
                "select 'a\\';'; select 2",
                "select 1; select 2",
                "select \"x\"; select 2"
            })
    void refusesMultipleStatements(String sql) {
        DriverException e = assertThrows(DriverException.class, () -> GUARD.check(sql), sql);
        assertTrue(e.kind() == ErrorKind.READ_ONLY || e.kind() == ErrorKind.SYNTAX, sql + ": " + e.getMessage());
        DriverException writable = assertThrows(DriverException.class, () -> GUARD.checkSingleStatement(sql), sql);
        assertEquals(ErrorKind.SYNTAX, writable.kind(), writable.getMessage());
        assertEquals("mysql: query: multiple statements are not supported yet: invalid query", writable.getMessage());
    }

    static Stream<String> reads() {
        return Stream.of(
                "select 1",
                "SELECT name, country FROM customers ORDER BY id",
                "(select 1) union (select 2)",
                "select 'it\\'s; delete from orders' as s",
                "select 'a\\\\' as s",
                "select \"x'; delete from orders; -- \" as s",
                "select 1 as x # drop table customers",
                "# drop table orders\nselect 1 as x",
                "select 1 as x -- ; delete from orders",
                "select 1 /* ; delete from orders */ as x",
                "select count(*) as `delete` from customers",
                "select `delete`.id from customers as `delete`",
                "select `into`, `update` from t",
                "select 1--1 as x",
                "select replace(name, 'a', 'b') from customers",
                "select insert(name, 1, 1, 'X') from customers",
                "select INSERT (name, 1, 1, 'X') from customers",
                "select 'into outfile' as s",
                "select '/*! delete from orders */' as s",
                "select '{fn x}' as s",
                "show tables",
                "show full processlist",
                "show create table customers",
                "describe customers",
                "desc orders",
                "explain select * from customers",
                "explain format=json select * from customers where id = 1",
                "with recursive r (n) as (select 1 union all select n + 1 from r where n < 3) select sum(n) from r",
                "select /*+ MAX_EXECUTION_TIME(1000) */ count(*) from customers",
                "select json_extract('{\"a\": 1}', '$.a')",
                "values (1), (2)",
                "values row(1), row(2)",
                "table customers",
                "select nextval(probe_seq)",
                "select next value for probe_seq",
                "select probe_write()",
                "select * from customers order by name desc limit 2 offset 1",
                "select 1 as x;");
    }

    @ParameterizedTest
    @MethodSource("reads")
    void passesReads(String sql) {
        assertDoesNotThrow(() -> GUARD.check(sql), sql);
    }

    /** What skips the own read-only transaction is decided apart from the allow-list; the two must be changed together. */
    @Test
    void theKindsThatRunAsOneReadAreTheAllowList() {
        assertEquals(java.util.Set.copyOf(MysqlGuard.ALLOWED), OneRead.READS);
    }

    /** Every read the statement check passes runs as one autocommit read, with no transaction of its own to begin and roll back. */
    @ParameterizedTest
    @MethodSource("reads")
    void readsRunAsOneRead(String sql) {
        assertTrue(OneRead.is(sql), sql);
    }

    /**
     * Texts that could open, end or change a transaction, or set a variable for their own
     * statement, never run as one read: with the statement check taken away they get a read-only
     * transaction of their own as well.
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "set statement tx_read_only = 0 for delete from orders",
                "SET STATEMENT transaction_read_only = 0 FOR select probe_write()",
                "set session transaction read write",
                "set autocommit = 0",
                "start transaction",
                "begin",
                "commit",
                "call probe_proc()",
                "do probe_write()",
                "execute s",
                "lock tables orders read",
                "delete from orders",
                "create table t (x int)",
                "/*! delete from orders */",
                "/*M! set statement tx_read_only = 0 for */ delete from orders",
                "select 1 /*!50000 , probe_write() */",
                "select /*+ SET_VAR(transaction_read_only = 0) */ probe_write()",
                "'select'",
                "select 1; delete from orders"
            })
    void otherTextsDoNotRunAsOneRead(String sql) {
        assertFalse(OneRead.is(sql), sql);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/*! delete from orders */", "delete from orders", "set session transaction read write"})
    void writableCallsOnlyNeedOneStatement(String sql) {
        assertDoesNotThrow(() -> GUARD.checkSingleStatement(sql), sql);
    }

    @ParameterizedTest
    @ValueSource(strings = {"select 'open", "select `open", "select 1 /* open", "select \"open"})
    void unterminatedTextIsSyntax(String sql) {
        DriverException e = assertThrows(DriverException.class, () -> GUARD.check(sql), sql);
        assertEquals(ErrorKind.SYNTAX, e.kind(), e.getMessage());
    }
}
