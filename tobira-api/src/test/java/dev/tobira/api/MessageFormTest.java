package dev.tobira.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Issue 15: every message has the form {@code <driver>: <op>: <detail>: <kind words>} with
 * nothing cut. The form is built by the exception itself; a detail cut short shows as brackets
 * that do not pair up, which the constructor catches in every test suite of the project (the
 * build sets {@code tobira.checkMessages}; a user's code never pays for it or sees it).
 */
class MessageFormTest {
    @Test
    void theFormIsBuiltFromItsParts() {
        DriverException e = DriverException.of(ErrorKind.AUTH, "mysql", "open", "Access denied (using password: [redacted])");
        assertEquals("mysql: open: Access denied (using password: [redacted]): authentication failed", e.getMessage());
    }

    @Test
    void aCutDetailIsCaughtWhereAssertionsRun() {
        assertTrue(Boolean.getBoolean("tobira.checkMessages"), "the project's suites run with the message check on");
        assertThrows(AssertionError.class, () -> DriverException.of(ErrorKind.AUTH, "mysql", "open",
                "Access denied for user 'x'@'127.0.0.1' (using password: [redacted]"));
        assertThrows(AssertionError.class, () -> DriverException.of(ErrorKind.TIMEOUT, "sqlite", "query", ") (interrupted"));
    }

    @Test
    void bracketsInQuotesAndApostrophesAreNoCut() {
        assertTrue(DriverException.looksWhole("near \"(\": syntax error"));
        assertTrue(DriverException.looksWhole("You have an error near ')' at line 1"));
        assertTrue(DriverException.looksWhole("Table 'shop.x' doesn't exist (errno 1146)"));
        assertTrue(DriverException.looksWhole("array [1, 2] (of 2)"));
        assertTrue(DriverException.looksWhole("near 'insert orders values (100, 1, 'x', '2026-01-01')' at line 1"),
                "vendor text no redaction touched is not judged");
        assertFalse(DriverException.looksWhole(") b ("));
        assertFalse(DriverException.looksWhole("(password: [redacted]"));
        assertTrue(DriverException.looksWhole("(password: [redacted])"));
    }
}
