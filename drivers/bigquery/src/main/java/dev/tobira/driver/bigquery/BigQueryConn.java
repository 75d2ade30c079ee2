package dev.tobira.driver.bigquery;

import com.google.cloud.bigquery.BigQuery;
import com.google.cloud.bigquery.BigQueryError;
import com.google.cloud.bigquery.BigQueryException;
import com.google.cloud.bigquery.DatasetId;
import com.google.cloud.bigquery.Job;
import com.google.cloud.bigquery.JobId;
import com.google.cloud.bigquery.JobInfo;
import com.google.cloud.bigquery.JobStatistics.QueryStatistics;
import com.google.cloud.bigquery.QueryJobConfiguration;
import com.google.cloud.bigquery.JobStatus;
import com.google.cloud.bigquery.Schema;
import com.google.cloud.bigquery.TableResult;
import dev.tobira.api.Browser;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.Completer;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Explainer;
import dev.tobira.api.Page;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.FacetArguments;
import dev.tobira.spi.ResultSets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * One connection: a google-cloud-bigquery client for one project, with its default dataset. A
 * query is a dry run (on the read-only path, and for an explain), then a job, waited for in short
 * polls, whose rows are read from its result table page by page.
 */
final class BigQueryConn implements Conn, Browser, Explainer, Completer {
    static final String READ_ONLY_LABEL = "read-only";
    static final String WRITABLE_LABEL = "writable";
    /** The longest pause between two looks at a running job, and so at the deadline and a close. */
    private static final long MAX_PAUSE_MILLIS = 500;
    private static final int PAGE_ROWS = 1000;
    /** How long the cancel of a job may take, after its call's own deadline. */
    private static final java.time.Duration CANCEL_BOUND = java.time.Duration.ofMillis(300);
    private static final Pattern DATASET = Pattern.compile("[A-Za-z0-9_]{1,1024}");

    private final Target target;
    private final BigQuery bigquery;
    private final boolean readOnly;
    private final ReadOnlyGuard guard;
    private final Metadata metadata;
    private final Set<ResultSet> results = ConcurrentHashMap.newKeySet();
    private final Set<JobId> running = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    private BigQueryConn(Target target, BigQuery bigquery, boolean readOnly, ReadOnlyGuard guard) {
        this.target = target;
        this.bigquery = bigquery;
        this.readOnly = readOnly;
        this.guard = guard;
        this.metadata = new Metadata(bigquery, target);
    }

    static BigQueryConn open(Target target, boolean readOnly, ReadOnlyGuard guard) {
        return new BigQueryConn(target, Clients.open(target), readOnly, guard);
    }

    @Override
    public ResultSet query(Query query) {
        ensureOpen();
        long start = System.nanoTime();
        CallDeadline deadline = CallDeadline.of(start, query.timeout());
        boolean ro = readOnly || query.readOnly();
        Explain explain = Explain.of(query.text());
        if (ro) {
            guard.checkText(explain.text());
        } else {
            ReadOnlyGuard.checkWritable(explain.text());
        }
        QueryJobConfiguration config = config(explain.text(), query);
        if (explain.present() || ro) {
            QueryStatistics stats = dryRun(config, deadline);
            if (ro) {
                guard.checkDryRun(stats);
                checkCap(stats);
            }
            if (explain.present()) {
                return planRows(stats, start);
            }
        }
        ResultSet rs = run(config, ro, query.limit(), deadline, start);
        if (closed) {
            // closed from another thread while the job ran: its result goes with it
            rs.close();
            throw DriverException.of(ErrorKind.CANCELLED, BigQueryDriver.NAME, "query", "the connection was closed");
        }
        return rs;
    }

    private QueryJobConfiguration config(String text, Query query) {
        QueryJobConfiguration.Builder b = QueryJobConfiguration.newBuilder(text).setUseLegacySql(false);
        if (!query.params().isEmpty()) {
            b.setPositionalParameters(Params.of(query.params())).setParameterMode("POSITIONAL");
        }
        String ns = query.namespace().isEmpty() ? target.dataset().orElse("") : query.namespace();
        if (!ns.isEmpty()) {
            if (!DATASET.matcher(ns).matches()) {
                throw DriverException.of(ErrorKind.INVALID_ARGUMENT, BigQueryDriver.NAME, "query",
                        "the namespace must be a dataset id (letters, digits and underscores)");
            }
            b.setDefaultDataset(DatasetId.of(target.project(), ns));
        }
        return b.build();
    }

    private JobId newJobId() {
        JobId.Builder id = JobId.newBuilder().setProject(target.project()).setRandomJob();
        target.location().ifPresent(id::setLocation);
        return id.build();
    }

    QueryStatistics dryRun(QueryJobConfiguration config, CallDeadline deadline) {
        JobInfo dry = JobInfo.of(newJobId(), config.toBuilder().setDryRun(true).setUseQueryCache(false).build());
        return CallBound.within(deadline, "query", () -> bigquery.create(dry)).getStatistics();
    }

    private void checkCap(QueryStatistics stats) {
        Long bytes = stats.getTotalBytesProcessed();
        if (bytes != null && bytes > target.maxBytesBilled()) {
            throw DriverException.builder(ErrorKind.PERMISSION, BigQueryDriver.NAME, "query")
                    .detail("BigQuery's dry run estimates " + bytes + " bytes processed, above the cap of "
                            + target.maxBytesBilled() + " bytes; raise it with the maxBytesBilled option")
                    .kindWords("the bytes cap (maxBytesBilled) was exceeded")
                    .build();
        }
    }

    private ResultSet run(QueryJobConfiguration config, boolean ro, long limit, CallDeadline deadline, long start) {
        JobId id = newJobId();
        QueryJobConfiguration.Builder b = config.toBuilder()
                .setMaximumBytesBilled(target.maxBytesBilled())
                .setLabels(Map.of("tobira", ro ? READ_ONLY_LABEL : WRITABLE_LABEL));
        if (deadline.bounded()) {
            b.setJobTimeoutMs(deadline.millisLeft(BigQueryDriver.NAME, "query", Long.MAX_VALUE));
        }
        running.add(id);
        JobInfo job = JobInfo.of(id, b.build());
        try {
            Job created = CallBound.within(deadline, "query", () -> bigquery.create(job));
            Job done = isDone(created) ? created : await(id, deadline);
            BigQueryError error = done.getStatus() == null ? null : done.getStatus().getError();
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
            TableResult first = CallBound.within(deadline, "query",
                    () -> done.getQueryResults(BigQuery.QueryResultsOption.pageSize(pageRows)));
            Schema schema = first.getSchema();
            if (schema == null) {
                return ResultSets.affected(BigQueryDriver.NAME, 0, start);
            }
            List<Column> columns = Values.columns(schema.getFields());
            PageResultSet rs = new PageResultSet(schema.getFields(), columns, first, limit, start, deadline, results::remove);
            results.add(rs);
            return rs;
        } catch (DriverException e) {
            if (e.kind() == ErrorKind.TIMEOUT || e.kind() == ErrorKind.CANCELLED) {
                // the job may exist although its answer never came: it goes with the call
                cancelQuietly(id);
            }
            throw e;
        } catch (com.google.cloud.bigquery.JobException e) {
            throw DriverException.builder(ErrorKind.INTERNAL, BigQueryDriver.NAME, "query")
                    .detail("the job failed: " + BigQueryErrors.clean(e.getMessage())).cause(e).build();
        } catch (BigQueryException e) {
            throw BigQueryErrors.of("query", e);
        } finally {
            running.remove(id);
        }
    }

    /**
     * Waits for the job, asking for its state with a growing pause (20 ms up to half a second), and
     * cancels it on the deadline or a close of the connection.
     */
    private Job await(JobId id, CallDeadline deadline) {
        long pause = 20;
        while (true) {
            if (closed) {
                cancelQuietly(id);
                throw DriverException.of(ErrorKind.CANCELLED, BigQueryDriver.NAME, "query", "the connection was closed; its job was cancelled");
            }
            try {
                deadline.check(BigQueryDriver.NAME, "query");
            } catch (DriverException timedOut) {
                throw cancelOnTimeout(id);
            }
            Job job;
            try {
                job = CallBound.within(deadline, "query", () -> bigquery.getJob(id));
            } catch (DriverException e) {
                throw e.kind() == ErrorKind.TIMEOUT ? cancelOnTimeout(id) : e;
            }
            if (job == null) {
                throw DriverException.of(ErrorKind.INTERNAL, BigQueryDriver.NAME, "query", "the job vanished while it ran");
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
                cancelQuietly(id);
                throw DriverException.builder(ErrorKind.CANCELLED, BigQueryDriver.NAME, "query")
                        .detail("the calling thread was interrupted; the job was cancelled").cause(e).build();
            }
            pause = Math.min(pause * 2, MAX_PAUSE_MILLIS);
        }
    }

    private DriverException cancelOnTimeout(JobId id) {
        cancelQuietly(id);
        return DriverException.of(ErrorKind.TIMEOUT, BigQueryDriver.NAME, "query", "the call ran past its timeout; its job was cancelled");
    }

    private static boolean isDone(Job job) {
        return job != null && job.getStatus() != null && JobStatus.State.DONE.equals(job.getStatus().getState());
    }

    private void cancelQuietly(JobId id) {
        try {
            // a bound of its own: the call's deadline may be spent, and a silent server must not hold the caller
            CallBound.within(CallDeadline.after(CANCEL_BOUND), "query", () -> bigquery.cancel(id));
        } catch (DriverException | BigQueryException e) {
            // the job may have ended on its own in the meantime; the caller's error stands either way
        }
    }

    private ResultSet planRows(QueryStatistics stats, long start) {
        List<Column> columns = List.of(Column.of("property", Value.Kind.TEXT), Column.of("value", Value.Kind.TEXT));
        List<Row> rows = Plans.rows(columns, stats);
        return ResultSets.of(BigQueryDriver.NAME, columns, rows.iterator(), 0, start);
    }

    @Override
    public Plan explain(Query query) {
        ensureOpen();
        boolean ro = readOnly || query.readOnly();
        Explain explain = Explain.of(query.text());
        if (ro) {
            guard.checkText(explain.text());
        } else {
            ReadOnlyGuard.checkWritable(explain.text());
        }
        QueryStatistics stats = dryRun(config(explain.text(), query), CallDeadline.of(System.nanoTime(), query.timeout()));
        if (ro) {
            guard.checkDryRun(stats);
        }
        return new Plan("text", Plans.text(stats));
    }

    @Override
    public void ping() {
        ensureOpen();
        metadata.ping();
    }

    @Override
    public List<String> namespaces() {
        ensureOpen();
        return metadata.namespaces();
    }

    @Override
    public List<CollectionRef> collections(String namespace) {
        ensureOpen();
        return metadata.collections(namespace);
    }

    @Override
    public CollectionInfo describe(CollectionRef collection) {
        ensureOpen();
        return metadata.describe(collection);
    }

    @Override
    public Page browse(CollectionRef collection, String cursor, int size) {
        FacetArguments.browse(collection, cursor, size);
        ensureOpen();
        return metadata.browse(collection, cursor, size);
    }

    @Override
    public List<Completion> complete(String text, int cursor) {
        FacetArguments.complete(text, cursor);
        ensureOpen();
        return Completions.complete(metadata, text, cursor);
    }

    @Override
    public boolean readOnly() {
        return readOnly;
    }

    @Override
    public ConnInfo info() {
        return new ConnInfo(BigQueryDriver.NAME, ConnInfo.Model.WAREHOUSE, "googlesql", "BigQuery API v2");
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (ResultSet rs : results) {
            rs.close();
        }
        for (JobId id : running) {
            cancelQuietly(id);
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("bigquery: the connection is closed");
        }
    }

    @Override
    public String toString() {
        return "BigQueryConn[" + target + (readOnly ? ", read-only" : "") + "]";
    }
}
