package dev.tobira.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tobira.spi.Redactor;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.jspecify.annotations.Nullable;

/**
 * Every HTTP error body is a short message, never a stack trace: the SDK's servlet writes its
 * errors as the whole serialized exception (stack frames included) and Jetty's error pages are HTML
 * with the exception's text. This filter, around the MCP servlet, holds back the body of any
 * response whose status is 400 or more and writes instead a JSON-RPC error (the SDK's code and the
 * first line of its message, cut short) or, for a bare status, one line of text; an exception out
 * of the servlet becomes a plain 500. {@link #errorHandler()} does the same for what Jetty answers
 * itself (a malformed request, headers too large, no such path).
 */
final class ShortErrors implements Filter {
    /** The longest message kept from the SDK's error. */
    static final int MAX_MESSAGE = 200;

    private static final System.Logger LOG = Logs.of(ShortErrors.class);
    private static final int MAX_HELD = 64 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        HttpServletResponse response = (HttpServletResponse) res;
        Held held = new Held(response);
        try {
            chain.doFilter(req, held);
        } catch (IOException | ServletException | RuntimeException e) {
            if (response.isCommitted()) {
                throw e;
            }
            Logs.error(LOG, Redactor.standard(), "http: " + e.getClass().getSimpleName());
            plain(response, HttpServletResponse.SC_INTERNAL_SERVER_ERROR, null);
            return;
        }
        if (held.error && !response.isCommitted() && !req.isAsyncStarted()) {
            held.replace();
        }
    }

    /** Writes one line: the status, its reason and a short message. */
    private static void plain(HttpServletResponse response, int status, @Nullable String message) throws IOException {
        response.resetBuffer();
        response.setStatus(status);
        response.setContentType("text/plain; charset=utf-8");
        String text = status + " " + HttpStatus.getMessage(status)
                + (message == null || message.isBlank() ? "" : ": " + clean(message)) + "\n";
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    /** The first line, without control characters, at most {@link #MAX_MESSAGE} characters. */
    static String clean(String message) {
        String line = message.strip();
        int nl = line.indexOf('\n');
        if (nl >= 0) {
            line = line.substring(0, nl).strip();
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < line.length() && out.length() < MAX_MESSAGE; i++) {
            char c = line.charAt(i);
            out.append(Character.isISOControl(c) ? ' ' : c);
        }
        if (out.length() >= MAX_MESSAGE && line.length() > MAX_MESSAGE) {
            out.append('…');
        }
        return out.toString();
    }

    /** The response the servlet sees: an error's body is held back, and replaced once the servlet is done. */
    private static final class Held extends HttpServletResponseWrapper {
        private final HttpServletResponse real;
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private boolean error;
        private int status = SC_OK;
        private @Nullable String message;
        private @Nullable ServletOutputStream stream;
        private @Nullable PrintWriter writer;

        Held(HttpServletResponse real) {
            super(real);
            this.real = real;
        }

        @Override
        public void setStatus(int sc) {
            status = sc;
            error = sc >= 400;
            super.setStatus(sc);
        }

        @Override
        public void sendError(int sc) {
            sendError(sc, null);
        }

        @Override
        public void sendError(int sc, @Nullable String msg) {
            setStatus(sc);
            message = msg;
        }

        @Override
        public ServletOutputStream getOutputStream() throws IOException {
            if (!error) {
                return super.getOutputStream();
            }
            if (stream == null) {
                stream = new ServletOutputStream() {
                    @Override
                    public void write(int b) {
                        if (body.size() < MAX_HELD) {
                            body.write(b);
                        }
                    }

                    @Override
                    public void write(byte[] b, int off, int len) {
                        body.write(b, off, Math.max(0, Math.min(len, MAX_HELD - body.size())));
                    }

                    @Override
                    public boolean isReady() {
                        return true;
                    }

                    @Override
                    public void setWriteListener(WriteListener listener) {
                        throw new IllegalStateException("an error body is written blocking");
                    }
                };
            }
            return stream;
        }

        @Override
        public PrintWriter getWriter() throws IOException {
            if (!error) {
                return super.getWriter();
            }
            if (writer == null) {
                writer = new PrintWriter(new OutputStreamWriter(getOutputStream(), StandardCharsets.UTF_8));
            }
            return writer;
        }

        @Override
        public void flushBuffer() throws IOException {
            if (!error) {
                super.flushBuffer();
            }
        }

        /** Writes the short body in place of the held one. */
        void replace() throws IOException {
            if (writer != null) {
                writer.flush();
            }
            JsonNode sdk = null;
            if (body.size() > 0) {
                try {
                    sdk = JSON.readTree(body.toByteArray());
                } catch (IOException e) {
                    sdk = null;
                }
            }
            JsonNode rpc = sdk == null ? null : sdk.path("jsonRpcError");
            if (rpc != null && rpc.path("code").isInt()) {
                ObjectNode answer = JSON.createObjectNode().put("jsonrpc", "2.0");
                answer.set("id", NullNode.getInstance());
                answer.putObject("error")
                        .put("code", rpc.get("code").intValue())
                        .put("message", clean(rpc.path("message").asText("")));
                byte[] bytes = (answer + "\n").getBytes(StandardCharsets.UTF_8);
                real.resetBuffer();
                real.setStatus(status);
                real.setContentType("application/json; charset=utf-8");
                real.setContentLength(bytes.length);
                real.getOutputStream().write(bytes);
            } else {
                plain(real, status, message);
            }
        }
    }

    /** Jetty's own answers (a malformed request, headers too large, a path nothing serves) as one line of text. */
    static org.eclipse.jetty.server.handler.ErrorHandler errorHandler() {
        return new org.eclipse.jetty.server.handler.ErrorHandler() {
            @Override
            protected void generateResponse(
                    Request request, Response response, int code, String message, Throwable cause, Callback callback) {
                line(response, code, callback);
            }
        };
    }

    /** The servlet context's error handler, as {@link #errorHandler()}. */
    static org.eclipse.jetty.ee10.servlet.ErrorHandler contextErrorHandler() {
        return new org.eclipse.jetty.ee10.servlet.ErrorHandler() {
            @Override
            protected boolean generateAcceptableResponse(
                    Request request,
                    Response response,
                    Callback callback,
                    String contentType,
                    List<java.nio.charset.Charset> charsets,
                    int code,
                    String message,
                    Throwable cause) {
                line(response, code, callback);
                return true;
            }
        };
    }

    private static void line(Response response, int code, Callback callback) {
        byte[] bytes = (code + " " + HttpStatus.getMessage(code) + "\n").getBytes(StandardCharsets.UTF_8);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain; charset=utf-8");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, bytes.length);
        response.write(true, ByteBuffer.wrap(bytes), callback);
    }
}
