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

    /**
     * Returns evidence made of two functions.
     *
     * @param clear removes the side effect
     * @param observed tells whether it is there
     * @return the evidence
     * @since 0.2
     */
    static Evidence of(Runnable clear, java.util.function.BooleanSupplier observed) {
        java.util.Objects.requireNonNull(clear, "clear is null");
        java.util.Objects.requireNonNull(observed, "observed is null");
        return new Evidence() {
            @Override
            public void clear() {
                clear.run();
            }

            @Override
            public boolean observed() {
                return observed.getAsBoolean();
            }
        };
    }
}
