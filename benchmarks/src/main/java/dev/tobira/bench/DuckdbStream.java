package dev.tobira.bench;

/** {@link StreamBench} on DuckDB. */
public class DuckdbStream extends StreamBench {
    @Override
    protected SqlEngine engine() {
        return SqlEngine.DUCKDB;
    }
}
