package dev.tobira.driver.mysql;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import org.junit.jupiter.api.Test;

/**
 * Issue 29: the SPI lexer now reads a Unicode space as white space, but MySQL takes every character
 * from U+0080 up into an unquoted name. {@code x\u00a0count(1)} is a call of a stored function
 * named {@code x\u00a0count} there, not of the built-in {@code COUNT}: the check that decides
 * whether a text may run server code must say so.
 */
class StoredCodeUnicodeTest {
    @Test
    void aUnicodeSpaceJoinsANameToTheBuiltInAfterIt() {
        assertTrue(StoredCode.mayCall(SqlScan.of("select x\u00a0count(1) from t", SqlDialect.MYSQL)));
        assertTrue(StoredCode.mayCall(SqlScan.of("select x\u3000concat('a', 'b')", SqlDialect.MYSQL)));
        assertTrue(StoredCode.mayCall(SqlScan.of("select concat\u2003('a', 'b')", SqlDialect.MYSQL)));
        assertFalse(StoredCode.mayCall(SqlScan.of("select x, count(1) from t", SqlDialect.MYSQL)));
    }
}
