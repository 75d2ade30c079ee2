package dev.tobira.drivertest;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/** Copies each test's outcome into the report, so the JSON says which checks passed without the Surefire XML. */
final class ReportWatcher implements TestWatcher {
    ReportWatcher() {}

    @Override
    public void testSuccessful(ExtensionContext context) {
        // a factory succeeds when it has made its tests; each of them is recorded on its own as it runs
        if (context.getTestMethod()
                .map(m -> !m.isAnnotationPresent(TestFactory.class))
                .orElse(true)) {
            record(context, "passed", null);
        }
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        record(context, "failed", String.valueOf(cause.getMessage()));
    }

    @Override
    public void testAborted(ExtensionContext context, @Nullable Throwable cause) {
        record(context, "skipped", cause == null ? null : String.valueOf(cause.getMessage()));
    }

    @Override
    public void testDisabled(ExtensionContext context, Optional<String> reason) {
        record(context, "skipped", reason.orElse(null));
    }

    private static void record(ExtensionContext context, String status, @Nullable String message) {
        Optional<Object> instance = context.getTestInstance();
        if (instance.isEmpty() || !(instance.get() instanceof DriverConformanceTest kit) || kit.report() == null) {
            return;
        }
        Deque<String> names = new ArrayDeque<>();
        for (ExtensionContext c = context;
                c.getParent().isPresent() && c.getTestMethod().isPresent();
                c = c.getParent().get()) {
            names.addFirst(c.getDisplayName());
        }
        if (names.isEmpty()) {
            names.add(context.getDisplayName());
        }
        kit.report().add(new Report.TestRecord(String.join(" / ", names), status, message));
    }
}
