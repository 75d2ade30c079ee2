package dev.tobira.bench;

/** {@link PointBench} on MariaDB with {@code Query.limit(1)}: the read the MCP server and the CLI send. */
public class MariadbPointCapped extends PointBench {
    @Override
    protected SqlEngine engine() {
        return SqlEngine.MARIADB;
    }

    @Override
    protected long limit() {
        return 1;
    }
}
