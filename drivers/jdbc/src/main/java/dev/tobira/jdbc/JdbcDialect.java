package dev.tobira.jdbc;

import dev.tobira.api.Capability;
import dev.tobira.api.ConnInfo;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.StatementGuard;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * What makes one JDBC database different from the others: its identity, its statement check, and
 * a few collaborators, each one concern. Everything else is in the base. A driver subclasses this
 * once (a stateless object; per-connection state lives in the {@link JdbcSession}) and hands it to
 * {@link JdbcDriver#JdbcDriver(JdbcDialect)}, which asks for each collaborator once.
 *
 * <p>Abstract, so every dialect decides them: {@link #name()}, {@link #schemes()},
 * {@link #sqlDialect()}, {@link #guard()} and {@link #connector()}. Every other collaborator has a
 * standard default:
 *
 * <ul>
 *   <li>{@link Connector}: opens and initialises connections, says their version and secrets;
 *   <li>{@link ReadOnlyMode}: the database's own read-only mechanism, a {@link StatementScope} per
 *       statement and the transactions;
 *   <li>{@link TypeMapping}: columns and parameters between the database and {@link dev.tobira.api.Value};
 *   <li>{@link ErrorMapper}: vendor exceptions into error kinds and messages;
 *   <li>{@link QueryBuilder}: the SQL the base writes (quoting, pages, explain, the mutator's statements);
 *   <li>{@link Catalog}: namespaces, collections, descriptions, the current namespace;
 *   <li>{@link Statements}: how statements are made, streamed, kept and cancelled;
 *   <li>{@link BulkExport}: an optional fast path for the exporter;
 *   <li>{@link Vocabulary}: the completer's keywords and functions.
 * </ul>
 *
 * <p><b>How a query runs.</b> {@code Conn.query} checks the text with {@link #guard()}:
 * {@link StatementGuard#check(String)} when the call is guarded (read-only connection or read-only
 * query), {@link StatementGuard#checkSingleStatement(String)} otherwise, so every SQL driver takes
 * exactly one statement. Then on the session: {@link ReadOnlyMode#open} opens the statement's
 * scope, {@link Catalog#useNamespace} when the query names one, {@link StatementScope#text} gives
 * the text to send, {@link Statements#prepare} and {@link Statements#configure} make the
 * statement, {@link TypeMapping#bind} binds each parameter, {@code setMaxRows(limit + 1)} and a
 * deadline that cancels through {@link Statements#cancel} bound it, {@code execute()} runs it,
 * {@link StatementScope#checkExecuted} checks it, and a result whose columns are described and
 * mapped by the {@link TypeMapping} streams its rows as the caller iterates. When the result is
 * released (end, limit, close, failure, cancel) the namespace is restored and
 * {@link StatementScope#close} leaves the read-only mode, exactly once.
 *
 * <p><b>Errors.</b> A collaborator may throw {@link java.sql.SQLException}: the base classifies it
 * with the {@link ErrorMapper}, redacts it and throws a {@link dev.tobira.api.DriverException} with
 * the vendor exception as the cause. It may also throw a {@code DriverException} of its own, which
 * passes through unchanged.
 *
 * @since 0.1
 */
public abstract class JdbcDialect {
    /** For subclasses. */
    protected JdbcDialect() {}

    /**
     * Returns the driver's name, lower-case, such as {@code postgres}; it starts every message.
     *
     * @return the name
     */
    public abstract String name();

    /**
     * Returns the DSN schemes the driver opens, lower-case.
     *
     * @return the schemes, at least one
     */
    public abstract Set<String> schemes();

    /**
     * Returns the capabilities the driver promises: {@link Capability#READ_ONLY} and the facets its
     * connections offer. A connection offers the declared facets that work on it (no mutator on a
     * read-only connection) through {@code capabilities()} and {@code as()}, and no other. By
     * default: read-only, browser, mutator, explainer, transactor and completer, all of which the
     * base implements; {@link Capability#EXPORTER} is the base's too, on {@link #bulkExport()} or on
     * the query's rows.
     *
     * @return the declared capabilities
     */
    public Set<Capability> declared() {
        return EnumSet.of(
                Capability.READ_ONLY,
                Capability.BROWSER,
                Capability.MUTATOR,
                Capability.EXPLAINER,
                Capability.TRANSACTOR,
                Capability.COMPLETER);
    }

    /**
     * Returns the query language spoken, for {@link ConnInfo#dialect()}, unless the
     * {@link Connector#dialectName} of a connection says otherwise; the driver's name by default.
     *
     * @return the dialect name, such as {@code postgresql}
     */
    public String dialectName() {
        return name();
    }

    /**
     * Returns the data model, for {@link ConnInfo#model()}; {@link ConnInfo.Model#SQL} by default.
     *
     * @return the model
     */
    public ConnInfo.Model model() {
        return ConnInfo.Model.SQL;
    }

    /**
     * Returns how the database splits SQL text into tokens, for the completer and for generated
     * variants in the conformance kit. Normally the same dialect the {@link #guard()} uses.
     *
     * @return the lexer options
     */
    public abstract SqlDialect sqlDialect();

    /**
     * Returns the statement check in front of the database's own read-only mechanism: its
     * allow-list, forbidden words and functions and its own rules. Its driver name must be
     * {@link #name()}. A connection keeps the guard's last few acceptances by exact text and path
     * and reuses them (a refusal is checked again every time), so the guard must decide by the text
     * alone: its rules are pure functions of the scan, as the builder's are.
     *
     * @return the guard, built once
     */
    public abstract StatementGuard guard();

    /**
     * Returns how connections open.
     *
     * @return the connector
     */
    protected abstract Connector connector();

    /**
     * Returns the database's own read-only mechanism behind the statement check;
     * {@link ReadOnlyMode#NONE} by default, the statement check alone, which suits only an engine
     * whose read-only connections cannot write underneath.
     *
     * @return the read-only mode
     */
    protected ReadOnlyMode readOnlyMode() {
        return ReadOnlyMode.NONE;
    }

    /**
     * Returns how columns and parameters cross; {@link TypeMapping#STANDARD} by default.
     *
     * @return the type mapping
     */
    protected TypeMapping typeMapping() {
        return TypeMapping.STANDARD;
    }

    /**
     * Returns how vendor exceptions are classified; {@link ErrorMapper#STANDARD} by default.
     *
     * @return the error mapper
     */
    protected ErrorMapper errorMapper() {
        return ErrorMapper.STANDARD;
    }

    /**
     * Returns how the base spells the SQL it writes; {@link QueryBuilder#STANDARD} by default.
     *
     * @return the query builder
     */
    protected QueryBuilder queryBuilder() {
        return QueryBuilder.STANDARD;
    }

    /**
     * Returns what the database holds; {@link Catalog#STANDARD} by default.
     *
     * @return the catalog
     */
    protected Catalog catalog() {
        return Catalog.STANDARD;
    }

    /**
     * Returns how statements are made and cancelled; {@link Statements#STANDARD} by default.
     *
     * @return the statements
     */
    protected Statements statements() {
        return Statements.STANDARD;
    }

    /**
     * Returns the database's fast path for the exporter; empty by default, when a dialect that
     * declares {@link Capability#EXPORTER} exports the query's rows through the base.
     *
     * @return the bulk export, or empty
     */
    protected Optional<BulkExport> bulkExport() {
        return Optional.empty();
    }

    /**
     * Returns the completer's keywords and functions; {@link Vocabulary#STANDARD} by default.
     *
     * @return the vocabulary
     */
    protected Vocabulary vocabulary() {
        return Vocabulary.STANDARD;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + name() + "]";
    }
}
