package dev.tobira.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.StatementGuard;
import org.junit.jupiter.api.Test;

/** A connection's kept acceptances: reused for the same text and path, never for a refusal. */
class GuardVerdictsTest {
    private final StatementGuard guard = StatementGuard.builder("test")
            .dialect(SqlDialect.SQLITE)
            .allow("SELECT")
            .build();

    @Test
    void anAcceptanceIsReusedForTheSameText() {
        GuardVerdicts verdicts = new GuardVerdicts(guard);
        SqlScan first = verdicts.check("select 1", true);
        assertSame(first, verdicts.check("select 1", true));
        // an equal string that is another object finds it too
        assertSame(first, verdicts.check(new String("select 1".toCharArray()), true));
        assertNotSame(first, verdicts.check("select 2", true));
        assertSame(first, verdicts.check("select 1", true));
    }

    @Test
    void aRefusalIsCheckedEveryTime() {
        GuardVerdicts verdicts = new GuardVerdicts(guard);
        for (int i = 0; i < 3; i++) {
            DriverException e = assertThrows(DriverException.class, () -> verdicts.check("delete from t", true));
            assertEquals(ErrorKind.READ_ONLY, e.kind());
        }
        assertEquals(0, verdicts.size());
    }

    @Test
    void theGuardedPathIsPartOfTheKey() {
        GuardVerdicts verdicts = new GuardVerdicts(guard);
        verdicts.check("delete from t", false); // one statement: fine on a writable path
        DriverException e = assertThrows(DriverException.class, () -> verdicts.check("delete from t", true));
        assertEquals(ErrorKind.READ_ONLY, e.kind());
        assertEquals(
                ErrorKind.SYNTAX,
                assertThrows(DriverException.class, () -> verdicts.check("select 1; select 2", false))
                        .kind());
    }

    @Test
    void boundedInCountAndTextLength() {
        GuardVerdicts verdicts = new GuardVerdicts(guard);
        for (int i = 0; i < GuardVerdicts.SLOTS * 3; i++) {
            verdicts.check("select " + i, true);
        }
        assertEquals(GuardVerdicts.SLOTS, verdicts.size());
        GuardVerdicts fresh = new GuardVerdicts(guard);
        String large = "select '" + "x".repeat(GuardVerdicts.MAX_TEXT) + "'";
        SqlScan scan = fresh.check(large, true);
        assertNotSame(scan, fresh.check(large, true));
        assertEquals(0, fresh.size());
    }
}
