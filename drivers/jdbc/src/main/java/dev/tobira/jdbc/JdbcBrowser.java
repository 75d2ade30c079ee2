package dev.tobira.jdbc;

import dev.tobira.api.Browser;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.Page;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.spi.FacetArguments;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The browser of a JDBC connection: pages in key order (see {@link Paging}), in the connection's read-only mode. */
final class JdbcBrowser implements Browser {
    private final Runner runner;

    JdbcBrowser(Runner runner) {
        this.runner = runner;
    }

    @Override
    public Page browse(CollectionRef collection, Optional<String> after, int size) {
        FacetArguments.browse(collection, after, size);
        String cursor = after.orElse(""); // the first page, in this driver's own cursor text
        runner.ensureOpen();
        runner.ensureNoTransaction();
        List<String> key = runner.onSession(
                        "describe", s -> runner.dialect().catalog().describe(s, collection))
                .primaryKey();
        Paging paging = new Paging(runner.dialect().queries(), collection, key);
        Paging.Plan plan = paging.plan(cursor, size);
        List<Row> rows = new ArrayList<>(size + 1);
        List<Column> columns;
        try (ResultSet rs =
                runner.runGenerated("browse", new GeneratedSql(plan.sql(), plan.params()), runner.readOnly(), 0)) {
            columns = rs.columns();
            while (rs.hasNext() && rows.size() <= size) {
                rows.add(rs.next());
            }
        }
        String next = "";
        if (rows.size() > size) {
            rows.remove(size);
            next = paging.next(plan, rows.get(size - 1), size);
        }
        return next.isEmpty() ? Page.last(columns, rows) : Page.of(columns, rows, next);
    }
}
