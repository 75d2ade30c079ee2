package dev.tobira.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import dev.tobira.api.Conn;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * Streams N generated rows from a server under a small heap ({@code -Xmx64m}, set by the launcher)
 * and prints one JSON line: the heap pools' summed peak usage (garbage included, as
 * {@link MemoryPoolMXBean#getPeakUsage()} reports it) and the largest heap in use right after a
 * collection (what the stream really keeps). Constant memory means both stay flat from 1M to 5M
 * rows; a buffering result would die with OutOfMemoryError instead.
 *
 * <p>Usage: {@code HeapProbe postgres|mariadb tobira|raw ROWS}.
 */
public final class HeapProbe {
    private HeapProbe() {}

    /**
     * Runs the probe.
     *
     * @param args the engine, the side and the row count
     * @throws Exception when the stream fails
     */
    public static void main(String[] args) throws Exception {
        SqlEngine engine = switch (args[0]) {
            case "postgres" -> SqlEngine.POSTGRES;
            case "mariadb" -> SqlEngine.MARIADB;
            default -> throw new IllegalArgumentException("engine must be postgres or mariadb: " + args[0]);
        };
        boolean tobiraSide = switch (args[1]) {
            case "tobira" -> true;
            case "raw" -> false;
            default -> throw new IllegalArgumentException("side must be tobira or raw: " + args[1]);
        };
        long rows = Long.parseLong(args[2]);
        String sql = generated(engine, rows);

        java.util.Set<String> heapPools = new java.util.HashSet<>();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                heapPools.add(pool.getName());
            }
        }
        AtomicLong maxAfterGc = new AtomicLong();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) gc)
                    .addNotificationListener(
                            (n, h) -> {
                                if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
                                        n.getType())) {
                                    GarbageCollectionNotificationInfo info =
                                            GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
                                    long used = 0;
                                    for (java.util.Map.Entry<String, MemoryUsage> e : info.getGcInfo()
                                            .getMemoryUsageAfterGc()
                                            .entrySet()) {
                                        if (heapPools.contains(e.getKey())) {
                                            used += e.getValue().getUsed();
                                        }
                                    }
                                    maxAfterGc.accumulateAndGet(used, Math::max);
                                }
                            },
                            null,
                            null);
        }

        long n = 0;
        long started;
        if (tobiraSide) {
            try (Conn conn = engine.openTobira()) {
                warm(conn);
                reset();
                started = System.nanoTime();
                try (ResultSet rs = conn.query(Query.of(sql).withReadOnly(true))) {
                    while (rs.hasNext()) {
                        Row row = rs.next();
                        if (row.get(0).kind() == null) {
                            throw new AssertionError();
                        }
                        n++;
                    }
                }
            }
        } else {
            try (Connection c = engine.raw()) {
                reset();
                started = System.nanoTime();
                engine.beginStream(c);
                try (PreparedStatement ps = c.prepareStatement(
                        sql, java.sql.ResultSet.TYPE_FORWARD_ONLY, java.sql.ResultSet.CONCUR_READ_ONLY)) {
                    ps.setFetchSize(SqlEngine.FETCH_SIZE);
                    try (java.sql.ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            rs.getLong(1);
                            rs.getString(2);
                            rs.getBigDecimal(3);
                            rs.getObject(4, java.time.LocalDateTime.class);
                            rs.getBoolean(5);
                            n++;
                        }
                    }
                } finally {
                    engine.endStream(c);
                }
            }
        }
        long millis = (System.nanoTime() - started) / 1_000_000;
        if (n != rows) {
            throw new IllegalStateException("streamed " + n + " rows, expected " + rows);
        }
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        Thread.sleep(200); // collection notifications arrive on their own thread
        long liveHeap = maxAfterGc.get();
        System.out.printf(
                Locale.ROOT,
                "{\"engine\":\"%s\",\"side\":\"%s\",\"rows\":%d,\"millis\":%d,"
                        + "\"peakHeapBytes\":%d,\"maxHeapAfterGcBytes\":%d,\"maxHeapBytes\":%d,\"gcs\":%d}%n",
                args[0],
                args[1],
                rows,
                millis,
                peak,
                liveHeap,
                Runtime.getRuntime().maxMemory(),
                gcCount());
    }

    /** The stream: N rows of the dataset's five columns, generated by the server so no table holds them. */
    static String generated(SqlEngine engine, long rows) {
        switch (engine) {
            case POSTGRES:
                return "select g as id, 'customer-' || g as name, ((g * 7919) % 1000000) / 100.0 as amount,"
                        + " timestamp '2026-01-01 00:00:00' + g * interval '1 second' as created_at, g % 3 = 0 as active"
                        + " from generate_series(1::bigint, " + rows + ") g";
            case MARIADB:
                return "select seq as id, concat('customer-', seq) as name, ((seq * 7919) % 1000000) / 100 as amount,"
                        + " timestamp '2026-01-01 00:00:00' + interval seq second as created_at, seq % 3 = 0 as active"
                        + " from seq_1_to_" + rows;
            default:
                throw new IllegalArgumentException(engine.toString());
        }
    }

    /** Loads the driver's classes first, so the measured stream starts from a settled heap. */
    private static void warm(Conn conn) {
        try (ResultSet rs = conn.query(Query.of("select 1").withReadOnly(true))) {
            rs.forEachRemaining(r -> {});
        }
    }

    private static void reset() {
        System.gc();
        List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans();
        for (MemoryPoolMXBean pool : pools) {
            pool.resetPeakUsage();
        }
    }

    private static long gcCount() {
        long c = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            c += Math.max(0, gc.getCollectionCount());
        }
        return c;
    }
}
