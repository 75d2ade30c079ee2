package dev.tobira.driver.mysql;

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
import java.util.Set;

/**
 * MySQL 8.0 to 8.4 and MariaDB 10.6 and later through MariaDB Connector/J, on the JDBC base.
 *
 * <p>The read-only layers: {@link MysqlGuard} in front; a session whose {@code sql_mode} reads
 * text the way the guard's lexer does (no {@code ANSI_QUOTES}, no {@code NO_BACKSLASH_ESCAPES});
 * a read-only connection's session set to {@code TRANSACTION READ ONLY} when it opens
 * ({@link MysqlConnector}); and the session's access mode set to read-only again for every guarded
 * statement, with a post-check of the server's status flags ({@link MysqlReadOnlyMode}). Vendor
 * internals only through {@link ConnectorJInternals}.
 */
class MysqlDialect extends JdbcDialect {
    static final String NAME = "mysql";

    /** What {@link #routeVendorLogging} sets, unless the application chose first. */
    static final String LOGGING_FALLBACK = "mariadb.logging.fallback";

    static {
        routeVendorLogging();
    }

    // after the logging property is set, though none of them loads Connector/J yet
    private static final Connector CONNECTOR = new MysqlConnector();
    private static final ReadOnlyMode READ_ONLY_MODE = new MysqlReadOnlyMode(MysqlReadOnlyMode.Layers.ALL);
    private static final TypeMapping TYPES = new MysqlTypes();
    private static final ErrorMapper ERRORS = new MysqlErrors();
    private static final QueryBuilder QUERIES = new MysqlQueries();
    private static final Catalog CATALOG = new MysqlCatalog();
    private static final Statements STATEMENTS = new MysqlStatements();

    /**
     * Connector/J logs through SLF4J when it is on the class path and otherwise prints to stderr
     * itself ({@code [ WARN] … Error: 1045-28000} on a bad password); a library prints nothing by
     * itself, so without SLF4J its records go to {@code java.util.logging} under
     * {@code org.mariadb.jdbc}, where the application's logging configuration decides. Set before
     * Connector/J reads it; an application that set the property keeps its choice.
     */
    static void routeVendorLogging() {
        if (System.getProperty(LOGGING_FALLBACK) == null) {
            System.setProperty(LOGGING_FALLBACK, "JDK");
        }
    }

    private final StatementGuard guard = MysqlGuard.build(NAME);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<String> schemes() {
        return Set.of("mysql", "mariadb");
    }

    @Override
    public SqlDialect sqlDialect() {
        return SqlDialect.MYSQL;
    }

    @Override
    public StatementGuard guard() {
        return guard;
    }

    @Override
    protected Connector connector() {
        return CONNECTOR;
    }

    /** All the layers; the tests that prove one layer alone take the others away here. */
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
    protected QueryBuilder queryBuilder() {
        return QUERIES;
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
    protected Vocabulary vocabulary() {
        return MysqlVocabulary.WORDS;
    }
}
