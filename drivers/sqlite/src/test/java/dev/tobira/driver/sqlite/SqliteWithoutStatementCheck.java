package dev.tobira.driver.sqlite;

import dev.tobira.jdbc.JdbcDriver;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.StatementGuard;

/**
 * The SQLite driver with its statement check turned off, for the kit's layers: the allow-list,
 * the forbidden words and PRAGMA rules are gone (one statement per query stays), while the
 * read-only file handle, {@code query_only} before every statement and the disabled ATTACH limit
 * stay on. Test scope only: no {@code ConnConfig}, DSN or option reaches it, since it exists only
 * as this subclass of the package's dialect.
 */
final class SqliteWithoutStatementCheck extends JdbcDriver {
    SqliteWithoutStatementCheck() {
        super(new SqliteDialect() {
            private final StatementGuard guard = StatementGuard.builder(SqliteDialect.NAME)
                    .dialect(SqlDialect.SQLITE)
                    .build();

            @Override
            public StatementGuard guard() {
                return guard;
            }
        });
    }
}
