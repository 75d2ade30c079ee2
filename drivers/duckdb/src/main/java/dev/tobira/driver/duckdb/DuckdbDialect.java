package dev.tobira.driver.duckdb;

import dev.tobira.api.Capability;
import dev.tobira.jdbc.BulkExport;
import dev.tobira.jdbc.Catalog;
import dev.tobira.jdbc.Connector;
import dev.tobira.jdbc.ErrorMapper;
import dev.tobira.jdbc.JdbcDialect;
import dev.tobira.jdbc.ReadOnlyMode;
import dev.tobira.jdbc.Statements;
import dev.tobira.jdbc.TypeMapping;
import dev.tobira.jdbc.Vocabulary;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.StatementGuard;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * DuckDB on the JDBC base. The read-only layers of a read-only connection: the database opened
 * with {@code access_mode=READ_ONLY}, {@code enable_external_access=false}, extension auto-install
 * and auto-load off and {@code lock_configuration=true}, checked once open
 * ({@link DuckdbConnector}), and {@link DuckdbGuard} in front. A read-only query on a writable
 * connection runs inside a transaction that is always rolled back ({@link DuckdbReadOnlyMode}).
 * Exports go through DuckDB's own {@code COPY} where it can write its file
 * ({@link DuckdbCopyExport}), and the base's CSV rows elsewhere. Statements and the SQL the base
 * writes are the standard ones.
 */
class DuckdbDialect extends JdbcDialect {
    static final String NAME = "duckdb";
    private static final Connector CONNECTOR = new DuckdbConnector();
    private static final ReadOnlyMode READ_ONLY_MODE = new DuckdbReadOnlyMode();
    private static final TypeMapping TYPES = new DuckdbTypes();
    private static final ErrorMapper ERRORS = new DuckdbErrors();
    private static final Catalog CATALOG = new DuckdbCatalog();
    private static final Optional<BulkExport> COPY_EXPORT = Optional.of(new DuckdbCopyExport());
    /** The prepared statement's own parameter count, read locally: DuckDB's JDBC driver runs a call with one missing. */
    private static final Statements STATEMENTS = new Statements() {
        @Override
        public OptionalInt parameterCount(PreparedStatement statement) throws SQLException {
            return OptionalInt.of(statement.getParameterMetaData().getParameterCount());
        }
    };

    private static final List<String> KEYWORDS = List.of(
            "DESCRIBE",
            "SHOW",
            "SHOW TABLES",
            "SUMMARIZE",
            "PIVOT",
            "UNPIVOT",
            "QUALIFY",
            "EXCLUDE",
            "REPLACE",
            "COLUMNS",
            "ASOF JOIN",
            "POSITIONAL JOIN",
            "ANTI JOIN",
            "SEMI JOIN",
            "USING SAMPLE",
            "PRAGMA",
            "CALL",
            "GROUP BY ALL",
            "ORDER BY ALL");
    private static final List<String> FUNCTIONS = List.of(
            "abs",
            "any_value",
            "approx_count_distinct",
            "arg_max",
            "arg_min",
            "array_agg",
            "avg",
            "coalesce",
            "concat",
            "count",
            "current_date",
            "current_setting",
            "date_diff",
            "date_part",
            "date_trunc",
            "epoch",
            "first",
            "greatest",
            "json_extract",
            "json_extract_string",
            "last",
            "least",
            "length",
            "list_value",
            "lower",
            "max",
            "median",
            "min",
            "now",
            "regexp_matches",
            "regexp_replace",
            "round",
            "split_part",
            "strftime",
            "string_agg",
            "strptime",
            "struct_pack",
            "substring",
            "sum",
            "trim",
            "unnest",
            "upper");
    private static final Vocabulary VOCABULARY = Vocabulary.standardPlus(KEYWORDS, FUNCTIONS);

    private final StatementGuard guard = DuckdbGuard.build(NAME);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<String> schemes() {
        return Set.of("duckdb");
    }

    @Override
    public Set<Capability> declared() {
        return EnumSet.of(
                Capability.READ_ONLY,
                Capability.BROWSER,
                Capability.MUTATOR,
                Capability.EXPLAINER,
                Capability.TRANSACTOR,
                Capability.COMPLETER,
                Capability.EXPORTER);
    }

    @Override
    public SqlDialect sqlDialect() {
        return SqlDialect.DUCKDB;
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
    protected Optional<BulkExport> bulkExport() {
        return COPY_EXPORT;
    }

    @Override
    protected Statements statements() {
        return STATEMENTS;
    }

    @Override
    protected Vocabulary vocabulary() {
        return VOCABULARY;
    }
}
