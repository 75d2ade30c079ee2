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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * One exposed connection: opened on first use, used by one call at a time (a {@link Conn} is for
 * one thread at a time), and bounded by the per-call timeout. A call that runs past the timeout
 * has its connection closed under it, which cancels what it was doing; the next call opens a new one.
 */
final class Exposed implements AutoCloseable {
    private final String name;
    private final ConnConfig config;
    private final Registry registry;
    private final boolean writesAllowed;
    private final ScheduledExecutorService watchdog;
    private final ReentrantLock lock = new ReentrantLock();
    private final Executor opener;
    private volatile @Nullable Conn conn;
    /** An opening that outlived the call that started it; the next call waits for it. */
    private volatile @Nullable CompletableFuture<Conn> opening;

    private volatile boolean busy;
    private volatile boolean closed;

    Exposed(
            String name,
            ConnConfig config,
            Registry registry,
            boolean writesAllowed,
            ScheduledExecutorService watchdog,
            Executor opener) {
        this.name = name;
        this.config = config.withName(name);
        this.registry = registry;
        this.writesAllowed = writesAllowed;
        this.watchdog = watchdog;
        this.opener = opener;
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
        return registry.drivers().stream()
                .filter(d -> d.schemes().contains(config.scheme()))
                .findFirst();
    }

    /** Whether the driver promises the read-only guard, without which no reading tool is offered here. */
    boolean guarded() {
        return driver().map(d -> d.declared().contains(Capability.READ_ONLY)).orElse(false);
    }

    String status() {
        return busy ? "busy" : conn == null ? "idle" : "open";
    }

    /**
     * Runs work on the connection, on the calling thread, within the timeout, opening it first if
     * needed. A watchdog closes the connection at the deadline, which cancels what it was doing
     * (and the query's own timeout, set too, usually ends it first); no thread hop per call.
     *
     * @throws DriverException TIMEOUT if the work (or waiting for another call) took longer
     */
    <T> T call(String op, Duration timeout, Function<Conn, T> work) {
        try {
            if (!lock.tryLock(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                throw timeout(op, timeout, null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw DriverException.of(ErrorKind.CANCELLED, "tobira", op, "interrupted");
        }
        busy = true;
        AtomicBoolean fired = new AtomicBoolean();
        ScheduledFuture<?> alarm = watchdog.schedule(
                () -> {
                    fired.set(true);
                    discard();
                },
                timeout.toNanos(),
                TimeUnit.NANOSECONDS);
        try {
            return work.apply(open(op, timeout));
        } catch (RuntimeException e) {
            if (fired.get()) {
                throw timeout(op, timeout, e);
            }
            if (e instanceof DriverException d && d.is(ErrorKind.CONNECTION)) {
                // the connection under the call is gone: the next call opens a new one
                discard();
            }
            throw e;
        } finally {
            alarm.cancel(false);
            busy = false;
            lock.unlock();
        }
    }

    private DriverException timeout(String op, Duration timeout, @Nullable Throwable cause) {
        DriverException.Builder b = DriverException.builder(ErrorKind.TIMEOUT, "tobira", op)
                .detail("connection \"" + name + "\": the call took longer than " + seconds(timeout));
        return (cause == null ? b : b.cause(cause)).build();
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }

    /**
     * The connection, opened first if needed within the call's timeout: the driver gets the call's
     * timeout as its connect timeout when its own is longer (or the driver's default), and a driver
     * that takes longer anyway is not waited for. Its opening goes on on a thread of its own, and the
     * next call takes it up instead of starting another (so a driver that hangs holds one thread).
     */
    private Conn open(String op, Duration timeout) {
        Conn c = conn;
        if (c != null) {
            return c;
        }
        CompletableFuture<Conn> f = opening;
        if (f == null) {
            Optional<Duration> own = config.connectTimeout();
            ConnConfig bounded =
                    own.isEmpty() || own.get().compareTo(timeout) > 0 ? config.withConnectTimeout(timeout) : config;
            f = CompletableFuture.supplyAsync(() -> registry.open(bounded), opener);
            opening = f;
        }
        try {
            c = f.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw timeout(op, timeout, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw DriverException.of(ErrorKind.CANCELLED, "tobira", op, "interrupted");
        } catch (ExecutionException e) {
            opening = null;
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw DriverException.builder(ErrorKind.INTERNAL, "tobira", op)
                    .detail("opening connection \"" + name + "\" failed")
                    .cause(java.util.Objects.requireNonNullElse(e.getCause(), e))
                    .build();
        }
        opening = null;
        if (closed) {
            c.close();
            throw DriverException.of(ErrorKind.CANCELLED, "tobira", op, "the server is closing");
        }
        conn = c;
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
        closed = true;
        discard();
        CompletableFuture<Conn> f = opening;
        if (f != null) {
            // an opening still under way is closed when it ends
            var unused = f.thenAccept(Conn::close);
        }
    }
}
