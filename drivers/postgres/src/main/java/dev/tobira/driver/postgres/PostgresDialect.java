package dev.tobira.driver.postgres;

import dev.tobira.api.Capability;
import dev.tobira.jdbc.BulkExport;
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
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * PostgreSQL on the JDBC base: pgjdbc connections ({@link PgConnector}), the statement check
 * ({@link PgGuard}) in front of a read-only transaction per guarded call ({@link PgReadOnlyMode},
 * {@link PgStatementScope}, with a capped read in one round trip, {@link CappedRead}), PostgreSQL's
 * types ({@link PgTypes}), SQLStates ({@link PgErrors}), {@code pg_catalog} with a per-session cache
 * ({@link PgCatalog}), streamed statements cancelled on the connection ({@link PgStatements}) and
 * {@code COPY} export ({@link PgCopyExport}). What it reads of pgjdbc's internals is in
 * {@link PgjdbcInternals}. Not final: the tests turn its statement check off in a subclass.
 */
class PostgresDialect extends JdbcDialect {
    static final String NAME = "postgres";

    private final StatementGuard guard = PgGuard.build(NAME);
    private final Connector connector = new PgConnector();
    private final ReadOnlyMode readOnlyMode = new PgReadOnlyMode();
    private final TypeMapping types = new PgTypes();
    private final ErrorMapper errors = new PgErrors();
    private final QueryBuilder queries = new PgQueries();
    private final Catalog catalog = new PgCatalog();
    private final Statements statements = new PgStatements();
    private final BulkExport export = new PgCopyExport();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<String> schemes() {
        return Set.of("postgres", "postgresql");
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
    public String dialectName() {
        return "postgresql";
    }

    @Override
    public SqlDialect sqlDialect() {
        return SqlDialect.POSTGRES;
    }

    @Override
    public StatementGuard guard() {
        return guard;
    }

    @Override
    protected Connector connector() {
        return connector;
    }

    @Override
    protected ReadOnlyMode readOnlyMode() {
        return readOnlyMode;
    }

    @Override
    protected TypeMapping typeMapping() {
        return types;
    }

    @Override
    protected ErrorMapper errorMapper() {
        return errors;
    }

    @Override
    protected QueryBuilder queryBuilder() {
        return queries;
    }

    @Override
    protected Catalog catalog() {
        return catalog;
    }

    @Override
    protected Statements statements() {
        return statements;
    }

    @Override
    protected Optional<BulkExport> bulkExport() {
        return Optional.of(export);
    }

    @Override
    protected Vocabulary vocabulary() {
        return PgVocabulary.VOCABULARY;
    }
}
