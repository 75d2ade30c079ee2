package dev.tobira.driver.sqlite;

import dev.tobira.drivertest.Fixture;

/**
 * The kit's guard tests against {@link WeakenedSqliteDriver}. Its name matches none of Surefire's
 * test patterns on purpose: it is meant to fail, and only {@link WeakenedGuardTest} runs it, through
 * the JUnit Platform test kit.
 */
class WeakenedSqliteKit extends SqliteConformanceTest {
    @Override
    protected Fixture fixture() {
        return super.fixture().toBuilder().driver(new WeakenedSqliteDriver()).build();
    }
}
