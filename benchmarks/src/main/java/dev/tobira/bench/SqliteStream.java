package dev.tobira.bench;

/** {@link StreamBench} on SQLite. */
public class SqliteStream extends StreamBench {
    @Override
    protected SqlEngine engine() {
        return SqlEngine.SQLITE;
    }
}
