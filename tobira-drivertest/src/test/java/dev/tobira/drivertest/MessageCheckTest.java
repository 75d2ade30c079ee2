package dev.tobira.drivertest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import org.junit.jupiter.api.Test;

/**
 * Issue 15: every message has the form {@code <driver>: <op>: <detail>: <kind words>} with
 * nothing cut. The form is built by the exception itself; a detail cut short shows as brackets
 * that do not pair up, which {@link MessageCheck} catches where the kit and the drivers' tests
 * check messages (moved out of the exception's constructor in issue 31).
 */
class MessageCheckTest {
    @Test
    void theFormIsBuiltFromItsParts() {
        DriverException e =
                DriverException.of(ErrorKind.AUTH, "mysql", "open", "Access denied (using password: [redacted])");
        assertEquals("mysql: open: Access denied (using password: [redacted]): authentication failed", e.getMessage());
        assertSame(e, MessageCheck.assertWhole(e));
    }

    @Test
    void aCutDetailFailsTheCheck() {
        DriverException cut = DriverException.of(
                ErrorKind.AUTH, "mysql", "open", "Access denied for user 'x'@'127.0.0.1' (using password: [redacted]");
        AssertionError e = assertThrows(AssertionError.class, () -> MessageCheck.assertWhole(cut));
        assertTrue(e.getMessage().contains("(using password: [redacted]"), e.getMessage());
        assertThrows(
                AssertionError.class,
                () -> MessageCheck.assertWhole(
                        DriverException.of(ErrorKind.TIMEOUT, "sqlite", "query", ") (interrupted")));
    }

    @Test
    void bracketsInQuotesAndApostrophesAreNoCut() {
        assertTrue(MessageCheck.looksWhole("near \"(\": syntax error"));
        assertTrue(MessageCheck.looksWhole("You have an error near ')' at line 1"));
        assertTrue(MessageCheck.looksWhole("Table 'shop.x' doesn't exist (errno 1146)"));
        assertTrue(MessageCheck.looksWhole("array [1, 2] (of 2)"));
        assertTrue(
                MessageCheck.looksWhole("near 'insert orders values (100, 1, 'x', '2026-01-01')' at line 1"),
                "vendor text no redaction touched is not judged");
        assertFalse(MessageCheck.looksWhole(") b ("));
        assertFalse(MessageCheck.looksWhole("(password: [redacted]"));
        assertTrue(MessageCheck.looksWhole("(password: [redacted])"));
    }
}
