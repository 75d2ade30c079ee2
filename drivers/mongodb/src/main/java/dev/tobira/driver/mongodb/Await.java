package dev.tobira.driver.mongodb;

import java.time.Duration;
import java.util.NoSuchElementException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * Waits for the one result of a single-result publisher (a command's reply): it requests exactly
 * one element, never an unbounded number, and can be cancelled from another thread, which cancels
 * the subscription and wakes the waiting thread at once.
 *
 * @param <T> the result type
 */
final class Await<T> implements Subscriber<T> {
    private final CompletableFuture<T> result = new CompletableFuture<>();
    private volatile @Nullable Subscription subscription;
    private @Nullable T value;

    private Await() {}

    /** Subscribes and returns the waiter; the command is on its way when this returns. */
    static <T> Await<T> start(Publisher<T> publisher) {
        Await<T> a = new Await<>();
        publisher.subscribe(a);
        return a;
    }

    @Override
    public void onSubscribe(Subscription s) {
        subscription = s;
        if (result.isDone()) {
            s.cancel();
        } else {
            s.request(1);
        }
    }

    @Override
    public void onNext(T t) {
        value = t;
    }

    @Override
    public void onError(Throwable t) {
        result.completeExceptionally(t);
    }

    @Override
    public void onComplete() {
        T v = value;
        if (v == null) {
            // every publisher waited on here (a command's reply, a session) sends one value
            result.completeExceptionally(new NoSuchElementException("the publisher completed without a value"));
        } else {
            result.complete(v);
        }
    }

    /** Cancels from any thread: the waiting thread gets a {@link CancellationException}. */
    void cancel() {
        result.completeExceptionally(new CancellationException("cancelled"));
        Subscription s = subscription;
        if (s != null) {
            s.cancel();
        }
    }

    /**
     * Waits for the result, for at most {@code timeout} (zero: no limit); on a timeout the
     * subscription is cancelled.
     *
     * @return the result
     * @throws TimeoutException past the timeout
     * @throws CancellationException when cancelled
     * @throws InterruptedException when the thread is interrupted (the subscription is cancelled)
     * @throws ExecutionException with the publisher's failure as its cause, or a
     *     {@link NoSuchElementException} for a publisher that completes empty
     */
    T get(Duration timeout) throws TimeoutException, InterruptedException, ExecutionException {
        try {
            if (timeout.isZero()) {
                return result.get();
            }
            return result.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | InterruptedException e) {
            cancel();
            throw e;
        }
    }
}
