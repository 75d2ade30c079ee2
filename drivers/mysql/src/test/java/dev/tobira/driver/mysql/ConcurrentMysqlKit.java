package dev.tobira.driver.mysql;

import dev.tobira.drivertest.Fixture;

/**
 * The kit on the test server while {@link MysqlConcurrentClientTest} creates databases and users
 * beside it. Not named {@code *Test}: only that test runs it, through the JUnit engine.
 */
class ConcurrentMysqlKit extends MysqlConformanceTest {
    @Override
    protected Fixture fixture() {
        return super.fixture().toBuilder().reportName("mysql-concurrent").build();
    }
}
