package dev.tobira.bench;

/** {@link StreamBench} on MariaDB. */
public class MariadbStream extends StreamBench {
    @Override
    protected SqlEngine engine() {
        return SqlEngine.MARIADB;
    }
}
