package dev.tobira.driver.bigquery;

import com.google.cloud.bigquery.BigQuery;
import com.google.cloud.bigquery.BigQueryError;
import com.google.cloud.bigquery.BigQueryException;
import com.google.cloud.bigquery.DatasetId;
import com.google.cloud.bigquery.Job;
import com.google.cloud.bigquery.JobId;
import com.google.cloud.bigquery.JobInfo;
import com.google.cloud.bigquery.JobStatistics.QueryStatistics;
import com.google.cloud.bigquery.JobStatus;
import com.google.cloud.bigquery.QueryJobConfiguration;
import com.google.cloud.bigquery.Schema;
import com.google.cloud.bigquery.TableResult;
import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.OpenResults;
import dev.tobira.spi.ResultSets;
import dev.tobira.spi.base.QueryRunner;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Runs a query: a dry run (on a guarded call, and for an {@code EXPLAIN}), then a job, waited for
 * in short polls, whose rows are read from its result table page by page. A guarded call passes
 * both layers of {@link ReadOnlyGuard} and the bytes cap before any job runs.
 */
final class BigQueryQueries implements QueryRunner {
    static final String READ_ONLY_LABEL = "read-only";
    static final String WRITABLE_LABEL = "writable";
    /** The longest pause between two looks at a running job, and so at the deadline and a close. */
    private static final long MAX_PAUSE_MILLIS = 500;

    private static final int PAGE_ROWS = 1000;
    private static final Pattern DATASET = Pattern.compile("[A-Za-z0-9_]{1,1024}");

    private final BigQuerySession session;
    private final ReadOnlyGuard guard;

    BigQueryQueries(BigQuerySession session, ReadOnlyGuard guard) {
        this.session = session;
        this.guard = guard;
    }

    @Override
    public ResultSet run(Query query, boolean guarded, OpenResults results) {
        long start = System.nanoTime();
        CallDeadline deadline = CallDeadline.of(start, query.timeout());
        Explain explain = Explain.of(query.text());
        check(explain.text(), guarded);
        QueryJobConfiguration config = config(explain.text(), query);
        if (explain.present() || guarded) {
            QueryStatistics stats = session.dryRun(config, deadline);
            if (guarded) {
                guard.checkDryRun(stats);
                checkCap(stats);
            }
            if (explain.present()) {
                return planRows(stats, start);
            }
        }
        ResultSet rs = run(config, guarded, query.limit().orElse(0), deadline, start, results);
        if (session.isClosed()) {
            // closed from another thread while the job ran: its result goes with it
            rs.close();
            throw DriverException.of(ErrorKind.CANCELLED, BigQueryDriver.NAME, "query", "the connection was closed");
        }
        return rs;
    }

    /** The guard's lexical layer on a guarded call; on any other, the check of what a writable one refuses too. */
    void check(String text, boolean guarded) {
        if (guarded) {
            guard.checkText(text);
        } else {
            ReadOnlyGuard.checkWritable(text);
        }
    }

    QueryJobConfiguration config(String text, Query query) {
        QueryJobConfiguration.Builder b = QueryJobConfiguration.newBuilder(text).setUseLegacySql(false);
        if (!query.params().isEmpty()) {
            b.setPositionalParameters(Params.of(query.params())).setParameterMode("POSITIONAL");
        }
        Target target = session.target();
        String ns = query.namespace().or(target::dataset).orElse("");
        if (!ns.isEmpty()) {
            if (!DATASET.matcher(ns).matches()) {
                throw DriverException.of(
                        ErrorKind.INVALID_ARGUMENT,
                        BigQueryDriver.NAME,
                        "query",
                        "the namespace must be a dataset id (letters, digits and underscores)");
            }
            b.setDefaultDataset(DatasetId.of(target.project(), ns));
        }
        return b.build();
    }

    private void checkCap(QueryStatistics stats) {
        Long bytes = stats.getTotalBytesProcessed();
        long cap = session.target().maxBytesBilled();
        if (bytes != null && bytes > cap) {
            throw DriverException.builder(ErrorKind.PERMISSION, BigQueryDriver.NAME, "query")
                    .detail("BigQuery's dry run estimates " + bytes + " bytes processed, above the cap of " + cap
                            + " bytes; raise it with the maxBytesBilled option")
                    .kindWords("the bytes cap (maxBytesBilled) was exceeded")
                    .build();
        }
    }

    private ResultSet run(
            QueryJobConfiguration config,
            boolean ro,
            long limit,
            CallDeadline deadline,
            long start,
            OpenResults results) {
        JobId id = session.newJobId();
        QueryJobConfiguration.Builder b = config.toBuilder()
                .setMaximumBytesBilled(session.target().maxBytesBilled())
                .setLabels(Map.of("tobira", ro ? READ_ONLY_LABEL : WRITABLE_LABEL));
        if (deadline.bounded()) {
            b.setJobTimeoutMs(deadline.millisLeft(BigQueryDriver.NAME, "query", Long.MAX_VALUE));
        }
        session.started(id);
        JobInfo job = JobInfo.of(id, b.build());
        BigQuery bigquery = session.client();
        try {
            Job created = CallBound.within(deadline, "query", () -> bigquery.create(job));
            Job done = isDone(created) ? created : await(id, deadline);
            BigQueryError error =
                    done.getStatus() == null ? null : done.getStatus().getError();
            if (error != null) {
                throw BigQueryErrors.ofJob("query", error);
            }
            QueryStatistics stats = done.getStatistics();
            boolean select = stats != null && QueryStatistics.StatementType.SELECT.equals(stats.getStatementType());
            if (!select) {
                Long affected = stats == null ? null : stats.getNumDmlAffectedRows();
                return ResultSets.affected(BigQueryDriver.NAME, affected == null ? 0 : affected, start);
            }
            long pageRows = limit > 0 ? Math.min(PAGE_ROWS, limit + 1) : PAGE_ROWS;
            // the job is done: this reads its schema (one getQueryResults) and the first page (tabledata.list)
            TableResult first = CallBound.within(
                    deadline, "query", () -> done.getQueryResults(BigQuery.QueryResultsOption.pageSize(pageRows)));
            Schema schema = first.getSchema();
            if (schema == null) {
                return ResultSets.affected(BigQueryDriver.NAME, 0, start);
            }
            List<Column> columns = Values.columns(schema.getFields());
            return results.add(
                    new PageResultSet(schema.getFields(), columns, first, limit, start, deadline, results::remove));
        } catch (DriverException e) {
            if (e.kind() == ErrorKind.TIMEOUT || e.kind() == ErrorKind.CANCELLED) {
                // the job may exist although its answer never came: it goes with the call
                session.cancelQuietly(id);
            }
            throw e;
        } catch (com.google.cloud.bigquery.JobException e) {
            throw DriverException.builder(ErrorKind.INTERNAL, BigQueryDriver.NAME, "query")
                    .detail("the job failed: " + BigQueryErrors.clean(e.getMessage()))
                    .cause(e)
                    .build();
        } catch (BigQueryException e) {
            throw BigQueryErrors.of("query", e);
        } finally {
            session.finished(id);
        }
    }

    /**
     * Waits for the job, asking for its state with a growing pause (20 ms up to half a second), and
     * cancels it on the deadline or a close of the connection.
     */
    private Job await(JobId id, CallDeadline deadline) {
        long pause = 20;
        while (true) {
            if (session.isClosed()) {
                session.cancelQuietly(id);
                throw DriverException.of(
                        ErrorKind.CANCELLED,
                        BigQueryDriver.NAME,
                        "query",
                        "the connection was closed; its job was cancelled");
            }
            try {
                deadline.check(BigQueryDriver.NAME, "query");
            } catch (DriverException timedOut) {
                throw cancelOnTimeout(id);
            }
            Job job;
            try {
                job = CallBound.within(deadline, "query", () -> session.client().getJob(id));
            } catch (DriverException e) {
                throw e.kind() == ErrorKind.TIMEOUT ? cancelOnTimeout(id) : e;
            }
            if (job == null) {
                throw DriverException.of(
                        ErrorKind.INTERNAL, BigQueryDriver.NAME, "query", "the job vanished while it ran");
            }
            if (isDone(job)) {
                return job;
            }
            long nap;
            try {
                nap = deadline.millisLeft(BigQueryDriver.NAME, "query", pause);
            } catch (DriverException timedOut) {
                throw cancelOnTimeout(id);
            }
            try {
                Thread.sleep(nap);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                session.cancelQuietly(id);
                throw DriverException.builder(ErrorKind.CANCELLED, BigQueryDriver.NAME, "query")
                        .detail("the calling thread was interrupted; the job was cancelled")
                        .cause(e)
                        .build();
            }
            pause = Math.min(pause * 2, MAX_PAUSE_MILLIS);
        }
    }

    private DriverException cancelOnTimeout(JobId id) {
        session.cancelQuietly(id);
        return DriverException.of(
                ErrorKind.TIMEOUT,
                BigQueryDriver.NAME,
                "query",
                "the call ran past its timeout; its job was cancelled");
    }

    private static boolean isDone(Job job) {
        return job != null
                && job.getStatus() != null
                && JobStatus.State.DONE.equals(job.getStatus().getState());
    }

    private static ResultSet planRows(QueryStatistics stats, long start) {
        List<Column> columns = List.of(Column.of("property", Value.Kind.TEXT), Column.of("value", Value.Kind.TEXT));
        List<Row> rows = Plans.rows(columns, stats);
        return ResultSets.of(BigQueryDriver.NAME, columns, rows.iterator(), start);
    }
}
