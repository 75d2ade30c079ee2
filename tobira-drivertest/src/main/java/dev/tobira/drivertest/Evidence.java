package dev.tobira.drivertest;

/**
 * A side effect a write probe leaves outside the dataset's fingerprint, such as a file created
 * by {@code COPY … TO PROGRAM} or a changed server setting. The kit clears it before each run of
 * the probe and reads it after.
 *
 * @since 0.1
 */
public interface Evidence {
    /** Removes the side effect, so the next run starts clean. */
    void clear();

    /**
     * Tells whether the side effect is there.
     *
     * @return whether the probe's effect was observed
     */
    boolean observed();
}
