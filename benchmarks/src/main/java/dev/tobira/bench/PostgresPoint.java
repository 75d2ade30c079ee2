package dev.tobira.bench;

/** {@link PointBench} on PostgreSQL. */
public class PostgresPoint extends PointBench {
    @Override
    protected SqlEngine engine() {
        return SqlEngine.POSTGRES;
    }
}
