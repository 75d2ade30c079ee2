package dev.tobira.driver.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Value;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What server code leaves behind a read (issue 14, finding 3): a function that takes a session
 * advisory lock, created through the side channel, must not leave the lock held by the read-only
 * session once the call is over; the rollback alone does not release it. The lock key is this
 * run's own, and only it is looked at.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PgServerCodeTest {
    private static final String SCHEMA = "tobira_pg_code_" + PgFixture.RUN;
    private static final long KEY = 1_400_000_000L + ProcessHandle.current().pid() % 100_000_000L;

    private final PostgresDriver driver = new PostgresDriver();
    private PgFixture fixture;

    @BeforeAll
    void start() throws Exception {
        fixture = new PgFixture(PgServer.find(), SCHEMA);
        fixture.seed();
        try (java.sql.Connection c = fixture.nativeConnection();
                Statement st = c.createStatement()) {
            st.execute("CREATE OR REPLACE FUNCTION " + SCHEMA + ".take_lock() RETURNS int LANGUAGE plpgsql AS $$"
                    + " BEGIN PERFORM pg_advisory_lock(" + KEY + "); RETURN 1; END $$");
            st.execute(
                    "CREATE OR REPLACE FUNCTION " + SCHEMA + ".take_lock_and_fail() RETURNS int LANGUAGE plpgsql AS $$"
                            + " BEGIN PERFORM pg_advisory_lock(" + KEY + "); RETURN 1 / 0; END $$");
        }
    }

    @AfterAll
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private long held() {
        return fixture.count(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = 0"
                        + " AND objsubid = 1 AND objid::bigint = ?::bigint",
                Long.toString(KEY));
    }

    @Test
    void aSessionLockTakenByAFunctionIsReleasedAfterTheRead() {
        ConnConfig readOnly = ConnConfig.of(fixture.dsn()).withReadOnly(true);
        try (Conn conn = driver.open(readOnly)) {
            assertEquals(Value.of(1), conn.query(Query.of("select take_lock()")).first(r -> r.get(0)));
            assertEquals(0, held(), "the read-only session still holds the advisory lock after the read");
            org.junit.jupiter.api.Assertions.assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of("select take_lock_and_fail()")).first(r -> r.get(0)));
            assertEquals(0, held(), "after a read that failed");
            assertEquals(
                    Value.of(1),
                    conn.query(Query.of("select 1")).first(r -> r.get(0)),
                    "the connection is still usable");
        }
        try (Conn conn = driver.open(ConnConfig.of(fixture.dsn()))) {
            assertEquals(
                    Value.of(1),
                    conn.query(Query.of("select take_lock()").withReadOnly(true))
                            .first(r -> r.get(0)));
            assertEquals(0, held(), "a readOnly query on a writable connection");
            assertEquals(Value.of(1), conn.query(Query.of("select take_lock()")).first(r -> r.get(0)));
            assertEquals(1, held(), "an unguarded call keeps the lock it asked for");
        }
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (held() > 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(0, held(), "the session's end released it");
    }

    /** Review finding: inside a read-only connection's transaction the reads' locks were never released. */
    @Test
    void aLockTakenInsideAReadOnlyTransactionIsReleasedWhenItEnds() {
        try (Conn conn = driver.open(ConnConfig.of(fixture.dsn()).withReadOnly(true))) {
            conn.as(dev.tobira.api.Transactor.class).orElseThrow().useTransaction(tx -> {
                try (ResultSet rs = tx.query(Query.of("select take_lock()"))) {
                    rs.next();
                }
            });
            assertEquals(0, held(), "the read-only session still holds the advisory lock after its transaction");
        }
    }
}
