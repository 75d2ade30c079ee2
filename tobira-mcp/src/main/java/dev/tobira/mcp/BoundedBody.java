package dev.tobira.mcp;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Reads a request's body before the MCP servlet sees it, without holding a thread while the bytes
 * arrive (the servlet API's non-blocking reads), within a deadline and a size cap: a client that
 * trickles its body gets 408 at the deadline, one that sends more than the cap 413, and neither
 * holds one of the pool's threads meanwhile (before, 40 slow bodies held every thread and a ping
 * waited 100 s). The whole body is then dispatched to the servlet, which reads it from memory.
 */
final class BoundedBody implements Filter {
    /** The largest body read, in bytes: 4 MiB, as a stdio line. */
    static final int MAX_BYTES = StdioTransport.MAX_LINE_BYTES;
    /** How long a client may take to send its body. */
    static final Duration DEADLINE = Duration.ofSeconds(10);

    private static final String BODY = BoundedBody.class.getName() + ".body";

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        HttpServletResponse response = (HttpServletResponse) res;
        Object read = request.getAttribute(BODY);
        if (read instanceof byte[] body) {
            // the dispatch after the body arrived
            chain.doFilter(new Buffered(request, body), response);
            return;
        }
        if (request.getDispatcherType() != DispatcherType.REQUEST || !hasBody(request)) {
            chain.doFilter(req, res);
            return;
        }
        if (request.getContentLengthLong() > MAX_BYTES) {
            refuse(
                    response,
                    HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
                    "the body is larger than " + MAX_BYTES + " bytes");
            return;
        }
        AsyncContext async = request.startAsync();
        async.setTimeout(DEADLINE.toMillis());
        ServletInputStream in = request.getInputStream();
        AtomicBoolean done = new AtomicBoolean();
        async.addListener(new AsyncListener() {
            @Override
            public void onTimeout(AsyncEvent event) throws IOException {
                if (done.compareAndSet(false, true)) {
                    refuse(
                            response,
                            HttpServletResponse.SC_REQUEST_TIMEOUT,
                            "the body took longer than " + DEADLINE.toSeconds() + " s");
                    response.setHeader("Connection", "close");
                    async.complete();
                }
            }

            @Override
            public void onError(AsyncEvent event) {
                if (done.compareAndSet(false, true)) {
                    async.complete();
                }
            }

            @Override
            public void onComplete(AsyncEvent event) {}

            @Override
            public void onStartAsync(AsyncEvent event) {}
        });
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        in.setReadListener(new ReadListener() {
            private final byte[] buf = new byte[16 * 1024];

            @Override
            public void onDataAvailable() throws IOException {
                while (!done.get() && in.isReady()) {
                    int n = in.read(buf);
                    if (n < 0) {
                        return;
                    }
                    if (body.size() + n > MAX_BYTES) {
                        if (done.compareAndSet(false, true)) {
                            refuse(
                                    response,
                                    HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
                                    "the body is larger than " + MAX_BYTES + " bytes");
                            response.setHeader("Connection", "close");
                            async.complete();
                        }
                        return;
                    }
                    body.write(buf, 0, n);
                }
            }

            @Override
            public void onAllDataRead() {
                if (done.compareAndSet(false, true)) {
                    request.setAttribute(BODY, body.toByteArray());
                    async.dispatch();
                }
            }

            @Override
            public void onError(Throwable t) {
                if (done.compareAndSet(false, true)) {
                    async.complete();
                }
            }
        });
    }

    private static boolean hasBody(HttpServletRequest request) {
        return request.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null;
    }

    private static void refuse(HttpServletResponse response, int status, String message) throws IOException {
        response.setStatus(status);
        response.setContentType("text/plain; charset=utf-8");
        byte[] bytes = (status + " " + org.eclipse.jetty.http.HttpStatus.getMessage(status) + ": " + message + "\n")
                .getBytes(StandardCharsets.UTF_8);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    /** The request with its body read: the servlet reads it from memory. */
    private static final class Buffered extends HttpServletRequestWrapper {
        private final byte[] body;

        Buffered(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return in.read(b, off, len);
                }

                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new IllegalStateException("the body is already read");
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            String enc = getCharacterEncoding();
            java.nio.charset.Charset cs = StandardCharsets.UTF_8;
            if (enc != null) {
                try {
                    cs = java.nio.charset.Charset.forName(enc);
                } catch (IllegalArgumentException e) {
                    cs = StandardCharsets.UTF_8;
                }
            }
            return new BufferedReader(new InputStreamReader(getInputStream(), cs));
        }
    }
}
