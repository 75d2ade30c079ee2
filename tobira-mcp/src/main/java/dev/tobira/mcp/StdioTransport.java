package dev.tobira.mcp;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tobira.spi.Redactor;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse.JSONRPCError;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * MCP over standard input and output: one JSON-RPC message per line, in place of the SDK's stdio
 * transport, whose reader stops for good at the first line it cannot use. Here every line is
 * checked before the SDK sees it, and a line that is not a message gets a JSON-RPC error (parse
 * error -32700, invalid request -32600; id null where none can be read) while reading goes on:
 * <ul>
 *   <li>a line is at most {@link #MAX_LINE_BYTES}; the rest of a longer one is skipped unread into
 *       memory, and the line is refused;</li>
 *   <li>JSON nested deeper than {@link #MAX_DEPTH}, trailing text after the message, bytes that are
 *       not UTF-8 are parse errors; a batch (an array) is refused, as MCP has none since 2025-06-18;</li>
 *   <li>a request other than {@code initialize} and {@code ping} before the session is initialized
 *       is refused (the SDK would hold it unanswered until the client initializes); an
 *       {@code initialize} that was answered with an error may be sent again;</li>
 *   <li>every request gets an answer: one whose answer cannot be written, or whose handling fails
 *       outside the SDK's own error handling, is answered with an internal error (-32603);</li>
 *   <li>at most {@link #MAX_IN_FLIGHT} requests are handled at once; reading waits for the rest.</li>
 * </ul>
 * The end of input ends the session after every request read was answered (bounded by the drain
 * time), then {@link #await()} returns.
 */
final class StdioTransport implements McpServerTransportProvider {
    /** The longest line read, in bytes: 4 MiB. */
    static final int MAX_LINE_BYTES = 4 * 1024 * 1024;
    /** The deepest nesting of arrays and objects in a message. */
    static final int MAX_DEPTH = 128;
    /** Requests handled at once; reading waits while this many are unanswered. */
    static final int MAX_IN_FLIGHT = 16;

    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int INTERNAL_ERROR = -32603;

    private static final System.Logger LOG = Logs.of(StdioTransport.class);
    /** No {@code initialize} answered yet (none sent, or the last one failed). */
    private static final int NOT_INITIALIZED = 0;
    /** An {@code initialize} was handed to the SDK and is not answered yet. */
    private static final int INITIALIZING = 1;
    /** An {@code initialize} was answered with a result: a second one is refused. */
    private static final int INITIALIZE_ANSWERED = 2;

    private static final ObjectMapper STRICT = new ObjectMapper(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(MAX_DEPTH)
                            .build())
                    .build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private final InputStream in;
    private final OutputStream out;
    private final McpJsonMapper mapper;
    private final Duration drain;
    private final Semaphore inFlight = new Semaphore(MAX_IN_FLIGHT);
    private final CountDownLatch ended = new CountDownLatch(1);
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicBoolean outputFailed = new AtomicBoolean();
    // set by the SDK through setSessionFactory before it starts the transport, so before any line is read
    @SuppressWarnings("NullAway.Init")
    private volatile McpServerSession session;
    /**
     * Where {@code initialize} stands; the reader moves it to INITIALIZING, the thread that writes its
     * answer moves it on (to NOT_INITIALIZED again when the answer is an error, so the client can retry).
     */
    private final AtomicInteger initialize = new AtomicInteger(NOT_INITIALIZED);

    private volatile @Nullable Object initializeId;
    /** Whether {@code notifications/initialized} was passed on; touched by the reader thread only. */
    private boolean initialized;

    /**
     * @param drain how long the end of input waits for the answers still being worked out
     */
    StdioTransport(InputStream in, OutputStream out, McpJsonMapper mapper, Duration drain) {
        this.in = in;
        this.out = out;
        this.mapper = mapper;
        this.drain = drain;
    }

    @Override
    public void setSessionFactory(McpServerSession.Factory factory) {
        session = factory.create(new SessionTransport());
        Thread reader = new Thread(this::read, "tobira-mcp-stdio");
        reader.setDaemon(true);
        reader.start();
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        McpServerSession s = session;
        return s == null ? Mono.empty() : s.sendNotification(method, params);
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(this::end);
    }

    /** Waits until the input ended and what was read is answered, or the endpoint closed. */
    void await() throws InterruptedException {
        ended.await();
    }

    /** Stops serving: lines still arriving are not read into the session any more. */
    void end() {
        closed.set(true);
        ended.countDown();
    }

    private void read() {
        try {
            LineReader lines = new LineReader(in, MAX_LINE_BYTES);
            for (LineReader.Line line; !closed.get() && (line = lines.next()) != null; ) {
                if (line.tooLong()) {
                    error(
                            null,
                            INVALID_REQUEST,
                            "Invalid Request: the message is longer than " + MAX_LINE_BYTES
                                    + " bytes (the most one line may hold)");
                } else {
                    try {
                        accept(line.bytes(), line.length());
                    } catch (RuntimeException e) {
                        // one message must not end the reading of the next
                        error(null, INTERNAL_ERROR, "Internal error: the message could not be handled");
                        Logs.error(LOG, Redactor.standard(), "a message could not be handled: " + e);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // input that fails has ended too
            Logs.warn(LOG, Redactor.standard(), "stdin: " + e.getMessage());
        } finally {
            finish();
        }
    }

    /** After the end of input: waits for the answers still being worked out, then ends the session. */
    private void finish() {
        try {
            if (!inFlight.tryAcquire(MAX_IN_FLIGHT, drain.toMillis(), TimeUnit.MILLISECONDS)) {
                Logs.warn(
                        LOG,
                        Redactor.standard(),
                        "the input ended; requests still unanswered after " + drain.toSeconds() + " s are dropped");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            end();
        }
    }

    private void accept(byte[] bytes, int length) {
        if (isBlank(bytes, length)) {
            return;
        }
        JsonNode node;
        try {
            node = STRICT.readTree(bytes, 0, length);
        } catch (StreamConstraintsException e) {
            error(
                    null,
                    PARSE_ERROR,
                    "Parse error: the message is nested deeper than " + MAX_DEPTH + " levels or too long");
            return;
        } catch (JsonProcessingException e) {
            error(null, PARSE_ERROR, "Parse error: the line is not one JSON value in UTF-8");
            return;
        } catch (IOException e) {
            error(null, PARSE_ERROR, "Parse error: the line cannot be read");
            return;
        }
        if (node == null || node.isMissingNode()) {
            error(null, PARSE_ERROR, "Parse error: the line is not one JSON value");
            return;
        }
        if (node.isArray()) {
            error(null, INVALID_REQUEST, "Invalid Request: batches are not supported; send one message per line");
            return;
        }
        if (!node.isObject()) {
            error(null, INVALID_REQUEST, "Invalid Request: a message is a JSON object");
            return;
        }
        JsonNode idNode = node.get("id");
        Object id = id(idNode);
        if (!"2.0".equals(node.path("jsonrpc").textValue())) {
            error(id, INVALID_REQUEST, "Invalid Request: jsonrpc must be \"2.0\"");
            return;
        }
        if (idNode != null && id == null) {
            error(null, INVALID_REQUEST, "Invalid Request: id must be a string or an integer");
            return;
        }
        JsonNode method = node.get("method");
        if (method == null) {
            if (id != null && (node.has("result") || node.has("error"))) {
                response(node, id);
            } else {
                error(id, INVALID_REQUEST, "Invalid Request: neither a request, a notification nor a response");
            }
            return;
        }
        if (!method.isTextual()) {
            error(id, INVALID_REQUEST, "Invalid Request: method must be a string");
            return;
        }
        JsonNode paramsNode = node.get("params");
        if (paramsNode != null && !paramsNode.isObject() && !paramsNode.isNull()) {
            error(id, INVALID_REQUEST, "Invalid Request: params must be an object");
            return;
        }
        Object params = paramsNode == null || paramsNode.isNull() ? null : STRICT.convertValue(paramsNode, Map.class);
        String name = method.textValue();
        if (id == null) {
            notification(name, params);
        } else {
            request(name, id, params);
        }
    }

    private void request(String method, Object id, @Nullable Object params) {
        if (McpSchema.METHOD_INITIALIZE.equals(method)) {
            if (!initialize.compareAndSet(NOT_INITIALIZED, INITIALIZING)) {
                error(
                        id,
                        INVALID_REQUEST,
                        initialize.get() == INITIALIZING
                                ? "Invalid Request: an initialize is already being answered"
                                : "Invalid Request: the session is already initialized");
                return;
            }
            initializeId = id;
            // a retry after a failed initialize starts over: its notifications/initialized is wanted again
            initialized = false;
        } else if (!initialized) {
            if (McpSchema.METHOD_PING.equals(method)) {
                write(McpSchema.JSONRPCResponse.result(id, Map.of()));
            } else {
                error(
                        id,
                        INVALID_REQUEST,
                        "Invalid Request: the session is not initialized: send initialize, then "
                                + McpSchema.METHOD_NOTIFICATION_INITIALIZED + ", before " + method);
            }
            return;
        }
        inFlight.acquireUninterruptibly();
        session.handle(new McpSchema.JSONRPCRequest(McpSchema.JSONRPC_VERSION, method, id, params))
                .doFinally(signal -> inFlight.release())
                .subscribe(v -> {}, e -> {
                    // the SDK answers a failing handler itself; what fails here failed around it, unanswered
                    Logs.error(LOG, Redactor.standard(), method + ": " + e);
                    answered(id, false);
                    error(id, INTERNAL_ERROR, "Internal error: the request could not be answered");
                });
    }

    private void notification(String method, @Nullable Object params) {
        if (McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(method)) {
            if (initialize.get() == NOT_INITIALIZED || initialized) {
                return;
            }
            initialized = true;
        } else if (!initialized) {
            return; // the SDK would hold it until the session is initialized; nothing answers a notification
        }
        session.handle(new McpSchema.JSONRPCNotification(McpSchema.JSONRPC_VERSION, method, params))
                .subscribe(v -> {}, e -> {});
    }

    private void response(JsonNode node, Object id) {
        McpSchema.JSONRPCResponse response;
        try {
            JSONRPCError error =
                    node.hasNonNull("error") ? STRICT.convertValue(node.get("error"), JSONRPCError.class) : null;
            Object result = node.hasNonNull("result") ? STRICT.convertValue(node.get("result"), Object.class) : null;
            response = new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, id, result, error);
        } catch (IllegalArgumentException e) {
            return; // nothing answers a response, and the server sent no request it would answer
        }
        session.handle(response).subscribe(v -> {}, e -> {});
    }

    /** A request id as JSON-RPC allows it here: a string or an integer; null for anything else. */
    private static @Nullable Object id(@Nullable JsonNode id) {
        if (id == null) {
            return null;
        }
        if (id.isTextual()) {
            return id.textValue();
        }
        if (id.isIntegralNumber()) {
            if (id.canConvertToInt()) {
                return id.intValue();
            }
            if (id.canConvertToLong()) {
                return id.longValue();
            }
            BigInteger b = id.bigIntegerValue();
            return b;
        }
        return null;
    }

    private static boolean isBlank(byte[] bytes, int length) {
        for (int i = 0; i < length; i++) {
            byte b = bytes[i];
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }

    /** Answers with a JSON-RPC error; written here, as the SDK's response refuses a null id. */
    private void error(@Nullable Object id, int code, String message) {
        ObjectNode answer = STRICT.createObjectNode().put("jsonrpc", McpSchema.JSONRPC_VERSION);
        answer.set("id", id == null ? NullNode.getInstance() : STRICT.valueToTree(id));
        answer.putObject("error").put("code", code).put("message", message);
        writeLine(answer.toString());
    }

    /** Writes one message as one line; an answer that cannot be serialized becomes an internal error with its id. */
    private void write(McpSchema.JSONRPCMessage message) {
        Object id = message instanceof McpSchema.JSONRPCResponse r ? r.id() : null;
        String json;
        try {
            json = mapper.writeValueAsString(message);
        } catch (IOException | RuntimeException e) {
            Logs.error(LOG, Redactor.standard(), "cannot write an answer: " + e.getMessage());
            if (id != null) {
                answered(id, false);
                error(id, INTERNAL_ERROR, "Internal error: the answer could not be written");
            }
            return;
        }
        if (id != null) {
            answered(id, ((McpSchema.JSONRPCResponse) message).error() == null);
        }
        writeLine(json);
    }

    /**
     * Notes the answer to a request before it is written, so that a client reacting to it at once
     * finds the state it implies: a failed {@code initialize} may be sent again.
     */
    private void answered(Object id, boolean ok) {
        if (initialize.get() == INITIALIZING && Objects.equals(id, initializeId)) {
            initialize.compareAndSet(INITIALIZING, ok ? INITIALIZE_ANSWERED : NOT_INITIALIZED);
        }
    }

    /** Lines from several threads never interleave. */
    private void writeLine(String json) {
        byte[] line = (json + "\n").getBytes(StandardCharsets.UTF_8);
        synchronized (out) {
            try {
                out.write(line);
                out.flush();
            } catch (IOException e) {
                if (!outputFailed.getAndSet(true)) {
                    Logs.error(LOG, Redactor.standard(), "stdout: " + e.getMessage() + "; answers are dropped");
                }
            }
        }
    }

    /** The one session's side of the transport: what the SDK sends goes out as lines. */
    private final class SessionTransport implements McpServerTransport {
        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
            return Mono.fromRunnable(() -> write(message));
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
            return mapper.convertValue(data, type);
        }

        @Override
        public Mono<Void> closeGracefully() {
            return Mono.fromRunnable(StdioTransport.this::end);
        }

        @Override
        public void close() {
            end();
        }
    }
}
