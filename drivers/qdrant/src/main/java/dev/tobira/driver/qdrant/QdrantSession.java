package dev.tobira.driver.qdrant;

import com.google.common.util.concurrent.ListenableFuture;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.base.Session;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.AbstractStub;
import io.qdrant.client.QdrantGrpcClient;
import io.qdrant.client.grpc.CollectionsGrpc;
import io.qdrant.client.grpc.PointsGrpc;
import io.qdrant.client.grpc.QdrantGrpc;
import io.qdrant.client.grpc.QdrantOuterClass.HealthCheckRequest;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * One connection's gRPC channel and the official client's stubs over it: every call goes through
 * {@link #call}, which refuses use after close, gives the call its deadline, waits for it and turns
 * failures into {@link DriverException}s. Closing the session cancels every call in flight.
 */
final class QdrantSession implements Session {
    /** The largest reply the channel takes: a page of points with big payloads. */
    private static final int MAX_INBOUND = 64 * 1024 * 1024;

    private final Target target;
    private final QdrantGrpcClient client;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Set<ListenableFuture<?>> inFlight = ConcurrentHashMap.newKeySet();
    private volatile String serverVersion = "";

    private QdrantSession(Target target, QdrantGrpcClient client) {
        this.target = target;
        this.client = client;
    }

    /** Opens the channel, asks the server's version (its health check), then pings; closes the channel when that fails. */
    static QdrantSession open(Target target) {
        QdrantSession session = channel(target);
        try {
            var reply = session.call(
                    "ping",
                    session.qdrant(),
                    CallDeadline.after(target.connectTimeout()),
                    s -> s.healthCheck(HealthCheckRequest.getDefaultInstance()));
            session.serverVersion = reply.getVersion();
            session.ping();
            return session;
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
    }

    private static QdrantSession channel(Target target) {
        ManagedChannelBuilder<?> b = ManagedChannelBuilder.forAddress(target.host(), target.port())
                .maxInboundMessageSize(MAX_INBOUND)
                .userAgent("tobira-driver-qdrant");
        if (target.tls()) {
            b.useTransportSecurity();
        } else {
            b.usePlaintext();
        }
        ManagedChannel channel = b.build();
        // no compatibility check: it is one more call, and it only logs
        QdrantGrpcClient.Builder cb = QdrantGrpcClient.newBuilder(channel, true, false);
        target.key().ifPresent(cb::withApiKey);
        return new QdrantSession(target, cb.build());
    }

    Target target() {
        return target;
    }

    /** The version the server's health check gave, empty if it gave none. */
    String serverVersion() {
        return serverVersion;
    }

    /** Lists the collections: the health check alone would not prove the API key, which Qdrant does not ask of it. */
    @Override
    public void ping() {
        call(
                "ping",
                collections(),
                CallDeadline.after(target.connectTimeout()),
                s -> s.list(io.qdrant.client.grpc.Collections.ListCollectionsRequest.getDefaultInstance()));
    }

    @Override
    public String address() {
        return target.address();
    }

    PointsGrpc.PointsFutureStub points() {
        return client.points();
    }

    CollectionsGrpc.CollectionsFutureStub collections() {
        return client.collections();
    }

    QdrantGrpc.QdrantFutureStub qdrant() {
        return client.qdrant();
    }

    /** Runs one call on a stub with the deadline's time left, and waits for its reply. */
    <S extends AbstractStub<S>, T> T call(
            String op, S stub, CallDeadline deadline, Function<S, ListenableFuture<T>> f) {
        return call(op, stub, deadline, f, null);
    }

    /** As {@link #call(String, AbstractStub, CallDeadline, Function)}, with the call in flight kept in {@code current}. */
    // inFlight holds the very futures handed out: identity equality is the one wanted
    @SuppressWarnings("CollectionUndefinedEquality")
    <S extends AbstractStub<S>, T> T call(
            String op,
            S stub,
            CallDeadline deadline,
            Function<S, ListenableFuture<T>> f,
            @Nullable AtomicReference<Future<?>> current) {
        if (closed.get()) {
            throw cancelled(op);
        }
        S bounded = stub;
        var left = deadline.remainingNanos(QdrantDriver.NAME, op);
        if (left.isPresent()) {
            bounded = stub.withDeadlineAfter(left.getAsLong(), TimeUnit.NANOSECONDS);
        }
        ListenableFuture<T> future = f.apply(bounded);
        inFlight.add(future);
        if (current != null) {
            current.set(future);
        }
        try {
            if (closed.get()) {
                future.cancel(true);
            }
            return future.get();
        } catch (CancellationException e) {
            throw cancelled(op);
        } catch (ExecutionException e) {
            if (closed.get()) {
                throw cancelled(op);
            }
            throw QdrantErrors.map(e.getCause() == null ? e : e.getCause(), op, target.redactor());
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw DriverException.of(ErrorKind.CANCELLED, QdrantDriver.NAME, op, "the thread was interrupted");
        } finally {
            inFlight.remove(future);
            if (current != null) {
                current.compareAndSet(future, null);
            }
        }
    }

    @Override
    public boolean isClosed() {
        return closed.get();
    }

    static DriverException cancelled(String op) {
        return DriverException.of(ErrorKind.CANCELLED, QdrantDriver.NAME, op, "the call was cancelled");
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            for (ListenableFuture<?> f : inFlight) {
                f.cancel(true);
            }
            client.channel().shutdownNow();
        }
    }
}
