package dev.tobira.jdbc;

import dev.tobira.api.Transactor;

/** The transactor: one transaction at a time, begun and ended by the dialect's {@link ReadOnlyMode}. */
final class JdbcTransactor implements Transactor {
    private final Runner runner;

    JdbcTransactor(Runner runner) {
        this.runner = runner;
    }

    @Override
    public Tx begin() {
        return runner.begin();
    }
}
