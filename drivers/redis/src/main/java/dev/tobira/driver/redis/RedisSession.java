package dev.tobira.driver.redis;

import static java.util.Objects.requireNonNullElse;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.Redactor;
import dev.tobira.spi.base.Session;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;

/**
 * One connection's state: its one physical connection to the server, made lazily and made again after it broke,
 * timed out or was cancelled: a command still pending on the server (a blocking read) would
 * otherwise hold up every later reply, so such a connection is dropped rather than reused.
 *
 * <p>Lettuce's own reconnect is off: a reconnect could reach a restarted server with another
 * {@code rename-command} configuration while the guard still trusted the old one. Here each new
 * physical connection asks the server who it is ({@code INFO server}: {@code run_id}) and the guard
 * keys its verdicts by that.
 *
 * <p>Used by one thread at a time; {@link #cancel()} and {@link #close()} may come from another.
 */
final class RedisSession implements Session {
    private final Target target;
    private final RedisClient client;
    private final ReadOnlyGuard guard;
    private final Runnable onClose;

    private final AtomicReference<StatefulRedisConnection<byte[], byte[]>> link = new AtomicReference<>();
    private volatile @Nullable CompletableFuture<?> inFlight;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** The physical connections being closed, by a number of their own (a future has no equality). */
    private final Map<Long, CompletableFuture<Void>> closing = new ConcurrentHashMap<>();

    private final AtomicLong closings = new AtomicLong();
    /** How long a close waits for its connections to close before it releases the client anyway. */
    private static final Duration CLOSE_BOUND = Duration.ofSeconds(2);

    private int selected;
    private String serverKey = "";
    private String version = "";

    RedisSession(Target target, RedisClient client, ReadOnlyGuard guard, Runnable onClose) {
        this.target = target;
        this.client = client;
        this.guard = guard;
        this.onClose = onClose;
    }

    Redactor redactor() {
        return target.redactor();
    }

    Target target() {
        return target;
    }

    /** Who the server is, for the guard's cache: its address and run_id, or this link alone if unknown. */
    String serverKey() {
        return serverKey;
    }

    String version() {
        return version;
    }

    /** A separate publish/subscribe connection to the same server, for the change feed. */
    StatefulRedisPubSubConnection<byte[], byte[]> connectPubSub(String op) {
        CompletableFuture<StatefulRedisPubSubConnection<byte[], byte[]>> connecting =
                client.connectPubSubAsync(ByteArrayCodec.INSTANCE, target.uri()).toCompletableFuture();
        try {
            return await(connecting, Deadline.of(target.connectTimeout()), op);
        } catch (RuntimeException e) {
            CompletableFuture<?> unused = connecting.whenComplete((late, t) -> {
                if (late != null) {
                    closing(late.closeAsync());
                }
            });
            throw e;
        }
    }

    /** Connects now, so that open fails early on a bad address or password. */
    void open() {
        link(Deadline.of(target.connectTimeout()), "open");
    }

    @Override
    public void ping() {
        Reply r = call(CommandLine.of("PING"), target.db(), target.connectTimeout(), "ping");
        if (!"PONG".equalsIgnoreCase(Reply.text(r))) {
            throw DriverException.of(ErrorKind.CONNECTION, RedisDriver.NAME, "ping", "unexpected reply to PING");
        }
    }

    @Override
    public String address() {
        return target.address();
    }

    /**
     * Runs a command in a logical database within a timeout, and returns its reply.
     *
     * @throws DriverException classified; the connection is dropped after anything but a server error
     */
    Reply call(CommandLine cmd, int db, Duration timeout, String op) {
        Deadline deadline = Deadline.of(timeout);
        StatefulRedisConnection<byte[], byte[]> l = link(deadline, op);
        select(l, db, deadline, op);
        return await(send(l, cmd), deadline, op);
    }

    /** Runs a command in whatever database the connection is in, within the connect timeout; for the guard. */
    Reply callRaw(CommandLine cmd, String op) {
        Deadline deadline = Deadline.of(target.connectTimeout());
        return await(send(link(deadline, op), cmd), deadline, op);
    }

    /** Sends several commands at once (Lettuce pipelines them) and waits for all the replies. */
    List<Reply> callAll(List<CommandLine> cmds, int db, Duration timeout, String op) {
        Deadline deadline = Deadline.of(timeout);
        StatefulRedisConnection<byte[], byte[]> l = link(deadline, op);
        select(l, db, deadline, op);
        List<CompletableFuture<Reply>> futures = new ArrayList<>(cmds.size());
        for (CommandLine c : cmds) {
            futures.add(send(l, c));
        }
        List<Reply> out = new ArrayList<>(cmds.size());
        for (CompletableFuture<Reply> f : futures) {
            out.add(await(f, deadline, op));
        }
        return out;
    }

    /** The connection, made now if there is none. */
    StatefulRedisConnection<byte[], byte[]> link(Deadline deadline, String op) {
        if (closed.get()) {
            throw new IllegalStateException("the connection is closed");
        }
        StatefulRedisConnection<byte[], byte[]> l = link.get();
        if (l != null && l.isOpen()) {
            return l;
        }
        drop();
        Deadline connect = deadline.min(target.connectTimeout());
        try {
            l = connect(connect, op);
        } catch (DriverException e) {
            if (!lostHandshake(e)) {
                throw e;
            }
            // Lettuce drops the handshake's own failure (NOAUTH, say) when the server answers before
            // its connect listener runs, as on a busy machine; a second attempt reports the real one
            l = connect(connect, op);
        }
        if (closed.get()) {
            closing(l.closeAsync());
            throw cancelled(op, null);
        }
        link.set(l);
        if (closed.get()) {
            drop(); // closed while this connection was being made
            throw cancelled(op, null);
        }
        selected = target.db();
        identify(l, connect, op);
        return l;
    }

    private StatefulRedisConnection<byte[], byte[]> connect(Deadline deadline, String op) {
        CompletableFuture<StatefulRedisConnection<byte[], byte[]>> connecting =
                client.connectAsync(ByteArrayCodec.INSTANCE, target.uri()).toCompletableFuture();
        try {
            return await(connecting, deadline, op);
        } catch (RuntimeException e) {
            // a connection that arrives after a timeout or cancel must not leak
            CompletableFuture<?> unused = connecting.whenComplete((late, t) -> {
                if (late != null) {
                    closing(late.closeAsync());
                }
            });
            throw e;
        }
    }

    private static boolean lostHandshake(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IllegalStateException && "RedisHandshakeHandler not registered".equals(t.getMessage())) {
                return true;
            }
        }
        return false;
    }

    private void identify(StatefulRedisConnection<byte[], byte[]> l, Deadline deadline, String op) {
        serverKey = target.address() + "#link-" + UUID.randomUUID();
        version = "";
        try {
            // INFO is the first command the driver sends on its own; make sure it is INFO.
            guard.checkInternal(this, "info", op);
            String info = Reply.text(await(send(l, CommandLine.of("INFO", "server")), deadline, op));
            for (String line : info.lines().toList()) {
                if (line.startsWith("redis_version:")) {
                    version = line.substring("redis_version:".length()).strip();
                } else if (line.startsWith("run_id:")) {
                    serverKey = target.address() + "#"
                            + line.substring("run_id:".length()).strip();
                }
            }
        } catch (DriverException e) {
            if (e.kind() == ErrorKind.CONNECTION || e.kind() == ErrorKind.TIMEOUT || e.kind() == ErrorKind.CANCELLED) {
                throw e;
            }
            // INFO refused (ACL) or renamed: the guard keeps per-link verdicts, and the version is unknown.
        }
    }

    private void select(StatefulRedisConnection<byte[], byte[]> l, int db, Deadline deadline, String op) {
        if (db == selected) {
            return;
        }
        await(send(l, CommandLine.of("SELECT", Integer.toString(db))), deadline, op);
        selected = db;
    }

    CompletableFuture<Reply> send(StatefulRedisConnection<byte[], byte[]> l, CommandLine cmd) {
        CommandArgs<byte[], byte[]> args = new CommandArgs<>(ByteArrayCodec.INSTANCE);
        List<byte[]> all = cmd.args();
        for (int i = 1; i < all.size(); i++) {
            args.add(all.get(i));
        }
        return l.async()
                .dispatch(new Keyword(all.get(0)), new ReplyOutput(), args)
                .toCompletableFuture();
    }

    /**
     * Waits for a reply. A server error leaves the connection usable; a timeout, cancel or broken
     * connection drops it, since a reply may still be on its way.
     */
    <T> T await(CompletableFuture<T> future, Deadline deadline, String op) {
        inFlight = future;
        try {
            if (closed.get()) {
                future.cancel(true);
            }
            return deadline.isNone() ? future.get() : future.get(deadline.remainingNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            drop();
            throw RedisErrors.build(
                    ErrorKind.TIMEOUT,
                    op,
                    "no reply within the timeout of " + deadline.total().toMillis() + " ms",
                    e,
                    redactor());
        } catch (InterruptedException e) {
            future.cancel(true);
            drop();
            Thread.currentThread().interrupt();
            throw cancelled(op, e);
        } catch (java.util.concurrent.CancellationException e) {
            drop();
            throw cancelled(op, e);
        } catch (ExecutionException e) {
            // a future's failure always has a cause; the exception itself stands in should one not
            Throwable cause = requireNonNullElse(e.getCause(), e);
            if (closed.get()) {
                throw cancelled(op, cause);
            }
            if (!(cause instanceof RedisCommandExecutionException)) {
                drop();
            }
            throw RedisErrors.classify(cause, op, redactor());
        } finally {
            inFlight = null;
        }
    }

    private DriverException cancelled(String op, @Nullable Throwable cause) {
        DriverException.Builder b = DriverException.builder(ErrorKind.CANCELLED, RedisDriver.NAME, op)
                .detail("the connection was closed while the command ran");
        if (cause != null) {
            b.cause(cause);
        }
        return b.build();
    }

    /** Fails the command in flight, if any, and drops the connection under it. */
    void cancel() {
        CompletableFuture<?> f = inFlight;
        if (f != null) {
            f.cancel(true);
        }
        drop();
    }

    /** Closes the physical connection; the next command makes a new one. */
    void drop() {
        // getAndSet: a cancel from another thread and the waiting thread may both drop
        StatefulRedisConnection<byte[], byte[]> l = link.getAndSet(null);
        if (l != null) {
            closing(l.closeAsync());
        }
    }

    /**
     * Notes a physical connection being closed, so the shared client is released only once it is
     * gone (Lettuce's shutdown would otherwise close it a second time).
     */
    void closing(CompletableFuture<Void> close) {
        Long id = closings.incrementAndGet();
        closing.put(id, close);
        CompletableFuture<?> unused = close.whenComplete((v, t) -> closing.remove(id));
    }

    @Override
    public boolean isClosed() {
        return closed.get();
    }

    @Override
    public void close() {
        if (closed.getAndSet(true)) {
            return;
        }
        cancel();
        // the shared client is released once this session's connections are closed (its shutdown
        // would otherwise close them a second time), on this thread: the release waits for
        // Lettuce's threads to stop, which it cannot do on one of them
        awaitQuietly(CompletableFuture.allOf(closing.values().toArray(new CompletableFuture<?>[0])), CLOSE_BOUND);
        onClose.run();
    }

    /**
     * Waits for a future within a bound, for a close, which never throws: a failure or a timeout
     * leaves what it closes to finish on its own; an interrupt is kept for the caller.
     */
    static void awaitQuietly(Future<?> future, Duration bound) {
        try {
            future.get(bound.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | java.util.concurrent.CancellationException e) {
            // nothing more to do: the close goes on without it
        }
    }

    /** The end of a call's time budget. */
    record Deadline(long endNanos, Duration total) {
        static Deadline of(Duration timeout) {
            return timeout.isZero()
                    ? new Deadline(Long.MAX_VALUE, Duration.ZERO)
                    : new Deadline(System.nanoTime() + timeout.toNanos(), timeout);
        }

        boolean isNone() {
            return endNanos == Long.MAX_VALUE;
        }

        long remainingNanos() {
            return Math.max(0, endNanos - System.nanoTime());
        }

        /** This deadline, or a nearer one {@code timeout} from now. */
        Deadline min(Duration timeout) {
            Deadline other = of(timeout);
            return isNone() || (!other.isNone() && other.endNanos < endNanos) ? other : this;
        }
    }
}
