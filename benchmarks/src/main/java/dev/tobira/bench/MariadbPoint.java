package dev.tobira.bench;

/** {@link PointBench} on MariaDB. */
public class MariadbPoint extends PointBench {
    @Override
    protected SqlEngine engine() {
        return SqlEngine.MARIADB;
    }
}
