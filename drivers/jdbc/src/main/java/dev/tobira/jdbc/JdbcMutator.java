package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Mutator;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Value;
import java.util.Map;

/** The mutator of a writable JDBC connection: the dialect's {@link QueryBuilder} statements, one row by key. */
final class JdbcMutator implements Mutator {
    private final Runner runner;

    JdbcMutator(Runner runner) {
        this.runner = runner;
    }

    @Override
    public long insert(CollectionRef collection, Map<String, Value> values) {
        requireNonNull(collection, "collection is null");
        requireNonNull(values, "values is null");
        ready("insert");
        if (values.isEmpty()) {
            throw new IllegalArgumentException("values is empty");
        }
        return write("insert", runner.dialect().queries().insert(collection, values));
    }

    @Override
    public long update(CollectionRef collection, Map<String, Value> key, Map<String, Value> changes) {
        requireNonNull(collection, "collection is null");
        requireNonNull(key, "key is null");
        requireNonNull(changes, "changes is null");
        ready("update");
        if (key.isEmpty()) {
            throw new IllegalArgumentException("key is empty");
        }
        if (changes.isEmpty()) {
            throw new IllegalArgumentException("changes is empty");
        }
        return write("update", runner.dialect().queries().update(collection, key, changes));
    }

    @Override
    public long delete(CollectionRef collection, Map<String, Value> key) {
        requireNonNull(collection, "collection is null");
        requireNonNull(key, "key is null");
        ready("delete");
        if (key.isEmpty()) {
            throw new IllegalArgumentException("key is empty");
        }
        return write("delete", runner.dialect().queries().delete(collection, key));
    }

    /** Only built for a writable connection; the check stays for a connection that somehow is not. */
    private void ready(String op) {
        runner.ensureOpen();
        if (runner.readOnly()) {
            throw runner.readOnlyRefusal(op);
        }
        runner.ensureNoTransaction();
    }

    private long write(String op, GeneratedSql sql) {
        try (ResultSet rs = runner.runGenerated(op, sql, false, 0)) {
            return Math.max(0, rs.stats().rowsAffected());
        }
    }
}
