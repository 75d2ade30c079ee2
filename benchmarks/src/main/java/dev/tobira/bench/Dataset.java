package dev.tobira.bench;

import java.nio.file.Path;

/**
 * The fixed data every SQL benchmark reads: {@link #rows()} rows of five columns (integer, text,
 * decimal, timestamp, boolean), each value a pure function of the row's id, so every engine holds
 * the same facts and a rerun rebuilds nothing.
 *
 * <pre>
 * id          1 .. rows
 * name        'customer-' || id
 * amount      ((id * 7919) % 1000000) / 100      two decimal places
 * created_at  2026-01-01 00:00:00 plus id seconds
 * active      id % 3 = 0
 * </pre>
 */
final class Dataset {
    /** One benchmark operation reads this many rows, unless {@code -Dtobira.bench.rows} says otherwise. */
    static final int DEFAULT_ROWS = 1_000_000;
    /** The seed of every pseudo-random choice (point-read keys). */
    static final long SEED = 20261129L;
    /** How many Redis hashes the Redis point read picks from. */
    static final int REDIS_KEYS = 10_000;

    private Dataset() {}

    static int rows() {
        return Integer.getInteger("tobira.bench.rows", DEFAULT_ROWS);
    }

    static String table() {
        return "bench_rows_" + rows();
    }

    /** The streamed query, identical for tobira and the raw client. */
    static String streamSql() {
        return "select id, name, amount, created_at, active from " + table();
    }

    /** The point read, one placeholder for the id. */
    static String pointSql() {
        return "select id, name, amount, created_at, active from " + table() + " where id = ?";
    }

    /** Where embedded databases keep their files; the launcher passes an absolute path. */
    static Path dir() {
        return Path.of(System.getProperty("tobira.bench.dir", "benchmarks/target/bench-data"))
                .toAbsolutePath();
    }

    /** The point-read keys in 1..bound, the same sequence in every run. */
    static long[] pointKeys(int count, int bound) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(SEED);
        long[] keys = new long[count];
        for (int i = 0; i < count; i++) {
            keys[i] = 1L + random.nextInt(bound);
        }
        return keys;
    }
}
