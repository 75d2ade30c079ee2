package dev.tobira.drivertest;

import static java.util.Objects.requireNonNull;

/**
 * Code already living on the server that a read can call: a stored function that writes, or one
 * that takes a lock outliving the call. The guard cannot read it, since a call looks like any other
 * read; what the kit holds the driver to is the effect. It first proves the call on a writable
 * connection without {@code readOnly} (the {@link Evidence} appears, or the fingerprint changes),
 * then sends it on both read-only paths, where it may be refused ({@code READ_ONLY} or
 * {@code PERMISSION}) or succeed, but afterwards, with the calling connection still open, the
 * evidence must be absent and the fingerprint unchanged: the driver refused the write, or cleaned up
 * what the call left behind.
 *
 * @param name a short unique name, used in reports
 * @param setup native text that creates the code, run through
 *     the fixture's {@link Fixture.Builder#nativeExecution native execution} before the case; empty when the fixture
 *     has created it already
 * @param call the read that calls it, such as {@code select f_write()}
 * @param evidence the effect of a call, observed from outside the calling session: a row written, a
 *     lock held as another session sees it; {@link Evidence#clear()} removes it (ends the session
 *     holding a lock, if it has to)
 * @since 0.1
 */
public record ServerCode(String name, String setup, String call, Evidence evidence) {
    /**
     * Creates a case.
     *
     * @param name a short unique name, used in reports
     * @param setup native text that creates the code, or empty
     * @param call the read that calls it
     * @param evidence the effect of a call
     * @throws NullPointerException if an argument is null
     */
    public ServerCode {
        requireNonNull(name, "name is null");
        requireNonNull(setup, "setup is null");
        requireNonNull(call, "call is null");
        requireNonNull(evidence, "evidence is null");
    }

    /**
     * Returns a case.
     *
     * @param name a short unique name, used in reports
     * @param setup native text that creates the code, run through {@code executeNatively}, or empty
     * @param call the read that calls it
     * @param evidence the effect of a call
     * @return the case
     */
    public static ServerCode of(String name, String setup, String call, Evidence evidence) {
        return new ServerCode(name, setup, call, evidence);
    }
}
