package dev.tobira.drivertest.internal;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Names each failed dynamic test of the kit on the console, by the names the kit gives it
 * ({@code dml.update / dml.update~mixed: ...}), whatever the build's reporter settings: Surefire's
 * default names a dynamic test by its factory and index ({@code guardWriteProbes()[2][1]}).
 * Registered with the JUnit Platform launcher through {@code META-INF/services}, so a driver module
 * that has the kit on its test class path gets it without configuring anything.
 *
 * @since 0.1
 */
public final class FailureSummary implements TestExecutionListener {
    private volatile @Nullable TestPlan plan;

    /** Creates the listener; the launcher does. */
    public FailureSummary() {}

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        this.plan = testPlan;
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        TestPlan p = plan;
        if (p == null
                || !test.isTest()
                || result.getStatus() != TestExecutionResult.Status.FAILED
                || !test.getUniqueIdObject().getLastSegment().getType().equals("dynamic-test")) {
            return;
        }
        Deque<String> names = new ArrayDeque<>();
        for (Optional<TestIdentifier> t = Optional.of(test); t.isPresent(); t = p.getParent(t.get())) {
            String type = t.get().getUniqueIdObject().getLastSegment().getType();
            if (!type.startsWith("dynamic")) {
                break; // the factory's and the class's names are Surefire's to print
            }
            names.addFirst(t.get().getDisplayName());
        }
        String message = result.getThrowable()
                .map(Throwable::getMessage)
                .map(String::valueOf)
                .orElse("failed");
        String first = message.lines().findFirst().orElse("");
        long more = message.lines().count() - 1;
        System.err.println("[tobira] FAILED " + String.join(" / ", names) + "\n[tobira]   " + first
                + (more > 0 ? " (+" + more + " more line" + (more > 1 ? "s" : "") + ")" : ""));
    }
}
