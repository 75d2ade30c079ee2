package dev.tobira.driver.qdrant;

import com.google.common.util.concurrent.ListenableFuture;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.AbstractStub;
import io.qdrant.client.QdrantGrpcClient;
import io.qdrant.client.grpc.CollectionsGrpc;
import io.qdrant.client.grpc.PointsGrpc;
import io.qdrant.client.grpc.QdrantGrpc;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * One connection's gRPC channel and the official client's stubs over it: every call goes through
 * {@link #call}, which refuses use after close, gives the call its deadline, waits for it and turns
 * failures into {@link DriverException}s. Closing the session cancels every call in flight.
 */
final class Session implements AutoCloseable {
    /** The largest reply the channel takes: a page of points with big payloads. */
    private static final int MAX_INBOUND = 64 * 1024 * 1024;

    private final Target target;
    private final QdrantGrpcClient client;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Set<ListenableFuture<?>> inFlight = ConcurrentHashMap.newKeySet();

    private Session(Target target, QdrantGrpcClient client) {
        this.target = target;
        this.client = client;
    }

    static Session open(Target target) {
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
        return new Session(target, cb.build());
    }

    Target target() {
        return target;
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
    <S extends AbstractStub<S>, T> T call(String op, S stub, Deadline deadline, Function<S, ListenableFuture<T>> f) {
        return call(op, stub, deadline, f, null);
    }

    /** As {@link #call(String, AbstractStub, Deadline, Function)}, with the call in flight kept in {@code current}. */
    <S extends AbstractStub<S>, T> T call(String op, S stub, Deadline deadline, Function<S, ListenableFuture<T>> f,
                                          AtomicReference<Future<?>> current) {
        if (closed.get()) {
            throw cancelled(op);
        }
        S bounded = stub;
        var left = deadline.remainingNanos(op);
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
            throw QdrantErrors.map(e.getCause(), op, target.redactor());
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

    boolean isClosed() {
        return closed.get();
    }

    void ensureOpen() {
        if (closed.get()) {
            throw new IllegalStateException("the connection is closed");
        }
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
