package dev.tobira.jdbc;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Mutator;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Value;
import dev.tobira.spi.FacetArguments;
import java.util.Map;

/** The mutator of a writable JDBC connection: the dialect's {@link QueryBuilder} statements, one row by key. */
final class JdbcMutator implements Mutator {
    private final Runner runner;

    JdbcMutator(Runner runner) {
        this.runner = runner;
    }

    @Override
    public long insert(CollectionRef collection, Map<String, Value> values) {
        FacetArguments.insert(collection, values);
        return write("insert", runner.dialect().queries().insert(collection, values));
    }

    @Override
    public long update(CollectionRef collection, Map<String, Value> key, Map<String, Value> changes) {
        FacetArguments.update(collection, key, changes);
        return write("update", runner.dialect().queries().update(collection, key, changes));
    }

    @Override
    public long delete(CollectionRef collection, Map<String, Value> key) {
        FacetArguments.delete(collection, key);
        return write("delete", runner.dialect().queries().delete(collection, key));
    }

    /** Only built for a writable connection; the read-only check stays for one that somehow is not. */
    private long write(String op, GeneratedSql sql) {
        runner.ensureOpen();
        if (runner.readOnly()) {
            throw runner.readOnlyRefusal(op);
        }
        runner.ensureNoTransaction();
        try (ResultSet rs = runner.runGenerated(op, sql, false, 0)) {
            return rs.stats().rowsAffected().orElse(0);
        }
    }
}
