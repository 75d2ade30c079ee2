package dev.tobira.driver.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** {@code Conn.execute} on a real engine: the count of a write, through the guard path of {@code query}. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqliteExecuteTest {
    private final SqliteFixture fixture = new SqliteFixture();
    private final SqliteDriver driver = new SqliteDriver();

    @BeforeEach
    void seed() {
        fixture.seed();
    }

    @AfterAll
    void removeFiles() {
        fixture.delete();
    }

    private Conn writable() {
        return driver.open(ConnConfig.of(fixture.dsn()));
    }

    @Test
    void anInsertCountsItsRows() {
        try (Conn conn = writable()) {
            assertEquals(
                    2,
                    conn.execute(Query.of("insert into orders values (8, 3, 5000, 'paid', '2026-11-02'), "
                            + "(9, 3, 100, 'paid', '2026-11-03')")));
            assertEquals(9, (long)
                    conn.query(Query.of("select count(*) from orders")).one(row -> row.getLong(0)));
        }
    }

    @Test
    void anUpdateCountsTheRowsItChanged() {
        try (Conn conn = writable()) {
            assertEquals(
                    5,
                    conn.execute(Query.of("update orders set status = 'archived' where status = ?")
                            .withParams(Value.of("paid"))));
            assertEquals(0, conn.execute(Query.of("update orders set status = 'x' where id = 1000")));
            assertEquals(5, (long) conn.query(Query.of("select count(*) from orders where status = 'archived'"))
                    .one(row -> row.getLong(0)));
        }
    }

    @Test
    void aWriteIsRefusedOnAReadOnlyConnectionAndQueryAsQueryRefusesIt() throws Exception {
        String before = fixture.fingerprint();
        try (Conn conn = driver.open(ConnConfig.of(fixture.dsn()).withReadOnly(true))) {
            DriverException viaExecute =
                    assertThrows(DriverException.class, () -> conn.execute(Query.of("delete from orders")));
            DriverException viaQuery = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of("delete from orders")).close());
            assertEquals(ErrorKind.READ_ONLY, viaExecute.kind());
            assertEquals(viaQuery.getMessage(), viaExecute.getMessage());
        }
        try (Conn conn = writable()) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.execute(Query.of("delete from orders").withReadOnly(true)));
            assertEquals(ErrorKind.READ_ONLY, e.kind());
        }
        assertEquals(before, fixture.fingerprint(), "nothing changed");
    }

    @Test
    void ddlRunsAndCountsNothing() {
        try (Conn conn = writable()) {
            assertEquals(0, conn.execute(Query.of("create table notes (id integer primary key, body text)")));
            assertEquals(1, conn.execute(Query.of("insert into notes (body) values ('x')")));
            assertEquals(0, conn.execute(Query.of("drop table notes")));
            assertEquals(
                    ErrorKind.NOT_FOUND,
                    assertThrows(
                                    DriverException.class,
                                    () -> conn.query(Query.of("select * from notes"))
                                            .close())
                            .kind(),
                    "the table is gone");
        }
    }

    /**
     * SQLite's {@code changes()} is the count of the last INSERT, UPDATE or DELETE to complete, which
     * sqlite-jdbc hands on for any statement: the DDL, the transaction control and the pragmas after
     * a write would report that write's rows.
     */
    @Test
    void aStatementThatWritesNoRowsCountsNoneAfterAWrite() {
        try (Conn conn = writable()) {
            assertEquals(
                    3,
                    conn.execute(Query.of("insert into orders values (8, 3, 5000, 'paid', '2026-11-02'), "
                            + "(9, 3, 100, 'paid', '2026-11-03'), (10, 3, 100, 'paid', '2026-11-04')")));
            assertEquals(0, conn.execute(Query.of("create table notes (id integer primary key, body text)")));
            assertEquals(2, conn.execute(Query.of("delete from orders where id in (9, 10)")));
            assertEquals(0, conn.execute(Query.of("create index notes_body on notes (body)")));
            assertEquals(1, conn.execute(Query.of("update orders set status = 'x' where id = 8")));
            assertEquals(0, conn.execute(Query.of("pragma user_version = 7")));
            assertEquals(1, conn.execute(Query.of("delete from orders where id = 8")));
            assertEquals(0, conn.execute(Query.of("drop table notes")));
            assertEquals(0, conn.execute(Query.of("update orders set status = 'x' where id = 1000")));
        }
    }

    /** A trigger's rows count in {@code total_changes()}, not in the statement's count. */
    @Test
    void aWriteThatFiresATriggerCountsItsOwnRowsOnly() {
        try (Conn conn = writable()) {
            conn.execute(Query.of("create table audit (order_id integer)"));
            conn.execute(Query.of("create trigger orders_audit after delete on orders "
                    + "begin insert into audit values (old.id); insert into audit values (old.id); end"));
            assertEquals(1, conn.execute(Query.of("delete from orders where id = 1")));
            assertEquals(0, conn.execute(Query.of("drop trigger orders_audit")));
            assertEquals(
                    2, (long) conn.query(Query.of("select count(*) from audit")).one(row -> row.getLong(0)));
        }
    }
}
