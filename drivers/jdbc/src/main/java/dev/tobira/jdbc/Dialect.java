package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Capability;
import dev.tobira.api.ConnInfo;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.StatementGuard;
import java.util.Optional;
import java.util.Set;

/**
 * A dialect's collaborators, asked for once when its driver is made, so the base never calls back
 * into the dialect object and never sees a null where a collaborator belongs.
 */
record Dialect(
        String name,
        Set<String> schemes,
        Set<Capability> declared,
        String dialectName,
        ConnInfo.Model model,
        SqlDialect sqlDialect,
        StatementGuard guard,
        Connector connector,
        ReadOnlyMode readOnlyMode,
        TypeMapping types,
        ErrorMapper errors,
        QueryBuilder queries,
        Catalog catalog,
        Statements statements,
        Optional<BulkExport> bulkExport,
        Vocabulary vocabulary,
        JdbcDialect source) {

    static Dialect of(JdbcDialect d) {
        String name = requireNonNull(d.name(), d + ".name() is null");
        StatementGuard guard = requireNonNull(d.guard(), d + ".guard() is null");
        if (!guard.driver().equals(name)) {
            throw new IllegalArgumentException(d + ": the guard's driver \"" + guard.driver() + "\" is not " + name);
        }
        return new Dialect(
                name,
                Set.copyOf(d.schemes()),
                Set.copyOf(d.declared()),
                requireNonNull(d.dialectName(), d + ".dialectName() is null"),
                requireNonNull(d.model(), d + ".model() is null"),
                requireNonNull(d.sqlDialect(), d + ".sqlDialect() is null"),
                guard,
                requireNonNull(d.connector(), d + ".connector() is null"),
                requireNonNull(d.readOnlyMode(), d + ".readOnlyMode() is null"),
                requireNonNull(d.typeMapping(), d + ".typeMapping() is null"),
                requireNonNull(d.errorMapper(), d + ".errorMapper() is null"),
                requireNonNull(d.queryBuilder(), d + ".queryBuilder() is null"),
                requireNonNull(d.catalog(), d + ".catalog() is null"),
                requireNonNull(d.statements(), d + ".statements() is null"),
                requireNonNull(d.bulkExport(), d + ".bulkExport() is null"),
                requireNonNull(d.vocabulary(), d + ".vocabulary() is null"),
                d);
    }

    @Override
    public String toString() {
        return source.toString();
    }
}
