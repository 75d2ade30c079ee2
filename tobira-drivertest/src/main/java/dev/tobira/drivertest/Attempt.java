package dev.tobira.drivertest;

import dev.tobira.api.Conn;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * What happened when the kit sent one query: it ran to the end, the driver refused it with a
 * {@link DriverException}, or something else was thrown (a driver bug). The failure may come from
 * {@code query()} or from the iteration, since drivers are free to execute lazily.
 */
record Attempt(
        long rows,
        @Nullable DriverException refusal,
        @Nullable RuntimeException error) {

    static Attempt run(Conn conn, Query query) {
        return run(() -> conn.query(query));
    }

    static Attempt run(Supplier<ResultSet> query) {
        try (ResultSet rs = query.get()) {
            long n = 0;
            while (rs.hasNext()) {
                rs.next();
                n++;
            }
            return new Attempt(n, null, null);
        } catch (DriverException e) {
            return new Attempt(0, MessageCheck.assertWhole(e), null);
        } catch (RuntimeException e) {
            return new Attempt(0, null, e);
        }
    }

    boolean succeeded() {
        return refusal == null && error == null;
    }

    Optional<ErrorKind> kind() {
        return refusal == null ? Optional.empty() : Optional.of(refusal.kind());
    }

    boolean refusedWith(Set<ErrorKind> kinds) {
        return refusal != null && kinds.contains(refusal.kind());
    }

    /** The outcome as the report spells it: {@code OK} or the error kind, or the exception class. */
    String outcome() {
        if (refusal != null) {
            return refusal.kind().name();
        }
        if (error != null) {
            return "ERROR " + error.getClass().getSimpleName();
        }
        return "OK";
    }

    String message() {
        if (refusal != null) {
            return String.valueOf(refusal.getMessage());
        }
        if (error != null) {
            return error.toString();
        }
        return rows + (rows == 1 ? " row" : " rows");
    }

    @Override
    public String toString() {
        return outcome() + " (" + message() + ")";
    }
}
