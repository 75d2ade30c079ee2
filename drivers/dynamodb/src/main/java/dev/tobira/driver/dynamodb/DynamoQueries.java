package dev.tobira.driver.dynamodb;

import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.OpenResults;
import dev.tobira.spi.base.QueryRunner;

/**
 * A query: parsed once into a {@link Command}; a guarded one (a read-only connection, or a
 * read-only query) passes {@link ReadOnlyGuard} before any request is sent.
 */
final class DynamoQueries implements QueryRunner {
    private final DynamoSession session;
    private final DynamoCatalog catalog;
    private final Executor executor;

    DynamoQueries(DynamoSession session, DynamoCatalog catalog, Executor executor) {
        this.session = session;
        this.catalog = catalog;
        this.executor = executor;
    }

    @Override
    public ResultSet run(Query query, boolean guarded, OpenResults results) {
        long start = System.nanoTime();
        catalog.requireNamespace(query.namespace().orElse(""), "query");
        Command command = Command.parse(query.text(), query.params(), "query");
        if (guarded) {
            ReadOnlyGuard.check(command, "query");
        } else if (command instanceof Command.Partiql) {
            PartiqlGuard.checkWritable(((Command.Partiql) command).text());
        }
        CallDeadline deadline = CallDeadline.of(start, query.timeout());
        ResultSet rs = executor.run(command, query.limit().orElse(0), deadline, start);
        if (rs instanceof ItemResultSet) {
            results.add(rs);
            if (session.isClosed()) {
                rs.close();
            }
        }
        return rs;
    }
}
