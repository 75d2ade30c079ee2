package dev.tobira.bench;

/** {@link PointBench} on SQLite. */
public class SqlitePoint extends PointBench {
    @Override
    protected SqlEngine engine() {
        return SqlEngine.SQLITE;
    }
}
