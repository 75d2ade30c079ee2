package dev.tobira.driver.duckdb;

import dev.tobira.jdbc.JdbcDriver;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.StatementGuard;

/**
 * The duckdb driver with its statement check turned off, for the kit's layers: the allow-list and the
 * forbidden words and functions are gone (one statement per query stays), while the read-only database handle (access_mode=READ_ONLY) and the read-only settings each call re-asserts stay on.
 * Test scope only: no {@code ConnConfig}, DSN or option reaches it, since it exists only as this
 * subclass of the package's dialect.
 */
final class DuckdbWithoutStatementCheck extends JdbcDriver {
    DuckdbWithoutStatementCheck() {
        super(new DuckdbDialect() {
            private final StatementGuard guard = StatementGuard.builder(DuckdbDialect.NAME)
                    .dialect(SqlDialect.DUCKDB)
                    .build();

            @Override
            public StatementGuard guard() {
                return guard;
            }
        });
    }
}
