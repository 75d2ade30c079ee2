package dev.tobira.driver.postgres;

import dev.tobira.jdbc.JdbcDriver;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.StatementGuard;

/**
 * The postgres driver with its statement check turned off, for the kit's layers: the allow-list and the
 * forbidden words and functions are gone (one statement per query stays), while the BEGIN READ ONLY transaction every guarded call runs in, ended by ROLLBACK stays on.
 * Test scope only: no {@code ConnConfig}, DSN or option reaches it, since it exists only as this
 * subclass of the package's dialect.
 */
final class PostgresWithoutStatementCheck extends JdbcDriver {
    PostgresWithoutStatementCheck() {
        super(new PostgresDialect() {
            private final StatementGuard guard = StatementGuard.builder(PostgresDialect.NAME)
                    .dialect(SqlDialect.POSTGRES)
                    .build();

            @Override
            public StatementGuard guard() {
                return guard;
            }
        });
    }
}
