package dev.tobira.driver.mysql;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RowsTest {
    @Test
    void exactCountsNeedNoFilter() {
        assertFalse(Rows.query(5_000_000).contains("where"), Rows.query(5_000_000));
        assertFalse(Rows.query(100_000).contains("where"));
        assertFalse(Rows.query(1).contains("where"));
    }

    @Test
    void otherCountsAreFiltered() {
        assertTrue(Rows.query(123).endsWith("< 123"), Rows.query(123));
    }

    @Test
    void zeroRowsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Rows.query(0));
    }
}
