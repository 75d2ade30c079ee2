package dev.tobira.driver.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Issue 15: Connector/J printed its own warnings to stderr when SLF4J was absent. */
class VendorLoggingTest {
    @Test
    void connectorJLogsToTheJdksLoggingUnlessTheApplicationChose() {
        new MysqlDriver(); // loads the dialect, which routes the vendor's logging
        assertEquals("JDK", System.getProperty(MysqlDialect.LOGGING_FALLBACK));
        System.setProperty(MysqlDialect.LOGGING_FALLBACK, "CONSOLE");
        try {
            MysqlDialect.routeVendorLogging();
            assertEquals(
                    "CONSOLE", System.getProperty(MysqlDialect.LOGGING_FALLBACK), "the application's choice stands");
        } finally {
            System.setProperty(MysqlDialect.LOGGING_FALLBACK, "JDK");
        }
    }
}
