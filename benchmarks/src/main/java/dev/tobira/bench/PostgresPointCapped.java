package dev.tobira.bench;

/** {@link PointBench} on PostgreSQL with {@code Query.limit(1)}: the read the MCP server and the CLI send. */
public class PostgresPointCapped extends PointBench {
    @Override
    protected SqlEngine engine() {
        return SqlEngine.POSTGRES;
    }

    @Override
    protected long limit() {
        return 1;
    }
}
