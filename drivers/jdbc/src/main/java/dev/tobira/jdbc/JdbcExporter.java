package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Exporter;
import dev.tobira.api.Query;
import dev.tobira.spi.SqlScan;
import java.io.OutputStream;

/** The exporter: a text the guard accepted, through the dialect's {@link BulkExport} or as the query's rows. */
final class JdbcExporter implements Exporter {
    private final Runner runner;

    JdbcExporter(Runner runner) {
        this.runner = runner;
    }

    @Override
    public long export(Query query, Exporter.Format format, OutputStream out) {
        requireNonNull(query, "query is null");
        requireNonNull(format, "format is null");
        requireNonNull(out, "out is null");
        runner.ensureOpen();
        runner.ensureNoTransaction();
        boolean guarded = runner.guarded(query);
        SqlScan scan = runner.check(query.text(), guarded);
        return runner.execution(
                        runner.call(
                                        guarded,
                                        scan,
                                        query.limit().orElse(0),
                                        query.timeout().orElse(java.time.Duration.ZERO))
                                .build(),
                        "export")
                .export(
                        query.text(),
                        scan,
                        query.params(),
                        format,
                        out,
                        query.namespace().orElse(""));
    }
}
