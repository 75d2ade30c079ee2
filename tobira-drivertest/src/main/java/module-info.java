/**
 * The tobira conformance kit.
 *
 * @since 0.1
 */
module dev.tobira.drivertest {
    requires transitive dev.tobira.spi;
    requires transitive org.junit.jupiter.api;
    requires org.junit.jupiter.params;
    requires static org.junit.platform.launcher;
    requires com.fasterxml.jackson.databind;
    requires java.management;
    requires static org.jspecify;

    exports dev.tobira.drivertest;

    // JUnit runs the tests; Jackson writes the report's records as they are
    opens dev.tobira.drivertest to
            org.junit.platform.commons,
            com.fasterxml.jackson.databind;
}
