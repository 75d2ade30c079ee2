package dev.tobira.driver.bigquery;

import com.google.api.client.http.HttpRequestInitializer;
import com.google.cloud.ServiceOptions;
import com.google.cloud.bigquery.BigQueryException;
import com.google.cloud.http.HttpTransportOptions;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.CallDeadline;
import java.net.SocketTimeoutException;
import java.util.OptionalLong;

/**
 * Holds each HTTP request the client sends to the deadline of the call it belongs to. The client's
 * timeouts are set once per client (a connect timeout, a read timeout of a minute), so a query with
 * a 3 s {@code Query.timeout} against a server that never answers would wait a minute, and its
 * retries longer. The calling thread names its deadline with {@link #within}; the request
 * initializer then shortens the connect and read timeouts of every request sent on that thread to
 * the time left, and refuses to send one once none is left. What fails after the deadline is
 * {@link ErrorKind#TIMEOUT}, whatever exception the client wrapped the socket's timeout in.
 */
final class CallBound {
    private static final ThreadLocal<CallDeadline> CURRENT = new ThreadLocal<>();

    private CallBound() {}

    /**
     * Runs a client call under a deadline.
     *
     * @throws DriverException TIMEOUT when the call fails or ends after the deadline, else the
     *     client's error as {@link BigQueryErrors} maps it
     */
    static <T> T within(CallDeadline deadline, String op, ClientCall<T> call) {
        deadline.check(BigQueryDriver.NAME, op);
        CallDeadline outer = CURRENT.get();
        CURRENT.set(deadline);
        try {
            return call.call();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw DriverException.builder(ErrorKind.CANCELLED, BigQueryDriver.NAME, op)
                    .detail("the calling thread was interrupted")
                    .cause(e)
                    .build();
        } catch (BigQueryException e) {
            if (expired(deadline)) {
                throw DriverException.builder(ErrorKind.TIMEOUT, BigQueryDriver.NAME, op)
                        .detail("the call ran past its timeout")
                        .cause(e)
                        .build();
            }
            throw BigQueryErrors.of(op, e);
        } finally {
            if (outer == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(outer);
            }
        }
    }

    /** A call of the client, which may wait for a job and so be interrupted. */
    @FunctionalInterface
    interface ClientCall<T> {
        T call() throws InterruptedException;
    }

    private static boolean expired(CallDeadline deadline) {
        try {
            deadline.check(BigQueryDriver.NAME, "query");
            return false;
        } catch (DriverException e) {
            return true;
        }
    }

    /** The client's transport options, with every request held to the calling thread's deadline. */
    static final class Transport extends HttpTransportOptions {
        private static final long serialVersionUID = 1L;

        Transport(HttpTransportOptions.Builder builder) {
            super(builder);
        }

        @Override
        public HttpRequestInitializer getHttpRequestInitializer(ServiceOptions<?, ?> serviceOptions) {
            HttpRequestInitializer delegate = super.getHttpRequestInitializer(serviceOptions);
            return request -> {
                delegate.initialize(request);
                CallDeadline deadline = CURRENT.get();
                if (deadline == null || !deadline.bounded()) {
                    return;
                }
                OptionalLong left;
                try {
                    left = deadline.remainingNanos(BigQueryDriver.NAME, "query");
                } catch (DriverException e) {
                    // an IOException, so that the client fails the attempt as it fails a timed-out read
                    throw new SocketTimeoutException("the call's deadline has passed");
                }
                int millis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, left.getAsLong() / 1_000_000L));
                request.setConnectTimeout(Math.min(positive(request.getConnectTimeout()), millis));
                request.setReadTimeout(Math.min(positive(request.getReadTimeout()), millis));
            };
        }

        /** A timeout of 0 is none: any bound is shorter. */
        private static int positive(int millis) {
            return millis <= 0 ? Integer.MAX_VALUE : millis;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Transport && super.equals(o);
        }

        @Override
        public int hashCode() {
            return super.hashCode();
        }
    }
}
