package dev.tobira.spi;

/**
 * Seeds of the property tests. The base seed is fixed so that a build is repeatable; set
 * {@code -Dtobira.seed=<n>} to explore others, and to repeat the run a failure message names.
 */
final class Seeds {
    static final long BASE = Long.getLong("tobira.seed", 20261129L);

    private Seeds() {}

    /** A well-mixed seed for one case (SplitMix64 finalizer over the base and the case's coordinates). */
    static long of(long... parts) {
        long z = BASE;
        for (long p : parts) {
            z += 0x9E3779B97F4A7C15L * (p + 1);
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            z ^= z >>> 31;
        }
        return z;
    }

    static String describe(long caseSeed) {
        return "case seed " + caseSeed + ", base seed " + BASE + " (repeat with -Dtobira.seed=" + BASE + ")";
    }
}
