package dev.tobira.driver.sqlite;

import dev.tobira.jdbc.Catalog;
import dev.tobira.jdbc.Connector;
import dev.tobira.jdbc.ErrorMapper;
import dev.tobira.jdbc.JdbcDialect;
import dev.tobira.jdbc.QueryBuilder;
import dev.tobira.jdbc.ReadOnlyMode;
import dev.tobira.jdbc.Statements;
import dev.tobira.jdbc.TypeMapping;
import dev.tobira.jdbc.Vocabulary;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.StatementGuard;
import java.util.List;
import java.util.Set;

/**
 * SQLite on the JDBC base. The read-only layers: {@link SqliteGuard} in front, the file opened
 * read-only ({@code SQLITE_OPEN_READONLY}), {@code PRAGMA query_only=1} at open and made sure of
 * before every guarded statement ({@link SqliteReadOnlyMode}), {@code SQLITE_LIMIT_ATTACHED} 0,
 * {@code trusted_schema} off and extension loading off ({@link SqliteConnector}). Connections keep
 * their prepared statements, since sqlite-jdbc compiles at every prepare.
 */
class SqliteDialect extends JdbcDialect {
    static final String NAME = "sqlite";
    private static final int KEPT_STATEMENTS = 32;
    private static final Connector CONNECTOR = new SqliteConnector();
    private static final ReadOnlyMode READ_ONLY_MODE = new SqliteReadOnlyMode();
    private static final TypeMapping TYPES = new SqliteTypes();
    private static final ErrorMapper ERRORS = new SqliteErrors();
    private static final Catalog CATALOG = new SqliteCatalog();
    /** sqlite-jdbc compiles a statement at every prepare and keeps none; SQLite recompiles a kept one when the schema changes. */
    private static final Statements STATEMENTS = new Statements() {
        @Override
        public int keptStatements() {
            return KEPT_STATEMENTS;
        }

        /**
         * No {@code setQueryTimeout}: sqlite-jdbc would make it the busy timeout of the call, in whole
         * seconds and a second past the deadline. The read-only mode's scope bounds the lock waits
         * by the deadline instead ({@link SqliteReadOnlyMode}), and the watchdog interrupts the rest.
         */
        /** sqlite3_bind_parameter_count, read from the compiled statement: sqlite-jdbc binds a missing one as NULL. */
        @Override
        public java.util.OptionalInt parameterCount(java.sql.PreparedStatement statement) throws java.sql.SQLException {
            return java.util.OptionalInt.of(statement.getParameterMetaData().getParameterCount());
        }

        @Override
        public void timeout(java.sql.Statement statement, dev.tobira.jdbc.Call call) {
            // bounded in SqliteReadOnlyMode.open
        }
    };

    private static final QueryBuilder QUERIES = new QueryBuilder() {
        @Override
        public String explain(String sql) {
            return "EXPLAIN QUERY PLAN " + sql;
        }
    };
    private static final Vocabulary VOCABULARY = Vocabulary.standardPlus(
            List.of("PRAGMA", "GLOB", "QUERY PLAN", "WITHOUT ROWID", "STRICT"),
            List.of(
                    "abs",
                    "avg",
                    "char",
                    "coalesce",
                    "count",
                    "date",
                    "datetime",
                    "group_concat",
                    "hex",
                    "ifnull",
                    "iif",
                    "instr",
                    "json",
                    "json_array",
                    "json_extract",
                    "json_object",
                    "julianday",
                    "length",
                    "like",
                    "lower",
                    "ltrim",
                    "max",
                    "min",
                    "nullif",
                    "printf",
                    "quote",
                    "random",
                    "replace",
                    "round",
                    "rtrim",
                    "strftime",
                    "substr",
                    "sum",
                    "time",
                    "total",
                    "trim",
                    "typeof",
                    "unicode",
                    "unixepoch",
                    "upper"));

    private final StatementGuard guard = SqliteGuard.build(name());

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<String> schemes() {
        return Set.of("sqlite");
    }

    @Override
    public SqlDialect sqlDialect() {
        return SqlDialect.SQLITE;
    }

    @Override
    public StatementGuard guard() {
        return guard;
    }

    @Override
    protected Connector connector() {
        return CONNECTOR;
    }

    @Override
    protected ReadOnlyMode readOnlyMode() {
        return READ_ONLY_MODE;
    }

    @Override
    protected TypeMapping typeMapping() {
        return TYPES;
    }

    @Override
    protected ErrorMapper errorMapper() {
        return ERRORS;
    }

    @Override
    protected Catalog catalog() {
        return CATALOG;
    }

    @Override
    protected Statements statements() {
        return STATEMENTS;
    }

    @Override
    protected QueryBuilder queryBuilder() {
        return QUERIES;
    }

    @Override
    protected Vocabulary vocabulary() {
        return VOCABULARY;
    }
}
