package dev.tobira.driver.bigquery;

import com.google.cloud.bigquery.BigQuery;
import com.google.cloud.bigquery.BigQueryException;
import com.google.cloud.bigquery.DatasetId;
import com.google.cloud.bigquery.JobId;
import com.google.cloud.bigquery.JobInfo;
import com.google.cloud.bigquery.JobStatistics.QueryStatistics;
import com.google.cloud.bigquery.QueryJobConfiguration;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.base.Session;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One connection's google-cloud-bigquery client for one project, with its default dataset, and the
 * jobs it has running, which a close from any thread cancels. Opening it sends nothing: the client
 * makes no connection of its own, and the first request is the caller's.
 */
final class BigQuerySession implements Session {
    /** How long the cancel of a job may take, after its call's own deadline. */
    private static final Duration CANCEL_BOUND = Duration.ofMillis(300);

    private final Target target;
    private final BigQuery bigquery;
    private final Set<JobId> running = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    private BigQuerySession(Target target, BigQuery bigquery) {
        this.target = target;
        this.bigquery = bigquery;
    }

    static BigQuerySession open(Target target) {
        return new BigQuerySession(target, Clients.open(target));
    }

    Target target() {
        return target;
    }

    BigQuery client() {
        return bigquery;
    }

    JobId newJobId() {
        JobId.Builder id = JobId.newBuilder().setProject(target.project()).setRandomJob();
        target.location().ifPresent(id::setLocation);
        return id.build();
    }

    /** Plans the text without running it: BigQuery's own statement type and the bytes it would process. */
    QueryStatistics dryRun(QueryJobConfiguration config, CallDeadline deadline) {
        JobInfo dry = JobInfo.of(
                newJobId(),
                config.toBuilder().setDryRun(true).setUseQueryCache(false).build());
        return CallBound.within(deadline, "query", () -> bigquery.create(dry)).getStatistics();
    }

    /** Records a job about to start, which a close cancels until {@link #finished}. */
    void started(JobId id) {
        running.add(id);
    }

    void finished(JobId id) {
        running.remove(id);
    }

    void cancelQuietly(JobId id) {
        try {
            // a bound of its own: the call's deadline may be spent, and a silent server must not hold the caller
            CallBound.within(CallDeadline.after(CANCEL_BOUND), "query", () -> bigquery.cancel(id));
        } catch (DriverException | BigQueryException e) {
            // the job may have ended on its own in the meantime; the caller's error stands either way
        }
    }

    /**
     * One request, bounded by the connect timeout: the driver opens no connection of its own, so the
     * ping is where reaching the service is first tried, and an answer that never comes is TIMEOUT then.
     */
    @Override
    public void ping() {
        CallDeadline deadline = CallDeadline.after(target.connectTimeout());
        if (target.dataset().isPresent()) {
            DatasetId id = DatasetId.of(target.project(), target.dataset().get());
            if (CallBound.within(deadline, "ping", () -> bigquery.getDataset(id)) == null) {
                throw DriverException.of(
                        ErrorKind.NOT_FOUND,
                        BigQueryDriver.NAME,
                        "ping",
                        "the DSN's dataset does not exist in project " + target.project());
            }
        } else {
            CallBound.within(
                    deadline,
                    "ping",
                    () -> bigquery.listDatasets(target.project(), BigQuery.DatasetListOption.pageSize(1)));
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    /** The endpoint and project, and the default dataset: never a credential. */
    @Override
    public String address() {
        return target.address() + target.dataset().map(d -> " dataset " + d).orElse("");
    }

    /** Cancels the jobs still running; the client holds no connection to release. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (JobId id : running) {
            cancelQuietly(id);
        }
    }
}
