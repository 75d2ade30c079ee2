package dev.tobira.drivertest;

import org.opentest4j.AssertionFailedError;

/**
 * A failed guard check: its message says the probe, the path, the outcome and what changed, and
 * that is all a reader needs, so it carries no stack trace (which would be twenty lines of JUnit's
 * stream internals around the kit's own call).
 */
final class GuardViolation extends AssertionFailedError {
    private static final long serialVersionUID = 1L;

    GuardViolation(String message) {
        super(message);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
