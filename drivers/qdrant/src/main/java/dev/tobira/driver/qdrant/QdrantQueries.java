package dev.tobira.driver.qdrant;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.OpenResults;
import dev.tobira.spi.base.QueryRunner;

/**
 * The query path: every query is parsed once into a {@link Request}; on a guarded call (a read-only
 * connection, or a read-only query) {@link ReadOnlyGuard} checks it before any call is made. A
 * scroll streams, and is tracked in the connection's open results until it is done with.
 */
final class QdrantQueries implements QueryRunner {
    private final QdrantCatalog catalog;
    private final boolean statementCheck;
    private final Reads reads;
    private final Writes writes;

    QdrantQueries(QdrantSession session, QdrantCatalog catalog, boolean statementCheck) {
        this.catalog = catalog;
        this.statementCheck = statementCheck;
        this.reads = new Reads(session);
        this.writes = new Writes(session);
    }

    @Override
    public ResultSet run(Query query, boolean guarded, OpenResults results) {
        long start = System.nanoTime();
        catalog.requireNamespace(query.namespace().orElse(""), "query");
        if (!query.params().isEmpty()) {
            throw DriverException.of(
                    ErrorKind.UNSUPPORTED,
                    QdrantDriver.NAME,
                    "query",
                    "a Qdrant operation document has no placeholders: put the values in the document");
        }
        Request request = Request.parse(query.text(), "query");
        if (guarded && statementCheck) {
            ReadOnlyGuard.check(request, "query");
        }
        CallDeadline deadline = CallDeadline.of(start, query.timeout());
        if (request.operation().role() != Operation.Role.READ) {
            return writes.run(request, deadline, start);
        }
        ResultSet rs = reads.run(request, query.limit().orElse(0), deadline, start, results::remove);
        return rs instanceof ScrollResultSet ? results.add(rs) : rs;
    }
}
