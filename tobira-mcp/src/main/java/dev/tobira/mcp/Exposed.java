package dev.tobira.mcp;

import dev.tobira.api.Capability;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Driver;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Registry;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * One exposed connection: opened on first use, used by one call at a time (a {@link Conn} is for
 * one thread at a time), and bounded by the per-call timeout. A call that runs past the timeout
 * closes the connection, which cancels what it was doing, and the next call opens a new one.
 */
final class Exposed implements AutoCloseable {
    private final String name;
    private final ConnConfig config;
    private final Registry registry;
    private final boolean writesAllowed;
    private final ExecutorService workers;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile Conn conn;
    private volatile boolean busy;

    Exposed(String name, ConnConfig config, Registry registry, boolean writesAllowed, ExecutorService workers) {
        this.name = name;
        this.config = config.withName(name);
        this.registry = registry;
        this.writesAllowed = writesAllowed;
        this.workers = workers;
    }

    String name() {
        return name;
    }

    /** Whether {@code execute} may write here: in allow_writes and not opened read-only. */
    boolean writesAllowed() {
        return writesAllowed && !config.readOnly();
    }

    /** The driver that opens this connection's DSN, if one is registered. */
    Optional<Driver> driver() {
        return registry.drivers().stream().filter(d -> d.schemes().contains(config.scheme())).findFirst();
    }

    /** Whether the driver promises the read-only guard, without which no reading tool is offered here. */
    boolean guarded() {
        return driver().map(d -> d.declared().contains(Capability.READ_ONLY)).orElse(false);
    }

    String status() {
        return busy ? "busy" : conn == null ? "idle" : "open";
    }

    /**
     * Runs work on the connection within the timeout, opening it first if needed.
     *
     * @throws DriverException TIMEOUT if the work (or waiting for another call) took longer
     */
    <T> T call(String op, Duration timeout, Function<Conn, T> work) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            if (!lock.tryLock(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                throw timeout(op, timeout);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw DriverException.of(ErrorKind.CANCELLED, "tobira", op, "interrupted");
        }
        busy = true;
        try {
            Future<T> f = workers.submit(() -> work.apply(open()));
            try {
                return f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                f.cancel(true);
                discard();
                throw timeout(op, timeout);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof DriverException d && d.is(ErrorKind.CONNECTION)) {
                    // the connection under the call is gone: the next call opens a new one
                    discard();
                }
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                throw new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                f.cancel(true);
                discard();
                throw DriverException.of(ErrorKind.CANCELLED, "tobira", op, "interrupted");
            }
        } finally {
            busy = false;
            lock.unlock();
        }
    }

    private DriverException timeout(String op, Duration timeout) {
        return DriverException.of(ErrorKind.TIMEOUT, "tobira", op,
                "connection \"" + name + "\": the call took longer than " + seconds(timeout));
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }

    private Conn open() {
        Conn c = conn;
        if (c == null) {
            c = registry.open(config);
            conn = c;
        }
        return c;
    }

    /** Closes the connection so the next call opens a new one; closing cancels work in flight. */
    private void discard() {
        Conn c = conn;
        conn = null;
        if (c != null) {
            c.close();
        }
    }

    @Override
    public void close() {
        discard();
    }
}
