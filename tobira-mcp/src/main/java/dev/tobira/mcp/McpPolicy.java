package dev.tobira.mcp;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Secret;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What an MCP client may see and do: the connections exposed to it, the subset it may write to,
 * the row and byte caps of every result, the timeout of every call and the bearer token of HTTP mode.
 * Immutable; the {@code with…} methods return changed copies.
 *
 * <p>Nothing is exposed by default, and a server with nothing exposed does not start. Every
 * reading tool call is sent read-only, with {@link #timeout()} and a limit of at most
 * {@link #maxRows()}, whatever the client asks, and reading its rows stops before the result's JSON
 * text passes {@link #maxResultBytes()}; {@code execute} exists only for connections in
 * {@link #allowWrites()}.
 *
 * @param expose the names of the connections a client can see, in the order they are listed
 * @param allowWrites the names of exposed connections {@code execute} may write to
 * @param maxRows the most rows of one tool result, 1 to 1000
 * @param maxResultBytes the most bytes (UTF-8) of one tool result's JSON text, 1 KiB to 64 MiB
 * @param timeout how long one tool call may take, more than zero
 * @param token the bearer token HTTP clients must send; {@link Secret#none()} for stdio only
 * @since 0.1
 */
public record McpPolicy(
        List<String> expose, Set<String> allowWrites, int maxRows, int maxResultBytes, Duration timeout, Secret token) {
    /** The row cap when none is given. */
    public static final int DEFAULT_MAX_ROWS = 200;
    /** The highest row cap. */
    public static final int MAX_ROWS_LIMIT = 1000;
    /** The byte cap of a tool result when none is given: 1 MiB. */
    public static final int DEFAULT_MAX_RESULT_BYTES = 1 << 20;
    /** The lowest byte cap: 1 KiB. */
    public static final int MIN_RESULT_BYTES = 1 << 10;
    /** The highest byte cap: 64 MiB. */
    public static final int MAX_RESULT_BYTES_LIMIT = 64 << 20;
    /** The per-call timeout when none is given. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    /**
     * Creates a policy; the collections are copied.
     *
     * @param expose the names of the connections a client can see, in the order they are listed
     * @param allowWrites the names of exposed connections {@code execute} may write to
     * @param maxRows the most rows of one tool result, 1 to 1000
     * @param maxResultBytes the most bytes of one tool result, 1 KiB to 64 MiB
     * @param timeout how long one tool call may take, more than zero
     * @param token the bearer token HTTP clients must send; {@link Secret#none()} for stdio only
     * @throws NullPointerException if an argument or element is null
     * @throws IllegalArgumentException if a name is blank or given twice, {@code allowWrites} names a
     *     connection that is not exposed, {@code maxRows} is outside 1 to 1000, {@code maxResultBytes}
     *     outside 1 KiB to 64 MiB or the timeout is not positive
     */
    public McpPolicy {
        requireNonNull(expose, "expose is null");
        requireNonNull(allowWrites, "allowWrites is null");
        requireNonNull(timeout, "timeout is null");
        requireNonNull(token, "token is null");
        Set<String> seen = new LinkedHashSet<>();
        for (String name : expose) {
            requireNonNull(name, "an exposed name is null");
            if (name.isBlank()) {
                throw new IllegalArgumentException("an exposed connection name is blank");
            }
            if (!seen.add(name)) {
                throw new IllegalArgumentException("connection \"" + name + "\" is exposed twice");
            }
        }
        expose = List.copyOf(expose);
        List<String> notExposed = new ArrayList<>();
        for (String name : allowWrites) {
            if (!seen.contains(requireNonNull(name, "an allow_writes name is null"))) {
                notExposed.add(name);
            }
        }
        if (!notExposed.isEmpty()) {
            throw new IllegalArgumentException("allow_writes names connections that are not exposed: "
                    + String.join(", ", notExposed) + " (allow_writes must be a subset of expose)");
        }
        allowWrites = Set.copyOf(allowWrites);
        if (maxRows < 1 || maxRows > MAX_ROWS_LIMIT) {
            throw new IllegalArgumentException("max_rows must be 1 to " + MAX_ROWS_LIMIT + ", not " + maxRows);
        }
        if (maxResultBytes < MIN_RESULT_BYTES || maxResultBytes > MAX_RESULT_BYTES_LIMIT) {
            throw new IllegalArgumentException("max_result_bytes must be " + MIN_RESULT_BYTES + " to "
                    + MAX_RESULT_BYTES_LIMIT + ", not " + maxResultBytes);
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the per-call timeout must be positive, not " + timeout);
        }
    }

    /**
     * Creates a policy with the default byte cap ({@value #DEFAULT_MAX_RESULT_BYTES}).
     *
     * @param expose the names of the connections a client can see, in the order they are listed
     * @param allowWrites the names of exposed connections {@code execute} may write to
     * @param maxRows the most rows of one tool result, 1 to 1000
     * @param timeout how long one tool call may take, more than zero
     * @param token the bearer token HTTP clients must send; {@link Secret#none()} for stdio only
     * @throws NullPointerException if an argument or element is null
     * @throws IllegalArgumentException as the canonical constructor
     */
    public McpPolicy(List<String> expose, Set<String> allowWrites, int maxRows, Duration timeout, Secret token) {
        this(expose, allowWrites, maxRows, DEFAULT_MAX_RESULT_BYTES, timeout, token);
    }

    /**
     * Returns a policy that exposes connections read-only, with the default row cap and timeout and no token.
     *
     * @param expose the names of the connections a client can see
     * @return the policy
     * @throws IllegalArgumentException if a name is blank or given twice
     */
    public static McpPolicy exposing(String... expose) {
        return new McpPolicy(
                List.of(expose), Set.of(), DEFAULT_MAX_ROWS, DEFAULT_MAX_RESULT_BYTES, DEFAULT_TIMEOUT, Secret.none());
    }

    /**
     * Returns this policy with connections {@code execute} may write to.
     *
     * @param names exposed connection names
     * @return a copy
     * @throws IllegalArgumentException if a name is not exposed
     */
    public McpPolicy withAllowWrites(String... names) {
        return new McpPolicy(expose, Set.of(names), maxRows, maxResultBytes, timeout, token);
    }

    /**
     * Returns this policy with another row cap.
     *
     * @param maxRows 1 to 1000
     * @return a copy
     * @throws IllegalArgumentException if out of range
     */
    public McpPolicy withMaxRows(int maxRows) {
        return new McpPolicy(expose, allowWrites, maxRows, maxResultBytes, timeout, token);
    }

    /**
     * Returns this policy with another byte cap: reading a result's rows stops before its JSON
     * text passes it, and the result says {@code truncated}.
     *
     * @param maxResultBytes 1 KiB to 64 MiB
     * @return a copy
     * @throws IllegalArgumentException if out of range
     */
    public McpPolicy withMaxResultBytes(int maxResultBytes) {
        return new McpPolicy(expose, allowWrites, maxRows, maxResultBytes, timeout, token);
    }

    /**
     * Returns this policy with another per-call timeout.
     *
     * @param timeout more than zero
     * @return a copy
     * @throws IllegalArgumentException if not positive
     */
    public McpPolicy withTimeout(Duration timeout) {
        return new McpPolicy(expose, allowWrites, maxRows, maxResultBytes, timeout, token);
    }

    /**
     * Returns this policy with a bearer token for HTTP mode: an already resolved secret (the
     * caller reads it from wherever it is kept, never from a literal in a config file).
     *
     * @param token the token
     * @return a copy
     */
    public McpPolicy withToken(Secret token) {
        return new McpPolicy(expose, allowWrites, maxRows, maxResultBytes, timeout, token);
    }

    /**
     * Tells whether {@code execute} may write to a connection.
     *
     * @param name the connection's name
     * @return whether it is in {@link #allowWrites()}
     */
    public boolean writable(String name) {
        return allowWrites.contains(name);
    }
}
