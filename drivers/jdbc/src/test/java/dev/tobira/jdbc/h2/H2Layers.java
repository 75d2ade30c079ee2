package dev.tobira.jdbc.h2;

import dev.tobira.jdbc.JdbcDriver;
import dev.tobira.jdbc.ReadOnlyMode;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.StatementGuard;

/**
 * The H2 driver with one layer of its guard turned off, for the kit's layers section: what each
 * layer stops alone. Test scope only, as the whole dialect is.
 */
final class H2Layers {
    private H2Layers() {}

    /** The rollback alone: no allow-list, forbidden word, function or rule (one statement per query stays). */
    static JdbcDriver withoutStatementCheck() {
        StatementGuard open =
                StatementGuard.builder(H2Dialect.NAME).dialect(H2Dialect.SQL).build();
        return new JdbcDriver(new H2Dialect() {
            @Override
            public StatementGuard guard() {
                return open;
            }
        }) {};
    }

    /**
     * The whole guard, but reading text as a lexer blind to {@code //} comments does (ANSI's reading):
     * what the declared {@link dev.tobira.spi.SqlDialect.Feature#DOUBLE_SLASH_COMMENTS} stops.
     */
    static JdbcDriver blindToDoubleSlash() {
        SqlDialect blind = H2Dialect.SQL.without(SqlDialect.Feature.DOUBLE_SLASH_COMMENTS);
        StatementGuard guard = H2Dialect.guard(blind);
        return new JdbcDriver(new H2Dialect() {
            @Override
            public StatementGuard guard() {
                return guard;
            }
        }) {};
    }

    /** The statement check alone: guarded statements run in autocommit, with no rollback behind them. */
    static JdbcDriver withoutRollback() {
        return new JdbcDriver(new H2Dialect() {
            @Override
            protected ReadOnlyMode readOnlyMode() {
                return ReadOnlyMode.NONE;
            }
        }) {};
    }
}
