package dev.tobira.driver.mysql;

import dev.tobira.jdbc.JdbcDriver;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.StatementGuard;

/**
 * The mysql driver with its statement check turned off, for the kit's layers: the allow-list and the
 * forbidden words and functions are gone (one statement per query stays), while the read-only transaction on the call's own connection and the post-check stays on.
 * Test scope only: no {@code ConnConfig}, DSN or option reaches it, since it exists only as this
 * subclass of the package's dialect.
 */
final class MysqlWithoutStatementCheck extends JdbcDriver {
    MysqlWithoutStatementCheck() {
        super(new MysqlDialect() {
            private final StatementGuard guard = StatementGuard.builder(MysqlDialect.NAME)
                    .dialect(SqlDialect.MYSQL)
                    .build();

            @Override
            public StatementGuard guard() {
                return guard;
            }
        });
    }
}
