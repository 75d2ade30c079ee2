package dev.tobira.mcp;

import dev.tobira.history.History;
import dev.tobira.history.HistoryEntry;
import dev.tobira.spi.Redactor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Writes history entries on a thread of its own, in call order, so that a tool's answer does not
 * wait for a SQLite commit (about 13 ms a call on the 2-core machine under load, measured with
 * {@code benchmarks/run.sh mcp -p history=true,false}). Closing writes what is queued.
 */
final class QueuedCallLog implements CallLog {
    private static final long DRAIN_SECONDS = 10;
    private static final System.Logger LOG = Logs.of(QueuedCallLog.class);

    private final History history;
    private final ExecutorService writer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "tobira-mcp-history");
        t.setDaemon(true);
        return t;
    });

    QueuedCallLog(History history) {
        this.history = history;
    }

    @Override
    public void record(HistoryEntry entry) {
        try {
            writer.execute(() -> {
                try {
                    history.record(entry);
                } catch (RuntimeException e) {
                    // the history is a record of calls, not a gate on them
                    Logs.warn(LOG, Redactor.standard(), "history: " + e.getMessage());
                }
            });
        } catch (RejectedExecutionException e) {
            // closed: the server is going away and takes no more calls
        }
    }

    @Override
    public void close() {
        writer.shutdown();
        try {
            if (!writer.awaitTermination(DRAIN_SECONDS, TimeUnit.SECONDS)) {
                Logs.warn(
                        LOG,
                        Redactor.standard(),
                        "history: entries still queued after " + DRAIN_SECONDS + " s were dropped");
                writer.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            writer.shutdownNow();
        }
    }
}
