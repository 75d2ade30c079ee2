package dev.tobira.driver.sqlite;

import dev.tobira.jdbc.Connector;
import dev.tobira.jdbc.JdbcDriver;
import dev.tobira.jdbc.ReadOnlyMode;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.StatementGuard;

/**
 * A deliberately broken SQLite driver for the kit's self-check: no {@code PRAGMA query_only}, the
 * file opened writable even for a read-only connection, and a statement guard without an
 * allow-list. A write sent read-only goes through, and the kit must notice.
 */
final class WeakenedSqliteDriver extends JdbcDriver {
    static final String NAME = "sqlite-weakened";

    WeakenedSqliteDriver() {
        super(new SqliteDialect() {
            // qualified: inside the subclass, a bare NAME would be SqliteDialect's inherited constant
            private final StatementGuard guard = StatementGuard.builder(WeakenedSqliteDriver.NAME)
                    .dialect(SqlDialect.SQLITE)
                    .build();

            @Override
            public String name() {
                return WeakenedSqliteDriver.NAME;
            }

            @Override
            public StatementGuard guard() {
                return guard;
            }

            /** The file opened writable, with none of a read-only connection's settings. */
            @Override
            protected Connector connector() {
                Connector real = super.connector();
                return config -> real.connect(config.withReadOnly(false));
            }

            @Override
            protected ReadOnlyMode readOnlyMode() {
                return ReadOnlyMode.NONE; // the weakness: query_only is never asserted
            }
        });
    }
}
