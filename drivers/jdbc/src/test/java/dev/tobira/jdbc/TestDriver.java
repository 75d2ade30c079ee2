package dev.tobira.jdbc;

/** The driver of {@link TestDialect}. */
final class TestDriver extends JdbcDriver {
    final TestDialect dialect;

    TestDriver(TestDialect dialect) {
        super(dialect);
        this.dialect = dialect;
    }
}
