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
     * @since 0.1
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

    /**
     * Returns evidence that a probe created a file or a directory, such as the target of
     * {@code COPY … TO}, {@code EXPORT DATABASE} or {@code SCRIPT TO}: observed while the path
     * exists, cleared by deleting it (a directory with everything in it). Observable only where the
     * server writes to this machine's file system.
     *
     * @param path where the probe writes
     * @return the evidence
     * @throws NullPointerException if path is null
     * @since 0.1
     */
    static Evidence fileCreated(java.nio.file.Path path) {
        java.util.Objects.requireNonNull(path, "path is null");
        return of(
                () -> Paths.delete(path),
                () -> java.nio.file.Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS));
    }
}
