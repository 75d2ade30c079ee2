package dev.tobira.bench;

/** {@link StreamBench} on PostgreSQL. */
public class PostgresStream extends StreamBench {
    @Override
    protected SqlEngine engine() {
        return SqlEngine.POSTGRES;
    }
}
